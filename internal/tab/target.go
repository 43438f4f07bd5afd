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
	inflight  map[string]time.Time
	emulation Emulation // the session emulation last applied to this target
}

func newTarget(id, kind string, sess *cdp.Session, tab *Tab) *target {
	return &target{
		id: id, kind: kind, sess: sess, tab: tab,
		ready:    make(chan struct{}),
		worlds:   map[string]int64{},
		mainCtx:  map[string]int64{},
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
