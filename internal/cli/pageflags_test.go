package cli_test

import (
	"strings"
	"testing"
)

// Every command that prints a page takes the same page flags: snap
// --diff, batch --focus/--max-tokens/--locators; batch steps given as
// arguments keep a locator's quotes; press takes its target on either
// side of the keys.
func TestPageFlagsEverywhere(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("eff_nomain.html"))
	mustOK(t, r)
	bales := refOf(t, r.out, `"Bales of hay"`)

	r = tact(t, s, "batch", "--focus", "#content", "--locators", `click role=button[name="Load goat"]`)
	mustOK(t, r)
	if !strings.Contains(r.out, "Goat loaded: Bella") || strings.Contains(r.out, "Farm home") || !strings.Contains(r.out, "loc=") {
		t.Fatalf("batch --focus #content --locators with a quoted locator step:\n%s", r.out)
	}

	// After a focused snap the next diff is against what the agent saw
	// then (issue 39): the goat it was shown loaded is no change.
	r = tact(t, s, "snap", "--diff")
	mustOK(t, r)
	if !strings.Contains(r.out, "no change") || strings.Contains(r.out, "Goat loaded") {
		t.Errorf("snap --diff after the batch:\n%s", r.out)
	}
	r = tact(t, s, "snap", "--diff")
	mustOK(t, r)
	if !strings.Contains(r.out, "no change") {
		t.Errorf("snap --diff right after a snap of the same page:\n%s", r.out)
	}

	r = tact(t, s, "press", bales, "ArrowUp", "--no-snap")
	mustOK(t, r)
	if v := tact(t, s, "eval", "document.getElementById('bales').value"); !strings.Contains(v.out, "4") {
		t.Errorf("press %s ArrowUp did not step the field up: %s %s", bales, v.out, v.err)
	}
	r = tact(t, s, "snap", "--diff", "--max-tokens", "400")
	mustOK(t, r)
	if !strings.Contains(r.out, "4") || strings.Contains(r.out, "Farm home") {
		t.Errorf("snap --diff after a press prints the change only:\n%s", r.out)
	}

	r = tact(t, s, "press", bales)
	if r.code != 2 || !strings.Contains(r.err, "press KEY [TARGET]") {
		t.Errorf("press with only a target: exit %d, %s", r.code, r.err)
	}
}

// --focus main on a page without <main> shows the page's main content
// region and says so; an action whose --focus fails still prints the
// page.
func TestFocusMainFallback(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("eff_nomain.html"), "--focus", "main")
	mustOK(t, r)
	if !strings.Contains(r.out, "no <main>") || !strings.Contains(r.out, "div#content") || !strings.Contains(r.out, "Load goat") || strings.Contains(r.out, "Farm home") || strings.Contains(r.out, "Imprint") {
		t.Fatalf("snap --focus main without <main>:\n%s", r.out)
	}
	r = tact(t, s, "click", `role=button[name="Load goat"]`, "--focus", "#nothing-here")
	mustOK(t, r)
	if !strings.Contains(r.out, "--focus #nothing-here") || !strings.Contains(r.out, "Goat loaded: Bella") {
		t.Errorf("click with a --focus that matches nothing:\n%s", r.out)
	}
}
