package tab

import (
	"context"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/cdp"
)

// eventQueue decouples the websocket read loop from event handling: the
// read loop never blocks, and handlers may make CDP calls.
type eventQueue struct {
	mu     sync.Mutex
	items  []cdp.Event
	notify chan struct{}
}

func (q *eventQueue) init() { q.notify = make(chan struct{}, 1) }

func (q *eventQueue) push(ev cdp.Event) {
	q.mu.Lock()
	q.items = append(q.items, ev)
	q.mu.Unlock()
	select {
	case q.notify <- struct{}{}:
	default:
	}
}

func (q *eventQueue) drain() []cdp.Event {
	q.mu.Lock()
	defer q.mu.Unlock()
	it := q.items
	q.items = nil
	return it
}

func (m *Manager) processEvents() {
	for {
		select {
		case <-m.stopCh:
			return
		case <-m.queue.notify:
		}
		for _, ev := range m.queue.drain() {
			m.handle(ev)
		}
	}
}

// browserEvents are the handlers of browser-level events (targets
// attaching and going away, downloads); the string is the session the
// event came on ("" for the browser's own).
func (m *Manager) browserEvents() *cdp.Handlers[string] {
	h := &cdp.Handlers[string]{}
	cdp.On(h, cdptarget.AttachedToTarget, func(parent string, ev *cdptarget.EventAttachedToTarget) {
		if ev.TargetInfo != nil {
			m.attached(parent, string(ev.SessionID), ev.TargetInfo)
		}
	})
	cdp.On(h, cdptarget.DetachedFromTarget, func(_ string, ev *cdptarget.EventDetachedFromTarget) {
		m.detached(string(ev.SessionID))
	})
	cdp.On(h, cdptarget.TargetDestroyed, func(_ string, ev *cdptarget.EventTargetDestroyed) {
		m.dropTab(string(ev.TargetID))
	})
	cdp.On(h, cdptarget.TargetCrashed, func(_ string, ev *cdptarget.EventTargetCrashed) {
		m.mu.Lock()
		t := m.tabs[string(ev.TargetID)]
		m.mu.Unlock()
		if t != nil {
			t.update(func() { t.crashed = true })
		}
	})
	cdp.On(h, cdpbrowser.DownloadWillBegin, func(_ string, ev *cdpbrowser.EventDownloadWillBegin) { m.downloadBegins(ev) })
	cdp.On(h, cdpbrowser.DownloadProgress, func(_ string, ev *cdpbrowser.EventDownloadProgress) { m.downloadProgress(ev) })
	return h
}

// handle routes one event: browser-level ones by their method, the rest
// to the target whose session sent them. A payload that does not decode
// is logged, never taken as zero values.
func (m *Manager) handle(ev cdp.Event) {
	var err error
	if m.browserEv.Handles(ev.Method) {
		err = m.browserEv.Dispatch(ev.SessionID, ev)
	} else {
		m.mu.Lock()
		tg := m.targets[ev.SessionID]
		m.mu.Unlock()
		if tg != nil {
			err = m.targetEv.Dispatch(tg, ev)
		}
	}
	if err != nil {
		m.log.Warn("event", "err", err)
	}
}

func (m *Manager) attached(parentSession, sessionID string, ti *cdptarget.Info) {
	conn := m.conn
	if conn == nil {
		return
	}
	sess := conn.Session(sessionID)
	m.mu.Lock()
	parent := m.targets[parentSession]
	m.mu.Unlock()
	switch {
	case parentSession == "" && ti.Type == "page":
		id := string(ti.TargetID)
		t := newTab(m, id)
		tg := newTarget(id, "page", sess, t)
		t.main = tg
		t.url, t.title = ti.URL, ti.Title
		m.mu.Lock()
		m.targets[sessionID] = tg
		m.tabs[id] = t
		m.order = append(m.order, id)
		if ti.OpenerID != "" {
			if op := m.tabs[string(ti.OpenerID)]; op != nil {
				op.update(func() { op.opened = append(op.opened, id) })
			}
		}
		m.mu.Unlock()
		go m.setup(tg)
	case parent != nil && ti.Type == "iframe":
		tg := newTarget(string(ti.TargetID), "iframe", sess, parent.tab)
		m.mu.Lock()
		m.targets[sessionID] = tg
		m.mu.Unlock()
		parent.tab.addChild(tg)
		go m.setup(tg)
	default:
		// Workers and the like: let them run; tact does not drive them.
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = cdp.Run(ctx, sess, runtime.RunIfWaitingForDebugger, proto.Empty{})
			_ = cdp.Run(ctx, conn.Session(parentSession), cdptarget.DetachFromTarget, cdptarget.DetachFromTargetParams{SessionID: cdptarget.SessionID(sessionID)})
		}()
	}
}

func (m *Manager) detached(sessionID string) {
	m.mu.Lock()
	tg := m.targets[sessionID]
	delete(m.targets, sessionID)
	m.mu.Unlock()
	if tg == nil {
		return
	}
	if tg.kind == "page" {
		m.dropTab(tg.id)
	} else {
		tg.tab.removeChild(tg.id)
	}
}

// setup enables what tact listens to on a freshly attached target, installs
// the in-page library for every future document, then lets it run.
func (m *Manager) setup(tg *target) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	defer close(tg.ready)
	s := tg.sess
	// Issue everything, then resume the target: on a paused target (new
	// tab or popup) the enables only answer once it runs.
	pageOn := cdp.Start(ctx, s, page.Enable, page.EnableParams{})
	runtimeOn := cdp.Start(ctx, s, runtime.Enable, proto.Empty{})
	rest := []struct {
		method string
		reply  <-chan error
	}{
		{"Network.enable", cdp.Start(ctx, s, network.Enable, network.EnableParams{MaxTotalBufferSize: new(int64(1 << 20)), MaxResourceBufferSize: new(int64(1 << 19))})},
		{"Page.addScriptToEvaluateOnNewDocument", cdp.Start(ctx, s, page.AddScriptToEvaluateOnNewDocument,
			page.AddScriptToEvaluateOnNewDocumentParams{Source: m.library(), WorldName: WorldName, RunImmediately: new(true)})},
		{"Target.setAutoAttach", cdp.Start(ctx, s, cdptarget.SetAutoAttach, cdptarget.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true,
			Flatten: new(true), Filter: onlyType("iframe")})},
	}
	resumed := cdp.Start(ctx, s, runtime.RunIfWaitingForDebugger, proto.Empty{})
	for _, c := range []struct {
		method string
		reply  <-chan error
	}{{"Page.enable", pageOn}, {"Runtime.enable", runtimeOn}} {
		if err := <-c.reply; err != nil {
			m.log.Debug("setup", "target", tg.id, "call", c.method, "err", err)
			tg.failed = errBrowserGone(err)
		}
	}
	for _, c := range rest {
		if err := <-c.reply; err != nil {
			m.log.Debug("setup", "target", tg.id, "call", c.method, "err", err)
		}
	}
	<-resumed
	if tg.kind == "page" {
		m.applyEmulation(ctx, tg)
	}
}

// onlyType is an auto-attach filter that takes targets of one type.
func onlyType(typ string) cdptarget.Filter {
	f := make(cdptarget.Filter, 1)
	f[0].Type = typ
	return f
}
