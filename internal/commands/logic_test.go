package commands

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/session"
	"github.com/tact-browser/tact/internal/workflow"
)

// Pure command logic against a fake browser: what a command refuses
// before it touches the browser, what a dry run prints, and how results
// are shaped as text and -o json.

// A command whose arguments are wrong fails USAGE before it asks the
// browser for anything.
func TestUsageBeforeBrowser(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	cases := []struct {
		name string
		cmd  Command
		want string // in the message
	}{
		{"click without target", &Click{}, "click needs a target"},
		{"hover blank target", &Hover{Target: "  "}, "hover needs a target"},
		{"open javascript:", &Open{URL: "javascript:alert(1)"}, "javascript: URLs"},
		{"open file: refused", &Open{URL: "file:///etc/passwd"}, "--allow-file"},
		{"fill with an unread secret source", &Fill{Target: "@e1", SecretSource: SecretSource{SecretEnv: "PW"}}, "read by the tact command line only"},
		{"type without text", &Type{Target: "@e1"}, "type needs the text"},
		{"press unknown key", &Press{Key: "NoSuchKey"}, "NoSuchKey"},
		{"press repeat too high", &Press{Key: "Enter", Repeat: maxRepeat + 1}, "--repeat must be between 1 and 1000"},
		{"press repeat negative", &Press{Key: "Enter", Repeat: -1}, "--repeat"},
		{"upload missing file", &Upload{Target: "@e1", Files: []string{missing}}, "does not exist"},
		{"eval empty", &Eval{Expr: []string{"  "}}, "eval needs an expression"},
		{"tab new javascript:", &TabNew{URL: "javascript:1"}, "javascript: URLs"},
		{"batch of nothing", &Batch{Steps: []string{"# only a comment", ""}}, "no steps"},
		{"batch with browser stop", &Batch{Steps: []string{"snap", "browser stop"}}, "step 2 (browser stop): browser stop cannot run in a batch"},
		{"batch with a nested batch", &Batch{Steps: []string{"batch snap"}}, "batch cannot run in a batch"},
		{"batch with schema", &Batch{Steps: []string{"schema"}}, "schema cannot run in a batch"},
		{"batch with secret-env", &Batch{Steps: []string{"fill @e1 --secret-env PW"}}, "cannot be used in a batch"},
		{"batch with an unknown command", &Batch{Steps: []string{"snap", "frobnicate"}}, "step 2 (frobnicate)"},
		{"batch with an unclosed quote", &Batch{Steps: []string{"fill @e1 'Ada"}}, "unclosed '"},
	}
	for _, c := range cases {
		f := &fakeBrowser{}
		out, err := c.cmd.Run(context.Background(), fakeEnv(f))
		if err == nil {
			t.Errorf("%s: no error, output %+v", c.name, out)
			continue
		}
		fe := failure.From(err)
		if fe.Code != failure.Usage || !strings.Contains(fe.Message, c.want) {
			t.Errorf("%s: %s %q, want USAGE containing %q", c.name, fe.Code, fe.Message, c.want)
		}
		if len(f.calls) > 0 || f.begun > 0 {
			t.Errorf("%s: reached the browser: %v", c.name, f.calls)
		}
	}
}

// A dry run of a navigation says what it would do and never navigates,
// opens or switches a tab.
func TestDryRunNavigatesNothing(t *testing.T) {
	f := &fakeBrowser{tabs: []session.TabInfo{{ID: "ABCDEF0123456789", URL: "about:blank", Current: true}, {ID: "0123456789ABCDEF", URL: "http://x/"}}}
	env := fakeEnv(f)
	cases := []struct {
		cmd        Command
		text, json string
	}{
		{&Open{URL: "example.com/a", ActOpts: ActOpts{DryRun: true}},
			"dry run: would open https://example.com/a\n",
			`{"dry_run":true,"action":"open","target":"https://example.com/a"}`},
		{&TabNew{URL: "localhost:8080", ActOpts: ActOpts{DryRun: true}},
			"dry run: would open a new tab http://localhost:8080\n",
			`{"dry_run":true,"action":"tab new","target":"http://localhost:8080"}`},
		{&TabNew{ActOpts: ActOpts{DryRun: true}},
			"dry run: would open a new tab\n",
			`{"dry_run":true,"action":"tab new","target":""}`},
		{&TabSwitch{ID: "0123", ActOpts: ActOpts{DryRun: true}},
			"dry run: would switch to tab 01234567\n",
			`{"dry_run":true,"action":"tab switch","target":"0123456789ABCDEF"}`},
	}
	for _, c := range cases {
		f.calls = nil
		out, err := c.cmd.Run(context.Background(), env)
		if err != nil {
			t.Errorf("%T: %v", c.cmd, err)
			continue
		}
		if out.Text != c.text {
			t.Errorf("%T: text %q, want %q", c.cmd, out.Text, c.text)
		}
		jsonEq(t, NameOf(c.cmd), out.Data, c.json)
		for _, call := range f.calls {
			if !strings.HasPrefix(call, "FindTab") {
				t.Errorf("%T --dry-run called %s", c.cmd, call)
			}
		}
	}
}

// tab list, tab close and close shape what the browser's tab list says.
func TestTabCommandsOutput(t *testing.T) {
	tabs := []session.TabInfo{
		{ID: "AAAA1111BBBB2222", URL: "http://x/a", Title: "A", Current: true},
		{ID: "AAAA2222CCCC3333", URL: "http://x/b", Title: "B \"quoted\""},
	}
	ctx := context.Background()

	f := &fakeBrowser{tabs: tabs}
	out, err := (&TabList{}).Run(ctx, fakeEnv(f))
	if err != nil {
		t.Fatal(err)
	}
	want := "* AAAA1111 #0 \"A\" http://x/a\n  AAAA2222 #1 \"B \\\"quoted\\\"\" http://x/b\n"
	if out.Text != want {
		t.Errorf("tab list: %q, want %q", out.Text, want)
	}
	jsonEq(t, "tab list", out.Data, `[{"id":"AAAA1111BBBB2222","url":"http://x/a","title":"A","current":true},{"id":"AAAA2222CCCC3333","url":"http://x/b","title":"B \"quoted\"","current":false}]`)

	// A prefix two tabs share closes nothing.
	if _, err := (&TabClose{ID: "AAAA"}).Run(ctx, fakeEnv(f)); failure.From(err).Code != failure.NotFound {
		t.Errorf("tab close of a shared prefix: %v, want NOT_FOUND", err)
	}
	f.calls = nil
	out, err = (&TabClose{ID: "AAAA2"}).Run(ctx, fakeEnv(f))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(f.calls, ", "); got != "Tabs, CloseTab AAAA2222CCCC3333" {
		t.Errorf("tab close AAAA2: calls %s", got)
	}
	if out.Text != "closed\n" {
		t.Errorf("tab close: %q", out.Text)
	}
	jsonEq(t, "tab close", out.Data, `{"closed":true}`)

	// close: the current tab; says when it was the last one.
	out, err = (&Close{}).Run(ctx, fakeEnv(&fakeBrowser{tabs: tabs}))
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "closed\n" {
		t.Errorf("close of one of two tabs: %q", out.Text)
	}
	jsonEq(t, "close", out.Data, `{"closed":true,"tabs_left":1}`)
	f = &fakeBrowser{tabs: tabs[:1]}
	out, err = (&Close{}).Run(ctx, fakeEnv(f))
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "closed; no tab is left (the next command opens a blank one)\n" {
		t.Errorf("close of the last tab: %q", out.Text)
	}
	jsonEq(t, "close (last)", out.Data, `{"closed":true,"tabs_left":0}`)
	if got := strings.Join(f.calls, ", "); got != "Tabs, CloseTab " {
		t.Errorf("close: calls %q, want the current tab closed", got)
	}
	if _, err := (&Close{}).Run(ctx, fakeEnv(&fakeBrowser{})); failure.From(err).Code != failure.NotFound {
		t.Errorf("close with no tab: %v, want NOT_FOUND", err)
	}
}

// browser status and stop report what the browser manager knows, in
// text and json.
func TestBrowserStatusAndStop(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		info      session.Info
		connected bool
		policy    string
		text      string
		json      string
	}{
		{session.Info{DaemonPID: 7}, false, "accept",
			"daemon running; browser not started (the next command launches it)\ndialogs: accept\n",
			`{"running":false,"connected":false,"launched":false,"tabs":0,"daemon_pid":7,"dialog":"accept"}`},
		{session.Info{Connected: true, Launched: true, PID: 42, Tabs: 2, Current: "T1", DaemonPID: 7}, true, "leave",
			"running: pid 42, CDP over a pipe (no port), 2 tab(s)\ndialogs: leave (left open for tact dialog accept|dismiss; --dialog accept changes it)\n",
			`{"running":true,"connected":true,"launched":true,"pid":42,"tabs":2,"current":"T1","daemon_pid":7,"dialog":"leave"}`},
		{session.Info{Connected: true, Launched: true, PID: 42, Port: 9333, Tabs: 1, DaemonPID: 7}, true, "dismiss",
			"running: pid 42, 127.0.0.1:9333 (open to local users), 1 tab(s)\ndialogs: dismiss\n",
			`{"running":true,"connected":true,"launched":true,"pid":42,"port":9333,"tabs":1,"daemon_pid":7,"dialog":"dismiss"}`},
		{session.Info{Connected: true, WS: "ws://127.0.0.1:9222/devtools/browser/x", Tabs: 3, DaemonPID: 7}, true, "accept",
			"attached: ws://127.0.0.1:9222/devtools/browser/x, 3 tab(s)\ndialogs: accept\n",
			`{"running":true,"connected":true,"launched":false,"ws":"ws://127.0.0.1:9222/devtools/browser/x","tabs":3,"daemon_pid":7,"dialog":"accept"}`},
	}
	for _, c := range cases {
		f := &fakeBrowser{info: c.info, connected: c.connected, policy: page.DialogPolicy{Mode: c.policy}}
		out, err := (&BrowserStatus{}).Run(ctx, fakeEnv(f))
		if err != nil {
			t.Fatal(err)
		}
		if out.Text != c.text {
			t.Errorf("status: %q, want %q", out.Text, c.text)
		}
		jsonEq(t, "browser status", out.Data, c.json)
		if len(f.calls) > 0 {
			t.Errorf("status launched or asked the browser: %v", f.calls)
		}
	}

	for _, c := range []struct {
		info       session.Info
		text, json string
	}{
		{session.Info{Connected: true, Launched: true}, "stopped\n", `{"stopped":true,"launched":true}`},
		{session.Info{Connected: true}, "detached (the --cdp browser keeps running)\n", `{"stopped":true,"launched":false}`},
		{session.Info{}, "stopped\n", `{"stopped":true,"launched":false}`},
	} {
		stopped := false
		env := fakeEnv(&fakeBrowser{info: c.info})
		env.Stop = func() { stopped = true }
		out, err := (&BrowserStop{}).Run(ctx, env)
		if err != nil {
			t.Fatal(err)
		}
		if !stopped {
			t.Errorf("browser stop did not ask the daemon to stop")
		}
		if out.Text != c.text {
			t.Errorf("stop: %q, want %q", out.Text, c.text)
		}
		jsonEq(t, "browser stop", out.Data, c.json)
	}

	// launch: the browser's error is the command's.
	if _, err := (&BrowserLaunch{}).Run(ctx, fakeEnv(&fakeBrowser{})); failure.From(err).Code != failure.BrowserUnavailable {
		t.Errorf("launch without a browser: %v", err)
	}
}

// A batch runs every step between BeginCommand and EndCommand, prints
// "[N] step → result" for each, and has no final snap when there is no
// page to snap.
func TestBatchOfDryRuns(t *testing.T) {
	f := &fakeBrowser{}
	c := &Batch{Steps: []string{"open --dry-run example.com", "# a comment", "", "tab new --dry-run 'localhost:1/a b'"}}
	out, err := c.Run(context.Background(), fakeEnv(f))
	if err != nil {
		t.Fatal(err)
	}
	want := "[1] open --dry-run example.com → dry run: would open https://example.com\n" +
		"[2] tab new --dry-run 'localhost:1/a b' → dry run: would open a new tab http://localhost:1/a%20b\n"
	if out.Text != want {
		t.Errorf("batch text:\n%s\nwant:\n%s", out.Text, want)
	}
	jsonEq(t, "batch", out.Data, `{"steps":[`+
		`{"step":1,"command":"open --dry-run example.com","ok":true,"output":{"dry_run":true,"action":"open","target":"https://example.com"}},`+
		`{"step":2,"command":"tab new --dry-run 'localhost:1/a b'","ok":true,"output":{"dry_run":true,"action":"tab new","target":"http://localhost:1/a%20b"}}]}`)
	if f.begun != 2 || f.ended != 2 {
		t.Errorf("steps bracketed %d/%d times, want 2", f.begun, f.ended)
	}
}

// A failing step stops the batch with its number and keeps its code;
// --continue-on-error runs the rest and still fails with the first error.
func TestBatchStepFailure(t *testing.T) {
	steps := []string{"open --dry-run example.com", "eval ' '", "tab new --dry-run"}
	out, err := (&Batch{Steps: steps}).Run(context.Background(), fakeEnv(&fakeBrowser{}))
	fe := failure.From(err)
	if fe.Code != failure.Usage || !strings.HasPrefix(fe.Message, "step 2 (eval ' '): eval needs an expression") {
		t.Errorf("batch error: %s %q", fe.Code, fe.Message)
	}
	if !strings.Contains(out.Text, "[2] eval ' ' → error USAGE: eval needs an expression") || strings.Contains(out.Text, "[3]") {
		t.Errorf("batch stopped at step 2? text:\n%s", out.Text)
	}
	out, err = (&Batch{Steps: steps, ContinueOnError: true}).Run(context.Background(), fakeEnv(&fakeBrowser{}))
	if failure.From(err).Code != failure.Usage || !strings.Contains(out.Text, "[3] tab new --dry-run → dry run: would open a new tab\n") {
		t.Errorf("--continue-on-error: %v\n%s", err, out.Text)
	}
	d := out.Data.(batchData)
	if len(d.Steps) != 3 || d.Steps[1].OK || d.Steps[1].Error == nil || !d.Steps[2].OK {
		t.Errorf("--continue-on-error steps: %+v", d.Steps)
	}
}

// Record, list, lint, replay and delete a workflow of dry-run steps: the
// whole round trip needs no page, and each command's -o json keeps its
// shape.
func TestWorkflowRoundTrip(t *testing.T) {
	home, cwd := t.TempDir(), t.TempDir()
	t.Setenv("TACT_HOME", home)
	if err := os.Mkdir(filepath.Join(cwd, ".tact"), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	f := &fakeBrowser{}
	env := fakeEnv(f)
	env.Globals.Cwd = cwd
	env.Recorder = NewRecorder(filepath.Join(home, "recording.json"))
	run := func(c Command) *Output {
		t.Helper()
		out, err := c.Run(ctx, env)
		if err != nil {
			t.Fatalf("%s: %v", NameOf(c), err)
		}
		return out
	}

	out := run(&RecordStart{Name: "flow"})
	jsonEq(t, "record start", out.Data, `{"recording":"flow"}`)
	capture := func(name string, c Command) {
		t.Helper()
		after, err := env.Recorder.Capture(ctx, env, name, c)
		if err != nil {
			t.Fatal(err)
		}
		after(true)
	}
	// Exploration is not recorded: a dry run, a snap.
	capture("open", &Open{URL: "example.com", ActOpts: ActOpts{DryRun: true}})
	capture("snap", &Snap{})
	capture("open", &Open{URL: "example.com"})
	capture("open", &Open{URL: "example.org"})
	out = run(&RecordUndo{})
	jsonEq(t, "record undo", out.Data, `{"dropped":2,"command":"open"}`)
	if out.Text != "dropped step 2: open example.org\n" {
		t.Errorf("record undo text %q", out.Text)
	}
	out = run(&RecordStop{})
	path := filepath.Join(cwd, ".tact", "workflows", "flow.json")
	jsonEq(t, "record stop", out.Data, `{"name":"flow","steps":1,"path":`+strconv.Quote(path)+`,"scope":"project","secrets":null,"outputs":null}`)
	out = run(&RecordList{})
	jsonEq(t, "record list", out.Data, `[{"name":"flow","scope":"project","steps":1,"path":`+strconv.Quote(path)+`,"trust":"trusted","runs":true}]`)
	out = run(&WorkflowLint{Name: "flow"})
	jsonEq(t, "workflow lint", out.Data, `{"ok":true,"steps":1,"vars":null,"scope":"project","trust":"trusted","reach":[{"step":1,"kind":"site","what":"example.com"}]}`)

	// Replayed as a dry run, the step needs no page.
	w, err := workflow.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Steps[0].Args = json.RawMessage(`{"url": "example.com", "dry_run": true}`)
	if err := workflow.Save(path, w); err != nil {
		t.Fatal(err)
	}
	env.Globals.Output = "ndjson"
	// Edited, it is no longer the content trusted at record stop.
	if _, err := (&Replay{Workflow: "flow"}).Run(ctx, env); failure.From(err).Code != failure.Untrusted {
		t.Fatalf("an edited project workflow replayed: %v", err)
	}
	if err := trustFile(w, workflow.Location{Path: path, Scope: "project"}); err != nil {
		t.Fatal(err)
	}
	out = run(&Replay{Workflow: "flow"})
	if out.Text != "replay flow: "+path+" (project scope, trusted)\n[1/1] open example.com: ok\nreplay: 1/1 steps ok, 0 healed\n" {
		t.Errorf("replay text %q", out.Text)
	}
	jsonEq(t, "replay", out.Data, `{"workflow":"flow","path":`+strconv.Quote(path)+`,"scope":"project","outputs":{},"steps":[{"step":1,"command":"open","status":"ok"}],"ok":1,"total":1,"healed":0}`)
	jsonEq(t, "replay ndjson summary", out.Lines, `[{"summary":"replay: 1/1 steps ok, 0 healed","ok":1,"total":1,"healed":0}]`)
	if f.begun != 1 || f.ended != 1 {
		t.Errorf("replay bracketed its step %d/%d times, want once", f.begun, f.ended)
	}

	out = run(&RecordDelete{Name: "flow"})
	jsonEq(t, "record delete", out.Data, `{"deleted":`+strconv.Quote(path)+`}`)

	// A workflow with a temporary ref fails lint with its problems.
	bad := filepath.Join(cwd, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"version":1,"name":"bad","steps":[{"command":"click","params":{"target":"@e3"}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err = (&WorkflowLint{Name: bad}).Run(ctx, env)
	if failure.From(err).Code != failure.Usage || out == nil {
		t.Fatalf("lint of a bad workflow: %v", err)
	}
	jsonEq(t, "workflow lint (problems)", out.Data, `{"ok":false,"problems":[{"step":1,"message":"args: \"target\" is an element: give it as \"target\": {\"locators\": [\"css=…\"]}, not in args"},{"step":1,"message":"temporary ref @e3 in params; use a stable locator"},{"step":1,"message":"click needs a target with at least one locator"}]}`)
}

// A changed section of a --diff keeps its heading and prints only the
// lines it did not have before, each as often as it is new.
func TestChangedLines(t *testing.T) {
	prev := "## Demo\n> Press the button\n@e1 [button] \"Count me\"\n@e2 \"Open In CodePen\"\n@e3 \"Open In CodePen\"\n"
	cur := "## Demo\n> Press the button\n@e1 [button] \"Clicked 1x\"\n@e2 \"Open In CodePen\"\n@e3 \"Open In CodePen\"\n@e4 \"Open In CodePen\"\n"
	got := changedLines(prev, cur)
	want := "## Demo\n@e1 [button] \"Clicked 1x\"\n@e4 \"Open In CodePen\"\n"
	if got != want {
		t.Errorf("changedLines:\n%s\nwant:\n%s", got, want)
	}
	if got := changedLines("> a\n@e1 \"x\"\n", "> b\n@e1 \"x\"\n"); got != "> b\n" {
		t.Errorf("no heading: %q", got)
	}
}
