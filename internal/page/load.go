package page

import (
	"context"
	"math"
	"time"

	cdppage "github.com/chromedp/cdproto/page"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
)

// Navigate loads url in the main frame and waits for its load event.
// net::ERR_* and HTTP statuses >= 400 are NAVIGATION_FAILED.
func (t *Tab) Navigate(ctx context.Context, url string) error {
	if err := t.leaveDialog(ctx); err != nil {
		return err
	}
	if d := t.host.Domains(); !d.Allows(url) {
		return d.Refuse(url)
	}
	before, mark := t.obs.Doc(), t.refusedMark()
	res, err := cdp.Call(ctx, t.main.sess, cdppage.Navigate, cdppage.NavigateParams{URL: url})
	if err != nil {
		if ctx.Err() != nil {
			return failure.New(failure.Timeout, "navigation to %s did not finish within --timeout", url)
		}
		return BrowserGone(failure.Wrap(failure.NavigationFailed, err, "navigate to %s", url))
	}
	if res.ErrorText != "" {
		if r := t.refusedSince(mark); r != "" {
			// A redirect to a refused site: say so, not net::ERR_ABORTED.
			return t.host.Domains().Refuse(r)
		}
		return failure.New(failure.NavigationFailed, "%s: %s", url, res.ErrorText)
	}
	if res.LoaderID == "" {
		return nil // same-document navigation (fragment)
	}
	if err := t.waitUsable(ctx, before); err != nil {
		return err
	}
	var status int
	if err := t.EvalWorld(ctx, "__tact.navStatus()", &status); err == nil && status >= 400 {
		return failure.New(failure.NavigationFailed, "%s: HTTP %d", url, status)
	}
	return nil
}

// waitLoad waits until the main frame fired a load event after base, or
// stopped loading without one (a navigation that became a download).
func (t *Tab) waitLoad(ctx context.Context, base observe.Doc) error {
	base.DOMReadies = math.MaxInt // no DOMContentLoaded makes it usable
	return t.waitUsable(ctx, base)
}

// WaitLoaded waits for a load in progress to finish, or for its document
// to be usable (see waitUsable).
func (t *Tab) WaitLoaded(ctx context.Context) error {
	return t.loadErr(ctx, observe.Loaded(ctx, t.obs, t.policy(ctx, observe.Policy{}), t.checkUsable))
}

// loadGrace is how long after DOMContentLoaded tact waits for the load
// event before taking the page as it is: one subresource that never
// finishes (a hung image, a long-poll script) must not make a readable
// page unreadable. It stays well inside the command's deadline.
const loadGrace = 4 * time.Second

// graceFor is loadGrace, or half the time ctx has left when that is less.
func graceFor(ctx context.Context) time.Duration {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl)/2 < loadGrace {
		return time.Until(dl) / 2
	}
	return loadGrace
}

// policy is p with the page's own bounds: how long frames may build,
// the load grace (within ctx's deadline), the long-poll cutoff.
func (t *Tab) policy(ctx context.Context, p observe.Policy) observe.Policy {
	p.FrameMore, p.FrameQuiet, p.LoadGrace, p.LongPoll = frameSettleMore, frameBuildQuiet, graceFor(ctx), firstPartyLongPoll
	if p.Poll == 0 {
		p.Poll = 20 * time.Millisecond
	}
	return p
}

// waitUsable waits until the document loading after base is usable (see
// observe.Log.Usable: its load event, or DOMContentLoaded and no request
// to its own site in flight, or loadGrace after it), or it stopped
// loading without a load event. Other sites' subresources still loading
// do not hold it; StillLoading then reports the page, so output can say so.
func (t *Tab) waitUsable(ctx context.Context, base observe.Doc) error {
	// A stop counts from now: the document left behind may have stopped
	// loading as the navigation began.
	base.Stops = t.obs.Doc().Stops
	return t.loadErr(ctx, observe.LoadedSince(ctx, t.obs, base, t.policy(ctx, observe.Policy{}), t.checkUsable))
}

// loadErr is a load wait's error: TIMEOUT when ctx ended it.
func (t *Tab) loadErr(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return failure.New(failure.Timeout, "page did not finish loading within --timeout")
	}
	return err
}

// AwaitLoad waits, up to limit, for the main frame's load event when it
// has not fired yet, and reports whether the page is loaded.
func (t *Tab) AwaitLoad(ctx context.Context, limit time.Duration) bool {
	ok, _ := observe.Until(ctx, t.obs, limit, 0, func(time.Time) (bool, error) { return !t.obs.Doc().Loading, nil })
	return ok
}

// StillLoading reports a main frame that has not fired its load event
// (a subresource that never finishes): what tact shows is what is there.
func (t *Tab) StillLoading() bool {
	d := t.obs.Doc()
	return d.Loading && d.DOMReady
}

// Settle waits until the page is quiet: a navigation it started is
// usable (see waitUsable), the DOM has not changed for `quiet`, and no
// recent request to the page's site is in flight, up to `limit` (frames
// of the page's site that keep loading one inside another may hold it up
// to frameSettleMore longer). It never fails: a page that never settles
// is snapped as it is at the cap. A document tact has not snapped yet is
// looked at once more if it is bare (an app shell still building).
func (t *Tab) Settle(ctx context.Context, quiet, limit time.Duration) {
	p := t.policy(ctx, observe.Policy{Quiet: quiet, Cap: limit, AppShell: t.unsnapped()})
	observe.Watch(ctx, t.obs, t.obs.Mark(), p, &probe{t: t, frames: []effectFrame{{t.main, t.id}}})
}

// Hold waits, up to popups and downloads, for the tabs the page opened
// since m to attach and the downloads it started to finish, so an action
// can report them.
func (t *Tab) Hold(ctx context.Context, m Mark, popups, downloads time.Duration) {
	observe.HoldFor(ctx, t.obs, m.log, t.policy(ctx, observe.Policy{Popups: popups, Downloads: downloads}), &observe.Result{})
}

// Until waits until done reports true or an error, looking again at every
// event of the page and every poll, up to limit (0: until ctx ends; see
// observe.Until). It reports false when limit passed first.
func (t *Tab) Until(ctx context.Context, limit, poll time.Duration, done func() (bool, error)) (bool, error) {
	return observe.Until(ctx, t.obs, limit, poll, func(time.Time) (bool, error) { return done() })
}

// Delivered records input sent without a watch (a pointer move, a key
// down or up, a wheel step): the log has it, so the next watch starts
// from a log that knows it; it is no reaction of the page by itself.
func (t *Tab) Delivered() { t.obs.Add(observe.Event{Kind: observe.Input}) }
