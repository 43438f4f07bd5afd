package page

import (
	"context"
	"encoding/json"
	"errors"
	"path"
	"strings"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
)

// Mark is a point in the tab's history, to tell afterwards whether an
// action navigated.
type Mark struct {
	nav int
	log observe.Mark
}

// Mark records the tab's log now.
func (t *Tab) Mark() Mark {
	m := t.obs.Mark()
	return Mark{m.Doc.Navs, m}
}

// SincePrevious is the mark `wait navigation` waits past: the start of the
// previous command, or its end if that command waited for its own
// navigation (open, back, wait...). So `wait navigation` after an action
// that navigated (`click --no-snap` on a link) is satisfied at once.
func (t *Tab) SincePrevious() Mark {
	t.mu.Lock()
	defer t.mu.Unlock()
	return Mark{nav: t.seenNav}
}

// Navigated reports whether the main frame loaded a new document since m.
func (t *Tab) Navigated(m Mark) bool { return t.obs.Doc().Navs > m.nav }

// History goes back (-1) or forward (+1) and waits for the load.
func (t *Tab) History(ctx context.Context, delta int) error {
	id, u, err := t.historyEntry(ctx, delta, true)
	if err != nil {
		return err
	}
	if d := t.host.Domains(); !d.Allows(u) {
		// An entry from before the restriction; the back/forward cache
		// would show it without a request to stop.
		return d.Refuse(u)
	}
	before := t.obs.Doc()
	if err := cdp.Run(ctx, t.main.sess, cdppage.NavigateToHistoryEntry, cdppage.NavigateToHistoryEntryParams{EntryID: id}); err != nil {
		return BrowserGone(err)
	}
	return t.afterNav(ctx, before)
}

// HistoryURL is where History(delta) would go, going nowhere.
func (t *Tab) HistoryURL(ctx context.Context, delta int) (string, error) {
	_, u, err := t.historyEntry(ctx, delta, false)
	return u, err
}

func (t *Tab) historyEntry(ctx context.Context, delta int, leave bool) (id int64, url string, err error) {
	check := t.checkUsable
	if leave {
		check = func() error { return t.leaveDialog(ctx) }
	}
	if err := check(); err != nil {
		return 0, "", err
	}
	h, err := cdp.Call(ctx, t.main.sess, cdppage.GetNavigationHistory, proto.Empty{})
	if err != nil {
		return 0, "", BrowserGone(err)
	}
	i := int(h.CurrentIndex) + delta
	if i < 0 || i >= len(h.Entries) {
		if delta < 0 {
			return 0, "", failure.New(failure.NavigationFailed, "no previous page in this tab's history")
		}
		return 0, "", failure.New(failure.NavigationFailed, "no next page in this tab's history")
	}
	return h.Entries[i].ID, h.Entries[i].URL, nil
}

// Reload reloads the page and waits for the load.
func (t *Tab) Reload(ctx context.Context) error {
	if err := t.leaveDialog(ctx); err != nil {
		return err
	}
	before := t.obs.Doc()
	if err := cdp.Run(ctx, t.main.sess, cdppage.Reload, cdppage.ReloadParams{}); err != nil {
		return BrowserGone(err)
	}
	return t.afterNav(ctx, before)
}

// afterNav waits for a started navigation to load; a same-document one
// (no new document within a moment) returns at once.
func (t *Tab) afterNav(ctx context.Context, before observe.Doc) error {
	ok, err := observe.Until(ctx, t.obs, 500*time.Millisecond, 0, func(time.Time) (bool, error) { return t.obs.Doc().Navs > before.Navs, nil })
	switch {
	case err != nil:
		return failure.New(failure.Timeout, "navigation did not finish within --timeout")
	case !ok:
		return nil
	}
	return t.waitCommitted(ctx, before)
}

// EvalPage evaluates a user expression in the page's own world (where its
// globals live), awaiting promises; the result comes back as JSON.
func (t *Tab) EvalPage(ctx context.Context, expr string) (json.RawMessage, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	for attempt := 0; attempt < 3; attempt++ {
		// Serialize in the page so cycles and DOM nodes do not break
		// returnByValue; undefined stays distinguishable.
		wrapped := `(async () => { const v = await (0, eval)(` + jsString(expr) + `);
  if (v === undefined) return {u: 1};
  if (typeof v === "string") return {s: v};
  const seen = new WeakSet();
  try { return {j: JSON.stringify(v, (k, x) => {
    if (x instanceof Node) return "<" + (x.nodeName || "").toLowerCase() + ">";
    if (typeof x === "object" && x !== null) { if (seen.has(x)) return "[Circular]"; seen.add(x); }
    if (typeof x === "bigint") return x.toString();
    if (typeof x === "function") return "[Function]";
    return x; })}; } catch (e) { return {s: String(v)}; }
})()`
		raw, err := evaluate(ctx, t.main.sess, 0, wrapped, true)
		if err == errContextGone {
			// The page is navigating: give its next document a moment.
			select {
			case <-ctx.Done():
			case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
			}
			continue
		}
		return raw, err
	}
	return nil, failure.New(failure.JSError, "the page navigated during evaluation")
}

// Shot says what a screenshot captures and how it is encoded.
type Shot struct {
	Full    bool  // the whole page, not just the viewport
	Clip    *Rect // only this box (page coordinates)
	JPEG    bool  // JPEG instead of PNG
	Quality int   // JPEG quality 1-100 (0: the browser's default)
}

// Screenshot captures the viewport, the full page or a box.
func (t *Tab) Screenshot(ctx context.Context, o Shot) ([]byte, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	full, clip := o.Full, o.Clip
	p := cdppage.CaptureScreenshotParams{Format: cdppage.CaptureScreenshotFormatPng, CaptureBeyondViewport: new(full)}
	if o.JPEG {
		p.Format = cdppage.CaptureScreenshotFormatJpeg
		if o.Quality > 0 {
			p.Quality = new(int64(o.Quality))
		}
	}
	if clip != nil {
		p.Clip = &cdppage.Viewport{X: clip.X, Y: clip.Y, Width: clip.W, Height: clip.H, Scale: 1}
		p.CaptureBeyondViewport = new(true)
	} else if full {
		if lm, err := cdp.Call(ctx, t.main.sess, cdppage.GetLayoutMetrics, proto.Empty{}); err == nil && lm.CSSContentSize != nil {
			p.Clip = &cdppage.Viewport{Width: lm.CSSContentSize.Width, Height: lm.CSSContentSize.Height, Scale: 1}
		}
	}
	res, err := cdp.Call(ctx, t.main.sess, cdppage.CaptureScreenshot, p)
	if err != nil {
		if ctx.Err() != nil {
			return nil, failure.New(failure.Timeout, "screenshot did not finish within --timeout")
		}
		return nil, BrowserGone(err)
	}
	return res.Data, nil
}

// PDF prints the page (headless Chrome only) with its backgrounds.
func (t *Tab) PDF(ctx context.Context, landscape bool) ([]byte, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	res, err := cdp.Call(ctx, t.main.sess, cdppage.PrintToPDF, cdppage.PrintToPDFParams{Landscape: new(landscape), PrintBackground: new(true)})
	if err != nil {
		if ctx.Err() != nil {
			return nil, failure.New(failure.Timeout, "pdf did not finish within --timeout")
		}
		var ce *cdp.Error
		if errors.As(err, &ce) {
			return nil, failure.New(failure.BrowserUnavailable, "the browser cannot print this page to PDF (%s); a headed browser cannot print", ce.Message)
		}
		return nil, BrowserGone(err)
	}
	return res.Data, nil
}

// Rect is a box in page coordinates.
type Rect struct{ X, Y, W, H float64 }

// Box returns the element's box in document coordinates of the tab.
func (e *Element) Box(ctx context.Context) (*Rect, error) {
	var r Rect
	if err := e.callLib(ctx, "box", &r); err != nil {
		return nil, err
	}
	ox, oy, err := e.tab.frameOffset(ctx, e.tg, e.frameID)
	if err != nil {
		return nil, err
	}
	r.X, r.Y = r.X+ox, r.Y+oy
	return &r, nil
}

// WaitNavigation waits for a main-frame navigation after m, and its load.
func (t *Tab) WaitNavigation(ctx context.Context, m Mark) error {
	return t.waitThenLoad(ctx, func() bool { return t.obs.Doc().Navs > m.nav }, func() error {
		return failure.New(failure.Timeout, "no navigation happened within --timeout")
	})
}

// WaitURL waits until the main frame's URL matches a glob (* any run).
func (t *Tab) WaitURL(ctx context.Context, glob string) error {
	return t.waitThenLoad(ctx, func() bool { return globMatch(glob, t.URL()) }, func() error {
		return failure.New(failure.Timeout, "URL did not match %q within --timeout (now %s)", glob, t.URL())
	})
}

// waitThenLoad waits until done, then for the load it started; timeout
// is the error when ctx ends first.
func (t *Tab) waitThenLoad(ctx context.Context, done func() bool, timeout func() error) error {
	_, err := observe.Until(ctx, t.obs, 0, 100*time.Millisecond, func(time.Time) (bool, error) {
		if err := t.checkUsable(); err != nil {
			return false, err
		}
		return done(), nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return timeout()
		}
		return err
	}
	return t.WaitLoaded(ctx)
}

func globMatch(glob, s string) bool {
	if !strings.Contains(glob, "*") {
		return strings.Contains(s, glob)
	}
	// path.Match treats / specially; a URL glob should not.
	g := strings.ReplaceAll(glob, "/", "\x00")
	ok, _ := path.Match(g, strings.ReplaceAll(s, "/", "\x00"))
	return ok
}

// WaitIdle waits until no request has been in flight for 500 ms.
func (t *Tab) WaitIdle(ctx context.Context) error {
	quietSince := t.obs.Clock().Now()
	_, err := observe.Until(ctx, t.obs, 0, 25*time.Millisecond, func(now time.Time) (bool, error) {
		if err := t.checkUsable(); err != nil {
			return false, err
		}
		if t.obs.InFlight(now, observe.Busy, 10*time.Second, time.Time{}) > 0 {
			quietSince = now
		}
		return now.Sub(quietSince) >= 500*time.Millisecond, nil
	})
	if err != nil && ctx.Err() != nil {
		return failure.New(failure.Timeout, "network did not become idle within --timeout")
	}
	return err
}

// waitCommitted waits for a committed document to finish loading. Pages
// restored from the back/forward cache fire no load event, so the
// document's readyState is polled as well.
func (t *Tab) waitCommitted(ctx context.Context, before observe.Doc) error {
	grace, longPoll := graceFor(ctx), firstPartyLongPoll
	_, err := observe.Until(ctx, t.obs, 0, 50*time.Millisecond, func(now time.Time) (bool, error) {
		if t.obs.Doc().Loads > before.Loads {
			return true, nil
		}
		var state string
		if err := t.EvalWorld(ctx, "document.readyState", &state); err != nil {
			return false, nil
		}
		// complete: restored from the back/forward cache (no load event).
		// interactive, and its own site's requests done (or a while
		// passed): other sites' subresources still loading.
		return state == "complete" || state == "interactive" && t.obs.Usable(now, before, grace, longPoll), nil
	})
	if err != nil {
		return failure.New(failure.Timeout, "page did not finish loading within --timeout")
	}
	return nil
}
