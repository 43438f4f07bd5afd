package page

import (
	"context"
	"slices"
	"strings"

	proto "github.com/chromedp/cdproto/cdp"
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/snapshot"
)

// maxFrames bounds how many frames one snap walks, against pages that nest
// or multiply iframes without end.
const (
	maxFrames     = 64
	maxFrameDepth = 12 // issue 25: apps nest frames ten deep
)

// Snapshot walks the main frame and every visible iframe (in place, in- or
// out-of-process) and returns the page model. Refs are numbered from the
// session's counter and recorded so actions can find their frame.
func (t *Tab) Snapshot(ctx context.Context, focus string) (*snapshot.Page, error) {
	return t.snapshot(ctx, focus, false)
}

// SnapshotBoxes is Snapshot with each element's box, and the canvases,
// images, svg and videos with theirs (snap --boxes), in the tab's
// viewport.
func (t *Tab) SnapshotBoxes(ctx context.Context, focus string) (*snapshot.Page, error) {
	return t.snapshot(ctx, focus, true)
}

func (t *Tab) snapshot(ctx context.Context, focus string, boxes bool) (*snapshot.Page, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	frames := 0
	var res snapshot.Result
	changed := false
	f := snapFocus{css: focus}
	host, frame, path := t.main, t.id, ""
	var note string
	if isMainLandmark(focus) {
		el, n, err := t.mainRegion(ctx)
		if err != nil {
			return nil, err
		}
		if n != "" {
			note = n
			if el == nil {
				focus, f = "", snapFocus{}
			} else {
				defer el.Release(ctx)
				focus, f = "", snapFocus{el: el}
			}
		}
	}
	if focus != "" {
		el, err := t.FocusElement(ctx, focus)
		if err != nil {
			return nil, err
		}
		if el != nil {
			defer el.Release(ctx)
			f = snapFocus{el: el}
			if host, frame = el.tg, el.frameID; frame != t.id {
				path = frame
			}
		}
	}
	f.boxes = boxes
	var items []snapshot.Item
	for attempt := 0; ; attempt++ {
		f.listeners = t.prefetchListeners(ctx, host, frame)
		var quick bool
		var err error
		if items, quick, err = t.quickWalk(ctx, host, frame, f, path, 0, &frames, &res, &changed); !quick {
			items, res, frames = nil, snapshot.Result{}, 0
			err = t.ownWork(ctx, host, frame, "snap", func(size pageSize) (err error) {
				f.elements = size.Elements
				items, err = t.walkFrame(ctx, host, frame, f, path, 0, &frames, &res, &changed)
				return err
			})
		}
		if err != nil {
			return nil, err
		}
		if path != "" || attempt > 0 {
			break
		}
		// The walk may have read a document --allowed-domains refused
		// that tact is still leaving (a popup that came up before the
		// refusal took effect): never print it, wait until it is gone.
		if left, err := t.awaitLeft(ctx, res.URL); err != nil {
			return nil, err
		} else if !left {
			break
		}
		items, res, frames, changed = nil, snapshot.Result{}, 0, false
	}
	if path != "" {
		res.URL = t.URL()
	}
	if changed {
		t.host.Persist()
	}
	p := snapshot.Build(res.URL, res.Title, items)
	p.Loading = t.StillLoading()
	p.Note = note
	p.FramesLoading = t.FramesLoading()
	return p, nil
}

// quickWalk walks a frame whose document the last snap scanned for
// listeners while the listener list asked ahead (f.listeners) is on its
// way, keeping that scan's marks; the walk is the snap when the list
// names the same nodes. Otherwise (quick false) nothing is decided and
// the snap is made the usual way: the size check, the scan, the walk.
// A small page's repeated snap then waits for one round trip, not two.
// The page answering the list stands for the size check's answer when
// the walk runs out of time (see ownWork), with the size last seen.
func (t *Tab) quickWalk(ctx context.Context, tg *Target, frameID string, f snapFocus, path string, depth int, frames *int, res *snapshot.Result, changed *bool) (items []snapshot.Item, quick bool, err error) {
	if f.listeners == nil {
		return nil, false, nil
	}
	iso := tg.world(frameID)
	tg.mu.Lock()
	prev, scanned := tg.marked[iso]
	size, sized := tg.sizes[iso]
	tg.mu.Unlock()
	if iso == 0 || !scanned || !sized {
		return nil, false, nil
	}
	f.keepMarks = true
	walked := *frames
	items, err = t.walkFrame(ctx, tg, frameID, f, path, depth, frames, res, changed)
	listeners, lerr := f.listeners.wait(ctx)
	if err != nil {
		if depth == 0 && lerr == nil && ctx.Err() != nil && failure.From(err).Code == failure.Timeout {
			err = OwnWorkTimeout("snap", size.String())
		}
		return nil, true, err
	}
	if lerr != nil || !slices.Equal(listenedNodes(listeners), prev) {
		*frames = walked
		return nil, false, nil
	}
	return items, true, nil
}

// isMainLandmark reports whether a --focus asks for the page's main
// landmark, which the guide suggests and many pages do not mark.
func isMainLandmark(focus string) bool {
	switch strings.ToLower(strings.Join(strings.Fields(focus), "")) {
	case "main", "[role=main]", "role=main", "main,[role=main]":
		return true
	}
	return false
}

// isDialogFocus reports a --focus that asks for the open dialog: a bare
// "dialog" means the one a person sees, whatever marks it (a <dialog>, a
// role=dialog or alertdialog element), not the first <dialog> tag.
func isDialogFocus(focus string) bool {
	return strings.EqualFold(strings.TrimSpace(focus), "dialog")
}

// openDialogJS yields the open dialog that most needs an answer (a modal,
// then an alertdialog, then the last in the document), or null.
const openDialogJS = `(() => {
  let best = null, bestRank = -1;
  for (const d of document.querySelectorAll('dialog[open], [role=dialog], [role=alertdialog]')) {
    const r = d.getBoundingClientRect();
    if (!d.checkVisibility({ visibilityProperty: true }) || (r.width === 0 && r.height === 0)) continue;
    if (r.right <= 0 || r.left >= innerWidth || r.bottom + scrollY <= 0) continue; // off-canvas
    if (d.closest('[aria-hidden=true]')) continue;
    const rank = d.matches(':modal') || d.getAttribute('aria-modal') === 'true' ? 2 : d.getAttribute('role') === 'alertdialog' ? 1 : 0;
    if (rank >= bestRank) { best = d; bestRank = rank; }
  }
  return best;
})()`

// mainRegion stands in for a missing <main>: when the page has no
// main/[role=main], it returns the element that holds the page's main
// content (from <body> down, the child holding most of the text while
// it holds most of it, leaving out navigation, banners, footers and
// sidebars) and a note saying so; nil and a note when no element stands
// out (the whole page is shown). A page with a main landmark gets no
// note: the selector applies as given.
func (t *Tab) mainRegion(ctx context.Context) (*Element, string, error) {
	el, err := t.objectIn(ctx, t.main, t.id, mainRegionJS)
	if err != nil || el == nil {
		return nil, "", err
	}
	var what string
	if err := el.Call(ctx, `function () { return this.__tactMainRegion || ""; }`, &what); err != nil {
		el.Release(ctx)
		return nil, "", err
	}
	if what == "body" {
		el.Release(ctx)
		return nil, "(no <main> on this page: showing the whole page)", nil
	}
	return el, "(no <main> on this page: showing its main content, " + what + ")", nil
}

// mainRegionJS yields null when the page has a main landmark, else the
// main content region, marked with a short description of itself.
const mainRegionJS = `(() => {
  if (document.querySelector('main, [role=main]')) return null;
  const body = document.body;
  if (!body) return null;
  const skip = 'nav, header, footer, aside, dialog, [role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=search], [aria-hidden=true]';
  const size = (el) => (el.innerText || '').trim().length;
  let cur = body;
  for (;;) {
    const total = size(cur);
    let best = null, bestN = 0;
    for (const c of cur.children) {
      if (c.matches(skip) || !c.checkVisibility()) continue;
      const n = size(c);
      if (n > bestN) { best = c; bestN = n; }
    }
    if (!best || bestN < total * 0.6) break;
    cur = best;
  }
  let what = cur.localName;
  if (cur === body) what = 'body';
  else if (cur.id) what += '#' + cur.id;
  else if (typeof cur.className === 'string' && cur.className.trim()) what += '.' + cur.className.trim().split(/\s+/)[0];
  cur.__tactMainRegion = what;
  return cur;
})()`

// snapFocus is a --focus: a CSS selector the walker applies, or an
// element resolved from a ref or locator.
type snapFocus struct {
	css   string
	el    *Element
	boxes bool // snap --boxes, for every frame walked
	// elements is the frame's element count when its size was asked
	// before the walk (0: not asked), which the listener scan needs;
	// listeners its listener list when asked beside that; keepMarks:
	// walk with the marks of the last scan (quickWalk).
	elements  int
	listeners *listenFetch
	keepMarks bool
}

// FocusElement resolves a --focus that is a ref, a locator (role=dialog,
// text=Tasks >> xpath=..) or "dialog" (the open one); it returns nil for
// a plain CSS selector, which the in-page code applies itself.
func (t *Tab) FocusElement(ctx context.Context, focus string) (*Element, error) {
	if isDialogFocus(focus) {
		el, err := t.objectIn(ctx, t.main, t.id, openDialogJS)
		if err == nil && el == nil {
			err = failure.New(failure.NotFound, "no dialog is open on this page").WithHint("tact snap shows the page; an open dialog leads it as [dialog]")
		}
		return el, err
	}
	loc, err := locator.Parse(focus)
	if err != nil {
		return nil, nil
	}
	if loc.IsRef() {
		return t.ResolveRef(ctx, loc.Ref)
	}
	return t.resolveLocator(ctx, loc)
}

func (t *Tab) walkFrame(ctx context.Context, tg *Target, frameID string, focus snapFocus, framePath string, depth int, frames *int, top *snapshot.Result, changed *bool) ([]snapshot.Item, error) {
	*frames++
	var r snapshot.Result
	opts := map[string]any{"nextRef": t.host.NextRef()}
	if focus.css != "" {
		opts["focus"] = focus.css
	}
	if focus.boxes {
		opts["boxes"] = true
	}
	// keepGone first: the snap forgets refs of removed elements, which a
	// re-rendered element is re-found by (ResolveRef); noteSeen after: what
	// each element shows, which its replacement must show too.
	// Without marks of this snap's own, the walk starts an empty set: a
	// listener removed since the last snap no longer counts.
	fresh := ""
	if !focus.keepMarks && !t.markListeners(ctx, tg, frameID, focus.elements, focus.listeners) {
		fresh = "globalThis.__tactListened = new WeakSet(); "
		// Whatever the scan found or failed at, the set is empty now:
		// the next scan's list is compared with none (quickWalk).
		if iso := tg.world(frameID); iso != 0 {
			tg.mu.Lock()
			tg.marked[iso] = []proto.BackendNodeID{}
			tg.mu.Unlock()
		}
	}
	// The walk's result comes back as one JSON string: the page's
	// JSON.stringify is about twice as fast as the protocol's copy of an
	// object (schema-org-context-object: 2.4 → 0.6 ms, wikipedia 13 → 9).
	var raw string
	var err error
	if focus.el != nil {
		err = focus.el.Call(ctx, `function (o) { `+fresh+`__tact.keepGone(); o.focusEl = this; const r = __tact.snap(o); __tact.noteSeen(); `+withSize+` return JSON.stringify(r); }`, &raw, opts)
	} else {
		err = t.evalIn(ctx, tg, frameID, "(() => { "+fresh+"__tact.keepGone(); const r = __tact.snap("+mustJSON(opts)+"); __tact.noteSeen(); "+withSize+" return JSON.stringify(r); })()", &raw)
	}
	if err != nil {
		return nil, err
	}
	var sized struct {
		snapshot.Result
		Size pageSize `json:"size"`
	}
	// json/v2: twice as fast on a big page's result; a page's text may
	// hold a lone surrogate, which JSON.stringify escapes (as U+FFFD).
	if err := jsonv2.Unmarshal([]byte(raw), &sized, jsontext.AllowInvalidUTF8(true)); err != nil {
		return nil, failure.New(failure.Internal, "decode the snap: %v", err)
	}
	r = sized.Result
	t.noteSize(tg, frameID, sized.Size)
	if r.Error != "" {
		return nil, failure.New(failure.NotFound, "%s", r.Error)
	}
	if top != nil && depth == 0 {
		*top = r
	}
	if focus.boxes && frameID != t.id {
		// The walker's boxes are in the frame's viewport: move them into
		// the tab's, where click X,Y aims.
		if ox, oy, err := t.frameOffset(ctx, tg, frameID); err == nil {
			for i := range r.Items {
				if b := r.Items[i].Box; len(b) == 4 {
					b[0] += int(ox)
					b[1] += int(oy)
				}
			}
		}
	}
	var refs []int
	heading := ""
	t.mu.Lock()
	if t.headings == nil {
		t.headings = map[int]string{}
	}
	for _, it := range r.Items {
		switch it.K {
		case snapshot.KindHeading:
			heading = it.Text
		case snapshot.KindElement:
			refs = append(refs, it.Ref)
			t.headings[it.Ref] = heading
		case snapshot.KindGrid:
			refs = append(refs, it.Ref) // the board's --focus handle, then its cells
			for i := range it.Rows * it.Cols {
				refs = append(refs, it.First+i)
				t.headings[it.First+i] = heading
			}
		case snapshot.KindRegion, snapshot.KindDialog, snapshot.KindDrawn:
			refs = append(refs, it.Ref) // a folded region's or a dialog's --focus handle
		}
	}
	t.mu.Unlock()
	if t.host.RecordRefs(t.id, tg.id, frameID, refs, r.NextRef) {
		*changed = true
	}
	children := t.framesOf(ctx, tg, frameID, r.Items, depth < maxFrameDepth)
	out := make([]snapshot.Item, 0, len(r.Items))
	for _, it := range r.Items {
		if framePath != "" {
			it.Frame = framePath
		}
		if it.K != snapshot.KindFrame {
			out = append(out, it)
			continue
		}
		if depth >= maxFrameDepth || *frames >= maxFrames {
			continue
		}
		childID := children[it.Index]
		if childID == "" || t.frameFailed(childID) {
			continue // a frame that vanished or never loaded: nothing to show
		}
		host, hostFrame := tg, childID
		if c := t.child(childID); c != nil {
			host = c // out-of-process iframe: its own session, main frame = target id
		}
		path := childID
		if framePath != "" {
			path = framePath + "/" + childID
		}
		// As the top frame's: its listener list asked ahead, and a walk
		// that keeps the last scan's marks when the list has not changed.
		cf := snapFocus{boxes: focus.boxes, listeners: t.prefetchListeners(ctx, host, hostFrame)}
		sub, quick, err := t.quickWalk(ctx, host, hostFrame, cf, path, depth+1, frames, nil, changed)
		if !quick {
			sub, err = t.walkFrame(ctx, host, hostFrame, cf, path, depth+1, frames, nil, changed)
		}
		if err != nil {
			if failure.From(err).Code == failure.Timeout {
				return nil, err
			}
			continue
		}
		out = append(out, snapshot.Item{K: snapshot.KindFrame, Frame: path})
		out = append(out, sub...)
		out = append(out, snapshot.Item{K: snapshot.KindFrameEnd, Frame: path})
	}
	return out, nil
}
