package cli_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/cli"
)

// Every command that prints a snap takes the snap flags, and --focus takes
// any target: CSS, a ref or a locator.
func TestFocusAnyTarget(t *testing.T) {
	t.Parallel()
	s := "focus"
	r := tact(t, s, "open", page("act_form.html"), "--focus", "text=Choices >> xpath=..")
	mustOK(t, r)
	snap := r.out[strings.Index(r.out, "---\n"):]
	if !strings.Contains(snap, `"Colour"`) || strings.Contains(snap, `"Name"`) {
		t.Errorf("open --focus locator:\n%s", r.out)
	}
	out := openPage(t, s, page("act_form.html"))
	r = tact(t, s, "snap", "--focus", refOf(t, out, `"Count me"`))
	mustOK(t, r)
	if !strings.Contains(r.out, `"Count me"`) || strings.Contains(r.out, `"Colour"`) {
		t.Errorf("snap --focus @eN:\n%s", r.out)
	}
	r = tact(t, s, "read", "--focus", "role=button[name=\"Count me\"]")
	mustOK(t, r)
	if strings.TrimSpace(r.out) != "Count me" {
		t.Errorf("read --focus role=: %q", r.out)
	}
	r = tact(t, s, "click", refOf(t, out, `"Count me"`), "--focus", "css=#counter", "--locators")
	mustOK(t, r)
	if !strings.Contains(r.out, `"Clicked 1x"`) || !strings.Contains(r.out, "loc=") || strings.Contains(r.out, `"Colour"`) {
		t.Errorf("click --focus --locators:\n%s", r.out)
	}
	r = tact(t, s, "reload", "--focus", "#counter")
	mustOK(t, r)
	if !strings.Contains(r.out, `"Count me"`) || strings.Contains(r.out, `"Colour"`) {
		t.Errorf("reload --focus:\n%s", r.out)
	}
	// Flags parse (exit 8 for the missing tab, not 2 for a flag).
	if r = tact(t, s, "tab", "switch", "nosuchtab", "--focus", "main", "--max-tokens", "10"); r.code != 8 {
		t.Errorf("tab switch --focus: exit %d %s", r.code, r.err)
	}
}

// With stdout and stderr merged (2>&1), the footer starts on its own line;
// --diff's footer is the size of the diff.
func TestFooterOwnLine(t *testing.T) {
	t.Parallel()
	s := "focus"
	out := openPage(t, s, page("act_form.html"))
	var both bytes.Buffer
	if code := cli.Main([]string{"--session", s, "snap", "--focus", "#counter"}, &both, &both); code != 0 {
		t.Fatalf("exit %d: %s", code, both.String())
	}
	if !strings.Contains(both.String(), "\n(1 element, ~") || strings.HasPrefix(both.String(), "(") {
		t.Errorf("merged output:\n%s", both.String())
	}
	r := tact(t, s, "click", refOf(t, out, `"Count me"`), "--diff")
	mustOK(t, r)
	// The footer counts what the diff printed (the changed button, not its
	// unchanged neighbours).
	if n := strings.Count(r.out, "@e"); n == 0 || n > 2 || !strings.HasPrefix(strings.TrimLeft(r.err, "\n"), fmt.Sprintf("(diff: %d element", n)) {
		t.Errorf("--diff footer: %q\n%s", r.err, r.out)
	}
}
