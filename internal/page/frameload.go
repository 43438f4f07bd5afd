package page

// Frames still loading: open and actions wait for the page's own site's
// frames like for its own requests (bounded), including frames a frame's
// script adds a moment after it loaded, and a snap taken while frames
// load says how many.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"

	tcdp "github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/observe"
)

// frameBuildQuiet is how long after a same-site frame's last start or
// stop Settle keeps watching: apps that nest frames add each child a
// moment after its parent loaded.
const frameBuildQuiet = 600 * time.Millisecond

// frameSettleMore is how much longer than its cap Settle waits while
// same-site frames are still being added and loaded.
const frameSettleMore = 5 * time.Second

// frameLoadEvents registers the frame events that have no other use.
func frameLoadEvents(h *tcdp.Handlers[*Target]) {
	tcdp.On(h, cdppage.FrameRequestedNavigation, func(tg *Target, ev *cdppage.EventFrameRequestedNavigation) {
		tg.tab.frameURL(string(ev.FrameID), ev.URL)
	})
	tcdp.On(h, cdppage.FrameDetached, func(tg *Target, ev *cdppage.EventFrameDetached) {
		// Also when it swaps to a process of its own: its new target may
		// have missed the end of its load.
		tg.tab.frameLoading(string(ev.FrameID), false, ev.Reason != cdppage.FrameDetachedReasonSwap)
	})
}

// frameNavigated notes a child frame's new document (the main frame's
// NavCross resets what the log knows of its frames).
func (t *Tab) frameNavigated(f *cdp.Frame, main bool) {
	if !main {
		failed := f.UnreachableURL != "" || strings.HasPrefix(f.URL, "chrome-error:")
		t.mu.Lock()
		if failed {
			if t.failed == nil {
				t.failed = map[string]bool{}
			}
			t.failed[string(f.ID)] = true
		} else {
			delete(t.failed, string(f.ID))
		}
		t.mu.Unlock()
		t.obs.Add(observe.Event{Kind: observe.FrameMoved, ID: string(f.ID), Host: hostOf(f.URL)})
	}
}

// frameFailed reports whether a child frame shows the browser's error
// page (an ad or embed whose host is unreachable): a snap has nothing to
// read there, and skips its walk.
func (t *Tab) frameFailed(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failed[id]
}

// frameURL notes where a child frame is going.
func (t *Tab) frameURL(id, url string) {
	if id != t.id {
		t.obs.Add(observe.Event{Kind: observe.FrameMoved, ID: id, Host: hostOf(url)})
	}
}

// frameLoading notes a child frame starting (on) or ending a load, or
// gone (detached; swapped: it moved to a process of its own, whose new
// target may have missed the end of its load).
func (t *Tab) frameLoading(id string, on, gone bool) {
	if id == t.id {
		return
	}
	t.log.Debug("frame load", "frame", id, "on", on, "gone", gone)
	if gone {
		t.mu.Lock()
		delete(t.failed, id)
		t.mu.Unlock()
	}
	k := observe.FrameStopped
	switch {
	case on:
		k = observe.FrameLoading
	case gone:
		k = observe.FrameGone
	}
	t.obs.Add(observe.Event{Kind: k, ID: id})
}

// FramesLoading counts the child frames still loading, for the snap's
// "(2 frames still loading)".
func (t *Tab) FramesLoading() int { return t.obs.FramesLoading() }

// bareNow reports a page that shows nothing to act on and next to no
// text, after waiting (up to frameBuildQuiet) for its DOM to change: an
// app shell whose script adds its frame or content a moment after load.
func (t *Tab) bareNow(ctx context.Context) bool {
	var bare bool
	if err := t.EvalWorld(ctx, bareJS, &bare); err != nil || !bare {
		return false
	}
	var waited float64
	_ = t.EvalWorld(ctx, fmt.Sprintf("__tact.quiet(%d, %d)", frameBuildQuiet.Milliseconds(), 2*frameBuildQuiet.Milliseconds()), &waited)
	return true
}

// bareJS: nothing to act on, no frame and under 200 characters of text.
const bareJS = `(() => {
  const b = document.body;
  if (!b) return true;
  return !b.querySelector('a[href],button,input,select,textarea,iframe,frame,[role],[onclick],[tabindex],[contenteditable]') &&
    (b.innerText || '').trim().length < 200;
})()`

// OwnsFrame reports whether frame id is this tab's main frame or one of
// the child frames it has seen.
func (t *Tab) OwnsFrame(id string) bool { return id == t.id || t.obs.HasFrame(id) }
