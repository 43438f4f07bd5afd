package page

// Frames: the child frames of a document (as snap lists them), where a
// frame's viewport sits in the tab's (for clicks), the iframe element that
// holds a frame, and the locator path to a frame (for workflows). Every
// question about frames is answered here.

import (
	"context"
	"fmt"
	"sync"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/snapshot"
)

// frameRef is a child frame: its id and the target whose session runs it
// (the parent's, or its own when it is out of process).
type frameRef struct {
	host  *Target
	frame string
}

// childFrames lists the visible child frames of a frame from its iframe
// elements, like snap finds them. The frame tree alone misses some: a
// sandboxed srcdoc frame can run out of process and is absent from the
// parent's Page.getFrameTree.
func (t *Tab) childFrames(ctx context.Context, host *Target, frameID string, limit int) []frameRef {
	var out []frameRef
	for i := 0; i < limit && ctx.Err() == nil; i++ {
		el, err := t.objectIn(ctx, host, frameID, fmt.Sprintf("__tact.shownFrame(%d)", i))
		if err != nil || el == nil {
			break
		}
		child, _ := el.childFrame(ctx)
		el.Release(ctx)
		if child == "" {
			continue // not loaded yet
		}
		h := host
		if c := t.child(child); c != nil {
			h = c
		}
		out = append(out, frameRef{h, child})
	}
	return out
}

// locateInFrames looks for a locator in the page's iframes (all levels,
// as snap shows them) when the page itself has no match, so what snap
// lists inside a frame can be named without scoping it. A match in
// several frames is as ambiguous as several in one.
func (t *Tab) locateInFrames(ctx context.Context, steps []locator.Step, visible bool) (*Element, locateResult, error) {
	var found *Element
	var total locateResult
	frames := 0
	var walk func(host *Target, frame string, depth int)
	walk = func(host *Target, frame string, depth int) {
		if depth >= maxFrameDepth {
			return
		}
		for _, k := range t.childFrames(ctx, host, frame, maxFrames) {
			if frames++; frames > maxFrames || ctx.Err() != nil {
				return
			}
			el, r, err := t.locateFrom(ctx, k.host, k.frame, steps, visible)
			if err == nil {
				total.Count += r.Count
				total.Matches = append(total.Matches, r.Matches...)
				if el != nil {
					if found != nil {
						found.Release(ctx)
					}
					found = el
				}
			}
			walk(k.host, k.frame, depth+1)
		}
	}
	walk(t.main, t.id, 0)
	if total.Count != 1 && found != nil {
		found.Release(ctx)
		found = nil
	}
	return found, total, nil
}

// contentFrame is the frame id of the document an iframe element (a remote
// object in tg) shows.
func contentFrame(ctx context.Context, tg *Target, obj runtime.RemoteObjectID) (string, error) {
	res, err := cdp.Call(ctx, tg.sess, dom.DescribeNode, dom.DescribeNodeParams{ObjectID: obj})
	if err != nil {
		return "", err
	}
	if res.Node == nil {
		return "", nil
	}
	return string(res.Node.FrameID), nil
}

// frameOffset is the top-left of a frame's viewport in the tab's viewport:
// the sum of the content-box origins of the iframe elements on the way up.
func (t *Tab) frameOffset(ctx context.Context, tg *Target, frameID string) (float64, float64, error) {
	var ox, oy float64
	for depth := 0; frameID != t.id && depth < maxFrameDepth; depth++ {
		parentHost, parentFrame, err := t.parentOf(ctx, tg, frameID)
		if err != nil {
			return 0, 0, err
		}
		fe, err := t.frameOwner(ctx, parentHost, parentFrame, frameID)
		if err != nil {
			return 0, 0, err
		}
		var o struct{ X, Y float64 }
		err = fe.callLib(ctx, "frameOrigin", &o)
		fe.Release(ctx)
		if err != nil {
			return 0, 0, err
		}
		ox, oy = ox+o.X, oy+o.Y
		tg, frameID = parentHost, parentFrame
	}
	return ox, oy, nil
}

// frameOwner returns the iframe element (in its parent frame, hosted by
// parent) that holds frameID.
func (t *Tab) frameOwner(ctx context.Context, parent *Target, parentFrame, frameID string) (*Element, error) {
	owner, err := cdp.Call(ctx, parent.sess, dom.GetFrameOwner, dom.GetFrameOwnerParams{FrameID: proto.FrameID(frameID)})
	if err != nil {
		return nil, failure.New(failure.StaleRef, "frame %s is gone: %v", frameID, err)
	}
	wid, err := t.worldFor(ctx, parent, parentFrame)
	if err != nil {
		return nil, err
	}
	obj, err := cdp.Call(ctx, parent.sess, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: owner.BackendNodeID, ExecutionContextID: runtime.ExecutionContextID(wid)})
	if err != nil || obj.Object == nil {
		return nil, failure.New(failure.StaleRef, "frame owner is gone: %v", err)
	}
	return &Element{tab: t, tg: parent, frameID: parentFrame, ObjectID: obj.Object.ObjectID}, nil
}

// parentOf finds the parent frame of frameID and the target hosting it.
func (t *Tab) parentOf(ctx context.Context, tg *Target, frameID string) (*Target, string, error) {
	find := func(n *cdppage.FrameTree) (string, bool) {
		var rec func(n *cdppage.FrameTree, parent string) (string, bool)
		rec = func(n *cdppage.FrameTree, parent string) (string, bool) {
			if n == nil || n.Frame == nil {
				return "", false
			}
			if string(n.Frame.ID) == frameID {
				if n.Frame.ParentID != "" {
					return string(n.Frame.ParentID), true
				}
				return parent, parent != ""
			}
			for _, c := range n.ChildFrames {
				if p, ok := rec(c, string(n.Frame.ID)); ok {
					return p, true
				}
			}
			return "", false
		}
		return rec(n, "")
	}
	tree, err := cdp.Call(ctx, tg.sess, cdppage.GetFrameTree, proto.Empty{})
	if err != nil {
		return nil, "", BrowserGone(err)
	}
	parent, ok := find(tree.FrameTree)
	if !ok && tg != t.main {
		if tree, err := cdp.Call(ctx, t.main.sess, cdppage.GetFrameTree, proto.Empty{}); err == nil {
			parent, ok = find(tree.FrameTree)
		}
	}
	if !ok {
		return nil, "", failure.New(failure.StaleRef, "frame %s is no longer in the page", frameID)
	}
	// The parent lives in this target unless the frame is the root of an
	// out-of-process target, whose parent belongs to another target.
	host := tg
	if tg.id == frameID {
		host = t.main
		t.mu.Lock()
		for _, c := range t.children {
			if c.id == parent {
				host = c
			}
		}
		t.mu.Unlock()
	}
	return host, parent, nil
}

// framePath returns a locator for each iframe between the main frame and
// frameID, outermost first (nil for the main frame). cache is by frame id.
func (t *Tab) framePath(ctx context.Context, tg *Target, frameID string, cache map[string][]string) ([]string, error) {
	if frameID == t.id {
		return nil, nil
	}
	if p, ok := cache[frameID]; ok {
		return p, nil
	}
	parentHost, parentFrame, err := t.parentOf(ctx, tg, frameID)
	if err != nil {
		return nil, err
	}
	if err := t.evalIn(ctx, parentHost, parentFrame, "0", nil); err != nil { // library present
		return nil, err
	}
	fe, err := t.frameOwner(ctx, parentHost, parentFrame, frameID)
	if err != nil {
		return nil, err
	}
	var g genResult
	err = fe.Call(ctx, genElementJS, &g, false)
	fe.Release(ctx)
	if err != nil {
		return nil, err
	}
	if len(g.Locators) == 0 {
		return nil, failure.New(failure.NotFound, "no locator matches the iframe of frame %s alone", frameID)
	}
	up, err := t.framePath(ctx, parentHost, parentFrame, cache)
	if err != nil {
		return nil, err
	}
	p := append(append([]string(nil), up...), g.Locators[0].Locator)
	cache[frameID] = p
	return p, nil
}

// framesOf is the frame id of each frame the walk found (items of kind
// frame, by index; none unless walk), asked all at once rather than one
// round trip after another.
func (t *Tab) framesOf(ctx context.Context, tg *Target, frameID string, items []snapshot.Item, walk bool) map[int]string {
	if !walk {
		return nil
	}
	var index []int
	for _, it := range items {
		if it.K == snapshot.KindFrame && len(index) < maxFrames {
			index = append(index, it.Index)
		}
	}
	found := make([]string, len(index))
	var wg sync.WaitGroup
	for i, n := range index {
		wg.Go(func() { found[i], _ = t.frameOf(ctx, tg, frameID, n) })
	}
	wg.Wait()
	ids := make(map[int]string, len(index))
	for i, n := range index {
		ids[n] = found[i]
	}
	return ids
}

// frameOf returns the frame id of the iframe element the walker stored at
// __tact.frames[index] in frame frameID.
func (t *Tab) frameOf(ctx context.Context, tg *Target, frameID string, index int) (string, error) {
	id, err := t.worldFor(ctx, tg, frameID)
	if err != nil {
		return "", err
	}
	res, err := cdp.Call(ctx, tg.sess, runtime.Evaluate, runtime.EvaluateParams{Expression: fmt.Sprintf("__tact.frames[%d]", index), ContextID: runtime.ExecutionContextID(id)})
	if err != nil || res.Result == nil || res.Result.ObjectID == "" {
		return "", err
	}
	// Released once read, its answer not waited for (written before any
	// later call).
	defer cdp.Start(ctx, tg.sess, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: res.Result.ObjectID})
	return contentFrame(ctx, tg, res.Result.ObjectID)
}
