package page

import (
	"context"
	"errors"
	"sync"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
)

// Target is one attached CDP target: a page (tab) or an out-of-process
// iframe inside it. It tracks what tact needs from the event stream.
type Target struct {
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
	inflight  map[string]request
	emulation Emulation // the session emulation last applied to this target
}

func newTarget(id, kind string, sess *cdp.Session, tab *Tab) *Target {
	return &Target{
		id: id, kind: kind, sess: sess, tab: tab,
		ready:    make(chan struct{}),
		worlds:   map[string]int64{},
		mainCtx:  map[string]int64{},
		unique:   map[string]int64{},
		inflight: map[string]request{},
	}
}

func (tg *Target) world(frameID string) int64 {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	return tg.worlds[frameID]
}

func (tg *Target) setWorld(frameID string, id int64) {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	tg.worlds[frameID] = id
}

func (tg *Target) dropWorld(id int64) {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	tg.forget(id)
}

// dropUnique forgets the context a destroyed event names.
func (tg *Target) dropUnique(uniqueID string) {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	if id, ok := tg.unique[uniqueID]; ok {
		delete(tg.unique, uniqueID)
		tg.forget(id)
	}
}

// request is one request in flight: when it started, the host it goes
// to, and what kind it is, so that a page's third-party subresources do
// not hold a command waiting for the page to be usable.
type request struct {
	at     time.Time
	host   string
	kind   requestKind
	loader string // the document's loader: a request of a document left behind never reports its end
}

type requestKind int

const (
	subresource   requestKind = iota // images, styles, fonts, media…
	mainDocument                     // the main frame's navigation
	scripted                         // XHR, fetch, EventSource: the page's code asked for it
	frameDocument                    // an iframe's document
	script                           // a script file
)

// requestDone ends a request's time in flight and wakes the tab's waiters.
func (tg *Target) requestDone(requestID string) {
	tg.mu.Lock()
	_, ok := tg.inflight[requestID]
	delete(tg.inflight, requestID)
	tg.mu.Unlock()
	if ok && tg.kind == "page" {
		tg.tab.update(func() {})
	}
}

// dropRequestsOfOtherLoaders forgets the requests of documents other than
// the one loader just committed (the new document's own requests, its
// navigation request included, share its loader id).
func (tg *Target) dropRequestsOfOtherLoaders(loader string) {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	for id, r := range tg.inflight {
		if r.loader != loader {
			delete(tg.inflight, id)
		}
	}
}

// countRequests counts the requests in flight that keep says hold.
func (tg *Target) countRequests(keep func(request) bool) int {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	n := 0
	for _, r := range tg.inflight {
		if keep(r) {
			n++
		}
	}
	return n
}

// forget drops a context from the frame maps; call with tg.mu held.
func (tg *Target) forget(id int64) {
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
func (tg *Target) busyRequests(now time.Time, longPoll time.Duration) int {
	return tg.countRequests(func(r request) bool { return now.Sub(r.at) < longPoll })
}

// Setup enables what tact listens to on a freshly attached target,
// installs the in-page library for every future document, then lets the
// target run. Ready is closed when it returns; a page or runtime domain
// that could not be enabled is Failed.
func (tg *Target) Setup(ctx context.Context) {
	defer close(tg.ready)
	log := tg.tab.log
	s := tg.sess
	// Issue everything, then resume the target: on a paused target (new
	// tab or popup) the enables only answer once it runs.
	pageOn := cdp.Start(ctx, s, cdppage.Enable, cdppage.EnableParams{})
	runtimeOn := cdp.Start(ctx, s, runtime.Enable, proto.Empty{})
	rest := []struct {
		method string
		reply  <-chan error
	}{
		{"Network.enable", cdp.Start(ctx, s, network.Enable, network.EnableParams{MaxTotalBufferSize: new(int64(1 << 20)), MaxResourceBufferSize: new(int64(1 << 19))})},
		{"Page.addScriptToEvaluateOnNewDocument", cdp.Start(ctx, s, cdppage.AddScriptToEvaluateOnNewDocument,
			cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: tg.tab.host.Library().Source, WorldName: WorldName, RunImmediately: new(true)})},
		{"Target.setAutoAttach", cdp.Start(ctx, s, cdptarget.SetAutoAttach, cdptarget.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true,
			Flatten: new(true), Filter: OnlyType("iframe")})},
	}
	if tg.kind == "page" {
		// A tab tact drives has focus as far as its page can tell, whichever
		// tab or window the browser focused last (tab new, a browser shared
		// with other sessions or a person): focus and blur handlers, :focus
		// styles and document.hasFocus() behave as for the one tab in use.
		rest = append(rest, struct {
			method string
			reply  <-chan error
		}{"Emulation.setFocusEmulationEnabled", cdp.Start(ctx, s, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})})
	}
	if p, on := fetchParams(tg.tab.host.Domains(), Emulation{}); on && tg.kind == "page" {
		// Before the target runs: a popup's first navigation is checked too.
		rest = append(rest, struct {
			method string
			reply  <-chan error
		}{"Fetch.enable", cdp.Start(ctx, s, fetch.Enable, p)})
	}
	resumed := cdp.Start(ctx, s, runtime.RunIfWaitingForDebugger, proto.Empty{})
	for _, c := range []struct {
		method string
		reply  <-chan error
	}{{"Page.enable", pageOn}, {"Runtime.enable", runtimeOn}} {
		if err := <-c.reply; err != nil {
			log.Debug("setup", "target", tg.id, "call", c.method, "err", err)
			tg.failed = BrowserGone(err)
		}
	}
	for _, c := range rest {
		if err := <-c.reply; err != nil {
			log.Debug("setup", "target", tg.id, "call", c.method, "err", err)
		}
	}
	<-resumed
}

// OnlyType is an auto-attach filter that takes targets of one type.
func OnlyType(typ string) cdptarget.Filter {
	f := make(cdptarget.Filter, 1)
	f[0].Type = typ
	return f
}

// Ready is closed once Setup is done.
func (tg *Target) Ready() <-chan struct{} { return tg.ready }

// Failed is why Setup could not make the target usable (nil if it could).
func (tg *Target) Failed() error { return tg.failed }

// ID is the target id.
func (tg *Target) ID() string { return tg.id }

// IsPage reports a tab's page target (not an out-of-process iframe).
func (tg *Target) IsPage() bool { return tg.kind == "page" }

// Tab is the tab the target belongs to.
func (tg *Target) Tab() *Tab { return tg.tab }

// BrowserGone wraps a CDP transport error as BROWSER_UNAVAILABLE.
func BrowserGone(err error) error {
	if errors.Is(err, cdp.ErrClosed) {
		return failure.Wrap(failure.BrowserUnavailable, err, "browser connection lost")
	}
	return err
}
