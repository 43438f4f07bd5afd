package cli_test

import (
	"strings"
	"testing"
)

// An action that leaves the page in place prints the page line, its
// effects and what changed; text it made appear prints whole, however
// long the section's summary may be.
func TestActionShowsNewTextWhole(t *testing.T) {
	t.Parallel()
	s := "perca-newtext"
	r := tact(t, s, "open", page("perc_secret.html"))
	mustOK(t, r)
	solve := refOf(t, r.out, `"Solve"`)
	r = tact(t, s, "click", solve)
	mustOK(t, r)
	if !strings.Contains(r.out, "The secret password is swordfish-42.") {
		t.Fatalf("the new paragraph is not shown whole:\n%s", r.out)
	}
	if !strings.Contains(r.out, "Secret — "+page("perc_secret.html")) {
		t.Errorf("no page line:\n%s", r.out)
	}
	// Only what changed: the unchanged buttons are not printed again.
	if strings.Contains(r.out, `"Count"`) || strings.Contains(r.out, "Work through the steps") {
		t.Errorf("unchanged lines printed again:\n%s", r.out)
	}
	// A changed line prints (and --diff never says "no change" then).
	count := refOf(t, r.out+"\n"+tact(t, s, "snap").out, `"Count"`)
	r = tact(t, s, "click", count, "--diff")
	mustOK(t, r)
	if !strings.Contains(r.out, "Clicked 1 times") || strings.Contains(r.out, "no change") {
		t.Errorf("changed text not shown:\n%s", r.out)
	}
	// --snap asks for the whole page, --no-snap for nothing.
	r = tact(t, s, "click", count, "--snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `"Solve"`) || !strings.Contains(r.out, "Clicked 2 times") {
		t.Errorf("--snap: not the whole page:\n%s", r.out)
	}
	r = tact(t, s, "click", count, "--no-snap")
	mustOK(t, r)
	if strings.Contains(r.out, "---") {
		t.Errorf("--no-snap printed a page:\n%s", r.out)
	}
}

// Changes inside an open shadow root and a same-origin iframe are the
// page reacting.
func TestActionSeesShadowAndFrameChanges(t *testing.T) {
	t.Parallel()
	s := "perca-shadow"
	r := tact(t, s, "open", page("perc_shadow.html"))
	mustOK(t, r)
	r = tact(t, s, "click", refOf(t, r.out, `"Add three"`))
	mustOK(t, r)
	if strings.Contains(r.out, "no change") || !strings.Contains(r.out, "Bread") {
		t.Errorf("shadow root change not seen:\n%s", r.out)
	}
	r = tact(t, s, "click", "text=Fill the frame")
	mustOK(t, r)
	if strings.Contains(r.out, "no change") || !strings.Contains(r.out, "Item from the parent") {
		t.Errorf("same-origin frame change not seen:\n%s", r.out)
	}
}
