package cli_test

import (
	"strings"
	"testing"
)

// A ref whose element the page re-rendered in the same document is
// re-found when exactly one element is identical to it, and says so.
func TestRefindAfterRerender(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("act_rerender.html"))
	first, second := refOf(t, out, `"Toggle Call bank"`), refOf(t, out, `"Toggle Pay rent"`)
	// With its re-snap, which forgets the refs of removed elements.
	r := tact(t, s, "check", first)
	mustOK(t, r)
	if strings.Contains(r.out, second+" ") {
		t.Fatalf("the re-rendered row kept its ref:\n%s", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("done").textContent`); got != "1 done: Call bank" {
		t.Fatalf("after the first check: %q", got)
	}
	// The list was rebuilt: second's element is gone, an identical one is there.
	r = tact(t, s, "check", second)
	mustOK(t, r)
	if !strings.Contains(r.out, second+" re-found after the page re-rendered it") {
		t.Errorf("re-found not reported:\n%s", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("done").textContent`); got != "2 done: Call bank, Pay rent" {
		t.Errorf("after checking the re-rendered row: %q", got)
	}
	// Another document (a reload) never re-finds: STALE_REF.
	third := refOf(t, r.out, `"Toggle Walk dog"`)
	mustOK(t, tact(t, s, "reload", "--no-snap"))
	r = tact(t, s, "check", third)
	if r.code != 7 {
		t.Errorf("ref after a reload: exit %d, want 7 (STALE_REF)\n%s%s", r.code, r.out, r.err)
	}
}

// Two identical rows: after a re-render either could be "the" element,
// so tact does not guess.
func TestRefindLookalikesStale(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("act_rerender.html?items=Buy%20milk,Buy%20milk,Eggs"))
	eggs := refOf(t, out, `"Toggle Eggs"`)
	var milk string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"Toggle Buy milk"`) {
			milk = refOf(t, line, `"Toggle Buy milk"`)
		}
	}
	mustOK(t, tact(t, s, "check", eggs, "--no-snap"))
	r := tact(t, s, "check", milk)
	if r.code != 7 || !strings.Contains(r.err, "2 elements now look the same") {
		t.Errorf("lookalike: exit %d\n%s%s", r.code, r.out, r.err)
	}
	if got := evalIn(t, s, `document.getElementById("done").textContent`); got != "1 done: Eggs" {
		t.Errorf("a lookalike was checked: %q", got)
	}
}

// An identical element under another heading is not the removed one.
func TestRefindOtherSectionStale(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("act_rerender.html"))
	var more string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, `"Show more"`) && more == "" {
			more = refOf(t, line, `"Show more"`) // the Inbox one, first in the page
		}
	}
	mustOK(t, tact(t, s, "click", more, "--no-snap"))
	r := tact(t, s, "click", more)
	if r.code != 7 {
		t.Errorf("removed button: exit %d, want 7 (STALE_REF)\n%s%s", r.code, r.out, r.err)
	}
	if got := evalIn(t, s, `document.getElementById("archive").textContent`); got != "Show more" {
		t.Errorf("the Archive button was clicked: %q", got)
	}
}
