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

// A document --allowed-domains refuses after it showed (a page's own
// history.back() into the back/forward cache, a blob: of another site)
// leaves the tab on the page it was on, not on about:blank.
func TestRefusedLeavesTabInPlace(t *testing.T) {
	t.Parallel()
	s := "bounds-refused"
	alt := strings.Replace(altURL, "127.0.0.1", "localhost", 1)
	mustOK(t, tact(t, s, "open", alt+"/other.html?cacheable=1"))
	here := page("hello.html?cacheable=1")
	mustOK(t, tact(t, s, "open", here))
	mustOK(t, tact(t, s, "--allowed-domains", "127.0.0.1", "eval", "history.back(); 1"))
	eventually(t, "the tab is back on "+here, func() bool {
		return evalIn(t, s, "location.href") == here
	})
	blob := page("domains_blob.html?alt=" + alt)
	mustOK(t, tact(t, s, "open", blob))
	tact(t, s, "click", "text=Blob to top")
	// A blob: document another site's frame put at the top: the history
	// entry before it is not always reachable from its target, so the tab
	// may end on about:blank; never on the refused document.
	eventually(t, "the tab leaves the refused blob: document", func() bool {
		u := evalIn(t, s, "location.href")
		return u == blob || u == "about:blank"
	})
}

// A page's 50 MB text node (2 MB here, over the 1 MB cap, to keep the test cheap) is never
// printed whole: read --from N cuts inside the line at --max-tokens, and
// --max-tokens 0 stops at 1 MB. A 100k-link page read past --timeout
// says the work was tact's own, and the daemon answers the next command.
func TestReadBounds(t *testing.T) {
	t.Parallel()
	s := "bounds-read"
	env.OwnBrowser(s) // its pages keep a daemon busy for seconds (see TestHostilePages)
	mustOK(t, tact(t, s, "--timeout", "60s", "open", "--no-snap", page("bounds_text.html?mb=2")))
	// Line 1 is the note, 2 the heading, 3 the long text: after the
	// heading, the long line is cut inside, not left out.
	for _, from := range []string{"1", "3"} {
		r := tact(t, s, "--timeout", "60s", "read", "--from", from)
		mustOK(t, r)
		if len(r.out) > 20000 || !strings.Contains(r.out, "lorem ipsum") || !strings.Contains(r.out, "inside line 3") {
			t.Errorf("read --from %s printed %d bytes:\n%.200s\n…%s", from, len(r.out), r.out, tail(r.out, 300))
		}
	}
	r := tact(t, s, "--timeout", "60s", "read", "--all", "--max-tokens", "0")
	mustOK(t, r)
	if len(r.out) > 1<<20+1000 {
		t.Errorf("read --max-tokens 0 printed %d bytes", len(r.out))
	}
	r = tact(t, s, "--timeout", "60s", "snap", "--max-tokens", "0")
	mustOK(t, r)
	if len(r.out) > 1<<20 {
		t.Errorf("snap --max-tokens 0 printed %d bytes", len(r.out))
	}

	mustOK(t, tact(t, s, "--timeout", "60s", "open", "--no-snap", page("bounds_links.html")))
	// The page's first style and layout (the browser's work, which no
	// script termination stops) before the read that is to run out of time.
	mustOK(t, tact(t, s, "--timeout", "60s", "eval", "getComputedStyle(document.links[99999]).display + document.body.offsetHeight"))
	r = tact(t, s, "--timeout", "3s", "read")
	switch {
	case r.code == 5 && (!strings.Contains(r.err, "tact's") || !strings.Contains(r.err, "--focus")):
		t.Errorf("read past --timeout blames the page: %s", r.err)
	case r.code != 5 && r.code != 0:
		t.Errorf("read: exit %d %s", r.code, r.err)
	}
	t.Logf("read of 100k links with --timeout 3s: exit %d %s", r.code, strings.TrimSpace(r.err))
	// The daemon is free again at once: not held by the conversion.
	mustOK(t, tact(t, s, "--timeout", "10s", "eval", "document.title"))
}

// A page keeps at most 5 of the tabs it opens per action or page load:
// the rest are closed at once and reported, and a page that opens tabs as
// it loads, without a click, is said to.
func TestPopupCap(t *testing.T) {
	t.Parallel()
	s := "bounds-popups"
	r := tact(t, s, "open", page("bounds_popups.html?load=12"))
	mustOK(t, r)
	if !strings.Contains(r.out, "the page opened 5 tabs on its own") || !strings.Contains(r.out, "closed 7 popups the page opened") {
		t.Errorf("open of a page that opens 12 tabs:\n%s", r.out)
	}
	blanks := func() int { return strings.Count(tact(t, s, "tab", "list").out, " about:blank\n") }
	eventually(t, "5 popups open", func() bool { return blanks() == 5 })
	mustOK(t, tact(t, s, "tab", "switch", "bounds_popups"))
	r = tact(t, s, "click", "css=#many", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "closed 35 popups the page opened") {
		t.Errorf("click that opens 40 popups:\n%s", r.out)
	}
	eventually(t, "10 popups open", func() bool { return blanks() == 10 })
}
