package commands

import (
	"slices"
	"strings"

	"github.com/alecthomas/kong"
)

// isNegative reports whether an argument is a negative number (or starts
// like one: -97, -600,-350, -.5, -5px). No tact flag is a digit, so such
// an argument is always a value.
func isNegative(arg string) bool {
	if len(arg) < 2 || arg[0] != '-' {
		return false
	}
	c := arg[1]
	if c == '.' && len(arg) > 2 {
		c = arg[2]
	}
	return c >= '0' && c <= '9'
}

// NegativeValues rewrites args so that the flag parser, which reads any
// word that starts with "-" as a flag, takes a negative number as the
// value it is: after a flag that takes a value it is joined to it
// (`--by -600,-350` → `--by=-600,-350`), and as a positional argument it
// and the positionals after it move behind "--" (`fill @e5 -97` →
// `fill @e5 -- -97`), flags staying in front. root is the command tree
// the words are parsed with (the CLI's, or a batch step's).
func NegativeValues(root *kong.Node, args []string) []string {
	if !slices.ContainsFunc(args, isNegative) {
		return args
	}
	node := root
	var out, tail []string // tail: positionals from the first negative one on
	positional := false    // a positional was seen: no more command words
	for i := 0; i < len(args); i++ {
		tok := args[i]
		switch {
		case tok == "--":
			if len(tail) == 0 {
				return append(out, args[i:]...)
			}
			out = append(out, "--")
			out = append(out, tail...)
			return append(out, args[i+1:]...)
		case isNegative(tok):
			tail = append(tail, tok)
		case strings.HasPrefix(tok, "-") && tok != "-":
			f, short := valueFlag(node, tok)
			if f == nil || i+1 >= len(args) {
				out = append(out, tok)
				continue
			}
			i++
			switch v := args[i]; {
			case !isNegative(v):
				out = append(out, tok, v)
			case short:
				out = append(out, tok+v) // -x-5: kong reads the tail as the value
			default:
				out = append(out, tok+"="+v)
			}
		case len(tail) > 0:
			tail = append(tail, tok)
		default:
			if !positional {
				if c := subcommand(node, tok); c != nil {
					node = c
					out = append(out, tok)
					continue
				}
			}
			positional = true
			out = append(out, tok)
		}
	}
	if len(tail) > 0 {
		out = append(out, "--")
		out = append(out, tail...)
	}
	return out
}

// valueFlag finds the flag tok names (--name or -x, without "=value") on
// node or a command above it, when it takes a value.
func valueFlag(node *kong.Node, tok string) (f *kong.Flag, short bool) {
	name, ok := strings.CutPrefix(tok, "--")
	if !ok {
		if len(tok) != 2 {
			return nil, false
		}
		name, short = tok[1:], true
	}
	if strings.Contains(name, "=") {
		return nil, false
	}
	for n := node; n != nil; n = n.Parent {
		for _, f := range n.Flags {
			match := f.Name == name || slices.Contains(f.Aliases, name)
			if short {
				match = f.Short != 0 && string(f.Short) == name
			}
			if match && !f.IsBool() && !f.IsCounter() {
				return f, short
			}
		}
	}
	return nil, false
}

func subcommand(n *kong.Node, word string) *kong.Node {
	for _, c := range n.Children {
		if c.Type == kong.CommandNode && (c.Name == word || slices.Contains(c.Aliases, word)) {
			return c
		}
	}
	return nil
}
