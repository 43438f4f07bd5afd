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
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "open", page("act_newtext.html"))
	mustOK(t, r)
	solve := refOf(t, r.out, `"Solve"`)
	r = tact(t, s, "click", solve)
	mustOK(t, r)
	if !strings.Contains(r.out, "The secret password is swordfish-42.") {
		t.Fatalf("the new paragraph is not shown whole:\n%s", r.out)
	}
	if !strings.Contains(r.out, "Secret — "+page("act_newtext.html")) {
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
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "open", page("act_shadow_list.html"))
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

// A re-rendered one-row list told apart only by a field's value or by
// ::before text: the old ref never acts on the other record.
func TestRefindNeverAnotherRecord(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	for _, by := range []string{"value", "before"} {
		r := tact(t, s, "open", page("act_onerow.html?by="+by))
		mustOK(t, r)
		del := refOf(t, r.out, `"Delete"`)
		// The same record re-rendered is re-found.
		mustOK(t, tact(t, s, "click", "text=Re-render", "--no-snap"))
		r = tact(t, s, "click", del, "--no-snap")
		if r.code != 0 || !strings.Contains(r.out, "re-found") {
			t.Fatalf("by %s, same record: exit %d\n%s%s", by, r.code, r.out, r.err)
		}
		r = tact(t, s, "snap")
		del = refOf(t, r.out, `"Delete"`)
		mustOK(t, tact(t, s, "click", "text=Next person", "--no-snap"))
		r = tact(t, s, "click", del)
		if r.code != 7 {
			t.Errorf("by %s, another record: exit %d, want 7 (STALE_REF)\n%s%s", by, r.code, r.out, r.err)
		}
		if got := evalIn(t, s, `document.getElementById("log").textContent`); got == "deleted Bob" {
			t.Errorf("by %s: Bob was deleted through Alice's ref", by)
		}
	}
}

// Verdicts that agree with the page: a press the page acted on is done,
// a field the page consumed is not a failed fill, a widget the page
// removed is gone, not stuck.
func TestVerdictsTellTheTruth(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "open", page("act_verdicts.html"))
	mustOK(t, r)
	q, add, vol := refOf(t, r.out, `"Search the shop"`), refOf(t, r.out, `"New item"`), "role=slider"

	r = tact(t, s, "click", q)
	if r.code != 0 || !strings.Contains(r.out, "release landed on") {
		t.Errorf("focus-on-mousedown input: exit %d\n%s%s", r.code, r.out, r.err)
	}
	if got := evalIn(t, s, `document.activeElement.id`); got != "q" {
		t.Errorf("focus = %q, want q", got)
	}
	if got := evalIn(t, s, `document.getElementById("cover").matches(":focus")`); got != "false" {
		t.Errorf("the cover button got the click")
	}

	r = tact(t, s, "fill", add, "Apples")
	if r.code != 0 || !strings.Contains(r.out, "the page took the value and cleared the field") || !strings.Contains(r.out, "Apples") {
		t.Errorf("consumed field: exit %d\n%s%s", r.code, r.out, r.err)
	}
	if strings.Contains(r.out, `value is now ""`) {
		t.Errorf("consumed field reported as a failed fill:\n%s", r.out)
	}

	r = tact(t, s, "fill", vol, "100")
	if r.code != 0 || !strings.Contains(r.out, "slider is gone") || !strings.Contains(r.out, "Task complete") {
		t.Errorf("removed slider: exit %d\n%s%s", r.code, r.out, r.err)
	}
}

// A widget whose script starts on the load event, held by another site's
// slow request: the fill waits for the load and tries again instead of
// concluding that the widget does not react.
func TestActionWaitsForLoadBeforeNoReaction(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "open", page("act_lateinit.html?alt="+altURL), "--no-snap")
	mustOK(t, r)
	r = tact(t, s, "fill", "role=slider", "5")
	if r.code != 0 || strings.Contains(r.err, "does not react") {
		t.Fatalf("fill on a loading page: exit %d\n%s%s", r.code, r.out, r.err)
	}
	if got := evalIn(t, s, `document.getElementById("vol").getAttribute("aria-valuenow")`); got != "5" {
		t.Errorf("slider = %s, want 5\n%s", got, r.out)
	}
}

// A browser replaced between two calls: the next command says so and
// reopens the page, and a ref of the old browser is stale, not "another
// tab's".
func TestBrowserReplacedReopens(t *testing.T) {
	t.Parallel()
	s := "perca-replaced"
	env.OwnBrowser(s) // about the browser tact launches
	r := tact(t, s, "open", page("act_newtext.html"))
	mustOK(t, r)
	// The daemon goes too: the next one reads the refs from disk.
	killBrowser(t, s, true)
	clickReopens(t, s, refOf(t, r.out, `"Solve"`), "act_newtext.html")
}
