package cli_test

import (
	"os"
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

// A page that makes its URL and title 1 MB long does not make `tab list`
// print 1 MB, nor the state file grow by 1 MB.
func TestLongURLAndTitle(t *testing.T) {
	t.Parallel()
	s := "boundsurl"
	openPage(t, s, page("hello.html"))
	mustOK(t, tact(t, s, "eval", `history.replaceState(null, "", location.pathname + "?q=" + "x".repeat(1 << 20)); document.title = "T".repeat(1 << 20); location.href.length`))
	r := tact(t, s, "tab", "list")
	mustOK(t, r)
	if len(r.out) > 2000 || !strings.Contains(r.out, "hello.html?q=xxx") {
		t.Errorf("tab list prints %d bytes:\n%.300s", len(r.out), r.out)
	}
	r = tact(t, s, "-o", "json", "tab", "list")
	mustOK(t, r)
	if len(r.out) > 2000 {
		t.Errorf("tab list -o json prints %d bytes", len(r.out))
	}
	fi, err := os.Stat(sessionFile(s, "state.json"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > 64<<10 {
		t.Errorf("state file is %d bytes", fi.Size())
	}
}
