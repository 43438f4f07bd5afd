package page

import (
	"context"
	"errors"
	"sync"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
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
	worlds    map[string]int64                 // frameId -> tact isolated world context
	mainCtx   map[string]int64                 // frameId -> default (page) world context
	unique    map[string]int64                 // context uniqueId -> id (destroyed events name only the uniqueId)
	docs      map[int64]runtime.RemoteObjectID // default world context -> its document's handle (listener scans)
	marked    map[int64][]proto.BackendNodeID  // tact's world context -> the listened nodes its set holds (empty: none; absent: not known)
	sizes     map[int64]pageSize               // tact's world context -> its document's size when last asked
	unscanned map[int64]bool                   // default world context -> its listener list costs too much to ask
	emulation Emulation                        // the session emulation last applied to this target
}

func newTarget(id, kind string, sess *cdp.Session, tab *Tab) *Target {
	return &Target{
		id: id, kind: kind, sess: sess, tab: tab,
		ready:     make(chan struct{}),
		worlds:    map[string]int64{},
		mainCtx:   map[string]int64{},
		unique:    map[string]int64{},
		docs:      map[int64]runtime.RemoteObjectID{},
		marked:    map[int64][]proto.BackendNodeID{},
		sizes:     map[int64]pageSize{},
		unscanned: map[int64]bool{},
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

// requestDone ends a request's time in flight (the main target's: what
// holds a page) and wakes the tab's waiters.
func (tg *Target) requestDone(requestID string) {
	if tg.kind == "page" {
		tg.tab.obs.Add(observe.Event{Kind: observe.RequestEnd, ID: requestID})
	}
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
	delete(tg.docs, id)
	delete(tg.marked, id)
	delete(tg.sizes, id)
	delete(tg.unscanned, id)
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
