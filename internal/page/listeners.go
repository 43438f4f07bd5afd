package page

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
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

// errUnscanned: the document's listener list costs too much to ask.
var errUnscanned = errors.New("listener list not asked: too costly in this document")

// A listener list that took longer than maxScanTime, or held more than
// maxScanListeners, is not asked for again in that document.
const (
	maxScanTime      = 250 * time.Millisecond
	maxScanListeners = 20000
)

// markListeners tells the frame's walker which elements have click or
// pointer listeners of their own (addEventListener ones, which no script
// can see; only the debugger can): globalThis.__tactListened in tact's
// world, which the walker treats like an onclick attribute. elements is
// the document's element count when the caller knows it (0: ask). It
// reports whether it marked any; best effort: when anything fails the
// snap goes on without them.
//
// A small page without such listeners costs one round trip (the listener
// list); the document's handle is kept per context, the nodes to mark are
// resolved all at once, and not at all when the last scan in this world
// marked the same ones.
func (t *Tab) markListeners(ctx context.Context, tg *Target, frameID string, elements int, pre *listenFetch) bool {
	start, marked := time.Now(), 0
	defer func() { t.log.Debug("listeners", "frame", frameID, "marked", marked, "took", time.Since(start)) }()
	iso, err := t.worldFor(ctx, tg, frameID)
	if err != nil {
		return false
	}
	tg.mu.Lock()
	page := tg.mainCtx[frameID]
	tg.mu.Unlock()
	if page == 0 {
		return false
	}
	if elements <= 0 {
		raw, err := evaluate(ctx, tg.sess, iso, "document.getElementsByTagName('*').length", false)
		if err != nil || json.Unmarshal(raw, &elements) != nil {
			return false
		}
	}
	if elements > maxListenDOM {
		// Until it is small again, no list is asked ahead (see
		// prefetchListeners).
		tg.mu.Lock()
		delete(tg.docs, page)
		tg.mu.Unlock()
		return false
	}
	var listeners []*domdebugger.EventListener
	if pre != nil {
		listeners, err = pre.wait(ctx)
	} else {
		listeners, err = t.listenersOf(ctx, tg, page)
	}
	if err != nil {
		return false
	}
	nodes := listenedNodes(listeners)
	tg.mu.Lock()
	prev, scanned := tg.marked[iso]
	same := scanned && slices.Equal(prev, nodes)
	delete(tg.marked, iso)
	tg.mu.Unlock()
	if len(nodes) == 0 {
		// The walk starts an empty set: this world's marks are none.
		tg.mu.Lock()
		tg.marked[iso] = nodes
		tg.mu.Unlock()
		return false
	}
	if same {
		// The same elements as the last scan marked in this world: their
		// marks are in place (a snap after an action on the same page).
		tg.mu.Lock()
		tg.marked[iso] = nodes
		tg.mu.Unlock()
		marked = len(nodes)
		return true
	}
	// The handles go once the walk has used them: the release is written
	// before any later call (so it cannot take a later scan's handles),
	// and its answer is not waited for.
	const group = "tact-listeners"
	defer cdp.Start(ctx, tg.sess, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: group})
	// In document order, each in tact's world; sent together, not one
	// round trip after another.
	args := make([]*runtime.CallArgument, len(nodes))
	var wg sync.WaitGroup
	for i, id := range nodes {
		wg.Go(func() {
			n, err := cdp.Call(ctx, tg.sess, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: id, ExecutionContextID: runtime.ExecutionContextID(iso), ObjectGroup: group})
			if err == nil && n.Object != nil && n.Object.ObjectID != "" {
				args[i] = &runtime.CallArgument{ObjectID: n.Object.ObjectID}
			}
		})
	}
	wg.Wait()
	args = slices.DeleteFunc(args, func(a *runtime.CallArgument) bool { return a == nil })
	if len(args) == 0 {
		return false
	}
	if cdp.Run(ctx, tg.sess, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: markListened, ExecutionContextID: runtime.ExecutionContextID(iso), Arguments: args,
	}) != nil {
		return false
	}
	tg.mu.Lock()
	tg.marked[iso] = nodes
	tg.mu.Unlock()
	marked = len(args)
	return true
}

// listenedNodes are the nodes to mark of a listener list: the first
// maxListened with a listener of listenerTypes, in document order.
func listenedNodes(listeners []*domdebugger.EventListener) []proto.BackendNodeID {
	nodes := []proto.BackendNodeID{}
	seen := map[proto.BackendNodeID]bool{}
	for _, l := range listeners {
		if len(nodes) >= maxListened {
			break
		}
		if !listenerTypes[l.Type] || l.BackendNodeID == 0 || seen[l.BackendNodeID] {
			continue
		}
		seen[l.BackendNodeID] = true
		nodes = append(nodes, l.BackendNodeID)
	}
	return nodes
}

// listenFetch is a frame's listener list, asked ahead.
type listenFetch struct {
	done      chan struct{}
	listeners []*domdebugger.EventListener
	err       error
}

// wait returns the list once it has come, or ctx's error.
func (f *listenFetch) wait(ctx context.Context) ([]*domdebugger.EventListener, error) {
	select {
	case <-f.done:
		return f.listeners, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// prefetchListeners asks for a frame's listener list now, beside the size
// check every snap makes first, when its document's handle is kept (its
// last scan found it small): the two answers then cost one round trip's
// wait, not two. nil when there is no such handle; markListeners then
// asks itself, once it knows the document is small.
func (t *Tab) prefetchListeners(ctx context.Context, tg *Target, frameID string) *listenFetch {
	tg.mu.Lock()
	page := tg.mainCtx[frameID]
	_, kept := tg.docs[page]
	tg.mu.Unlock()
	if page == 0 || !kept {
		return nil
	}
	f := &listenFetch{done: make(chan struct{})}
	go func() {
		defer close(f.done)
		f.listeners, f.err = t.listenersOf(ctx, tg, page)
	}()
	return f
}

// listenersOf lists the event listeners of a frame's document (its main
// world's: an unforgeable global the page cannot replace), its whole
// subtree, not piercing into frames (each frame is asked when it is
// walked). The document's handle is kept, one per context, in an object
// group the context's end releases; a handle that went stale is asked
// for once more.
func (t *Tab) listenersOf(ctx context.Context, tg *Target, page int64) ([]*domdebugger.EventListener, error) {
	all := int64(-1)
	for range 2 {
		tg.mu.Lock()
		doc, kept := tg.docs[page]
		unasked := tg.unscanned[page]
		tg.mu.Unlock()
		if unasked {
			return nil, errUnscanned
		}
		if !kept {
			res, err := cdp.Call(ctx, tg.sess, runtime.Evaluate, runtime.EvaluateParams{Expression: "document", ContextID: runtime.ExecutionContextID(page), ObjectGroup: "tact-document"})
			if err != nil {
				return nil, err
			}
			if res.Result == nil || res.Result.ObjectID == "" {
				return nil, errContextGone
			}
			doc = res.Result.ObjectID
			tg.mu.Lock()
			// Kept only while the context lives (forget drops it with
			// the context).
			for _, c := range tg.mainCtx {
				if c == page {
					tg.docs[page] = doc
					break
				}
			}
			tg.mu.Unlock()
		}
		start := time.Now()
		res, err := cdp.Call(ctx, tg.sess, domdebugger.GetEventListeners, domdebugger.GetEventListenersParams{ObjectID: doc, Depth: &all})
		if took := time.Since(start); took > maxScanTime || err != nil && ctx.Err() != nil || err == nil && len(res.Listeners) > maxScanListeners {
			// A document with listeners by the hundred thousand (a
			// hostile page's are one line of script each) costs the
			// browser seconds to list, every snap: it is not asked again.
			t.log.Info("listener scan too costly; not asked again for this document", "took", took, "err", err)
			tg.mu.Lock()
			tg.unscanned[page] = true
			delete(tg.docs, page)
			tg.mu.Unlock()
		}
		if err == nil {
			return res.Listeners, nil
		}
		if !kept || ctx.Err() != nil {
			return nil, err
		}
		tg.mu.Lock()
		delete(tg.docs, page)
		tg.mu.Unlock()
	}
	return nil, errContextGone
}

// markListened adds the elements it is given to the walker's set, except
// containers that handle clicks for items inside them (a toolbar whose
// icons have a pointer cursor, a list delegating to its links): their
// items are the controls, as without the listener.
const markListened = `function () {
  const s = globalThis.__tactListened = new WeakSet();
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
