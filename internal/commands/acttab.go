package commands

import (
	"context"
	"time"

	"github.com/tact-browser/tact/internal/observe"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/snapshot"
)

// The page an action runs against, as act's logic uses it: the methods of
// *page.Tab and *page.Element that act, attempt and actionResult call,
// and nothing else. The daemon's are *page.Tab and *page.Element (they
// satisfy these as they are); faketab_test.go's fakes script what the page
// does, so the logic (the load retry, a popup adopted, a diff or the
// whole page, the wording of "no change") is tested without a browser.
// What an action does to the page (click, fill, …) stays in its do
// function on the concrete types, which the end-to-end tests cover.

// Tab is a tab an action runs in; E is its element type.
type Tab[E any] interface {
	snapTab
	// Resolve finds the element a target names (@eN or a locator).
	Resolve(ctx context.Context, target string) (E, error)

	// Drain takes what the page did beside its DOM since the last drain
	// (dialogs, popups opened, downloads, console errors).
	Drain() page.Effects
	// Mark notes the tab's state before an action; Navigated and Hold
	// are since a mark.
	Mark() page.Mark
	Navigated(m page.Mark) bool
	// Hold waits for popups and downloads the action started.
	Hold(ctx context.Context, m page.Mark, popups, downloads time.Duration)
	// MarkAction and Watch bracket one attempt: what the page did after
	// it (observe.Watch). Delivered notes input sent without a watch.
	MarkAction(ctx context.Context, el E) *page.ActMark
	Watch(ctx context.Context, m *page.ActMark, p observe.Policy) observe.Result
	Delivered()

	// StillLoading, Usable and AwaitLoad decide the load retry.
	StillLoading() bool
	Usable() error
	AwaitLoad(ctx context.Context, limit time.Duration) bool

	URL() string

	// ID, WaitLoaded, Settle, TakeRefused, ShowsRefused and EvalWorld
	// describe a popup the action opened, once adopted.
	ID() string
	WaitLoaded(ctx context.Context) error
	Settle(ctx context.Context, quiet, limit time.Duration)
	TakeRefused() []string
	ShowsRefused() bool
	EvalWorld(ctx context.Context, expr string, out any) error
}

// Element is an element an action targets, as act's logic uses it; E is
// the type itself (Fit may stand a label's control in for it).
type Element[E any] interface {
	comparable
	// Fit checks that it takes an action of this need (page.Need…).
	Fit(ctx context.Context, verb, need string) (E, error)
	Release(ctx context.Context)
	// Describe and ClickPoint are what a dry run checks and names.
	Describe(ctx context.Context) (tag, name string)
	ClickPoint(ctx context.Context, checkEnabled bool) (x, y float64, err error)
	// Remarks: its ref was re-found; notes the action left on it.
	Remarks() (refound bool, notes []string)
}

// Pages hands out the tabs actions run in: the current one, and a popup
// an action opened. Browser is Pages[*page.Tab].
type Pages[T any] interface {
	// Current is the tab commands act on, launching the browser or
	// opening a blank tab when there is none.
	Current(ctx context.Context) (T, error)
	// Adopt makes a tab the page opened (a popup) current.
	Adopt(ctx context.Context, id string) (T, error)
}

// snapTab is what printing the page after a change reads of a tab: a
// fresh snap, the previous one (the base of a diff) and, for
// --locators, the elements' locators.
type snapTab interface {
	Snapshot(ctx context.Context, focus string) (*snapshot.Page, error)
	SwapLastSnap(p *snapshot.Page) (prev *snapshot.Page, sameDocument bool)
	PageLocators(ctx context.Context, p *snapshot.Page, box bool, html int, only map[string]bool) (map[string]*page.LocInfo, error)
}

// navTab is what a navigation's output (open, back, reload) reads of the
// tab: where it is, whether it still loads, what the page did meanwhile.
type navTab interface {
	snapTab
	URL() string
	StillLoading() bool
	PendingRequests() int
	Drain() page.Effects
}

// *page.Tab is a Tab; act's instantiation with *page.Element checks
// that it is an Element.
var _ Tab[*page.Element] = (*page.Tab)(nil)
