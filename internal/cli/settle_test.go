package cli_test

import (
	"strings"
	"testing"
)

// An effect that comes a little after the action is in the re-snap; an
// action the page ignores says so; a field that did not take the value
// says what it holds.
func TestSettleDelayedEffects(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("act_settle.html"))

	r := tact(t, s, "click", refOf(t, out, `"Add to bag"`))
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "ok\n") || !strings.Contains(r.out, "Added to your bag") {
		t.Errorf("click with a toast 400 ms later:\n%s", r.out)
	}

	r = tact(t, s, "click", refOf(t, out, `"Save now"`))
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "ok\n") || !strings.Contains(r.out, "Saved at once") {
		t.Errorf("click with an immediate effect:\n%s", r.out)
	}

	r = tact(t, s, "click", refOf(t, out, `"Does nothing"`))
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "ok (no change on the page)\n") {
		t.Errorf("no-op click:\n%s", r.out)
	}

	r = tact(t, s, "fill", refOf(t, out, `"Find fruit"`), "kiwi")
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "ok\n") || !strings.Contains(r.out, "Result for kiwi") {
		t.Errorf("fill with a 350 ms debounced search:\n%s", r.out)
	}
	r = tact(t, s, "type", refOf(t, out, `"Find fruit"`), "s")
	mustOK(t, r)
	if !strings.Contains(r.out, "Result for kiwis") {
		t.Errorf("type with a 350 ms debounced search:\n%s", r.out)
	}

	// Clicking into a field moves the focus: not "no change".
	r = tact(t, s, "click", refOf(t, out, `"Quantity"`), "--no-snap")
	mustOK(t, r)
	if r.out != "ok\n" {
		t.Errorf("click into a field: %q", r.out)
	}
	// A plain field that takes the value: no note, and not "no change".
	r = tact(t, s, "fill", refOf(t, out, `"Quantity"`), "12", "--no-snap")
	mustOK(t, r)
	if r.out != "ok\n" {
		t.Errorf("fill of a number: %q", r.out)
	}
	r = tact(t, s, "fill", refOf(t, out, `"Quantity"`), "twelve", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `value is now ""`) {
		t.Errorf("fill of text into a number field: %q", r.out)
	}
	r = tact(t, s, "fill", refOf(t, out, `"Phone"`), "5551234567", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `value is now "555-123-4567"`) {
		t.Errorf("fill of a masked field: %q", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("phone").value`); got != "555-123-4567" {
		t.Errorf("phone = %q", got)
	}
}
