package tab

import (
	"context"
	"encoding/json"
	"sync"
	"time"

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

type targetInfo struct {
	TargetID string `json:"targetId"`
	Type     string `json:"type"`
	URL      string `json:"url"`
	Title    string `json:"title"`
	OpenerID string `json:"openerId"`
}

func (m *Manager) handle(ev cdp.Event) {
	switch ev.Method {
	case "Target.attachedToTarget":
		var p struct {
			SessionID  string     `json:"sessionId"`
			TargetInfo targetInfo `json:"targetInfo"`
		}
		if json.Unmarshal(ev.Params, &p) != nil {
			return
		}
		m.attached(ev.SessionID, p.SessionID, p.TargetInfo)
		return
	case "Target.detachedFromTarget":
		var p struct {
			SessionID string `json:"sessionId"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		m.detached(p.SessionID)
		return
	case "Target.targetDestroyed":
		var p struct {
			TargetID string `json:"targetId"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		m.dropTab(p.TargetID)
		return
	case "Browser.downloadWillBegin", "Browser.downloadProgress":
		m.downloadEvent(ev)
		return
	case "Target.targetCrashed":
		var p struct {
			TargetID string `json:"targetId"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		m.mu.Lock()
		t := m.tabs[p.TargetID]
		m.mu.Unlock()
		if t != nil {
			t.update(func() { t.crashed = true })
		}
		return
	}
	m.mu.Lock()
	tg := m.targets[ev.SessionID]
	m.mu.Unlock()
	if tg == nil {
		return
	}
	tg.tab.event(tg, ev)
}

func (m *Manager) attached(parentSession, sessionID string, ti targetInfo) {
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
		t := newTab(m, ti.TargetID)
		tg := newTarget(ti.TargetID, "page", sess, t)
		t.main = tg
		t.url, t.title = ti.URL, ti.Title
		m.mu.Lock()
		m.targets[sessionID] = tg
		m.tabs[ti.TargetID] = t
		m.order = append(m.order, ti.TargetID)
		if ti.OpenerID != "" {
			if op := m.tabs[ti.OpenerID]; op != nil {
				op.update(func() { op.opened = append(op.opened, ti.TargetID) })
			}
		}
		m.mu.Unlock()
		go m.setup(tg)
	case parent != nil && ti.Type == "iframe":
		tg := newTarget(ti.TargetID, "iframe", sess, parent.tab)
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
			_ = sess.Call(ctx, "Runtime.runIfWaitingForDebugger", nil, nil)
			_ = conn.Call(ctx, parentSession, "Target.detachFromTarget", map[string]any{"sessionId": sessionID}, nil)
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
	calls := []struct {
		method string
		params any
	}{
		{"Page.enable", nil},
		{"Runtime.enable", nil},
		{"Network.enable", map[string]any{"maxTotalBufferSize": 1 << 20, "maxResourceBufferSize": 1 << 19}},
		{"Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": m.library(), "worldName": WorldName, "runImmediately": true}},
		{"Target.setAutoAttach", map[string]any{"autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true,
			"filter": []map[string]any{{"type": "iframe", "exclude": false}}}},
	}
	// Issue everything, then resume the target: on a paused target (new
	// tab or popup) the enables only answer once it runs.
	replies := make([]<-chan error, len(calls))
	for i, c := range calls {
		replies[i] = s.Go(ctx, c.method, c.params, nil)
	}
	resumed := s.Go(ctx, "Runtime.runIfWaitingForDebugger", nil, nil)
	for i, c := range calls {
		if err := <-replies[i]; err != nil {
			m.log.Debug("setup", "target", tg.id, "call", c.method, "err", err)
			if c.method == "Page.enable" || c.method == "Runtime.enable" {
				tg.failed = errBrowserGone(err)
			}
		}
	}
	<-resumed
	if tg.kind == "page" {
		m.applyEmulation(ctx, tg)
	}
}
