package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// savedFlow reads a workflow the session's recording saved (user scope).
func savedFlow(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(os.Getenv("TACT_HOME"), "workflows", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// flowSteps decodes a workflow file's steps as plain JSON.
func flowSteps(t *testing.T, text string) (int, []map[string]any) {
	t.Helper()
	var w struct {
		Version int              `json:"version"`
		Steps   []map[string]any `json:"steps"`
	}
	if err := json.Unmarshal([]byte(text), &w); err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return w.Version, w.Steps
}

// The README's (and snact's) recipe exactly as written: snap URL right
// after record start is the first step, the flags are spelled as typed,
// and the replay works from about:blank and from another page.
func TestRecordSeedRecipe(t *testing.T) {
	t.Parallel()
	s := "wf-recipe" // a fresh session, as a user copying the recipe has
	mustOK(t, tact(t, s, "record", "start", "login-flow"))
	r := tact(t, s, "snap", page("wf_login.html"))
	mustOK(t, r)
	mustOK(t, tact(t, s, "fill", refOf(t, r.out, `"Username"`), "user@example.com", "--no-snap"))
	mustOK(t, tact(t, s, "click", refOf(t, r.out, `[button]`), "--no-snap"))
	mustOK(t, tact(t, s, "wait", "navigation"))
	r = tact(t, s, "record", "stop")
	mustOK(t, r)
	if !strings.Contains(r.out, "saved login-flow: 4 steps") {
		t.Fatalf("record stop: %q", r.out)
	}
	text := savedFlow(t, "login-flow")
	version, steps := flowSteps(t, text)
	var cmds []string
	for _, st := range steps {
		cmds = append(cmds, st["command"].(string))
	}
	if version != 2 || strings.Join(cmds, ",") != "open,fill,click,wait" {
		t.Fatalf("steps %v (version %d):\n%s", cmds, version, text)
	}
	if a, _ := json.Marshal(steps[0]["args"]); string(a) != `{"url":"`+page("wf_login.html")+`"}` {
		t.Errorf("snap URL recorded as %s", a)
	}
	if a, _ := json.Marshal(steps[1]["args"]); string(a) != `{"no_snap":true,"value":"user@example.com"}` {
		t.Errorf("fill recorded as %s", a)
	}
	for _, goName := range []string{"NoSnap", "MaxTokens", "\"params\"", "Target\""} {
		if strings.Contains(text, goName) {
			t.Errorf("the file holds %s:\n%s", goName, text)
		}
	}
	mustOK(t, tact(t, s, "workflow", "lint", "login-flow"))

	for _, from := range []string{"about:blank", page("other.html")} {
		mustOK(t, tact(t, s, "open", from, "--no-snap"))
		r = tact(t, s, "replay", "login-flow")
		if r.code != 0 || !strings.HasSuffix(r.out, "replay: 4/4 steps ok, 0 healed\n") {
			t.Fatalf("replay from %s: exit %d\n%s\n%s", from, r.code, r.out, r.err)
		}
		if got := evalIn(t, s, "document.querySelector('h1').textContent"); got != "Hello user@example.com" {
			t.Errorf("replay from %s ended on %q", from, got)
		}
	}
}

// A recording started on a page begins with it: replay opens it from
// elsewhere and leaves it be when the tab is there. A recording with no
// steps saves "steps": [].
func TestRecordStartsOnPage(t *testing.T) {
	t.Parallel()
	s := "wf-startpage" // a fresh session: what record start finds open is recorded
	mustOK(t, tact(t, s, "record", "start", "empty"))
	r := tact(t, s, "record", "stop")
	if r.code != 0 || !strings.Contains(r.out, "saved empty: 0 steps") || !strings.Contains(savedFlow(t, "empty"), `"steps": []`) {
		t.Errorf("empty recording: %q\n%s", r.out, savedFlow(t, "empty"))
	}

	mustOK(t, tact(t, s, "open", page("wf_home.html?user=ada"), "--no-snap"))
	r = tact(t, s, "record", "start", "onpage")
	if r.code != 0 || !strings.Contains(r.out, "step 1: open "+page("wf_home.html?user=ada")) {
		t.Fatalf("record start on a page: %q %s", r.out, r.err)
	}
	mustOK(t, tact(t, s, "snap")) // exploration
	mustOK(t, tact(t, s, "read", "--focus", "h1", "--as", "headline"))
	mustOK(t, tact(t, s, "record", "stop"))
	_, steps := flowSteps(t, savedFlow(t, "onpage"))
	if len(steps) != 2 || steps[0]["command"] != "open" || steps[0]["start"] != true || steps[1]["command"] != "read" {
		t.Fatalf("steps:\n%s", savedFlow(t, "onpage"))
	}

	mustOK(t, tact(t, s, "open", page("hello.html"), "--no-snap"))
	r = tact(t, s, "-o", "json", "replay", "onpage")
	mustOK(t, r)
	var out struct {
		Outputs map[string]any `json:"outputs"`
	}
	json.Unmarshal([]byte(r.out), &out)
	if h, _ := out.Outputs["headline"].(string); !strings.Contains(h, "Hello ada") {
		t.Errorf("replay from another page: %s", r.out)
	}
	// Already there: the page is not opened again (its state stays).
	mustOK(t, tact(t, s, "eval", "document.querySelector('h1').textContent = 'Edited here'"))
	r = tact(t, s, "replay", "onpage")
	mustOK(t, r)
	if !strings.Contains(r.out, "Edited here") {
		t.Errorf("the start page was opened again though the tab was on it:\n%s", r.out)
	}
}

// A workflow written by hand from `tact schema workflow` lints and
// replays; a wrong field is named with its step.
func TestReplayHandWritten(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	dir := t.TempDir()
	f := filepath.Join(dir, "hand.json")
	// The example docs/workflows.md gives, as a person would copy it.
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "workflows.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```json\n(\\{\n  \"version\": 2,\n  \"name\": \"hand\".*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/workflows.md has no hand-written workflow example")
	}
	os.WriteFile(f, m[1], 0o600)
	r := tact(t, s, "workflow", "lint", f)
	if r.code != 0 || !strings.Contains(r.out, "ok: 6 steps") {
		t.Errorf("lint: exit %d %q %s", r.code, r.out, r.err)
	}
	r = tact(t, s, "--timeout", "90s", "-o", "json", "replay", f, "--var", "BASE="+srvURL, "--var", "PASSWORD=x")
	mustOK(t, r)
	var out struct {
		Outputs map[string]string `json:"outputs"`
		OK      int               `json:"ok"`
	}
	json.Unmarshal([]byte(r.out), &out)
	if out.OK != 6 || !strings.Contains(out.Outputs["greeting"], "Hello trinity (signed in)") {
		t.Errorf("replay: %s", r.out)
	}

	os.WriteFile(f, []byte(`{"version": 2, "steps": [
    {"command": "open", "args": {"url": "x", "max_tokens": "many"}},
    {"command": "click", "args": {"target": "css=#go"}}
  ]}`), 0o600)
	r = tact(t, s, "workflow", "lint", f)
	if r.code != 2 || !strings.Contains(r.out, "step 1: args.max_tokens: got string, want integer") || !strings.Contains(r.out, "step 2: ") {
		t.Errorf("lint of wrong fields: exit %d\n%s", r.code, r.out)
	}
	r = tact(t, s, "schema", "workflow")
	if r.code != 0 || !strings.Contains(r.out, `"title": "tact workflow"`) || !strings.Contains(r.out, `"no_snap"`) {
		t.Errorf("schema workflow: exit %d %.300s", r.code, r.out)
	}
}

// A version 1 file (Go field names, every default) still replays; when
// --update rewrites it, it is written in the current format.
func TestReplayOldFormat(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "wf_old_format.json"))
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "old-login.json")
	os.WriteFile(f, b, 0o600)
	vars := []string{"--var", "BASE=" + srvURL, "--var", "USER=neo", "--var", "PASSWORD=x"}
	mustOK(t, tact(t, s, "workflow", "lint", f))
	// (A loaded machine may find a later locator first: the count of
	// healed steps is not what this test is about.)
	r := tact(t, s, append([]string{"--timeout", "90s", "replay", f, "--var", "PAGE=wf_login.html"}, vars...)...)
	if r.code != 0 || !strings.Contains(r.out, "Balance: 42 credits") || !strings.Contains(r.out, "replay: 5/5 steps ok") {
		t.Fatalf("old format replay: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	// Room for a loaded machine: three steps heal.
	r = tact(t, s, append([]string{"--timeout", "90s", "replay", f, "--var", "PAGE=wf_login_v2.html", "--update"}, vars...)...)
	if r.code != 0 || !strings.Contains(r.out, "updated "+f) {
		t.Fatalf("old format, healed: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	nb, _ := os.ReadFile(f)
	version, steps := flowSteps(t, string(nb))
	if version != 2 || strings.Contains(string(nb), `"params"`) || strings.Contains(string(nb), "MaxTokens") {
		t.Errorf("rewritten file:\n%s", nb)
	}
	if a, _ := json.Marshal(steps[1]["args"]); string(a) != `{"no_snap":true,"value":"${USER}"}` {
		t.Errorf("fill upgraded to %s", a)
	}
	r = tact(t, s, append([]string{"--timeout", "90s", "replay", f, "--var", "PAGE=wf_login_v2.html"}, vars...)...)
	if r.code != 0 || !strings.Contains(r.out, "replay: 5/5 steps ok") {
		t.Errorf("the upgraded file: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
}

// drag is recorded with both elements, and replays.
func TestRecordDrag(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", page("drag.html"), "--no-snap"))
	mustOK(t, tact(t, s, "record", "start", "drag"))
	mustOK(t, tact(t, s, "drag", "text=Alpha", "text=Gamma", "--no-snap"))
	mustOK(t, tact(t, s, "record", "stop"))
	if got := evalIn(t, s, "document.body.dataset.order"); !strings.HasPrefix(got, "Beta,Alpha,Gamma") {
		t.Fatalf("the drag while recording: %q", got)
	}
	text := savedFlow(t, "drag")
	_, steps := flowSteps(t, text)
	if len(steps) != 2 || steps[1]["command"] != "drag" || steps[1]["target"] == nil || steps[1]["to"] == nil {
		t.Fatalf("drag step:\n%s", text)
	}
	mustOK(t, tact(t, s, "workflow", "lint", "drag"))
	mustOK(t, tact(t, s, "reload", "--no-snap"))
	if got := evalIn(t, s, "document.body.dataset.order"); !strings.HasPrefix(got, "Alpha,Beta,Gamma") {
		t.Fatalf("reload: %q", got)
	}
	r := tact(t, s, "replay", "drag")
	if r.code != 0 || !strings.Contains(r.out, `drag text="Alpha" to text="Gamma": ok`) {
		t.Errorf("replay: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if got := evalIn(t, s, "document.body.dataset.order"); !strings.HasPrefix(got, "Beta,Alpha,Gamma") {
		t.Errorf("after the replay: %q", got)
	}
}

// The seed's task: visit pages, snap each and read a part; replay -o json
// gives every named output in one object.
func TestReplayPagesJSON(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "record", "start", "prices"))
	for _, id := range []string{"1", "2", "3"} {
		mustOK(t, tact(t, s, "snap", page("wf_item.html?id="+id)))
		mustOK(t, tact(t, s, "read", "--focus", ".price", "--as", "price"+id))
	}
	mustOK(t, tact(t, s, "record", "stop"))
	mustOK(t, tact(t, s, "open", "about:blank", "--no-snap"))
	r := tact(t, s, "-o", "json", "replay", "prices")
	mustOK(t, r)
	var out struct {
		Outputs map[string]string `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(r.out), &out); err != nil {
		t.Fatalf("%v\n%s", err, r.out)
	}
	want := map[string]string{"price1": "Price: 10 EUR", "price2": "Price: 20 EUR", "price3": "Price: 30 EUR"}
	if len(out.Outputs) != 3 {
		t.Errorf("outputs: %s", r.out)
	}
	for k, v := range want {
		if out.Outputs[k] != v {
			t.Errorf("output %s = %q, want %q\n%s", k, out.Outputs[k], v, r.out)
		}
	}
}
