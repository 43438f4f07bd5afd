package page

import (
	"context"
	"fmt"

	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/locator"
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
func (t *Tab) locateInFrames(ctx context.Context, steps []locator.Step) (*Element, locateResult, error) {
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
			el, r, err := t.locateFrom(ctx, k.host, k.frame, steps)
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
