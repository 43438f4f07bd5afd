package session

import (
	"context"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/page"
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
		m.mu.Lock()
		delete(m.closing, string(ev.TargetID))
		m.mu.Unlock()
	})
	cdp.On(h, cdptarget.TargetCrashed, func(_ string, ev *cdptarget.EventTargetCrashed) {
		m.mu.Lock()
		t := m.tabs[string(ev.TargetID)]
		m.mu.Unlock()
		if t != nil {
			t.MarkCrashed()
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
	case parentSession == "" && ti.Type == "page" && m.own(ti):
		id := string(ti.TargetID)
		m.mu.Lock()
		if op := m.tabs[string(ti.OpenerID)]; ti.OpenerID != "" && op != nil && !op.Opened(id) {
			// Over the page's popup allowance: closed at once, never
			// driven, counted in the opener's report.
			m.mu.Unlock()
			m.closePopup(sess, id)
			return
		}
		t := page.New(m, m.log, id, sess, ti.URL, ti.Title)
		m.targets[sessionID] = t.Main()
		m.tabs[id] = t
		m.order = append(m.order, id)
		if ti.OpenerID != "" {
			// A popup of a tab tact opened is tact's to close too.
			if m.created[string(ti.OpenerID)] {
				m.created[id] = true
			}
		}
		m.mu.Unlock()
		go m.setup(t.Main())
	case parent != nil && ti.Type == "iframe":
		tg := parent.Tab().AttachFrame(string(ti.TargetID), sess)
		m.mu.Lock()
		m.targets[sessionID] = tg
		m.mu.Unlock()
		go m.setup(tg)
	default:
		// Workers and the like, and another context's pages under
		// --cdp-isolated: let them run; tact does not drive them.
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), workerRelease)
			defer cancel()
			_ = cdp.Run(ctx, sess, runtime.RunIfWaitingForDebugger, proto.Empty{})
			_ = cdp.Run(ctx, conn.Session(parentSession), cdptarget.DetachFromTarget, cdptarget.DetachFromTargetParams{SessionID: cdptarget.SessionID(sessionID)})
		}()
	}
}

// closePopup closes a tab a page opened over page.MaxPopups. It waits
// for the debugger, as every new target does: let it run first, or its
// opener's window.open() waits on it.
func (m *Manager) closePopup(sess *cdp.Session, id string) {
	conn := m.conn
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), workerRelease)
		defer cancel()
		_ = cdp.Run(ctx, sess, runtime.RunIfWaitingForDebugger, proto.Empty{})
		if err := cdp.Run(ctx, conn.Browser(), cdptarget.CloseTarget, cdptarget.CloseTargetParams{TargetID: cdptarget.ID(id)}); err != nil {
			m.log.Debug("close popup", "err", err)
		}
	}()
}

// Bounds of the calls that set up a freshly attached target and release
// one tact does not drive.
const (
	targetSetup   = 15 * time.Second
	workerRelease = 5 * time.Second
)

// setup makes a new target usable, then applies the session's emulation
// to a page.
func (m *Manager) setup(tg *page.Target) {
	ctx, cancel := context.WithTimeout(context.Background(), targetSetup)
	defer cancel()
	tg.Setup(ctx)
	if tg.IsPage() {
		tg.CheckShown(ctx)
		m.applyEmulation(ctx, tg)
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
	if tg.IsPage() {
		m.dropTab(tg.ID())
	} else {
		tg.Tab().DetachFrame(tg.ID())
	}
}
