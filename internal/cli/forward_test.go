package cli

import (
	"encoding/json"
	"testing"

	"github.com/tact-browser/tact/internal/rpc"
)

// The daemon runs a relayed line only when it needs nothing of the
// caller's process, with the request the full CLI would have sent.
func TestForward(t *testing.T) {
	t.Parallel()
	f := Forwarder{Relay: "r1"}
	cases := []struct {
		argv    []string
		env     map[string]string
		ok      bool
		command string
		check   func(t *testing.T, r rpc.Request)
	}{
		{argv: []string{"snap"}, ok: true, command: "snap"},
		{argv: []string{"-o", "json", "click", "@e3", "--timeout", "5s"}, ok: true, command: "click", check: func(t *testing.T, r rpc.Request) {
			if r.Globals.Output != "json" || r.Globals.Timeout.Seconds() != 5 {
				t.Errorf("globals %+v", r.Globals)
			}
		}},
		{argv: []string{"screenshot", "shot.png"}, ok: true, command: "screenshot", check: func(t *testing.T, r rpc.Request) {
			var p struct{ Path string }
			_ = json.Unmarshal(r.Params, &p)
			if p.Path != "/work/here/shot.png" {
				t.Errorf("path %q, want it made absolute against the caller's directory", p.Path)
			}
		}},
		{argv: []string{"fill", "@e1", "-5"}, ok: true, command: "fill"},
		{argv: []string{"open", "example.com"}, env: map[string]string{"TACT_CDP": "9333", "TACT_CHROME_ARGS": "--a --b"}, ok: true, command: "open", check: func(t *testing.T, r rpc.Request) {
			if r.Globals.CDP != "9333" || len(r.Globals.BrowserArgs) != 2 {
				t.Errorf("the caller's environment not read: %+v", r.Globals)
			}
		}},
		{argv: []string{"--cdp", "9444", "snap"}, env: map[string]string{"TACT_CDP": "9333"}, ok: true, command: "snap", check: func(t *testing.T, r rpc.Request) {
			if r.Globals.CDP != "9444" {
				t.Errorf("a flag must win over the environment: %q", r.Globals.CDP)
			}
		}},
		{argv: []string{"snap", "--help"}},
		{argv: []string{"help", "snap"}},
		{argv: []string{"version"}},
		{argv: []string{"snap", "--bogus"}},
		{argv: []string{"batch", "click @e1"}},
		{argv: []string{"fill", "@e1", "--secret-env", "PW"}},
		{argv: []string{"type", "@e1", "--secret-stdin"}},
		{argv: []string{"eval", "--stdin"}},
		{argv: []string{"click", "@e1", "--hold", "2s"}},
		{argv: []string{"replay", "flow"}},
		{argv: []string{"browser", "stop"}},
		{argv: []string{"browser", "status"}},
		{argv: []string{"browser", "launch"}},
		{argv: []string{"--session", "other", "snap"}},
		{argv: []string{"init"}},
		{argv: []string{"mcp"}},
		{argv: []string{"__daemon"}},
		{argv: []string{"snap"}, env: map[string]string{"TACT_CDP_ISOLATED": "maybe"}},
		{argv: []string{"snap"}, env: map[string]string{"TACT_CDP_ISOLATED": "f"}},
		{argv: []string{"snap"}, env: map[string]string{"TACT_CDP_ISOLATED": "yes"}, ok: true, command: "snap", check: func(t *testing.T, r rpc.Request) {
			if !r.Globals.CDPIsolated {
				t.Error("TACT_CDP_ISOLATED=yes not read")
			}
		}},
	}
	for _, c := range cases {
		r, ok := f.Forward(rpc.Request{Version: "v", Relay: "r1", Argv: c.argv, Env: c.env, Globals: rpc.Globals{Session: "s", Cwd: "/work/here"}}, "s")
		if ok != c.ok {
			t.Errorf("%q: forwarded %v, want %v", c.argv, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if r.Command != c.command || r.Globals.Session != "s" || r.Globals.Cwd != "/work/here" || r.Version != "v" {
			t.Errorf("%q: %+v", c.argv, r)
		}
		if c.check != nil {
			c.check(t, r)
		}
	}
}

// A line from a relay other than the tact beside the daemon (another
// build's, whose reading of the line may differ) is declined.
func TestForwardOnlyFromItsRelay(t *testing.T) {
	t.Parallel()
	f := Forwarder{Relay: "r1"}
	for _, relay := range []string{"", "r2"} {
		if _, ok := f.Forward(rpc.Request{Version: "v", Relay: relay, Argv: []string{"snap"}, Globals: rpc.Globals{Session: "s"}}, "s"); ok {
			t.Errorf("relay %q forwarded", relay)
		}
	}
	if _, ok := (&Forwarder{}).Forward(rpc.Request{Version: "v", Argv: []string{"snap"}, Globals: rpc.Globals{Session: "s"}}, "s"); ok {
		t.Error("a daemon with no tact beside it forwarded")
	}
}

// A line read before is answered from what was read then, but only for
// the same caller: another directory is another reading.
func TestForwardRemembersPerCaller(t *testing.T) {
	t.Parallel()
	f := Forwarder{Relay: "r1"}
	for range 2 {
		for _, cwd := range []string{"/a", "/b"} {
			r, ok := f.Forward(rpc.Request{Version: "v", Relay: "r1", Argv: []string{"screenshot", "s.png"}, Globals: rpc.Globals{Session: "s", Cwd: cwd}}, "s")
			var p struct{ Path string }
			_ = json.Unmarshal(r.Params, &p)
			if !ok || p.Path != cwd+"/s.png" {
				t.Errorf("from %s: %v %q", cwd, ok, p.Path)
			}
		}
	}
	if _, ok := f.Forward(rpc.Request{Version: "v", Relay: "r1", Argv: []string{"snap"}, Globals: rpc.Globals{Session: "s"}}, "other"); ok {
		t.Error("a line for another session's daemon forwarded after one for this")
	}
}

// BenchmarkForward is the daemon's share of a relayed call's fixed cost:
// reading `tact snap` with the CLI's model (a parser already built), the
// line seen before (an agent's repeated snap).
func BenchmarkForward(b *testing.B) {
	f := Forwarder{Relay: "r1"}
	req := rpc.Request{Version: "v", Relay: "r1", Argv: []string{"snap"}, Globals: rpc.Globals{Session: "s", Cwd: "/work/here"}}
	for b.Loop() {
		if _, ok := f.Forward(req, "s"); !ok {
			b.Fatal("declined")
		}
	}
}
