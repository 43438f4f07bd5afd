package cli

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/alecthomas/kong"
)

// Help is read by agents, who pay for every character: a command's help
// is its usage, its own flags and its examples, with the global flags one
// call away (`tact help flags`) instead of repeated under every command.
// Lines are not wrapped: a terminal wraps them, and wrapping costs an
// agent the indentation.

// overview is `tact --help` (and bare `tact`): what tact is, the commands
// by purpose, and where to read more. TestHelpOverviewNamesEveryCommand
// keeps it naming every command.
const overview = `Usage: tact [flags] <command> [args]

A browser for AI agents: see a page in few tokens, act on it, get what changed back.

  tact snap example.com       # sections, summaries, @eN refs (a headless browser starts itself)
  tact click @e3              # act; prints "ok", the effects and the page after
  tact fill @e5 "hello"       # React/Vue-safe; tact type sends real keys
  tact read                   # the page's text as markdown
  tact batch "fill @e2 ada" "click @e3"   # several steps, one page at the end
  tact --session a snap …     # parallel agents: one browser per session

Targets: @eN from the latest snap, or a locator: role=button[name="Save"], text=…, label=…, placeholder=…, css=…

Commands:
  See:       snap, read (text as markdown), locate (durable locators), screenshot, pdf,
             console, network, eval (JavaScript)
  Act:       click, dblclick, hover, drag, fill, type, press, select, check, uncheck,
             upload, scroll, mouse (at points, button held between calls)
  Navigate:  open (alias goto), back, forward, reload, wait, tab, close, dialog
  Combine:   batch (several steps, one snap), record, replay (no model in the loop), workflow
  State:     session (save/load cookies, storage, URL), cookies, browser (launch, stop, status)
  Tools:     guide (the agent guide), init (write it for this project's agents), schema,
             mcp (MCP server over stdio), help, version, completion

Page flags (snap and every action): --focus TARGET, --max-tokens N, --diff, --snap, --locators, --no-snap
Common global flags: --session NAME, -o text|json|ndjson, --timeout 30s

Run "tact <command> --help" for a command, "tact help flags" for all global flags,
"tact guide" for how to use tact well.`

// flagsPointer ends every command's help.
const flagsPointer = `Global flags (--session, -o json, --timeout, --device, …): tact help flags`

// printHelp is tact's kong.HelpPrinter.
func printHelp(_ kong.HelpOptions, ctx *kong.Context) error {
	var b strings.Builder
	if node := ctx.Selected(); node == nil {
		b.WriteString(overview + "\n")
	} else {
		writeNodeHelp(&b, node)
	}
	_, err := io.WriteString(ctx.Stdout, b.String())
	return err
}

// writeNodeHelp writes one command's help, or a command group's.
func writeNodeHelp(b *strings.Builder, node *kong.Node) {
	fmt.Fprintf(b, "Usage: tact %s\n", node.Summary())
	if node.Help != "" {
		fmt.Fprintf(b, "\n%s\n", node.Help)
	}
	var rows [][2]string
	for _, c := range node.Children {
		if c.Type == kong.CommandNode && !c.Hidden {
			rows = append(rows, [2]string{c.Name, c.Help})
		}
	}
	if len(rows) > 0 {
		b.WriteString("\nCommands:\n")
		writeRows(b, rows)
	}
	rows = rows[:0]
	for _, p := range node.Positional {
		rows = append(rows, [2]string{p.Summary(), p.Help})
	}
	if len(rows) > 0 {
		b.WriteString("\nArguments:\n")
		writeRows(b, rows)
	}
	own, shared := ownFlags(node), []string(nil)
	if printsPage(node) {
		own, shared = splitPageFlags(own)
	}
	if len(own) > 0 {
		b.WriteString("\nFlags:\n")
		writeRows(b, flagRows(own))
	}
	if len(shared) > 0 {
		fmt.Fprintf(b, "\nPage flags (as for every action; tact help flags): %s\n", strings.Join(shared, " "))
	}
	if node.Detail != "" {
		fmt.Fprintf(b, "\n%s\n", strings.TrimSpace(node.Detail))
	}
	b.WriteString("\n" + flagsPointer + "\n")
}

// ownFlags are the flags a command (and the groups above it) adds to
// the globals, in declaration order.
func ownFlags(node *kong.Node) []*kong.Flag {
	var chain []*kong.Node
	for n := node; n != nil && n.Parent != nil; n = n.Parent {
		chain = append(chain, n)
	}
	slices.Reverse(chain)
	var out []*kong.Flag
	for _, n := range chain {
		for _, f := range n.Flags {
			if !f.Hidden && !isGlobal(f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// pageFlags are the flags of every command that prints the page after
// it: described once (tact help flags), named in one line under each.
var pageFlags = []string{"snap", "no-snap", "diff", "dry-run", "max-tokens", "focus", "locators"}

// printsPage reports whether a command is an action that ends with the
// page (it has --no-snap); snap itself explains its flags in full.
func printsPage(node *kong.Node) bool {
	return slices.ContainsFunc(node.Flags, func(f *kong.Flag) bool { return f.Name == "no-snap" })
}

// splitPageFlags separates the page flags from a command's own, the page
// flags as their short usage.
func splitPageFlags(flags []*kong.Flag) (own []*kong.Flag, page []string) {
	for _, f := range flags {
		if slices.Contains(pageFlags, f.Name) {
			page = append(page, flagUsage(f))
		} else {
			own = append(own, f)
		}
	}
	return own, page
}

func isGlobal(f *kong.Flag) bool {
	return f.Group != nil && f.Group.Key == "global"
}

// globalFlagsHelp is `tact help flags`.
func globalFlagsHelp(root *kong.Node) string {
	var b strings.Builder
	b.WriteString("Global flags: accepted by every command, before or after it.\n\n")
	var flags []*kong.Flag
	for _, f := range root.Flags {
		if !f.Hidden {
			flags = append(flags, f)
		}
	}
	writeRows(&b, flagRows(flags))
	if act := actionNode(root); act != nil {
		var page []*kong.Flag
		for _, f := range act.Flags {
			if slices.Contains(pageFlags, f.Name) {
				page = append(page, f)
			}
		}
		b.WriteString("\nPage flags: every action (click, fill, open, back, …) ends by printing the page; these choose how.\n\n")
		writeRows(&b, flagRows(page))
	}
	return b.String()
}

// actionNode is the command whose page flags stand for every action's.
func actionNode(root *kong.Node) *kong.Node {
	for _, c := range root.Children {
		if c.Name == "click" {
			return c
		}
	}
	return nil
}

func flagRows(flags []*kong.Flag) [][2]string {
	rows := make([][2]string, 0, len(flags))
	for _, f := range flags {
		rows = append(rows, [2]string{flagUsage(f), flagHelp(f)})
	}
	return rows
}

// flagUsage is "-o, --output=text|json|ndjson": the value's placeholder,
// its choices, or nothing for a switch.
func flagUsage(f *kong.Flag) string {
	s := "--" + f.Name
	if f.Short != 0 {
		s = "-" + string(f.Short) + ", " + s
	}
	switch {
	case f.IsBool() && f.Tag.Negatable != "":
		s = strings.Replace(s, "--", "--[no-]", 1)
	case f.IsBool() || f.IsCounter():
	case f.Enum != "":
		s += "=" + strings.Trim(strings.ReplaceAll(f.Enum, ",", "|"), "|")
	case f.PlaceHolder != "":
		s += "=" + f.PlaceHolder
	case f.HasDefault && f.Default != "":
		s += "=" + f.Default
	case f.Target.Kind() >= reflect.Int && f.Target.Kind() <= reflect.Float64:
		s += "=N"
	default:
		s += "=" + strings.ToUpper(f.Name)
	}
	return s
}

// flagHelp is a flag's help with its default and environment variable.
func flagHelp(f *kong.Flag) string {
	h := f.Help
	var extra []string
	if f.PlaceHolder != "" && f.HasDefault && f.Default != "" && !f.IsBool() {
		extra = append(extra, "default "+f.Default)
	}
	for _, e := range f.Tag.Envs {
		extra = append(extra, "$"+e)
	}
	if len(extra) > 0 {
		h += " (" + strings.Join(extra, ", ") + ")"
	}
	return h
}

// writeRows writes two columns, the first padded to the widest entry
// (up to a cap, past which the second column follows two spaces later).
func writeRows(b *strings.Builder, rows [][2]string) {
	width := 0
	for _, r := range rows {
		if n := len([]rune(r[0])); n > width && n <= 24 {
			width = n
		}
	}
	for _, r := range rows {
		pad := width - len([]rune(r[0]))
		if pad < 0 || r[1] == "" {
			pad = 0
		}
		fmt.Fprintf(b, "  %s%s  %s\n", r[0], strings.Repeat(" ", pad), r[1])
	}
}

// helpPath is the command a parse error happened in ("click "), so the
// hint after it points at that command's help rather than the overview.
func helpPath(err error) string {
	var pe *kong.ParseError
	if !errors.As(err, &pe) || pe.Context == nil {
		return ""
	}
	if n := pe.Context.Selected(); n != nil {
		return strings.TrimPrefix(n.FullPath(), "tact ") + " "
	}
	return ""
}

var unknownFlagRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^unknown flag (--?[\w-]+)`) })

// usageMessage is a parse error as tact prints it. An unknown flag names
// the flag the caller most likely meant, when one is close enough: of the
// command's own flags and the globals, by edit distance counting a swap
// of two letters as one edit, or the one flag it begins.
func usageMessage(err error) string {
	var pe *kong.ParseError
	m := unknownFlagRE().FindStringSubmatch(err.Error())
	if m == nil || !errors.As(err, &pe) || pe.Context == nil {
		return err.Error()
	}
	node := pe.Context.Selected()
	if node == nil {
		node = pe.Context.Model.Node
	}
	given := strings.TrimLeft(m[1], "-")
	var names, prefixed []string
	best, bestD := "", 3
	for _, group := range node.AllFlags(true) {
		for _, f := range group {
			names = append(names, f.Name)
		}
	}
	for _, n := range names {
		if strings.HasPrefix(n, given) && len(given) >= 3 {
			prefixed = append(prefixed, n)
		}
		limit := 1
		if len(given) > 4 {
			limit = 2
		}
		if d := editDistance(given, n); d <= limit && d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" && len(prefixed) == 1 {
		best = prefixed[0]
	}
	if best == "" {
		return "unknown flag " + m[1]
	}
	return fmt.Sprintf("unknown flag %s; did you mean --%s?", m[1], best)
}

// editDistance is the optimal string alignment distance: insertions,
// deletions, substitutions and swaps of two neighbours each count one.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
