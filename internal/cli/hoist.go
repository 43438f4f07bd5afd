package cli

import (
	"slices"
	"strings"

	"github.com/alecthomas/kong"
)

// hoistFlags lets a command's own flags come before the command, as the
// seeds write them (`tact --no-snap click @e1`, `tact --port 9222 browser
// launch`): flags before the first command word that are not global but
// belong to the command named after them move to just after its name.
// `--port N` before a command that has no --port is snact's debugging
// port to attach to: --cdp N. Anything ambiguous (a flag unknown to the
// command, a name that is a boolean in one command and takes a value in
// another) leaves args as they are, for kong to report.
func hoistFlags(root *kong.Node, args []string) []string {
	var kept, stray []string
	i := 0
	for i < len(args) {
		tok := args[i]
		if tok == "--" || !strings.HasPrefix(tok, "-") || tok == "-" {
			break
		}
		name, hasValue, short := flagToken(tok)
		if name == "" {
			return args
		}
		if f := findFlag(root.Flags, name, short); f != nil {
			kept = append(kept, tok)
			i++
			if !hasValue && takesValue(f) && i < len(args) {
				kept = append(kept, args[i])
				i++
			}
			continue
		}
		value, ok := commandFlagTakesValue(root, name, short)
		if !ok {
			return args
		}
		stray = append(stray, tok)
		i++
		if value && !hasValue {
			if i >= len(args) {
				return args
			}
			stray = append(stray, args[i])
			i++
		}
	}
	if len(stray) == 0 || i >= len(args) || args[i] == "--" {
		return args
	}
	node, j := root, i
	for j < len(args) {
		child := childCommand(node, args[j])
		if child == nil {
			break
		}
		node, j = child, j+1
	}
	if node == root {
		return args
	}
	for k := 0; k < len(stray); k++ {
		name, hasValue, short := flagToken(stray[k])
		if name == "" {
			continue // a value
		}
		var f *kong.Flag
		for n := node; n != nil && n != root && f == nil; n = n.Parent {
			f = findFlag(n.Flags, name, short)
		}
		if f == nil && name == "port" && !short {
			// snact's global --port is the debugging port every command
			// talks to: for a command that does not launch, that is
			// tact's --cdp (browser launch --port opens one).
			v := ""
			if hasValue {
				_, v, _ = strings.Cut(stray[k], "=")
			} else if k+1 < len(stray) {
				v = stray[k+1]
				stray = slices.Delete(stray, k+1, k+2)
			}
			kept = append(kept, "--cdp", v)
			stray = slices.Delete(stray, k, k+1)
			k--
			continue
		}
		if f == nil {
			return args
		}
	}
	out := make([]string, 0, len(args))
	out = append(out, kept...)
	out = append(out, args[i:j]...)
	out = append(out, stray...)
	return append(out, args[j:]...)
}

// flagToken splits "--name", "--name=v" or "-x" into its name; "" when it
// is not a single flag.
func flagToken(tok string) (name string, hasValue, short bool) {
	switch {
	case strings.HasPrefix(tok, "--") && len(tok) > 2:
		name, _, hasValue = strings.Cut(tok[2:], "=")
		return name, hasValue, false
	case strings.HasPrefix(tok, "-") && len(tok) == 2:
		return tok[1:], false, true
	}
	return "", false, false
}

func findFlag(flags []*kong.Flag, name string, short bool) *kong.Flag {
	for _, f := range flags {
		if short {
			if f.Short != 0 && string(f.Short) == name {
				return f
			}
			continue
		}
		if f.Name == name || slices.Contains(f.Aliases, name) {
			return f
		}
	}
	return nil
}

func takesValue(f *kong.Flag) bool { return !f.IsBool() && !f.IsCounter() }

// commandFlagTakesValue reports whether the flag, wherever a command
// defines it, takes a value; ok is false when no command has it or
// commands disagree.
func commandFlagTakesValue(root *kong.Node, name string, short bool) (value, ok bool) {
	seen := false
	consistent := true
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		if n != root {
			if f := findFlag(n.Flags, name, short); f != nil {
				v := takesValue(f)
				if seen && v != value {
					consistent = false
				}
				seen, value = true, v
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return value, seen && consistent
}

func childCommand(n *kong.Node, word string) *kong.Node {
	for _, c := range n.Children {
		if c.Type == kong.CommandNode && (c.Name == word || slices.Contains(c.Aliases, word)) {
			return c
		}
	}
	return nil
}
