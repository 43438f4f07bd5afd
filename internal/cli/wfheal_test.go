package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rewriteFlow replaces old with new in a saved user-scope workflow.
func rewriteFlow(t *testing.T, name, old, new string) {
	t.Helper()
	path := filepath.Join(os.Getenv("TACT_HOME"), "workflows", name+".json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(b), old, new, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
}

// recordClick records a workflow name that opens pg and clicks the
// element of the snap line matching pattern.
func recordClick(t *testing.T, s, name, pg, pattern string) {
	t.Helper()
	mustOK(t, tact(t, s, "record", "start", name))
	r := tact(t, s, "open", page(pg))
	mustOK(t, r)
	mustOK(t, tact(t, s, "click", refOf(t, r.out, pattern), "--no-snap"))
	mustOK(t, tact(t, s, "record", "stop"))
}

// "Sign in" renamed "Log in", its id kept and no test id: the id alone
// heals it (the same heading and form), reported with both names;
// --strict refuses.
func TestReplayHealsRenameByID(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	recordClick(t, s, "rename-id", "wf_rename.html", `[button]`)
	if !strings.Contains(savedFlow(t, "rename-id"), `"css=#signin"`) || strings.Contains(savedFlow(t, "rename-id"), "testid=") {
		t.Fatalf("recorded:\n%s", savedFlow(t, "rename-id"))
	}
	rewriteFlow(t, "rename-id", "wf_rename.html", "wf_rename.html?v=2")
	r := tact(t, s, "replay", "rename-id", "--strict")
	if r.code != 8 || !strings.Contains(r.err, "--strict") {
		t.Errorf("--strict: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	r = tact(t, s, "replay", "rename-id")
	mustOK(t, r)
	if !strings.Contains(r.err, `healed step 2: name "Sign in" → "Log in" (found by css=#signin)`) || !strings.Contains(r.out, "replay: 2/2 steps ok, 1 healed") {
		t.Errorf("rename by id:\n%s\n%s", r.out, r.err)
	}
	if got := evalIn(t, s, "document.querySelector('h1').textContent"); !strings.HasPrefix(got, "Hello") {
		t.Errorf("the click did not sign in: %q", got)
	}
}

// A row re-rendered to another record, its button keeping the id (and
// its name, or a new one): the replay never acts on the other record; the
// same record renamed heals.
func TestReplayNeverHealsOntoAnotherRecord(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	recordClick(t, s, "rows", "wf_rows.html", `"Delete"`)
	if got := evalIn(t, s, "document.getElementById('log').textContent"); got != "deleted Alice" {
		t.Fatalf("recording: %q", got)
	}
	if !strings.Contains(savedFlow(t, "rows"), `"row": "Alice"`) {
		t.Fatalf("the row is not recorded:\n%s", savedFlow(t, "rows"))
	}
	prev := "wf_rows.html"
	for _, q := range []string{"wf_rows.html?who=Bob", "wf_rows.html?who=Bob&label=Remove"} {
		rewriteFlow(t, "rows", prev, q)
		prev = q
		r := tact(t, s, "replay", "rows")
		if r.code != 8 {
			t.Errorf("%s: exit %d, want 8\n%s\n%s", q, r.code, r.out, r.err)
		}
		if got := evalIn(t, s, "document.getElementById('log').textContent"); got != "" {
			t.Errorf("%s: the replay acted on another record: %q", q, got)
		}
	}
	rewriteFlow(t, "rows", prev, "wf_rows.html?label=Remove")
	r := tact(t, s, "replay", "rows")
	mustOK(t, r)
	if !strings.Contains(r.err, `name "Delete" → "Remove"`) {
		t.Errorf("the same record renamed:\n%s\n%s", r.out, r.err)
	}
	if got := evalIn(t, s, "document.getElementById('log').textContent"); got != "deleted Alice" {
		t.Errorf("same record: %q", got)
	}
}
