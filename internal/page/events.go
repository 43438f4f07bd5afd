package page

import (
	"strings"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/observe"
)

// Events are the handlers of a page's or an out-of-process frame's
// events, one per event, each receiving the target the event came from.
func Events() *cdp.Handlers[*Target] {
	h := &cdp.Handlers[*Target]{}
	cdp.On(h, runtime.ExecutionContextCreated, func(tg *Target, ev *runtime.EventExecutionContextCreated) {
		c := ev.Context
		if c == nil {
			return
		}
		var aux struct {
			FrameID   string `json:"frameId"`
			IsDefault bool   `json:"isDefault"`
		}
		_ = cdp.Unmarshal(c.AuxData, &aux) // absent for workers: no frame
		tg.mu.Lock()
		defer tg.mu.Unlock()
		switch {
		case c.Name == WorldName && !aux.IsDefault:
			tg.worlds[aux.FrameID] = int64(c.ID)
		case aux.IsDefault:
			tg.mainCtx[aux.FrameID] = int64(c.ID)
		default:
			return
		}
		tg.unique[c.UniqueID] = int64(c.ID)
	})
	cdp.On(h, runtime.ExecutionContextDestroyed, func(tg *Target, ev *runtime.EventExecutionContextDestroyed) {
		tg.dropUnique(ev.ExecutionContextUniqueID)
	})
	cdp.On(h, runtime.ExecutionContextsCleared, func(tg *Target, _ *runtime.EventExecutionContextsCleared) {
		tg.mu.Lock()
		tg.worlds, tg.mainCtx, tg.unique = map[string]int64{}, map[string]int64{}, map[string]int64{}
		tg.docs, tg.marked, tg.sizes, tg.unscanned = map[int64]runtime.RemoteObjectID{}, map[int64][]proto.BackendNodeID{}, map[int64]pageSize{}, map[int64]bool{}
		tg.mu.Unlock()
	})
	cdp.On(h, inspector.TargetCrashed, func(tg *Target, _ *inspector.EventTargetCrashed) {
		if tg.kind == "page" {
			tg.tab.MarkCrashed()
		}
	})
	cdp.On(h, runtime.ExceptionThrown, func(tg *Target, ev *runtime.EventExceptionThrown) {
		text := exceptionText(ev)
		tg.tab.logs.addConsole("exception", text)
		tg.tab.consoleError(text)
	})
	cdp.On(h, runtime.ConsoleAPICalled, func(tg *Target, ev *runtime.EventConsoleAPICalled) {
		level := string(ev.Type)
		if level == "warning" {
			level = "warn"
		}
		text := consoleText(ev.Args)
		tg.tab.logs.addConsole(level, text)
		if ev.Type == runtime.ConsoleAPICalledTypeError {
			tg.tab.consoleError(text)
		}
	})
	cdp.On(h, cdppage.FrameNavigated, func(tg *Target, ev *cdppage.EventFrameNavigated) {
		if ev.Frame == nil {
			return
		}
		t, f := tg.tab, ev.Frame
		main := tg.kind == "page" && f.ParentID == ""
		if main && !t.host.Domains().AllowsDocument(f.URL, f.SecurityOrigin) {
			// No request to stop came first: a blob: or about:blank
			// document of another site, a page from the back/forward
			// cache. Leave it at once, and remember none of it.
			tg.leave(f.URL)
			return
		}
		t.host.Visited(f.URL)
		t.frameNavigated(f, main)
		if main {
			t.host.ForgetRefs(t.id)
			t.update(func() {
				t.headings = nil
				t.url, t.loaderID, t.mime = f.URL, string(f.LoaderID), f.MimeType
			})
			t.obs.Add(observe.Event{Kind: observe.NavCross, Host: hostOf(f.URL), Loader: string(f.LoaderID)})
		}
	})
	cdp.On(h, cdppage.NavigatedWithinDocument, func(tg *Target, ev *cdppage.EventNavigatedWithinDocument) {
		if t := tg.tab; tg.kind == "page" && string(ev.FrameID) == t.id {
			t.update(func() { t.url = ev.URL })
			t.obs.Add(observe.Event{Kind: observe.NavSame, Host: hostOf(ev.URL)})
		}
	})
	cdp.On(h, cdppage.FrameStartedLoading, func(tg *Target, ev *cdppage.EventFrameStartedLoading) {
		if t := tg.tab; tg.kind == "page" && string(ev.FrameID) == t.id {
			t.obs.Add(observe.Event{Kind: observe.Loading})
		} else {
			t.frameLoading(string(ev.FrameID), true, false)
		}
	})
	cdp.On(h, cdppage.DomContentEventFired, func(tg *Target, _ *cdppage.EventDomContentEventFired) {
		if t := tg.tab; tg.kind == "page" {
			t.obs.Add(observe.Event{Kind: observe.DOMReady})
		}
	})
	cdp.On(h, cdppage.LoadEventFired, func(tg *Target, _ *cdppage.EventLoadEventFired) {
		if t := tg.tab; tg.kind == "page" {
			t.obs.Add(observe.Event{Kind: observe.Load})
		}
	})
	cdp.On(h, cdppage.FrameStoppedLoading, func(tg *Target, ev *cdppage.EventFrameStoppedLoading) {
		if t := tg.tab; tg.kind == "page" && string(ev.FrameID) == t.id {
			t.obs.Add(observe.Event{Kind: observe.Stopped})
		} else {
			t.frameLoading(string(ev.FrameID), false, false)
		}
	})
	cdp.On(h, cdppage.JavascriptDialogOpening, func(tg *Target, ev *cdppage.EventJavascriptDialogOpening) {
		tg.tab.dialogOpened(tg, string(ev.Type), ev.Message)
	})
	cdp.On(h, cdppage.WindowOpen, func(tg *Target, _ *cdppage.EventWindowOpen) {
		tg.tab.obs.Add(observe.Event{Kind: observe.PopupOpened})
	})
	cdp.On(h, cdppage.JavascriptDialogClosed, func(tg *Target, _ *cdppage.EventJavascriptDialogClosed) {
		tg.tab.update(func() { tg.tab.open, tg.tab.openTg = nil, nil })
	})
	frameLoadEvents(h)
	cdp.On(h, fetch.RequestPaused, func(tg *Target, ev *fetch.EventRequestPaused) { tg.paused(ev) })
	cdp.On(h, network.RequestWillBeSent, func(tg *Target, ev *network.EventRequestWillBeSent) {
		if ev.Request == nil || strings.HasPrefix(ev.Request.URL, "data:") {
			return
		}
		tg.tab.logs.request(ev)
		if tg.kind != "page" {
			// An out-of-process frame's request: the page reacted, but
			// what holds a page are its main target's requests.
			tg.tab.obs.Add(observe.Event{Kind: observe.Activity})
			return
		}
		r := observe.Event{Kind: observe.RequestStart, ID: string(ev.RequestID), Host: hostOf(ev.Request.URL), Loader: string(ev.LoaderID)}
		switch ev.Type {
		case network.ResourceTypeDocument:
			r.Req = observe.FrameDocument
			if string(ev.FrameID) == tg.tab.id {
				r.Req = observe.MainDocument
			}
		case network.ResourceTypeXHR, network.ResourceTypeFetch, network.ResourceTypeEventSource:
			r.Req = observe.Scripted
		case network.ResourceTypeScript:
			r.Req = observe.Script
		}
		tg.tab.obs.Add(r)
	})
	cdp.On(h, network.ResponseReceived, func(tg *Target, ev *network.EventResponseReceived) {
		if resp := ev.Response; resp != nil {
			tg.tab.logs.update(string(ev.RequestID), func(r *Request) {
				r.Status, r.MIME, r.RespHdrs = int(resp.Status), resp.MimeType, resp.Headers
			})
		}
	})
	cdp.On(h, network.LoadingFinished, func(tg *Target, ev *network.EventLoadingFinished) {
		tg.requestDone(string(ev.RequestID))
		tg.tab.logs.update(string(ev.RequestID), func(r *Request) {
			r.Done, r.Bytes, r.Duration = true, int64(ev.EncodedDataLength), float64(time.Since(r.Start).Microseconds())/1000
		})
	})
	cdp.On(h, network.LoadingFailed, func(tg *Target, ev *network.EventLoadingFailed) {
		tg.requestDone(string(ev.RequestID))
		tg.tab.logs.update(string(ev.RequestID), func(r *Request) {
			r.Done, r.Error, r.Duration = true, ev.ErrorText, float64(time.Since(r.Start).Microseconds())/1000
		})
	})
	cdp.On(h, network.WebSocketCreated, func(tg *Target, ev *network.EventWebSocketCreated) {
		tg.requestDone(string(ev.RequestID))
	})
	return h
}

// Effects are what happened in the tab since the last Drain.
type Effects struct {
	Dialogs       []Dialog
	ConsoleErrors int
	FirstError    string // the first of them, one line, cut to firstErrMax
	Opened        []string
	Crashed       bool
	Downloads     []Download
	Refused       []string // URLs of navigations --allowed-domains stopped
	ClosedPopups  int      // popups over MaxPopups that were closed
}

// Drain returns and clears the tab's effect log.
func (t *Tab) Drain() Effects {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := Effects{Dialogs: t.dialogs, ConsoleErrors: t.consoleErr, FirstError: t.firstErr, Opened: t.opened, Crashed: t.crashed, Refused: t.refused, ClosedPopups: t.closedPopups}
	for _, d := range t.downloads {
		e.Downloads = append(e.Downloads, *d)
	}
	t.dialogs, t.consoleErr, t.firstErr, t.opened, t.downloads, t.refused, t.closedPopups = nil, 0, "", nil, nil, nil, 0
	t.stormN = 0
	return e
}

// firstErrMax bounds the first console error an action names: enough to
// tell a TypeError from a failed fetch, not a stack trace.
const firstErrMax = 160

// consoleError counts a console error or uncaught exception, keeping the
// first one's text on one line.
func (t *Tab) consoleError(text string) {
	t.update(func() {
		if t.consoleErr == 0 {
			t.firstErr = trim(strings.Join(strings.Fields(text), " "), firstErrMax)
		}
		t.consoleErr++
	})
}
