package cli

import (
	"encoding/json"
	"io"
	"testing"
)

// parsed is what a parse chose: the command path, its flags and
// arguments as JSON, and the globals.
func parsed(t *testing.T, grammar any, a *app, args []string) (path, cmd string, g Globals, ok bool) {
	t.Helper()
	exited := false
	p, err := newParser(grammar, io.Discard, io.Discard, func(int) { exited = true; panic(exitSentinel{}) })
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if r := recover(); r != nil && !exited {
			panic(r)
		}
	}()
	root := p.Model.Node
	kctx, err := p.Parse(hoistFlags(root, helpArgs(root, args)))
	if err != nil || kctx.Selected() == nil {
		return "", "", Globals{}, false
	}
	b, _ := json.Marshal(kctx.Selected().Target.Addr().Interface())
	return commandPath(kctx), string(b), a.Globals, true
}

// A call parsed with the pruned model (only the command it names) means
// what it means with the whole tree; calls it cannot parse are parsed
// again with the whole tree.
func TestPrunedModelParsesAsWhole(t *testing.T) {
	calls := [][]string{
		{"snap", "example.com"},
		{"snap", "--focus", "role=main", "--max-tokens", "400"},
		{"--session", "a", "snap", "http://127.0.0.1/x"},
		{"--session", "snap", "click", "@e3"},
		{"-o", "json", "click", "@e3", "--no-snap"},
		{"--no-snap", "click", "@e1"},
		{"fill", "@e5", "-97"},
		{"drag", "@e45", "--by", "-600,-350"},
		{"goto", "example.com"},
		{"open", "example.com", "--timeout", "5s"},
		{"browser", "launch", "--headed"},
		{"--port", "9222", "browser", "launch"},
		{"tab", "switch", "0"},
		{"batch", "fill @e2 ada", "click @e3"},
		{"read", "--all"},
		{"mouse", "move", "10,20", "--steps", "5"},
		{"schema", "click"},
		{"version"},
		{"guide"},
		{"wait", "text=Done", "--timeout", "2s"},
		{"--timeout", "10s", "press", "Enter"},
	}
	for _, args := range calls {
		field, ok := pruneFor(args)
		if !ok {
			t.Errorf("%q: not pruned", args)
			continue
		}
		var whole app
		wp, wc, wg, wok := parsed(t, &whole, &whole, args)
		pv := prunedApp(field)
		var a app
		pp, pc, _, pok := parsed(t, pv.Interface(), &a, args)
		if pok {
			unprune(pv, &a)
		}
		if !wok {
			if pok {
				t.Errorf("%q: the whole tree refuses it, the pruned one parses it as %s", args, pp)
			}
			continue
		}
		if !pok {
			t.Errorf("%q: the pruned tree could not parse it (the whole one: %s)", args, wp)
			continue
		}
		if pp != wp || pc != wc {
			t.Errorf("%q: pruned %s %s, whole %s %s", args, pp, pc, wp, wc)
		}
		if pg, _ := json.Marshal(a.Globals); string(pg) != mustJSON(wg) {
			t.Errorf("%q: globals differ: pruned %s, whole %s", args, pg, mustJSON(wg))
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Calls that need the whole tree are not pruned.
func TestPruneLeavesHelpWhole(t *testing.T) {
	for _, args := range [][]string{{}, {"help"}, {"snap", "--help"}, {"-h"}, {"completion", "bash"}, {"snapx"}, {"--session", "a"}} {
		if f, ok := pruneFor(args); ok {
			t.Errorf("%q pruned to %q", args, f)
		}
	}
	if f, ok := pruneFor([]string{"-o", "json", "--version"}); !ok || f != "" {
		t.Errorf("--version: %q %v, want no command", f, ok)
	}
}
