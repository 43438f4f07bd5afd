package tab

import (
	"sync"
	"time"

	"github.com/tact-browser/tact/internal/cdp"
)

// target is one attached CDP target: a page (tab) or an out-of-process
// iframe inside it. It tracks what tact needs from the event stream.
type target struct {
	id     string
	kind   string // "page" or "iframe"
	sess   *cdp.Session
	tab    *Tab
	ready  chan struct{} // closed when domains are enabled
	failed error

	mu        sync.Mutex
	worlds    map[string]int64 // frameId -> tact isolated world context
	mainCtx   map[string]int64 // frameId -> default (page) world context
	unique    map[string]int64 // context uniqueId -> id (destroyed events name only the uniqueId)
	inflight  map[string]time.Time
	emulation Emulation // the session emulation last applied to this target
}

func newTarget(id, kind string, sess *cdp.Session, tab *Tab) *target {
	return &target{
		id: id, kind: kind, sess: sess, tab: tab,
		ready:    make(chan struct{}),
		worlds:   map[string]int64{},
		mainCtx:  map[string]int64{},
		unique:   map[string]int64{},
		inflight: map[string]time.Time{},
	}
}

func (tg *target) world(frameID string) int64 {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	return tg.worlds[frameID]
}

func (tg *target) setWorld(frameID string, id int64) {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	tg.worlds[frameID] = id
}

func (tg *target) dropWorld(id int64) {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	tg.forget(id)
}

// dropUnique forgets the context a destroyed event names.
func (tg *target) dropUnique(uniqueID string) {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	if id, ok := tg.unique[uniqueID]; ok {
		delete(tg.unique, uniqueID)
		tg.forget(id)
	}
}

// requestDone ends a request's time in flight.
func (tg *target) requestDone(requestID string) {
	tg.mu.Lock()
	delete(tg.inflight, requestID)
	tg.mu.Unlock()
}

// forget drops a context from the frame maps; call with tg.mu held.
func (tg *target) forget(id int64) {
	for f, c := range tg.worlds {
		if c == id {
			delete(tg.worlds, f)
		}
	}
	for f, c := range tg.mainCtx {
		if c == id {
			delete(tg.mainCtx, f)
		}
	}
}

// busyRequests counts requests in flight, ignoring ones older than
// longPoll: long-polls and streams would otherwise never let a page settle.
func (tg *target) busyRequests(now time.Time, longPoll time.Duration) int {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	n := 0
	for _, t := range tg.inflight {
		if now.Sub(t) < longPoll {
			n++
		}
	}
	return n
}
