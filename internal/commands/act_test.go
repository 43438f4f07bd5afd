package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/session"
	"github.com/tact-browser/tact/internal/snapshot"
	"github.com/tact-browser/tact/internal/verdict"
)

// The unit tests of act's logic: act runs on a fake tab (faketab_test.go)
// whose watch results, loading state, effects and snaps are scripted, so
// each rule (the load retry, a popup adopted, a diff or the whole page,
// the wording of "no change", dry runs, instant input) is one case with
// no browser. The end-to-end tests in internal/cli show the real page.

const shopURL = "http://127.0.0.1/shop.html"

// shopPage is a snap of a page with one section of buttons.
func shopPage(url string, names ...string) *snapshot.Page {
	var els []snapshot.Element
	for i, n := range names {
		els = append(els, snapshot.Element{Ref: fmt.Sprintf("e%d", i+1), Role: "button", Name: n, Tag: "button", Action: "click"})
	}
	return &snapshot.Page{URL: url, Title: "Shop", Sections: []snapshot.Section{{Heading: "Cart", Level: 1, Summary: "Your cart holds three books.", Elements: els}}}
}

var shopButtons = []string{"Add The Dispossessed to the cart", "Add Kindred to the cart", "Add Piranesi to the cart", "Check out"}

// shopTab is a fake tab on the shop page, snapped before (the base of a
// diff), with a button @e1.
func shopTab(t *testing.T) *fakeTab {
	f := &fakeTab{t: t, id: "AAAAAAAA11112222", url: shopURL, snap: shopPage(shopURL, shopButtons...), last: shopPage(shopURL, shopButtons...), sameDoc: true}
	f.elements = map[string]*fakeEl{"@e1": {tab: f, name: "Add", tag: "button"}}
	return f
}

// reacted and nothing are the watch's results: the page reacted; it did
// not.
var (
	reacted = observe.Result{Observation: verdict.Observation{Page: true}}
	nothing = observe.Result{}
)

// runAct runs act on pages' current tab as the command would.
func runAct(t *testing.T, pages *fakePages, fast bool, o ActOpts, target string, a actionOn[*fakeEl], do func(*fakeTab, *fakeEl) ([]string, error)) (*Output, error) {
	t.Helper()
	env := fakeEnv(&fakeBrowser{tabs: tabsOf(pages)})
	env.Fast = fast
	return actIn(context.Background(), env, pages, o, target, a, do)
}

// tabsOf lists the fake's tabs as the browser's tab list would.
func tabsOf(p *fakePages) []session.TabInfo {
	out := []session.TabInfo{{ID: p.current.id}}
	for id := range p.popups {
		out = append(out, session.TabInfo{ID: id})
	}
	return out
}

// doing is a do that counts its runs and returns lines and err; effects,
// when set, are what the page did meanwhile (left for Drain).
func doing(runs *int, lines []string, err error, effects *page.Effects) func(*fakeTab, *fakeEl) ([]string, error) {
	return func(t *fakeTab, _ *fakeEl) ([]string, error) {
		*runs++
		if effects != nil {
			t.effects = *effects
		}
		return lines, err
	}
}

// head, body and snap split an action's text: its first line, the
// lines up to "---", and what follows it.
func split(text string) (head string, body []string, snap string) {
	before, snap, _ := strings.Cut(text, "---\n")
	lines := strings.Split(strings.TrimSuffix(before, "\n"), "\n")
	return lines[0], lines[1:], snap
}

// checkData fails unless out's JSON data says what its text says: one
// value rendered twice. The head is the verdict's (or "ok"), the effects
// are the lines under it, changed is false exactly when the head says the
// page did not change, and a snap follows "---" in both or in neither.
func checkData(t *testing.T, out *Output) actionData {
	t.Helper()
	d, ok := out.Data.(actionData)
	if !ok {
		t.Fatalf("data is %T, want actionData", out.Data)
	}
	head, body, snap := split(out.Text)
	wantHead := "ok"
	if d.Verdict != nil {
		wantHead = d.Verdict.Head()
	}
	if head != wantHead {
		t.Errorf("text head %q, data's verdict says %q", head, wantHead)
	}
	if !slices.Equal(body, d.Effects) && !(len(body) == 0 && len(d.Effects) == 0) {
		t.Errorf("text lines %q, data effects %q", body, d.Effects)
	}
	if d.Effects == nil {
		t.Error("data effects are null, want [] (a JSON reader indexes them)")
	}
	if noChange := strings.Contains(head, "no change"); noChange != (d.Changed != nil && !*d.Changed) {
		t.Errorf("head %q but changed=%v", head, d.Changed)
	}
	hasSnap := strings.Contains(out.Text, "\n---\n")
	if failed := strings.HasPrefix(snap, "(snap failed"); hasSnap && !failed && d.Snap == nil {
		t.Error("the text has a snap, the data none")
	}
	if !hasSnap && d.Snap != nil {
		t.Error("the data has a snap, the text none")
	}
	if d.Snap != nil && !strings.Contains(snap, d.Snap.URL) {
		t.Errorf("the data's snap is of %s, the text's is not:\n%s", d.Snap.URL, snap)
	}
	return d
}

// The load retry: an action the page does not react to while it loads is
// tried again once its load event comes, and only then.
func TestActLoadRetry(t *testing.T) {
	notInteractable := failure.New(failure.NotInteractable, "@e1 is covered by div#splash")
	otherOrigin := &failure.Error{Code: failure.NotInteractable, Message: "the press would land in another origin's frame", Cause: page.ErrOtherOrigin}
	cases := []struct {
		name     string
		loading  []bool // StillLoading before and after the first attempt
		unusable error
		loads    bool
		watches  []observe.Result
		errs     []error // do's error, per run
		runs     int     // times do ran
		await    bool    // AwaitLoad was called
		head     string
		note     bool   // the "still loading" line leads the lines
		err      string // the command's error, if it fails
		hint     bool   // the error hints at the load
	}{
		{name: "no reaction while loading, load comes: tried again", loading: []bool{true}, loads: true, watches: []observe.Result{nothing, reacted}, runs: 2, await: true, head: "ok", note: true},
		{name: "loading only after the attempt still counts", loading: []bool{false, true}, loads: true, watches: []observe.Result{nothing, reacted}, runs: 2, await: true, head: "ok", note: true},
		{name: "no reaction while loading, no load: said so", loading: []bool{true}, watches: []observe.Result{nothing}, runs: 1, await: true, head: "ok (no change on the page yet: it is still loading)"},
		{name: "no reaction on a loaded page: no wait", loading: []bool{false}, watches: []observe.Result{nothing}, runs: 1, head: "ok (no change on the page)"},
		{name: "a reaction while loading: no second try", loading: []bool{true}, loads: true, watches: []observe.Result{reacted}, runs: 1, head: "ok"},
		{name: "a document not yet usable: no wait", loading: []bool{true}, unusable: errors.New("still between documents"), watches: []observe.Result{nothing}, runs: 1, head: "ok (no change on the page)"},
		{name: "not interactable while loading, load comes: tried again", loading: []bool{true}, loads: true, watches: []observe.Result{reacted}, errs: []error{notInteractable, nil}, runs: 2, await: true, head: "ok", note: true},
		{name: "not interactable while loading, no load: the error with a hint", loading: []bool{true}, errs: []error{notInteractable}, runs: 1, await: true, err: "covered", hint: true},
		{name: "a refusal is never tried again", loading: []bool{true}, loads: true, errs: []error{otherOrigin}, runs: 1, err: "another origin"},
		{name: "another error is not retried", loading: []bool{true}, loads: true, errs: []error{failure.New(failure.StaleRef, "@e1 is stale")}, runs: 1, err: "stale"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := shopTab(t)
			f.loading, f.unusable, f.loads, f.watches = c.loading, c.unusable, c.loads, c.watches
			runs := 0
			do := func(*fakeTab, *fakeEl) ([]string, error) {
				runs++
				if runs <= len(c.errs) {
					return nil, c.errs[runs-1]
				}
				return nil, nil
			}
			out, err := runAct(t, &fakePages{current: f}, false, ActOpts{NoSnap: true}, "@e1", actionOn[*fakeEl]{verb: "click"}, do)
			if runs != c.runs {
				t.Errorf("do ran %d times, want %d", runs, c.runs)
			}
			if got := f.called("AwaitLoad") > 0; got != c.await {
				t.Errorf("waited for the load: %v, want %v (calls %q)", got, c.await, f.calls)
			}
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", err, c.err)
				}
				if got := failure.From(err).Hint != ""; got != c.hint {
					t.Errorf("hint %q, want one: %v", failure.From(err).Hint, c.hint)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			head, body, _ := split(out.Text)
			if head != c.head {
				t.Errorf("head %q, want %q", head, c.head)
			}
			if got := len(body) > 0 && strings.Contains(body[0], "still loading: waited for its load event and tried again"); got != c.note {
				t.Errorf("load note %v, want %v: %q", got, c.note, out.Text)
			}
			if runs == 2 && f.called("MarkAction") != 2 {
				t.Errorf("the second try was not marked and watched: %q", f.calls)
			}
			checkData(t, out)
		})
	}
}

// A popup the action opened becomes the current tab: it is loaded and
// settled, named as tab list names it, and its page is printed whole;
// one on a refused site is named without its title or URL.
func TestActAdoptsPopup(t *testing.T) {
	const popupID = "BBBBBBBB33334444"
	for _, refused := range []bool{false, true} {
		t.Run(fmt.Sprintf("refused=%v", refused), func(t *testing.T) {
			f := shopTab(t)
			f.watches = []observe.Result{reacted}
			popup := &fakeTab{t: t, id: popupID, url: "http://127.0.0.1/receipt.html", title: "Receipt", snap: shopPage("http://127.0.0.1/receipt.html", "Print the receipt")}
			if refused {
				popup.refused = []string{"https://elsewhere.example/"}
			}
			pages := &fakePages{current: f, popups: map[string]*fakeTab{popupID: popup}}
			runs := 0
			out, err := runAct(t, pages, false, ActOpts{}, "@e1", actionOn[*fakeEl]{verb: "click"}, doing(&runs, nil, nil, &page.Effects{Opened: []string{popupID}}))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(pages.adopted, []string{popupID}) {
				t.Fatalf("adopted %q, want the popup", pages.adopted)
			}
			if popup.called("WaitLoaded") != 1 || popup.called("Settle") != 1 {
				t.Errorf("the popup was not loaded and settled: %q", popup.calls)
			}
			d := checkData(t, out)
			p := d.Verdict.Popup
			if p == nil || p.Tab != "BBBBBBBB #1" {
				t.Fatalf("verdict popup %+v, want tab BBBBBBBB #1", p)
			}
			_, _, snap := split(out.Text)
			if f.called("Snapshot") != 0 || popup.called("Snapshot") != 1 {
				t.Errorf("snapped the opener (%q) or not the popup (%q)", f.calls, popup.calls)
			}
			if !strings.Contains(snap, "Print the receipt") {
				t.Errorf("the popup's page is not printed whole:\n%s", snap)
			}
			if refused {
				if p.Title != "" || p.URL != "" || popup.called("EvalWorld") != 0 {
					t.Errorf("a refused popup's title or URL was read: %+v, %q", p, popup.calls)
				}
				if !slices.Equal(p.Refused, popup.refused) {
					t.Errorf("refused %q, want %q", p.Refused, popup.refused)
				}
				return
			}
			if p.Title != "Receipt" || p.URL != popup.url {
				t.Errorf("popup %+v, want its title and URL", p)
			}
		})
	}
}

// After a navigation (or into a new document) the page prints whole; an
// action that leaves the document in place prints what changed; an
// empty change says "no change on the page" unless the verdict has told
// what the page did.
func TestActSnapOrDiff(t *testing.T) {
	changed := append([]string{"Remove The Dispossessed"}, shopButtons[1:]...)
	scrolled := observe.Result{Observation: verdict.Observation{Scroll: &verdict.Scroll{From: [2]int{0, 0}, To: [2]int{0, 700}, Max: [2]int{0, 2000}}}}
	cases := []struct {
		name      string
		o         ActOpts
		a         actionOn[*fakeEl] // a click unless given
		watch     observe.Result
		navigated bool
		// otherDoc: the previous snap was of another document (the
		// verdict's navigation alone must make the page print whole).
		otherDoc bool
		after    []string // the page's buttons after the action
		whole    bool     // the snap is the whole page
		noChange bool     // the diff says "(no change on the page)"
		line     string   // a line the output has
	}{
		{name: "in place: what changed", watch: reacted, after: changed, line: `@e1 [button] "Remove The Dispossessed"`},
		{name: "in place, reacted, nothing changed: said", watch: reacted, after: shopButtons, noChange: true},
		{name: "no reaction: the head says it, the diff does not repeat it", watch: nothing, after: shopButtons, line: "ok (no change on the page)"},
		{name: "a scroll: told in the lines, not as no change", watch: scrolled, after: shopButtons, line: "scrolled 0,0 → 0,700"},
		{name: "navigated: the whole page", watch: observe.Result{Observation: verdict.Observation{Page: true}}, navigated: true, after: shopButtons, whole: true, line: "navigated to " + shopURL + "?page=2"},
		{name: "--snap: the whole page in place", o: ActOpts{Snap: true}, watch: reacted, after: changed, whole: true},
		{name: "--diff after a navigation to another document: the whole page", o: ActOpts{Diff: true}, watch: reacted, navigated: true, otherDoc: true, after: changed, whole: true},
		{name: "a hover is never no reaction", a: actionOn[*fakeEl]{verb: "hover", unseen: true}, watch: nothing, after: shopButtons, noChange: true, line: "ok\n"},
		{name: "a drag that moved nothing: the head says so, the diff does not repeat it", a: actionOn[*fakeEl]{verb: "drag", notMoved: func(context.Context) string { return "@e1 and @e4 are as before" }}, watch: reacted, after: shopButtons, line: "no change (the drag moved nothing: @e1 and @e4 are as before)"},
		{name: "--locators: the whole page with locators", o: ActOpts{Locators: true}, watch: reacted, after: changed, whole: true, line: "loc=role=button"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := shopTab(t)
			f.watches = []observe.Result{c.watch}
			f.snap = shopPage(shopURL, c.after...)
			if c.navigated {
				f.navigated, f.url = true, shopURL+"?page=2"
				f.snap.URL = f.url
			}
			f.sameDoc = !c.otherDoc
			if c.a.verb == "" {
				c.a.verb = "click"
			}
			runs := 0
			out, err := runAct(t, &fakePages{current: f}, false, c.o, "@e1", c.a, doing(&runs, nil, nil, nil))
			if err != nil {
				t.Fatal(err)
			}
			d := checkData(t, out)
			_, _, snap := split(out.Text)
			if whole := strings.Contains(snap, "Check out"); whole != c.whole {
				t.Errorf("whole page %v, want %v:\n%s", whole, c.whole, snap)
			}
			if got := strings.Contains(snap, "("+verdict.NoChange+")"); got != c.noChange {
				t.Errorf("diff says no change: %v, want %v:\n%s", got, c.noChange, out.Text)
			}
			if c.line != "" && !strings.Contains(out.Text, c.line) {
				t.Errorf("no line %q in:\n%s", c.line, out.Text)
			}
			if !strings.HasPrefix(snap, "Shop — ") {
				t.Errorf("the snap has no page line:\n%s", snap)
			}
			if f.last != f.snap {
				t.Error("the fresh snap is not the next diff's base")
			}
			if hasLoc := len(d.Snap.Sections[0].Elements[0].Attrs) > 0 && d.Snap.Sections[0].Elements[0].Attrs[0].Key == "loc"; hasLoc != c.o.Locators {
				t.Errorf("the data's elements have a loc: %v, the text's: %v", hasLoc, c.o.Locators)
			}
		})
	}
}

// What act prints of the element and the action: a re-found ref first,
// the action's lines, the notes it left on the element; --no-snap stops
// before the page; a failed snap is a line, not an error (the action has
// happened); a --focus that fails prints the whole page under a line.
func TestActLinesAndSnapFailures(t *testing.T) {
	t.Run("remarks", func(t *testing.T) {
		f := shopTab(t)
		f.watches = []observe.Result{reacted}
		f.elements["@e1"].refound, f.elements["@e1"].notes = true, []string{"the release went to div#overlay"}
		runs := 0
		out, err := runAct(t, &fakePages{current: f}, false, ActOpts{NoSnap: true}, "@e1", actionOn[*fakeEl]{verb: "click"}, doing(&runs, []string{"selected: Kindred"}, nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		d := checkData(t, out)
		want := []string{"@e1 re-found after the page re-rendered it", "selected: Kindred", "the release went to div#overlay"}
		if !slices.Equal(d.Effects, want) {
			t.Errorf("lines %q, want %q", d.Effects, want)
		}
		if strings.Contains(out.Text, "---") || f.called("Snapshot") > 0 {
			t.Errorf("--no-snap snapped: %q", out.Text)
		}
		if f.called("Release Add") != 1 {
			t.Errorf("the element was not released: %q", f.calls)
		}
	})
	t.Run("snap failed", func(t *testing.T) {
		f := shopTab(t)
		f.watches = []observe.Result{reacted}
		f.snapErr = failure.New(failure.Timeout, "the page did not answer")
		runs := 0
		out, err := runAct(t, &fakePages{current: f}, false, ActOpts{}, "@e1", actionOn[*fakeEl]{verb: "click"}, doing(&runs, nil, nil, nil))
		if err != nil {
			t.Fatalf("a failed snap after the action is an error: %v", err)
		}
		if _, _, snap := split(out.Text); snap != "(snap failed: the page did not answer)\n" {
			t.Errorf("snap %q", snap)
		}
		if d := checkData(t, out); d.Snap != nil {
			t.Error("a failed snap has data")
		}
	})
	t.Run("focus failed", func(t *testing.T) {
		f := shopTab(t)
		f.watches = []observe.Result{reacted}
		f.focusErr = failure.New(failure.NotFound, "nothing matches css=#cart")
		runs := 0
		out, err := runAct(t, &fakePages{current: f}, false, ActOpts{Focus: "css=#cart"}, "@e1", actionOn[*fakeEl]{verb: "click"}, doing(&runs, nil, nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		_, _, snap := split(out.Text)
		if !strings.HasPrefix(snap, "(--focus css=#cart: nothing matches css=#cart; the whole page follows)\n") || !strings.Contains(snap, "Check out") {
			t.Errorf("snap:\n%s", snap)
		}
		checkData(t, out)
	})
}

// Fit's checks come before the page is touched: a mismatch fails with
// nothing done; a label's control stands in for it, and both are
// released.
func TestActFit(t *testing.T) {
	f := shopTab(t)
	f.watches = []observe.Result{reacted}
	el := f.elements["@e1"]
	el.control = &fakeEl{tab: f, name: "Gift wrap", tag: "input"}
	var got *fakeEl
	_, err := runAct(t, &fakePages{current: f}, false, ActOpts{NoSnap: true}, "@e1", actionOn[*fakeEl]{verb: "check", need: page.NeedCheck}, func(_ *fakeTab, e *fakeEl) ([]string, error) {
		got = e
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got != el.control {
		t.Errorf("do got %v, want the label's control", got)
	}
	if f.called("Release Add") != 1 || f.called("Release Gift") != 1 {
		t.Errorf("not both released: %q", f.calls)
	}

	f = shopTab(t)
	f.elements["@e1"].fitErr = failure.New(failure.NotInteractable, "cannot check @e1 [button] \"Add\"")
	runs := 0
	if _, err := runAct(t, &fakePages{current: f}, false, ActOpts{}, "@e1", actionOn[*fakeEl]{verb: "check", need: page.NeedCheck}, doing(&runs, nil, nil, nil)); err == nil || runs != 0 || f.called("MarkAction") != 0 {
		t.Errorf("a target that does not fit: err %v, do ran %d times, calls %q", err, runs, f.calls)
	}
}

// A dry run checks and names the target and does nothing: no mark, no
// do, no snap. A click's dry run checks that a click would reach it.
func TestActDryRun(t *testing.T) {
	covered := failure.New(failure.NotInteractable, "@e1 is covered by div#cookie-banner")
	cases := []struct {
		name     string
		target   string
		a        actionOn[*fakeEl]
		pointErr error
		want     string // the text, or the error's
		clicked  bool   // ClickPoint was asked
	}{
		{name: "a click", target: "@e1", a: actionOn[*fakeEl]{verb: "click", clicks: true}, want: "dry run: would click @e1 [button] \"Add\"\n", clicked: true},
		{name: "a covered click fails", target: "@e1", a: actionOn[*fakeEl]{verb: "click", clicks: true}, pointErr: covered, want: "covered by div#cookie-banner", clicked: true},
		{name: "a fill does not aim", target: "@e1", a: actionOn[*fakeEl]{verb: "fill"}, want: "dry run: would fill @e1 [button] \"Add\"\n"},
		{name: "its own check", target: "@e1", a: actionOn[*fakeEl]{verb: "select", dryCheck: func(context.Context, *fakeEl) error {
			return failure.New(failure.NotFound, "no option \"Blue\"")
		}}, want: "no option"},
		{name: "no target", a: actionOn[*fakeEl]{verb: "scroll"}, want: "dry run: would scroll the page\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := shopTab(t)
			f.elements["@e1"].pointErr = c.pointErr
			runs := 0
			out, err := runAct(t, &fakePages{current: f}, false, ActOpts{DryRun: true}, c.target, c.a, doing(&runs, nil, nil, nil))
			switch {
			case err != nil && !strings.Contains(err.Error(), c.want):
				t.Errorf("error %v, want %q", err, c.want)
			case err == nil && out.Text != c.want:
				t.Errorf("text %q, want %q", out.Text, c.want)
			case err == nil:
				jsonEq(t, "dry run", out.Data, fmt.Sprintf(`{"dry_run":true,"action":%q,"target":%q}`, c.a.verb, c.target))
			}
			if runs != 0 || f.called("MarkAction") != 0 || f.called("Snapshot") != 0 {
				t.Errorf("a dry run acted: do ran %d times, calls %q", runs, f.calls)
			}
			if got := f.called("ClickPoint") > 0; got != c.clicked {
				t.Errorf("aimed: %v, want %v", got, c.clicked)
			}
		})
	}
}

// An action with nothing to do (check on a checked box) waits for no
// reaction: no watch, and the head says no change. Instant input (batch
// --fast, a pointer move) is delivered and not watched: ok.
func TestActNoWait(t *testing.T) {
	cases := []struct {
		name    string
		fast    bool
		a       func(already *bool) actionOn[*fakeEl]
		head    string
		watched bool
	}{
		{name: "already checked", a: func(already *bool) actionOn[*fakeEl] {
			return actionOn[*fakeEl]{verb: "check", already: already}
		}, head: "ok (no change on the page)"},
		{name: "instant input", a: func(*bool) actionOn[*fakeEl] { return actionOn[*fakeEl]{verb: "move the mouse to", instant: true} }, head: "ok"},
		{name: "--fast", fast: true, a: func(*bool) actionOn[*fakeEl] { return actionOn[*fakeEl]{verb: "click"} }, head: "ok"},
		{name: "a click is watched", a: func(*bool) actionOn[*fakeEl] { return actionOn[*fakeEl]{verb: "click"} }, head: "ok", watched: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := shopTab(t)
			f.loading = []bool{true} // never a reason to wait for the load either
			f.loads = true
			f.watches = []observe.Result{reacted}
			var already bool
			out, err := runAct(t, &fakePages{current: f}, c.fast, ActOpts{NoSnap: true}, "@e1", c.a(&already), func(*fakeTab, *fakeEl) ([]string, error) {
				already = true // the box was checked
				return []string{"already checked"}, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if head, _, _ := split(out.Text); head != c.head {
				t.Errorf("head %q, want %q", head, c.head)
			}
			if got := f.called("Watch") > 0; got != c.watched {
				t.Errorf("watched: %v, want %v (calls %q)", got, c.watched, f.calls)
			}
			if f.called("AwaitLoad") > 0 {
				t.Errorf("waited for the load: %q", f.calls)
			}
			instant := c.fast || c.a(&already).instant
			if got := f.called("Delivered") > 0; got != instant {
				t.Errorf("delivered as input: %v, want %v", got, instant)
			}
			checkData(t, out)
		})
	}
}

// The page's other effects drained after the action are its verdict's
// lines, in text and data alike: a dialog, a download, console errors,
// popups over the cap that were closed.
func TestActEffects(t *testing.T) {
	f := shopTab(t)
	f.watches = []observe.Result{reacted}
	eff := page.Effects{
		Dialogs:       []page.Dialog{{Type: "confirm", Message: "Empty the cart?", Action: "accepted"}},
		ConsoleErrors: 2, FirstError: "TypeError: cart is undefined",
		Downloads:    []page.Download{{Path: "/tmp/receipt.pdf", Bytes: 1200, URL: "http://127.0.0.1/receipt.pdf", State: "completed"}},
		ClosedPopups: 3,
	}
	runs := 0
	out, err := runAct(t, &fakePages{current: f}, false, ActOpts{NoSnap: true}, "@e1", actionOn[*fakeEl]{verb: "click"}, doing(&runs, nil, nil, &eff))
	if err != nil {
		t.Fatal(err)
	}
	d := checkData(t, out)
	for _, want := range []string{"Empty the cart?", "TypeError: cart is undefined", "/tmp/receipt.pdf", "closed 3 popups"} {
		if !strings.Contains(strings.Join(d.Effects, "\n"), want) {
			t.Errorf("no line with %q in %q", want, d.Effects)
		}
	}
	if v := d.Verdict; len(v.Dialogs) != 1 || v.ConsoleErrors != 2 || len(v.Downloads) != 1 {
		t.Errorf("verdict %+v lacks the effects", v)
	}
	if f.called("Hold") != 1 {
		t.Errorf("did not wait for popups and downloads: %q", f.calls)
	}
}

// -o json of an action is its data as it stands: for a click the page
// did not react to, ok, changed false, the effects, the verdict.
func TestActJSON(t *testing.T) {
	f := shopTab(t)
	f.watches = []observe.Result{nothing}
	runs := 0
	out, err := runAct(t, &fakePages{current: f}, false, ActOpts{NoSnap: true}, "@e1", actionOn[*fakeEl]{verb: "click"}, doing(&runs, nil, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "ok (no change on the page)\n" {
		t.Errorf("text %q", out.Text)
	}
	j, err := Render(out, "json")
	if err != nil {
		t.Fatal(err)
	}
	jsonEq(t, "click", json.RawMessage(j), `{"ok":true,"changed":false,"effects":[],"verdict":{"outcome":"no_reaction"}}`)
}
