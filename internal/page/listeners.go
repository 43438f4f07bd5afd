package page

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/domdebugger"
	"github.com/chromedp/cdproto/runtime"

	"github.com/tact-browser/tact/internal/cdp"
)

// listenerTypes are the events whose own listener makes an element a
// control a person can click (a plain span with a click handler).
var listenerTypes = map[string]bool{"click": true, "mousedown": true, "mouseup": true, "pointerdown": true, "pointerup": true}

// maxListened bounds the elements marked per frame (one DOM.resolveNode
// each); the first in document order are marked.
const maxListened = 25

// maxListenDOM bounds the documents asked at all: the browser lists every
// listener of the document (a handler object each), which costs ~50 ms
// for a few hundred rows with a listener each and seconds for thousands,
// so a bigger document (by elements) goes without.
const maxListenDOM = 2000

// markListeners tells the frame's walker which elements have click or
// pointer listeners of their own (addEventListener ones, which no script
// can see; only the debugger can): globalThis.__tactListened in tact's
// world, which the walker treats like an onclick attribute. Best effort:
// when anything fails the snap goes on without them.
func (t *Tab) markListeners(ctx context.Context, tg *Target, frameID string) {
	start, marked := time.Now(), 0
	defer func() { t.log.Debug("listeners", "frame", frameID, "marked", marked, "took", time.Since(start)) }()
	iso, err := t.worldFor(ctx, tg, frameID)
	if err != nil {
		return
	}
	tg.mu.Lock()
	page := tg.mainCtx[frameID]
	tg.mu.Unlock()
	// A fresh set each snap (an element whose listener went is not kept),
	// and whether the document is small enough to ask about.
	var small bool
	expr := "globalThis.__tactListened = new WeakSet(), document.getElementsByTagName('*').length <= " + strconv.Itoa(maxListenDOM)
	if raw, err := evaluate(ctx, tg.sess, iso, expr, false); err != nil || json.Unmarshal(raw, &small) != nil || !small || page == 0 {
		return
	}
	const group = "tact-listeners"
	defer func() {
		_ = cdp.Run(context.WithoutCancel(ctx), tg.sess, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: group})
	}()
	// The page's own listeners are in its main world: the document there
	// (an unforgeable global the page cannot replace), its whole subtree,
	// not piercing into frames (each frame is asked when it is walked).
	doc, err := cdp.Call(ctx, tg.sess, runtime.Evaluate, runtime.EvaluateParams{Expression: "document", ContextID: runtime.ExecutionContextID(page), ObjectGroup: group})
	if err != nil || doc.Result == nil || doc.Result.ObjectID == "" {
		return
	}
	all := int64(-1)
	res, err := cdp.Call(ctx, tg.sess, domdebugger.GetEventListeners, domdebugger.GetEventListenersParams{ObjectID: doc.Result.ObjectID, Depth: &all})
	if err != nil {
		return
	}
	seen := map[proto.BackendNodeID]bool{}
	var args []*runtime.CallArgument
	for _, l := range res.Listeners {
		if len(args) >= maxListened {
			break
		}
		if !listenerTypes[l.Type] || l.BackendNodeID == 0 || seen[l.BackendNodeID] {
			continue
		}
		seen[l.BackendNodeID] = true
		n, err := cdp.Call(ctx, tg.sess, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: l.BackendNodeID, ExecutionContextID: runtime.ExecutionContextID(iso), ObjectGroup: group})
		if err != nil || n.Object == nil || n.Object.ObjectID == "" {
			continue
		}
		args = append(args, &runtime.CallArgument{ObjectID: n.Object.ObjectID})
	}
	marked = len(args)
	if marked == 0 {
		return
	}
	_ = cdp.Run(ctx, tg.sess, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: markListened, ExecutionContextID: runtime.ExecutionContextID(iso), Arguments: args,
	})
}

// markListened adds the elements it is given to the walker's set, except
// containers that handle clicks for items inside them (a toolbar whose
// icons have a pointer cursor, a list delegating to its links): their
// items are the controls, as without the listener.
const markListened = `function () {
  const s = globalThis.__tactListened;
  const pointer = (d) => getComputedStyle(d).cursor === 'pointer';
  for (const e of arguments) {
    if (!e || e.nodeType !== 1) continue;
    const inner = e.getElementsByTagName('*');
    if (inner.length > 8) continue;
    const own = pointer(e);
    let items = false;
    for (const d of inner) if (d.matches('a[href],button,input,select,textarea,[onclick],[role]') || (!own && pointer(d))) { items = true; break; }
    if (!items) s.add(e);
  }
}`
