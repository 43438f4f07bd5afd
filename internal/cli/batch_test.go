package cli_test

import (
	"os"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/commands"
)

func TestBatchFillAndClick(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("act_form.html"))
	name, count := refOf(t, out, `"Name"`), refOf(t, out, `"Count me"`)
	r := tact(t, s, "batch", "fill "+name+" 'Ada Lovelace'", "click "+count)
	mustOK(t, r)
	for _, want := range []string{"[1] fill " + name + " 'Ada Lovelace' → ok\n", "[2] click " + count + " → ok\n", "---\nActions — ", "state: Ada Lovelace", `"Clicked 1x"`} {
		if !strings.Contains(r.out, want) {
			t.Errorf("batch output lacks %q:\n%s", want, r.out)
		}
	}
	if n := strings.Count(r.out, "\n---\n"); n != 1 {
		t.Errorf("want one snap, got %d:\n%s", n, r.out)
	}
	if got := evalIn(t, s, `document.getElementById("name").value`); got != "Ada Lovelace" {
		t.Errorf("value = %q", got)
	}
}

// A failing middle step stops the batch: its number, command and error,
// the snap at that point, and its exit code. --continue-on-error goes on.
func TestBatchFailingStep(t *testing.T) {
	t.Parallel()
	s := "batch"
	out := openPage(t, s, page("act_form.html"))
	count := refOf(t, out, `"Count me"`)
	r := tact(t, s, "batch", "click "+count, "click @e99999", "click "+count)
	if r.code != 6 {
		t.Fatalf("exit %d, want 6 (UNKNOWN_REF)\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
	}
	if !strings.Contains(r.err, "step 2 (click @e99999)") || !strings.Contains(r.out, "[2] click @e99999 → error UNKNOWN_REF") ||
		strings.Contains(r.out, "[3]") || !strings.Contains(r.out, `"Clicked 1x"`) {
		t.Errorf("failing step:\nstdout: %s\nstderr: %s", r.out, r.err)
	}
	r = tact(t, s, "batch", "--continue-on-error", "--no-snap", "click "+count, "click @e99999", "click "+count)
	if r.code != 6 || !strings.Contains(r.out, "[3] click") || strings.Contains(r.out, "---") {
		t.Errorf("--continue-on-error: exit %d\n%s", r.code, r.out)
	}
	if got := evalIn(t, s, `document.getElementById("counter").textContent`); got != "Clicked 3x" {
		t.Errorf("counter = %q", got)
	}
	// A step that does not parse stops the batch before anything runs.
	r = tact(t, s, "batch", "click "+count, "clack @e1")
	if r.code != 2 || !strings.Contains(r.err, "step 2 (clack @e1)") {
		t.Errorf("bad step: exit %d, %q", r.code, r.err)
	}
	r = tact(t, s, "batch", "click "+count, "fill @e1 --secret-env HOME")
	if r.code != 2 || !strings.Contains(r.err, "step 2 (fill @e1 --secret-env HOME): --secret-env") {
		t.Errorf("secret from the environment in a batch: exit %d, %q", r.code, r.err)
	}
	if got := evalIn(t, s, `document.getElementById("counter").textContent`); got != "Clicked 3x" {
		t.Errorf("counter after a refused batch = %q", got)
	}
	// A step that times out on a hung page: TIMEOUT, no snap of the stuck
	// page, and the next command works.
	r = tact(t, s, "--timeout", "2s", "batch", "click "+refOf(t, out, `"Hang"`), "click "+count)
	if r.code != 5 || !strings.Contains(r.out, "(no snap: the step timed out)") || strings.Contains(r.out, "[2]") {
		t.Errorf("timed-out step: exit %d\n%s%s", r.code, r.out, r.err)
	}
	if got := evalIn(t, s, `document.getElementById("counter").textContent`); got != "Clicked 3x" {
		t.Errorf("counter after a timed-out batch = %q", got)
	}
}

func TestBatchStdin(t *testing.T) {
	s := "batch"
	out := openPage(t, s, page("act_form.html"))
	name := refOf(t, out, `"Name"`)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		pw.WriteString("# fill the form\n\nfill " + name + " \"Grace \\\"Amazing\\\" Hopper\"  # quoted\n  press Enter " + name + "\n")
		pw.Close()
	}()
	old := os.Stdin
	os.Stdin = pr
	r := tact(t, s, "batch", "--no-snap")
	os.Stdin = old
	pr.Close()
	mustOK(t, r)
	if !strings.Contains(r.out, "[1] fill") || !strings.Contains(r.out, "[2] press Enter") || strings.Contains(r.out, "[3]") {
		t.Errorf("stdin batch:\n%s", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("name").value`); got != `Grace "Amazing" Hopper` {
		t.Errorf("value = %q", got)
	}
}

func TestSplitWords(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`fill @e1 'a b'`:                   "fill|@e1|a b",
		`fill @e1 "say \"hi\""`:            `fill|@e1|say "hi"`,
		`click a\ b # comment`:             "click|a b",
		`# only a comment`:                 "",
		`click text=a#b`:                   "click|text=a#b",
		`type @e2 'it'\''s'`:               "type|@e2|it's",
		`  press   Enter  `:                "press|Enter",
		`fill @e1 ""`:                      "fill|@e1|",
		`click "role=button[name=\"Go\"]"`: `click|role=button[name="Go"]`,
	} {
		got, err := commands.SplitWords(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("SplitWords(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := commands.SplitWords(`fill @e1 "open`); err == nil {
		t.Error("unclosed quote accepted")
	}
}
