package cli_test

import (
	"strings"
	"testing"
)

// ego-browser writes refs as @N: "click @3" acts like "click @e3", while
// @0, @-1 and @x stay usage errors that touch nothing.
func TestBareNumberRef(t *testing.T) {
	s := "egoref"
	out := openPage(t, s, page("act_form.html"))
	ref := refOf(t, out, `"Count me"`)
	bare := "@" + strings.TrimPrefix(ref, "@e")
	if bare == ref || bare == "@" {
		t.Fatalf("unexpected ref %q", ref)
	}
	mustOK(t, tact(t, s, "click", bare, "--no-snap"))
	if got := evalIn(t, s, `document.querySelector("#counter").textContent`); got != "Clicked 1x" {
		t.Fatalf("click %s: counter says %q", bare, got)
	}
	mustOK(t, tact(t, s, "click", ref, "--no-snap"))
	if got := evalIn(t, s, `document.querySelector("#counter").textContent`); got != "Clicked 2x" {
		t.Fatalf("click %s: counter says %q", ref, got)
	}
	for _, bad := range []string{"@0", "@-1", "@x"} {
		if r := tact(t, s, "click", bad, "--no-snap"); r.code != 2 {
			t.Errorf("click %s: exit %d, want 2 (%s)", bad, r.code, r.err)
		}
	}
	if got := evalIn(t, s, `document.querySelector("#counter").textContent`); got != "Clicked 2x" {
		t.Errorf("a malformed ref clicked: counter says %q", got)
	}
}
