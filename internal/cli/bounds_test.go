package cli_test

import (
	"strings"
	"testing"
)

// tact's own walks over the DOM (snap, read, the hit test, locators) do
// not recurse per level: 5,000 nested elements (the JS stack ends near
// 1,000 levels of recursion) are snapped, clicked, located and read.
func TestDeepNesting(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("bounds_deep.html"))
	if !strings.Contains(out, `"Deepest button"`) {
		t.Fatalf("snap lacks the deepest button:\n%.600s", out)
	}
	mustOK(t, tact(t, s, "click", refOf(t, out, `"Deepest button"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("go").textContent`); got != "Clicked" {
		t.Errorf("the deepest button was not clicked: %q", got)
	}
	r := tact(t, s, "locate", "css=#go")
	mustOK(t, r)
	if !strings.Contains(r.out, "css=#go") {
		t.Errorf("locate proposes no locator:\n%s", r.out)
	}
	for _, args := range [][]string{{"read"}, {"read", "--all"}, {"read", "--focus", "css=#deep"}} {
		r := tact(t, s, args...)
		mustOK(t, r)
		if !strings.Contains(r.out, "The deepest paragraph") {
			t.Errorf("%s lacks the deepest paragraph:\n%.400s", strings.Join(args, " "), r.out)
		}
	}
}
