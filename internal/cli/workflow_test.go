package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRecordReplayHeal(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "record", "start", "login"))
	recStart := time.Now()
	r := tact(t, s, "open", page("wf_login.html"))
	mustOK(t, r)
	out := r.out
	mustOK(t, tact(t, s, "fill", refOf(t, out, `"Username"`), "neo", "--no-snap"))
	mustOK(t, tact(t, s, "fill", refOf(t, out, `"Password"`), "hunter2", "--no-snap"))
	r = tact(t, s, "click", refOf(t, out, `[button]`))
	mustOK(t, r)
	if !strings.Contains(r.out, "Hello neo (signed in)") {
		t.Fatalf("login during recording:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "read", "--focus", "#data", "--as", "balance"))
	r = tact(t, s, "record", "stop")
	mustOK(t, r)
	recTook := time.Since(recStart)
	if !strings.Contains(r.out, "saved login: 5 steps") || !strings.Contains(r.out, "--var PASSWORD=") {
		t.Fatalf("record stop: %q", r.out)
	}
	path := filepath.Join(os.Getenv("TACT_HOME"), "workflows", "login.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "hunter2") || !strings.Contains(string(b), "${PASSWORD}") {
		t.Fatalf("the password is stored in clear or without a placeholder:\n%s", b)
	}
	if strings.Contains(string(b), `"@e`) {
		t.Errorf("a bare ref was recorded:\n%s", b)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("workflow mode %v", st.Mode())
	}
	mustOK(t, tact(t, s, "workflow", "lint", "login"))
	// The secret is not in the daemon's log either.
	if logb, _ := os.ReadFile(filepath.Join(os.Getenv("TACT_HOME"), "run", s, "daemon.log")); strings.Contains(string(logb), "hunter2") {
		t.Error("daemon.log contains the password")
	}

	// Parameterize the page and the user, as a person would by editing.
	text := strings.Replace(string(b), page("wf_login.html"), srvURL+"/${PAGE}", 1)
	text = strings.Replace(text, `"value": "neo"`, `"value": "${USER}"`, 1)
	os.WriteFile(path, []byte(text), 0o600)

	start := time.Now()
	r = tact(t, s, "replay", "login", "--var", "PAGE=wf_login.html", "--var", "USER=trinity", "--var", "PASSWORD=x")
	mustOK(t, r)
	t.Logf("record (5 steps, interactive) %s; replay %s", recTook.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	if !strings.Contains(r.out, "Balance: 42 credits") || !strings.HasSuffix(r.out, "replay: 5/5 steps ok, 0 healed\n") {
		t.Errorf("replay output:\n%s", r.out)
	}
	if !strings.Contains(string(b), `"at_ms"`) {
		t.Error("steps carry no timing for --speed")
	}
	mustOK(t, tact(t, s, "replay", "login", "--speed", "50", "--var", "PAGE=wf_login.html", "--var", "USER=a", "--var", "PASSWORD=x"))
	// Missing variable: refused before anything runs.
	if r := tact(t, s, "replay", "login", "--var", "PAGE=wf_login.html", "--var", "PASSWORD=x"); r.code != 2 || !strings.Contains(r.err, "USER") {
		t.Errorf("missing var: exit %d %s", r.code, r.err)
	}

	// A redesigned page: ids, test ids and wrappers changed, the button
	// text did not. Replay heals and says so; --update keeps the healed order.
	r = tact(t, s, "-o", "ndjson", "replay", "login", "--var", "PAGE=wf_login_v2.html", "--var", "USER=morpheus", "--var", "PASSWORD=x", "--update")
	mustOK(t, r)
	lines := strings.Split(strings.TrimSpace(r.out), "\n")[1:] // after the header
	var last struct {
		OK, Total, Healed int
	}
	json.Unmarshal([]byte(lines[len(lines)-1]), &last)
	if last.OK != 5 || last.Healed == 0 {
		t.Errorf("replay on the redesigned page: %s", r.out)
	}
	var step struct {
		Step   int
		Healed bool
		Status string
	}
	json.Unmarshal([]byte(lines[3]), &step)
	if step.Step != 4 || !step.Healed || step.Status != "ok" {
		t.Errorf("step 4 should be a healed click: %s", lines[3])
	}
	r = tact(t, s, "replay", "login", "--var", "PAGE=wf_login_v2.html", "--var", "USER=morpheus", "--var", "PASSWORD=x")
	mustOK(t, r)
	if !strings.HasSuffix(r.out, "5/5 steps ok, 0 healed\n") {
		t.Errorf("after --update the healed locators should come first: %s", r.out)
	}

	// The button is gone: a clean failure at the right step, nothing
	// clicked instead.
	r = tact(t, s, "replay", "login", "--var", "PAGE=wf_login_v3.html", "--var", "USER=x", "--var", "PASSWORD=x")
	if r.code != 8 || !strings.Contains(r.err, `step 4/5 (click "Sign in") failed`) {
		t.Errorf("missing button: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if !strings.Contains(r.out, "replay: 3/5 steps ok") {
		t.Errorf("partial summary missing: %q", r.out)
	}
}

func TestWorkflowLintAndScopes(t *testing.T) {
	t.Parallel()
	s := "wflint"
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"version":1,"name":"bad","steps":[
 {"command":"click","params":{"Target":""},"target":{"locators":["@e5"],"fingerprint":{"role":"button"}}},
 {"command":"fill","params":{"Target":"","Value":["hunter2"]},"target":{"locators":["label=Password"],"fingerprint":{"role":"input:password"}}},
 {"command":"launch-missiles"}]}`), 0o600)
	r := tact(t, s, "workflow", "lint", bad)
	if r.code != 2 || !strings.Contains(r.out, "step 1: temporary ref") || !strings.Contains(r.out, "step 2: plain-text secret") || !strings.Contains(r.out, "step 3: unknown step command") {
		t.Errorf("lint: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	os.WriteFile(bad, []byte(`{"version":1,"steps":[{"command":"snap","params":{"Bogus":1}}]}`), 0o600)
	if r := tact(t, s, "workflow", "lint", bad); r.code != 2 || !strings.Contains(r.out, "bad params") {
		t.Errorf("lint of bad params: exit %d %s", r.code, r.out)
	}
	os.WriteFile(bad, []byte(`{"version":1,"steps":[{"command":"teleport"}]}`), 0o600)
	if r := tact(t, s, "replay", bad); r.code == 0 {
		t.Errorf("replay of an unknown step kind succeeded")
	}
	if r := tact(t, s, "replay", "no-such-flow"); r.code != 8 {
		t.Errorf("replay of a missing workflow: exit %d", r.code)
	}
	os.WriteFile(bad, []byte(`{"version":1,"name":"plain","steps":[{"command":"open","params":{"URL":"`+page("hello.html")+`"}}]}`), 0o600)
	if r := tact(t, s, "workflow", "lint", bad); r.code != 0 || r.out != "ok: 1 steps\nbeyond the page, it:\n  step 1 opens "+srvURL+"\n" {
		t.Errorf("lint of a workflow with no variables: exit %d %q", r.code, r.out)
	}
	if r := tact(t, s, "workflow", "vars", bad); r.code != 0 || r.out != "no variables\n" {
		t.Errorf("vars of a workflow with none: exit %d %q", r.code, r.out)
	}
	if r := tact(t, s, "replay", bad, "--var", "X=1"); r.code != 2 || !strings.Contains(r.err, "has no variables") {
		t.Errorf("--var for a workflow with none: exit %d %s", r.code, r.err)
	}
	if r := tact(t, s, "record", "start", "../escape"); r.code != 2 {
		t.Errorf("record name with ../: exit %d", r.code)
	}
}

// writeFlow writes a workflow file of these steps (JSON objects, comma
// separated) and returns its path.
func writeFlow(t *testing.T, name, steps string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), name+".json")
	if err := os.WriteFile(f, []byte(`{"version":1,"name":"`+name+`","steps":[`+steps+`]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	return f
}

// --timeout is the deadline of the whole replay, --step-timeout of each
// step; against a server that never answers, the error names the one
// that expired and the steps before it still count.
func TestReplayDeadlines(t *testing.T) {
	t.Parallel()
	s := "wfdeadline"
	f := writeFlow(t, "hang", `{"command":"open","params":{"URL":"`+page("hello.html")+`"}},
 {"command":"open","params":{"URL":"`+srvURL+`/hang"}},
 {"command":"read"}`)
	mustOK(t, tact(t, s, "browser", "launch")) // the deadline is not spent launching it
	// Deadlines roomy enough for a loaded machine to open hello.html in
	// time; the hanging step exceeds any of them.
	r := tact(t, s, "--timeout", "10s", "replay", f)
	if r.code != 5 || !strings.Contains(r.err, "within --timeout 10s") || !strings.Contains(r.err, "step 2/3 (open "+srvURL+"/hang)") {
		t.Errorf("whole deadline: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if !strings.Contains(r.out, "replay: 1/3 steps ok") {
		t.Errorf("the step before the hang should count: %q", r.out)
	}
	r = tact(t, s, "--timeout", "30s", "replay", f, "--step-timeout", "5s")
	if r.code != 5 || !strings.Contains(r.err, "step 2/3 (open "+srvURL+"/hang) failed: the step did not finish within --step-timeout 5s") {
		t.Errorf("step deadline: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if r := tact(t, s, "replay", f, "--step-timeout", "soon"); r.code != 2 {
		t.Errorf("bad --step-timeout: exit %d %s", r.code, r.err)
	}
}

// A recorded value becomes a variable with --as, its value the default;
// replay takes the default, --var overrides it, an unknown --var is an
// error listing the variables, and a ${NAME} typed while recording
// reaches the page as the variable's value, never as literal text.
func TestRecordVariables(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "record", "start", "vars"))
	r := tact(t, s, "open", page("wf_login.html"))
	mustOK(t, r)
	user, pass, button := refOf(t, r.out, `"Username"`), refOf(t, r.out, `"Password"`), refOf(t, r.out, `[button]`)
	mustOK(t, tact(t, s, "fill", user, "ada", "--as", "USERNAME", "--no-snap"))
	mustOK(t, tact(t, s, "fill", user, "${USERNAME}", "--no-snap"))
	if r := tact(t, s, "fill", user, "${NOPE}", "--no-snap"); r.code != 2 || !strings.Contains(r.err, "${NOPE}") {
		t.Errorf("an unknown ${NOPE} while recording: exit %d %s", r.code, r.err)
	}
	r = tact(t, s, "eval", "document.querySelector('#u-1').value")
	if strings.TrimSpace(r.out) != "ada" {
		t.Errorf("the page got %q, not the variable's value", r.out)
	}
	mustOK(t, tact(t, s, "fill", pass, "hunter2", "--no-snap"))
	mustOK(t, tact(t, s, "click", button, "--no-snap"))
	mustOK(t, tact(t, s, "read", "--focus", "h1", "--as", "greeting"))
	mustOK(t, tact(t, s, "record", "stop"))
	b, _ := os.ReadFile(filepath.Join(os.Getenv("TACT_HOME"), "workflows", "vars.json"))
	if !strings.Contains(string(b), `"${USERNAME}"`) || !strings.Contains(string(b), `"USERNAME": "ada"`) || strings.Contains(string(b), "hunter2") {
		t.Errorf("recorded workflow:\n%s", b)
	}
	r = tact(t, s, "workflow", "vars", "vars")
	mustOK(t, r)
	if !strings.Contains(r.out, "USERNAME\tdefault \"ada\"") || !strings.Contains(r.out, "PASSWORD\tsecret, no default") {
		t.Errorf("workflow vars:\n%s", r.out)
	}
	r = tact(t, s, "replay", "vars", "--var", "PASSWORD=x")
	mustOK(t, r)
	if !strings.Contains(r.out, "Hello ada (signed in)") {
		t.Errorf("replay with the default:\n%s", r.out)
	}
	r = tact(t, s, "replay", "vars", "--var", "PASSWORD=x", "--var", "USERNAME=grace")
	mustOK(t, r)
	if !strings.Contains(r.out, "Hello grace (signed in)") {
		t.Errorf("replay with --var USERNAME=grace:\n%s", r.out)
	}
	r = tact(t, s, "replay", "vars", "--var", "PASSWORD=x", "--var", "USER=grace")
	if r.code != 2 || !strings.Contains(r.err, "PASSWORD, USERNAME") {
		t.Errorf("unknown --var: exit %d %s", r.code, r.err)
	}
}

// Exploration is not recorded (snap, locate, dry runs, failed commands);
// outputs are, with their names; record undo drops the last step; the
// replay's ndjson carries each step's name, URL and eval value as JSON,
// and its text a header line per step.
func TestCleanRecordingAndOutputs(t *testing.T) {
	t.Parallel()
	s := "wfclean" // a fresh session: what record start finds open is recorded
	mustOK(t, tact(t, s, "record", "start", "clean"))
	r := tact(t, s, "open", page("wf_home.html?user=ada"))
	mustOK(t, r)
	mustOK(t, tact(t, s, "snap"))
	mustOK(t, tact(t, s, "locate", "css=h1"))
	mustOK(t, tact(t, s, "click", "css=h1", "--dry-run"))
	if r := tact(t, s, "--timeout", "2s", "click", "css=#nope"); r.code == 0 {
		t.Fatalf("a click on nothing succeeded")
	}
	mustOK(t, tact(t, s, "read", "--focus", "h1", "--as", "headline"))
	mustOK(t, tact(t, s, "eval", "({credits: 42, tags: ['a']})", "--as", "info"))
	mustOK(t, tact(t, s, "open", page("hello.html")))
	r = tact(t, s, "record", "undo")
	if r.code != 0 || !strings.Contains(r.out, "dropped step 4: open "+page("hello.html")) {
		t.Errorf("record undo: exit %d %q %s", r.code, r.out, r.err)
	}
	r = tact(t, s, "record", "stop")
	if !strings.Contains(r.out, "saved clean: 3 steps") {
		t.Fatalf("record stop: %q (snap, locate, the dry run and the failed click are not steps)", r.out)
	}
	r = tact(t, s, "-o", "ndjson", "replay", "clean")
	mustOK(t, r)
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	var head struct{ Workflow, Path, Scope string }
	json.Unmarshal([]byte(lines[0]), &head)
	if head.Workflow != "clean" || head.Scope != "user" || !strings.HasSuffix(head.Path, "clean.json") {
		t.Errorf("ndjson's first line names the file: %s", lines[0])
	}
	lines = lines[1:]
	if len(lines) != 4 {
		t.Fatalf("ndjson: %d lines\n%s", len(lines), r.out)
	}
	var read, eval struct {
		Step         int
		Name, Status string
		URL          string
		Output       string
		Value        map[string]any
	}
	json.Unmarshal([]byte(lines[1]), &read)
	json.Unmarshal([]byte(lines[2]), &eval)
	if read.Name != "headline" || !strings.Contains(read.URL, "wf_home.html") || !strings.Contains(read.Output, "Hello ada") {
		t.Errorf("read step: %s", lines[1])
	}
	if eval.Name != "info" || eval.Value["credits"] != float64(42) {
		t.Errorf("eval step: its value should be JSON, not a string: %s", lines[2])
	}
	r = tact(t, s, "replay", "clean")
	mustOK(t, r)
	if !strings.Contains(r.out, "[2/3] read as headline: ok\n# Hello ada\n[3/3] eval as info: ok\n") {
		t.Errorf("replay text:\n%s", r.out)
	}
}

// With --continue-on-error the steps after a failed one say so; a target
// several elements match is AMBIGUOUS (exit 9).
func TestReplayStatusesAndAmbiguous(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	f := writeFlow(t, "flow", `{"command":"open","params":{"URL":"`+page("wf_login.html")+`"}},
 {"command":"click","target":{"locators":["css=#missing"],"fingerprint":{"role":"button","name":"Gone","tag":"button"}}},
 {"command":"eval","params":{"Expr":["document.title"]}}`)
	r := tact(t, s, "-o", "ndjson", "replay", f, "--continue-on-error")
	if r.code != 8 {
		t.Errorf("continue-on-error: exit %d %s", r.code, r.err)
	}
	var statuses []string
	for _, l := range strings.Split(strings.TrimSpace(r.out), "\n")[1:4] {
		var st struct{ Status string }
		json.Unmarshal([]byte(l), &st)
		statuses = append(statuses, st.Status)
	}
	if strings.Join(statuses, " ") != "ok failed ok_after_failure" {
		t.Errorf("statuses %q\n%s", statuses, r.out)
	}
	if !strings.Contains(r.out+r.err, "re-record from step 2") {
		t.Errorf("the failed step's message does not say what to do next: %s", r.err)
	}
	f = writeFlow(t, "flow", `{"command":"open","params":{"URL":"`+page("wf_login.html")+`"}},
 {"command":"click","target":{"locators":["css=input"],"fingerprint":{"role":"input:text","name":"Username","tag":"input"}}}`)
	if r := tact(t, s, "replay", f); r.code != 9 || !strings.Contains(r.err, "AMBIGUOUS") {
		t.Errorf("ambiguous target: exit %d %s", r.code, r.err)
	}
}

// A renamed button heals when its id or test id finds it in the recorded
// place; --strict refuses; --update writes the new name.
func TestReplayHealsRename(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	recordClick(t, s, "rename", "wf_login.html", `[button]`)
	path := filepath.Join(os.Getenv("TACT_HOME"), "workflows", "rename.json")
	rewriteFlow(t, "rename", "wf_login.html", "wf_login_v4.html")

	r := tact(t, s, "replay", "rename", "--strict")
	if r.code != 8 || !strings.Contains(r.err, "--strict") || !strings.Contains(r.err, `name "Sign in" → "Log in"`) {
		t.Errorf("--strict: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	r = tact(t, s, "replay", "rename", "--update")
	mustOK(t, r)
	if !strings.Contains(r.err, `healed step 2: name "Sign in" → "Log in"`) || !strings.Contains(r.out, "updated "+path) {
		t.Errorf("rename heal:\n%s\n%s", r.out, r.err)
	}
	r = tact(t, s, "replay", "rename")
	mustOK(t, r)
	if !strings.HasSuffix(r.out, "2/2 steps ok, 0 healed\n") {
		t.Errorf("after --update the new name is recorded:\n%s", r.out)
	}
}

// A replay that launched the session's browser stops it (a cron job
// leaves nothing behind) unless --keep-browser; a name that is not found
// says where tact looked.
func TestReplayBrowserScope(t *testing.T) {
	t.Parallel()
	s := "wfscope"
	env.OwnBrowser(s) // about the browser a replay launches
	f := writeFlow(t, "scope", `{"command":"open","params":{"URL":"`+page("hello.html")+`"}}`)
	r := tact(t, s, "replay", f)
	mustOK(t, r)
	if !strings.Contains(r.err, "stops with it") {
		t.Errorf("no note that the browser stops: %s", r.err)
	}
	eventually(t, "the replay's browser stopped", func() bool {
		r := tact(t, s, "browser", "status")
		return r.code == 0 && strings.Contains(r.out, "not running")
	})
	r = tact(t, s, "replay", f, "--keep-browser")
	mustOK(t, r)
	if r := tact(t, s, "browser", "status"); !strings.Contains(r.out, "running") || strings.Contains(r.out, "not running") {
		t.Errorf("--keep-browser: %s", r.out)
	}
	r = tact(t, s, "--browser-arg=--mute-audio", "replay", f)
	mustOK(t, r)
	if !strings.Contains(r.err, "--browser-arg --mute-audio were not applied") {
		t.Errorf("other --browser-arg: no note: %s", r.err)
	}
	r = tact(t, s, "replay", "no-such-flow")
	if r.code != 8 || !strings.Contains(r.err, filepath.Join(os.Getenv("TACT_HOME"), "workflows")+" (user)") || !strings.Contains(r.err, "tact replay path/to/no-such-flow.json") {
		t.Errorf("missing workflow: exit %d %s", r.code, r.err)
	}
}

// TACT_VAR_NAME gives a workflow variable, as --var NAME=… does (the
// environment is the process's: this test cannot run in parallel).
func TestReplayVarFromEnv(t *testing.T) {
	s := "wfenv"
	path := filepath.Join(t.TempDir(), "envvar.json")
	os.WriteFile(path, []byte(`{"version":1,"name":"envvar","steps":[{"command":"open","params":{"URL":"${PAGE}"}}]}`), 0o600)
	if r := tact(t, s, "replay", path); r.code != 2 || !strings.Contains(r.err, "TACT_VAR_PAGE") {
		t.Errorf("without the variable: exit %d %s", r.code, r.err)
	}
	t.Setenv("TACT_VAR_PAGE", page("hello.html"))
	r := tact(t, s, "replay", path)
	mustOK(t, r)
	if !strings.Contains(r.out, "replay: 1/1 steps ok") {
		t.Errorf("replay with TACT_VAR_PAGE:\n%s", r.out)
	}
}
