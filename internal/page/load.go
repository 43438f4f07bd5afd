package page

import (
	"context"
	"fmt"
	"math"
	"time"

	cdppage "github.com/chromedp/cdproto/page"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
)

// AwaitPopup waits (up to d) for a window the page opened to be attached,
// so an action that opens a tab can report it and switch to it.
func (t *Tab) AwaitPopup(ctx context.Context, d time.Duration) {
	t.waitWhile(ctx, d, func() bool { return t.popups > len(t.opened) })
}

// waitWhile waits until pending (evaluated under the tab lock) turns false,
// the limit passes or ctx ends, waking on every tab event.
func (t *Tab) waitWhile(ctx context.Context, limit time.Duration, pending func() bool) {
	deadline := time.After(limit)
	for {
		t.mu.Lock()
		p, ch := pending(), t.changed
		t.mu.Unlock()
		if !p {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			return
		case <-ctx.Done():
			return
		}
	}
}

type navState struct {
	navSeq, loadSeq, stopSeq int
	loading                  bool
	loaderID                 string
	changed                  chan struct{}
	dclSeq                   int
	domReady                 bool
	domReadyAt               time.Time
}

func (t *Tab) state() navState {
	t.mu.Lock()
	defer t.mu.Unlock()
	return navState{t.navSeq, t.loadSeq, t.stopSeq, t.loading, t.loaderID, t.changed, t.dclSeq, t.domReady, t.domReadyAt}
}

// Navigate loads url in the main frame and waits for its load event.
// net::ERR_* and HTTP statuses >= 400 are NAVIGATION_FAILED.
func (t *Tab) Navigate(ctx context.Context, url string) error {
	if err := t.leaveDialog(ctx); err != nil {
		return err
	}
	if d := t.host.Domains(); !d.Allows(url) {
		return d.Refuse(url)
	}
	before, mark := t.state(), t.refusedMark()
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
	if err := t.waitUsable(ctx, before.loadSeq, before.dclSeq); err != nil {
		return err
	}
	var status int
	if err := t.EvalWorld(ctx, "__tact.navStatus()", &status); err == nil && status >= 400 {
		return failure.New(failure.NavigationFailed, "%s: HTTP %d", url, status)
	}
	return nil
}

// waitLoad waits until the main frame fired a load event after seq, or
// stopped loading without one (a navigation that became a download).
func (t *Tab) waitLoad(ctx context.Context, seq int) error {
	return t.waitUsable(ctx, seq, math.MaxInt)
}

// WaitLoaded waits for a load in progress to finish, or for its document
// to be usable (see waitUsable).
func (t *Tab) WaitLoaded(ctx context.Context) error {
	st := t.state()
	if !st.loading {
		return nil
	}
	base := st.dclSeq
	if st.domReady {
		base-- // this document's DOMContentLoaded counts
	}
	return t.waitUsable(ctx, st.loadSeq, base)
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

// waitUsable waits like waitLoad, but also ends (without error) once the
// document that fired DOMContentLoaded after dclSeq is usable: no request
// to its own site is in flight (see holdingRequests), or it has waited
// loadGrace (at most half the time left) for them. Other sites'
// subresources still loading do not hold it; StillLoading then reports
// the page, so output can say so.
func (t *Tab) waitUsable(ctx context.Context, seq, dclSeq int) error {
	grace := graceFor(ctx)
	stop := t.state().stopSeq
	for {
		st := t.state()
		if st.loadSeq > seq && !st.loading {
			return nil
		}
		if st.stopSeq > stop && !st.loading && st.loadSeq == seq {
			return nil
		}
		if err := t.checkUsable(); err != nil {
			return err
		}
		var wake <-chan time.Time
		if st.dclSeq > dclSeq && st.domReady {
			rest := grace - time.Since(st.domReadyAt)
			if rest <= 0 || t.holdingRequests(time.Now(), firstPartyLongPoll, time.Time{}) == 0 {
				return nil
			}
			// Requests ending wake us; a long one ageing into a
			// long-poll does not.
			wake = time.After(min(rest, 100*time.Millisecond))
		}
		select {
		case <-st.changed:
		case <-wake:
		case <-ctx.Done():
			return failure.New(failure.Timeout, "page did not finish loading within --timeout")
		}
	}
}

// AwaitLoad waits, up to limit, for the main frame's load event when it
// has not fired yet, and reports whether the page is loaded.
func (t *Tab) AwaitLoad(ctx context.Context, limit time.Duration) bool {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	for {
		st := t.state()
		if !st.loading {
			return true
		}
		select {
		case <-st.changed:
		case <-ctx.Done():
			return false
		}
	}
}

// StillLoading reports a main frame that has not fired its load event
// (a subresource that never finishes): what tact shows is what is there.
func (t *Tab) StillLoading() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.loading && t.domReady
}

// Settle waits until the page is quiet: a navigation it started is
// usable (see waitUsable), the DOM has not changed for `quiet`, and no
// recent request to the page's site (nor a fetch to another one started
// since Settle began) is in flight, up to `cap`. It never fails: a page that never settles is
// snapped as it is at the cap. Frames of the page's site that keep
// loading one inside another may hold it up to frameSettleMore longer.
func (t *Tab) Settle(ctx context.Context, quiet, limit time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, limit+frameSettleMore)
	defer cancel()
	start := time.Now()
	bare := false // a bare page was given a moment to build
	for ctx.Err() == nil {
		if t.checkUsable() != nil {
			return
		}
		if time.Since(start) >= limit && !t.framesBuilding(time.Now()) {
			return
		}
		if t.state().loading {
			_ = t.WaitLoaded(ctx)
		}
		var waited float64
		expr := fmt.Sprintf("__tact.quiet(%d, %d)", quiet.Milliseconds(), limit.Milliseconds())
		if err := t.EvalWorld(ctx, expr, &waited); err != nil {
			// The document changed under us (navigation): wait for its load.
			if t.state().loading {
				_ = t.WaitLoaded(ctx)
				continue
			}
			return
		}
		// The DOM may have been quiet long before the action; watch at
		// least one quiet window after it, so a navigation or render the
		// action schedules (form submit, setTimeout) is seen.
		if rest := quiet - time.Since(start); rest > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(rest):
			}
			continue
		}
		if st := t.state(); t.holdingRequests(time.Now(), firstPartyLongPoll, start) == 0 && (!st.loading || st.domReady) && !t.framesBuilding(time.Now()) {
			// Only a document tact has not snapped yet can be an app
			// shell still building: an action on a page it showed does
			// not pay for the look.
			if bare || !t.unsnapped() || !t.bareNow(ctx) {
				return
			}
			bare = true
			continue
		}
		select {
		case <-ctx.Done():
		case <-time.After(20 * time.Millisecond):
		}
	}
}
