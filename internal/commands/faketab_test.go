package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/snapshot"
)

// fakeTab is a Tab whose page is a script: what each attempt's watch
// observes, whether the page is loading and whether its load comes, the
// effects the action leaves for Drain, the snaps it returns. It records
// every call, so a test can tell what act asked of the page and in what
// order. What a real page does with input is the end-to-end tests'
// business (internal/cli); this is for act's own logic.
type fakeTab struct {
	t     *testing.T
	id    string
	url   string
	title string
	calls []string

	// elements are what Resolve finds, by target.
	elements map[string]*fakeEl
	// watches are Watch's results, one per attempt (the last repeats).
	watches []observe.Result
	// loading is StillLoading's answers in turn (the last repeats).
	loading []bool
	// unusable is Usable's answer (a loading document not yet usable).
	unusable error
	// loads: AwaitLoad sees the load event.
	loads bool
	// effects are what the next Drain returns; an action's do sets them.
	effects page.Effects
	// navigated: a main-frame navigation since the mark.
	navigated bool
	// snap is what Snapshot returns (snapErr instead when set; focusErr
	// for a --focus snap), last the previous snap (the diff's base),
	// sameDoc whether it was of the same document.
	snap     *snapshot.Page
	snapErr  error
	focusErr error
	last     *snapshot.Page
	sameDoc  bool
	// pending: requests still loading (when loading).
	pending int
	// refused and showsRefused: a popup on a refused site.
	refused      []string
	showsRefused bool
}

var _ Tab[*fakeEl] = (*fakeTab)(nil)

func (f *fakeTab) call(s string) { f.calls = append(f.calls, s) }

// called counts the calls named name.
func (f *fakeTab) called(name string) int {
	n := 0
	for _, c := range f.calls {
		if c == name || strings.HasPrefix(c, name+" ") {
			n++
		}
	}
	return n
}

func (f *fakeTab) Resolve(_ context.Context, target string) (*fakeEl, error) {
	f.call("Resolve " + target)
	if el := f.elements[target]; el != nil {
		return el, nil
	}
	return nil, failure.New(failure.NotFound, "no element matches %s", target)
}

func (f *fakeTab) Drain() page.Effects {
	f.call("Drain")
	e := f.effects
	f.effects = page.Effects{}
	return e
}

func (f *fakeTab) Mark() page.Mark          { f.call("Mark"); return page.Mark{} }
func (f *fakeTab) Navigated(page.Mark) bool { return f.navigated }

func (f *fakeTab) Hold(context.Context, page.Mark, time.Duration, time.Duration) { f.call("Hold") }

func (f *fakeTab) MarkAction(_ context.Context, el *fakeEl) *page.ActMark {
	f.call("MarkAction")
	return &page.ActMark{}
}

func (f *fakeTab) Watch(_ context.Context, _ *page.ActMark, p observe.Policy) observe.Result {
	n := f.called("Watch")
	f.call("Watch")
	if p.React != effectWindow || p.Quiet != actQuiet || p.Cap != settleCap {
		f.t.Errorf("Watch policy %+v, want an action's (React %v, Quiet %v, Cap %v)", p, effectWindow, actQuiet, settleCap)
	}
	if len(f.watches) == 0 {
		return observe.Result{}
	}
	return f.watches[min(n, len(f.watches)-1)]
}

func (f *fakeTab) Delivered() { f.call("Delivered") }

func (f *fakeTab) StillLoading() bool {
	n := f.called("StillLoading")
	f.call("StillLoading")
	if len(f.loading) == 0 {
		return false
	}
	return f.loading[min(n, len(f.loading)-1)]
}

func (f *fakeTab) PendingRequests() int { return f.pending }

func (f *fakeTab) Usable() error { f.call("Usable"); return f.unusable }

func (f *fakeTab) AwaitLoad(context.Context, time.Duration) bool {
	f.call("AwaitLoad")
	return f.loads
}

func (f *fakeTab) URL() string { return f.url }
func (f *fakeTab) ID() string  { return f.id }

func (f *fakeTab) WaitLoaded(context.Context) error { f.call("WaitLoaded"); return nil }

func (f *fakeTab) Settle(context.Context, time.Duration, time.Duration) { f.call("Settle") }

func (f *fakeTab) TakeRefused() []string { return f.refused }
func (f *fakeTab) ShowsRefused() bool    { return f.showsRefused }

func (f *fakeTab) EvalWorld(_ context.Context, expr string, out any) error {
	f.call("EvalWorld " + expr)
	if p, ok := out.(*string); ok && expr == "document.title" {
		*p = f.title
	}
	return nil
}

func (f *fakeTab) Snapshot(_ context.Context, focus string) (*snapshot.Page, error) {
	f.call("Snapshot " + focus)
	switch {
	case focus != "" && f.focusErr != nil:
		return nil, f.focusErr
	case f.snapErr != nil:
		return nil, f.snapErr
	}
	return f.snap, nil
}

func (f *fakeTab) SwapLastSnap(p *snapshot.Page) (*snapshot.Page, bool) {
	f.call("SwapLastSnap")
	prev := f.last
	f.last = p
	return prev, prev != nil && f.sameDoc
}

func (f *fakeTab) PageLocators(_ context.Context, p *snapshot.Page, _ bool, _ int, _ map[string]bool) (map[string]*page.LocInfo, error) {
	f.call("PageLocators")
	locs := map[string]*page.LocInfo{}
	for _, s := range p.Sections {
		for _, e := range s.Elements {
			locs[e.Ref] = &page.LocInfo{Stable: true, Locators: []page.GenLocator{{Strategy: "role", Locator: "role=" + e.Role + "[name=\"" + e.Name + "\"]"}}}
		}
	}
	return locs, nil
}

// fakeEl is an Element: what Fit, Describe and ClickPoint answer, and
// the remarks an action left on it. Its tab records its calls.
type fakeEl struct {
	tab       *fakeTab
	name, tag string
	refound   bool
	notes     []string
	fitErr    error
	pointErr  error
	// control stands in for it after Fit (a label's control).
	control *fakeEl
}

func (e *fakeEl) Fit(_ context.Context, verb, need string) (*fakeEl, error) {
	e.tab.call("Fit " + e.name + " " + need)
	if e.fitErr != nil {
		return nil, e.fitErr
	}
	if e.control != nil {
		return e.control, nil
	}
	return e, nil
}

func (e *fakeEl) Release(context.Context) { e.tab.call("Release " + e.name) }

func (e *fakeEl) Describe(context.Context) (string, string) { return e.tag, e.name }

func (e *fakeEl) ClickPoint(context.Context, bool) (float64, float64, error) {
	e.tab.call("ClickPoint " + e.name)
	return 10, 20, e.pointErr
}

func (e *fakeEl) Remarks() (bool, []string) { return e.refound, e.notes }

// fakePages hands out a fake current tab and the popups an action opens.
type fakePages struct {
	current *fakeTab
	popups  map[string]*fakeTab
	adopted []string
}

func (p *fakePages) Current(context.Context) (*fakeTab, error) {
	if p.current == nil {
		return nil, errNoPage("Current")
	}
	return p.current, nil
}

func (p *fakePages) Adopt(_ context.Context, id string) (*fakeTab, error) {
	p.adopted = append(p.adopted, id)
	if t := p.popups[id]; t != nil {
		return t, nil
	}
	return nil, failure.New(failure.NotFound, "no tab %s", id)
}
