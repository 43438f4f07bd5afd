// Package observe decides, in one place, what a page did and when to stop
// waiting for it. Each tab has a Log of stamped events (navigations, loads,
// requests, dialogs, downloads, popups, frames, DOM mutations the in-page
// library saw, input delivered); every wait of tact (an action's reaction
// and settle, open's load, wait --idle/--url/navigation, a locator's
// lookup) is Watch or Until over that log, and the request rules (what
// holds a page, what is a long-poll) are queries on it. Nothing here
// touches a browser: the tests replay recorded logs on a fake clock.
package observe

import (
	"sync"
	"time"
)

// Kind is what an event records.
type Kind uint8

const (
	NavCross      Kind = iota // the main frame committed a new document (Loader is its loader)
	NavSame                   // the main frame navigated within its document (hash, pushState)
	Loading                   // the main frame started loading
	DOMReady                  // DOMContentLoaded of the main frame
	Load                      // load event of the main frame
	Stopped                   // the main frame stopped loading (also a navigation that became a download)
	RequestStart              // ID, Host, Req, Loader
	RequestEnd                // ID (finished, failed, or became a websocket)
	Dialog                    // a JavaScript dialog opened
	DownloadStart             // ID is the download's guid
	DownloadEnd               // ID is the download's guid
	PopupOpened               // the page opened a window
	PopupAttached             // a tab the page opened attached (kept or closed)
	FrameLoading              // a child frame (ID) started loading
	FrameStopped              // a child frame (ID) stopped loading
	FrameGone                 // a child frame (ID) detached
	FrameMoved                // a child frame (ID) has a new URL (Host); no reaction by itself
	Crash                     // the renderer died
	Mutation                  // the in-page library saw the DOM change after an action
	Activity                  // something else the page did (a request in an out-of-process frame)
	Input                     // input delivered (a pointer move, a key): no reaction by itself
)

// ReqKind is what a request is for, which decides whether it holds a page.
type ReqKind uint8

const (
	Subresource   ReqKind = iota // images, styles, fonts, media…
	MainDocument                 // the main frame's navigation
	Scripted                     // XHR, fetch, EventSource: the page's code asked for it
	FrameDocument                // an iframe's document
	Script                       // a script file
)

// Event is one thing the page did, stamped on the log's clock.
type Event struct {
	At     time.Time
	Kind   Kind
	ID     string  // request id, frame id or download guid
	Host   string  // a request's or frame's host, or the page's after a navigation (lower case)
	Req    ReqKind // a request's kind
	Loader string  // a request's document loader; a NavCross's new loader
}

// reaction reports the kinds that are the page reacting (what an action's
// verdict counts), as opposed to bookkeeping.
func (k Kind) reaction() bool {
	switch k {
	case DOMReady, Load, Stopped, RequestEnd, DownloadEnd, PopupAttached, FrameMoved, Input:
		return false
	}
	return true
}

// Doc is the main frame's state as the log has it.
type Doc struct {
	Navs, SameDocs, Loads, Stops, DOMReadies int // how many of each so far
	Loading                                  bool
	DOMReady                                 bool      // the current document fired DOMContentLoaded
	DOMReadyAt                               time.Time // when it did
	Reactions                                int       // events that are the page reacting
	Popups, Attached                         int       // windows the page opened; their tabs attached
}

// Mark is the log at one moment, to ask what happened since.
type Mark struct {
	Seq int
	At  time.Time
	Doc Doc
}

// maxRecent bounds the events a log keeps for Since; its state (Doc, the
// requests in flight, the frames) is kept whatever the length.
const maxRecent = 4096

type frame struct {
	host    string
	loading time.Time // zero when not loading
}

// Log is one tab's events and what they add up to.
type Log struct {
	clock    Clock
	sameSite func(a, b string) bool

	mu        sync.Mutex
	host      string // the page's host, which the request and frame rules compare with
	seq       int
	recent    []Event
	changed   chan struct{}
	doc       Doc
	inflight  map[string]Event
	frames    map[string]*frame
	frameLast time.Time      // a same-site child frame last started or stopped loading
	downloads map[string]int // in progress: guid → the seq it started at
}

// NewLog is an empty log on clock; sameSite says whether two hosts are one
// site (the page package's one definition, by the public suffix list).
func NewLog(clock Clock, sameSite func(a, b string) bool) *Log {
	return &Log{clock: clock, sameSite: sameSite, changed: make(chan struct{}),
		inflight: map[string]Event{}, frames: map[string]*frame{}, downloads: map[string]int{}}
}

// SetHost sets the page's host before any navigation (a tab attached to
// a page already showing).
func (l *Log) SetHost(host string) {
	l.mu.Lock()
	l.host = host
	l.mu.Unlock()
}

// Clock is the clock the log stamps events with.
func (l *Log) Clock() Clock { return l.clock }

// Add stamps ev (when it has no time yet), records it and wakes waiters.
func (l *Log) Add(ev Event) {
	l.mu.Lock()
	if ev.At.IsZero() {
		ev.At = l.clock.Now()
	}
	l.apply(ev)
	l.seq++
	if len(l.recent) == maxRecent {
		l.recent = append(l.recent[:0], l.recent[maxRecent/2:]...)
	}
	l.recent = append(l.recent, ev)
	l.wakeLocked()
	l.mu.Unlock()
}

// Wake wakes waiters without an event: something else they look at (a
// dialog's state, the tab's URL) changed.
func (l *Log) Wake() {
	l.mu.Lock()
	l.wakeLocked()
	l.mu.Unlock()
}

func (l *Log) wakeLocked() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// Changed is closed at the next event or Wake.
func (l *Log) Changed() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.changed
}

// apply folds ev into the log's state; l.mu held.
func (l *Log) apply(ev Event) {
	d := &l.doc
	if ev.Kind.reaction() {
		d.Reactions++
	}
	switch ev.Kind {
	case NavCross:
		l.host = ev.Host
		d.Navs++
		d.DOMReady = false
		l.frames, l.frameLast = map[string]*frame{}, time.Time{}
		// The new document's own requests (its navigation request
		// included) share its loader; a document left behind never
		// reports the end of its requests.
		for id, r := range l.inflight {
			if r.Loader != ev.Loader {
				delete(l.inflight, id)
			}
		}
	case NavSame:
		l.host = ev.Host
		d.SameDocs++
	case Loading:
		d.Loading = true
	case DOMReady:
		d.DOMReadies++
		d.DOMReady, d.DOMReadyAt = true, ev.At
	case Load:
		d.Loads++
		d.Loading = false
	case Stopped:
		d.Stops++
		d.Loading = false
	case RequestStart:
		l.inflight[ev.ID] = ev
	case RequestEnd:
		delete(l.inflight, ev.ID)
	case DownloadStart:
		l.downloads[ev.ID] = l.seq
		// The navigation that produced it is over: no document will load.
		d.Stops++
		d.Loading = false
	case DownloadEnd:
		delete(l.downloads, ev.ID)
	case PopupOpened:
		d.Popups++
	case PopupAttached:
		d.Attached++
	case FrameMoved:
		l.frame(ev.ID).host = ev.Host
	case FrameLoading, FrameStopped, FrameGone:
		f := l.frame(ev.ID)
		if ev.Kind == FrameLoading {
			f.loading = ev.At
		} else {
			f.loading = time.Time{}
		}
		if ev.Kind != FrameGone && l.sameSiteFrame(f) {
			l.frameLast = ev.At
		}
		if ev.Kind == FrameGone {
			delete(l.frames, ev.ID)
		}
	}
}

func (l *Log) frame(id string) *frame {
	f := l.frames[id]
	if f == nil {
		f = &frame{}
		l.frames[id] = f
	}
	return f
}

// Mark is the log now.
func (l *Log) Mark() Mark {
	l.mu.Lock()
	defer l.mu.Unlock()
	return Mark{Seq: l.seq, At: l.clock.Now(), Doc: l.doc}
}

// Doc is the main frame's state now.
func (l *Log) Doc() Doc {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.doc
}

// Since is the events after m (those the log still keeps).
func (l *Log) Since(m Mark) []Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := min(l.seq-m.Seq, len(l.recent))
	return append([]Event(nil), l.recent[len(l.recent)-n:]...)
}

// Reacted reports an event since m that is the page reacting: a request, a
// navigation, a load starting, a dialog, a download, a popup, a frame
// loading, a crash or a DOM mutation.
func (l *Log) Reacted(m Mark) bool { return l.Doc().Reactions > m.Doc.Reactions }
