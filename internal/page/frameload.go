package page

// Frames still loading: open and actions wait for the page's own site's
// frames like for its own requests (bounded), including frames a frame's
// script adds a moment after it loaded, and a snap taken while frames
// load says how many.

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"

	tcdp "github.com/tact-browser/tact/internal/cdp"
)

// frameLoads is what the tab knows of its child frames' loading.
type frameLoads struct {
	loading map[string]time.Time // child frame id -> when it started loading
	url     map[string]string    // child frame id -> its latest URL
	// last is when a same-site child frame last started or stopped
	// loading: a frame that just loaded may add the next one.
	last time.Time
}

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

// frameNavigated notes a frame's new document (the main frame's resets
// what is known of its frames).
func (t *Tab) frameNavigated(f *cdp.Frame, main bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if main {
		t.frames = frameLoads{}
		return
	}
	if t.frames.url == nil {
		t.frames.url = map[string]string{}
	}
	t.frames.url[string(f.ID)] = f.URL
}

// frameURL notes where a child frame is going.
func (t *Tab) frameURL(id, url string) {
	if id == t.id {
		return
	}
	t.update(func() {
		if t.frames.url == nil {
			t.frames.url = map[string]string{}
		}
		t.frames.url[id] = url
	})
}

// frameLoading notes a child frame starting (on) or ending a load, or
// gone (detached).
func (t *Tab) frameLoading(id string, on, gone bool) {
	if id == t.id {
		return
	}
	now := time.Now()
	t.log.Debug("frame load", "frame", id, "on", on, "gone", gone)
	t.update(func() {
		f := &t.frames
		if f.loading == nil {
			f.loading = map[string]time.Time{}
		}
		if on {
			f.loading[id] = now
		} else {
			delete(f.loading, id)
		}
		if t.sameSiteFrame(id) && !gone {
			f.last = now
		}
		if gone {
			delete(f.url, id)
		}
		t.activity++
	})
}

// sameSiteFrame: the frame's document is of the page's site (or not known
// yet, or about:blank/srcdoc, which are). Called with t.mu held.
func (t *Tab) sameSiteFrame(id string) bool {
	u := t.frames.url[id]
	if u == "" || hostOf(u) == "" {
		return true
	}
	return sameSite(hostOf(u), hostOf(t.url))
}

// FramesLoading counts the child frames still loading, for the snap's
// "(2 frames still loading)".
func (t *Tab) FramesLoading() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.frames.loading)
}

// framesBuilding reports a same-site frame loading (for less than
// loadGrace: one that never finishes holds no longer than a page's own
// load), or one that started or stopped loading less than frameBuildQuiet
// ago.
func (t *Tab) framesBuilding(now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if now.Sub(t.frames.last) < frameBuildQuiet {
		return true
	}
	for id, at := range t.frames.loading {
		if t.sameSiteFrame(id) && now.Sub(at) < loadGrace {
			return true
		}
	}
	return false
}

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
