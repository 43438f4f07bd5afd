package page

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"sync"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/snapshot"
)

// Dialog is a JavaScript dialog the page opened.
type Dialog struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	Action  string `json:"action"` // accepted, dismissed, open
}

// DialogPolicy says how dialogs are answered when they open.
type DialogPolicy struct {
	Mode       string // accept, dismiss, leave
	PromptText string
}

// Tab is one page target and the out-of-process frames inside it.
type Tab struct {
	host Host
	log  *slog.Logger
	id   string
	main *Target

	mu           sync.Mutex
	children     map[string]*Target // OOPIF targets by frame id
	url          string
	title        string
	loaderID     string
	navSeq       int // cross-document navigations of the main frame
	sameDocSeq   int // same-document navigations of the main frame (hash, pushState)
	lastNav      int // navSeq when the snap in last was taken
	seenNav      int // navigations before this are not `wait navigation`'s: see SincePrevious
	startNav     int // navSeq when the running command started
	stopSeq      int // main frame stopped loading (also when a navigation became a download)
	loadSeq      int // load events of the main frame
	loading      bool
	dclSeq       int       // DOMContentLoaded events of the main frame
	domReady     bool      // the current document fired DOMContentLoaded
	domReadyAt   time.Time // when it did
	crashed      bool
	dialogs      []Dialog // since the last Drain
	open         *Dialog  // the dialog showing in the page (whatever the policy), until it closes
	openTg       *Target  // the target whose session can answer it
	openAt       time.Time
	holdUntil    time.Time // dialogs until then are left open (after an interrupt)
	consoleErr   int
	firstErr     string // the first console error since the last Drain
	opened       []string
	closedPopups int // popups over MaxPopups closed since the last Drain
	popups       int // Page.windowOpen events not yet matched by an attached tab
	changed      chan struct{}
	last         *snapshot.Page // latest full snap, for --diff
	activity     int            // requests, loads, history changes, popups: see ActMark
	headings     map[int]string // ref -> heading its snap showed it under, for refind
	downloads    []*Download    // since the last Drain
	refused      []string       // navigations --allowed-domains stopped, since the last Drain
	logs         logs           // console messages and requests, for tact console/network
	ptr          pointer        // the mouse between commands (pointer.go)
	frames       frameLoads     // child frames loading (frameload.go)
}

// New makes the tab of a page target that was just attached on sess; its
// main target still has to be set up (Target.Setup).
func New(host Host, log *slog.Logger, id string, sess *cdp.Session, url, title string) *Tab {
	t := &Tab{host: host, log: log, id: id, children: map[string]*Target{}, changed: make(chan struct{}), url: url, title: title}
	t.main = newTarget(id, "page", sess, t)
	return t
}

// Main is the tab's page target.
func (t *Tab) Main() *Target { return t.main }

// AttachFrame adds the out-of-process iframe target that was attached on
// sess; it still has to be set up.
func (t *Tab) AttachFrame(id string, sess *cdp.Session) *Target {
	tg := newTarget(id, "iframe", sess, t)
	t.addChild(tg)
	return tg
}

// MarkCrashed records that the tab's renderer died.
func (t *Tab) MarkCrashed() { t.update(func() { t.crashed = true }) }

// MaxPopups is how many tabs a page may open per action or page load
// (between two commands' effect reports): the session closes the rest at
// once, so one click that opens 200 popups leaves 5.
const MaxPopups = 5

// Opened records a tab this one opened (a popup), for the action's report;
// false when the page already opened MaxPopups since the last report and
// the caller must close this one (counted for the report).
func (t *Tab) Opened(id string) bool {
	kept := true
	t.update(func() {
		if len(t.opened) >= MaxPopups {
			t.closedPopups++
			kept = false
			return
		}
		t.opened = append(t.opened, id)
	})
	return kept
}

// ID is the tab's target id.
func (t *Tab) ID() string { return t.id }

// update runs fn under the tab lock and wakes waiters.
func (t *Tab) update(fn func()) {
	t.mu.Lock()
	fn()
	close(t.changed)
	t.changed = make(chan struct{})
	t.mu.Unlock()
}

func (t *Tab) addChild(tg *Target) { t.update(func() { t.children[tg.id] = tg }) }

// DetachFrame drops an out-of-process iframe target that went away.
func (t *Tab) DetachFrame(id string) {
	t.update(func() { delete(t.children, id) })
}

func (t *Tab) child(frameID string) *Target {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.children[frameID]
}

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
		tg.mu.Unlock()
	})
	cdp.On(h, inspector.TargetCrashed, func(tg *Target, _ *inspector.EventTargetCrashed) {
		if tg.kind == "page" {
			tg.tab.update(func() { tg.tab.crashed = true })
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
			tg.dropRequestsOfOtherLoaders(string(f.LoaderID))
			t.update(func() {
				t.headings = nil
				t.url, t.loaderID = f.URL, string(f.LoaderID)
				t.navSeq++
				t.domReady = false
			})
		}
	})
	cdp.On(h, cdppage.NavigatedWithinDocument, func(tg *Target, ev *cdppage.EventNavigatedWithinDocument) {
		if t := tg.tab; tg.kind == "page" && string(ev.FrameID) == t.id {
			t.update(func() { t.url = ev.URL; t.activity++; t.sameDocSeq++ })
		}
	})
	cdp.On(h, cdppage.FrameStartedLoading, func(tg *Target, ev *cdppage.EventFrameStartedLoading) {
		if t := tg.tab; tg.kind == "page" && string(ev.FrameID) == t.id {
			t.update(func() { t.loading = true; t.activity++ })
		} else {
			t.frameLoading(string(ev.FrameID), true, false)
		}
	})
	cdp.On(h, cdppage.DomContentEventFired, func(tg *Target, _ *cdppage.EventDomContentEventFired) {
		if t := tg.tab; tg.kind == "page" {
			t.update(func() { t.dclSeq++; t.domReady, t.domReadyAt = true, time.Now() })
		}
	})
	cdp.On(h, cdppage.LoadEventFired, func(tg *Target, _ *cdppage.EventLoadEventFired) {
		if t := tg.tab; tg.kind == "page" {
			t.update(func() { t.loadSeq++; t.loading = false })
		}
	})
	cdp.On(h, cdppage.FrameStoppedLoading, func(tg *Target, ev *cdppage.EventFrameStoppedLoading) {
		if t := tg.tab; tg.kind == "page" && string(ev.FrameID) == t.id {
			t.update(func() { t.loading = false; t.stopSeq++ })
		} else {
			t.frameLoading(string(ev.FrameID), false, false)
		}
	})
	cdp.On(h, cdppage.JavascriptDialogOpening, func(tg *Target, ev *cdppage.EventJavascriptDialogOpening) {
		tg.tab.dialogOpened(tg, string(ev.Type), ev.Message)
	})
	cdp.On(h, cdppage.WindowOpen, func(tg *Target, _ *cdppage.EventWindowOpen) {
		tg.tab.update(func() { tg.tab.popups++; tg.tab.activity++ })
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
		r := request{at: time.Now(), host: hostOf(ev.Request.URL), loader: string(ev.LoaderID)}
		switch ev.Type {
		case network.ResourceTypeDocument:
			r.kind = frameDocument
			if tg.kind == "page" && string(ev.FrameID) == tg.tab.id {
				r.kind = mainDocument
			}
		case network.ResourceTypeXHR, network.ResourceTypeFetch, network.ResourceTypeEventSource:
			r.kind = scripted
		case network.ResourceTypeScript:
			r.kind = script
		}
		tg.mu.Lock()
		tg.inflight[string(ev.RequestID)] = r
		tg.mu.Unlock()
		tg.tab.update(func() { tg.tab.activity++ })
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
	t.dialogs, t.consoleErr, t.firstErr, t.opened, t.popups, t.downloads, t.refused, t.closedPopups = nil, 0, "", nil, 0, nil, nil, 0
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

// AwaitPopup waits (up to d) for a window the page opened to be attached,
// so an action that opens a tab can report it and switch to it.
func (t *Tab) AwaitPopup(ctx context.Context, d time.Duration) {
	t.waitWhile(ctx, d, func() bool { return t.popups > len(t.opened) })
}

// waitWhile waits until pending (evaluated under the tab lock) turns false,
// the limit passes or ctx ends, waking on every tab event.
func (t *Tab) waitWhile(ctx context.Context, limit time.Duration, pending func() bool) {
	deadline := time.After(limit)
	for {
		t.mu.Lock()
		p, ch := pending(), t.changed
		t.mu.Unlock()
		if !p {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			return
		case <-ctx.Done():
			return
		}
	}
}

// URL returns the main frame's last known URL.
func (t *Tab) URL() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.url
}

type navState struct {
	navSeq, loadSeq, stopSeq int
	loading                  bool
	loaderID                 string
	changed                  chan struct{}
	dclSeq                   int
	domReady                 bool
	domReadyAt               time.Time
}

func (t *Tab) state() navState {
	t.mu.Lock()
	defer t.mu.Unlock()
	return navState{t.navSeq, t.loadSeq, t.stopSeq, t.loading, t.loaderID, t.changed, t.dclSeq, t.domReady, t.domReadyAt}
}

// Navigate loads url in the main frame and waits for its load event.
// net::ERR_* and HTTP statuses >= 400 are NAVIGATION_FAILED.
func (t *Tab) Navigate(ctx context.Context, url string) error {
	if err := t.leaveDialog(ctx); err != nil {
		return err
	}
	if d := t.host.Domains(); !d.Allows(url) {
		return d.Refuse(url)
	}
	before, mark := t.state(), t.refusedMark()
	res, err := cdp.Call(ctx, t.main.sess, cdppage.Navigate, cdppage.NavigateParams{URL: url})
	if err != nil {
		if ctx.Err() != nil {
			return failure.New(failure.Timeout, "navigation to %s did not finish within --timeout", url)
		}
		return BrowserGone(failure.Wrap(failure.NavigationFailed, err, "navigate to %s", url))
	}
	if res.ErrorText != "" {
		if r := t.refusedSince(mark); r != "" {
			// A redirect to a refused site: say so, not net::ERR_ABORTED.
			return t.host.Domains().Refuse(r)
		}
		return failure.New(failure.NavigationFailed, "%s: %s", url, res.ErrorText)
	}
	if res.LoaderID == "" {
		return nil // same-document navigation (fragment)
	}
	if err := t.waitUsable(ctx, before.loadSeq, before.dclSeq); err != nil {
		return err
	}
	var status int
	if err := t.EvalWorld(ctx, "__tact.navStatus()", &status); err == nil && status >= 400 {
		return failure.New(failure.NavigationFailed, "%s: HTTP %d", url, status)
	}
	return nil
}

// waitLoad waits until the main frame fired a load event after seq, or
// stopped loading without one (a navigation that became a download).
func (t *Tab) waitLoad(ctx context.Context, seq int) error {
	return t.waitUsable(ctx, seq, math.MaxInt)
}

// WaitLoaded waits for a load in progress to finish, or for its document
// to be usable (see waitUsable).
func (t *Tab) WaitLoaded(ctx context.Context) error {
	st := t.state()
	if !st.loading {
		return nil
	}
	base := st.dclSeq
	if st.domReady {
		base-- // this document's DOMContentLoaded counts
	}
	return t.waitUsable(ctx, st.loadSeq, base)
}

// loadGrace is how long after DOMContentLoaded tact waits for the load
// event before taking the page as it is: one subresource that never
// finishes (a hung image, a long-poll script) must not make a readable
// page unreadable. It stays well inside the command's deadline.
const loadGrace = 4 * time.Second

// graceFor is loadGrace, or half the time ctx has left when that is less.
func graceFor(ctx context.Context) time.Duration {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl)/2 < loadGrace {
		return time.Until(dl) / 2
	}
	return loadGrace
}

// waitUsable waits like waitLoad, but also ends (without error) once the
// document that fired DOMContentLoaded after dclSeq is usable: no request
// to its own site is in flight (see holdingRequests), or it has waited
// loadGrace (at most half the time left) for them. Other sites'
// subresources still loading do not hold it; StillLoading then reports
// the page, so output can say so.
func (t *Tab) waitUsable(ctx context.Context, seq, dclSeq int) error {
	grace := graceFor(ctx)
	stop := t.state().stopSeq
	for {
		st := t.state()
		if st.loadSeq > seq && !st.loading {
			return nil
		}
		if st.stopSeq > stop && !st.loading && st.loadSeq == seq {
			return nil
		}
		if err := t.checkUsable(); err != nil {
			return err
		}
		var wake <-chan time.Time
		if st.dclSeq > dclSeq && st.domReady {
			rest := grace - time.Since(st.domReadyAt)
			if rest <= 0 || t.holdingRequests(time.Now(), firstPartyLongPoll, time.Time{}) == 0 {
				return nil
			}
			// Requests ending wake us; a long one ageing into a
			// long-poll does not.
			wake = time.After(min(rest, 100*time.Millisecond))
		}
		select {
		case <-st.changed:
		case <-wake:
		case <-ctx.Done():
			return failure.New(failure.Timeout, "page did not finish loading within --timeout")
		}
	}
}

// AwaitLoad waits, up to limit, for the main frame's load event when it
// has not fired yet, and reports whether the page is loaded.
func (t *Tab) AwaitLoad(ctx context.Context, limit time.Duration) bool {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	for {
		st := t.state()
		if !st.loading {
			return true
		}
		select {
		case <-st.changed:
		case <-ctx.Done():
			return false
		}
	}
}

// StillLoading reports a main frame that has not fired its load event
// (a subresource that never finishes): what tact shows is what is there.
func (t *Tab) StillLoading() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.loading && t.domReady
}

// Usable fails when the tab cannot take a command: it crashed, or a
// dialog is open (in-page calls would wait for it until the deadline).
func (t *Tab) Usable() error { return t.checkUsable() }

func (t *Tab) checkUsable() error {
	t.mu.Lock()
	crashed, open := t.crashed, t.openDialog()
	t.mu.Unlock()
	if crashed {
		return failure.New(failure.BrowserUnavailable, "the tab crashed").WithHint("tact tab new, or tact reload")
	}
	return t.dialogBlocks(open)
}

// Settle waits until the page is quiet: a navigation it started is
// usable (see waitUsable), the DOM has not changed for `quiet`, and no
// recent request to the page's site (nor a fetch to another one started
// since Settle began) is in flight, up to `cap`. It never fails: a page that never settles is
// snapped as it is at the cap. Frames of the page's site that keep
// loading one inside another may hold it up to frameSettleMore longer.
func (t *Tab) Settle(ctx context.Context, quiet, limit time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, limit+frameSettleMore)
	defer cancel()
	start := time.Now()
	bare := false // a bare page was given a moment to build
	for ctx.Err() == nil {
		if t.checkUsable() != nil {
			return
		}
		if time.Since(start) >= limit && !t.framesBuilding(time.Now()) {
			return
		}
		if t.state().loading {
			_ = t.WaitLoaded(ctx)
		}
		var waited float64
		expr := fmt.Sprintf("__tact.quiet(%d, %d)", quiet.Milliseconds(), limit.Milliseconds())
		if err := t.EvalWorld(ctx, expr, &waited); err != nil {
			// The document changed under us (navigation): wait for its load.
			if t.state().loading {
				_ = t.WaitLoaded(ctx)
				continue
			}
			return
		}
		// The DOM may have been quiet long before the action; watch at
		// least one quiet window after it, so a navigation or render the
		// action schedules (form submit, setTimeout) is seen.
		if rest := quiet - time.Since(start); rest > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(rest):
			}
			continue
		}
		if st := t.state(); t.holdingRequests(time.Now(), firstPartyLongPoll, start) == 0 && (!st.loading || st.domReady) && !t.framesBuilding(time.Now()) {
			// Only a document tact has not snapped yet can be an app
			// shell still building: an action on a page it showed does
			// not pay for the look.
			if bare || !t.unsnapped() || !t.bareNow(ctx) {
				return
			}
			bare = true
			continue
		}
		select {
		case <-ctx.Done():
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// EvalWorld evaluates expr in tact's isolated world of the main frame.
func (t *Tab) EvalWorld(ctx context.Context, expr string, out any) error {
	return t.evalIn(ctx, t.main, t.id, expr, out)
}

var errContextGone = errors.New("execution context gone")

// evalIn evaluates expr (awaiting promises, by value) in tact's world of a
// frame hosted by target tg, installing the library on first use.
func (t *Tab) evalIn(ctx context.Context, tg *Target, frameID, expr string, out any) error {
	// An open dialog holds every script of the page until it is answered:
	// an evaluation would only wait out the deadline.
	if err := t.checkUsable(); err != nil {
		return err
	}
	v := t.host.Library().Version
	wrapped := "(globalThis.__tact && globalThis.__tact.v === " + jsString(v) + ") ? (" + expr + ") : ({__tactMissing: true})"
	for attempt := 0; attempt < 4; attempt++ {
		id, err := t.worldFor(ctx, tg, frameID)
		if err != nil {
			return err
		}
		raw, err := evaluate(ctx, tg.sess, id, wrapped, true)
		if errors.Is(err, errContextGone) {
			tg.dropWorld(id)
			continue
		}
		if err != nil {
			return err
		}
		if strings.HasPrefix(string(raw), `{"__tactMissing"`) {
			if _, err := evaluate(ctx, tg.sess, id, t.host.Library().Source, true); err != nil && !errors.Is(err, errContextGone) {
				return err
			}
			continue
		}
		if out == nil {
			return nil
		}
		if err := json.Unmarshal(raw, out); err != nil {
			return failure.New(failure.Internal, "decode page result: %v", err)
		}
		return nil
	}
	return failure.New(failure.Internal, "could not run tact's page library in frame %s (the page keeps navigating?)", frameID)
}

func (t *Tab) worldFor(ctx context.Context, tg *Target, frameID string) (int64, error) {
	if id := tg.world(frameID); id != 0 {
		return id, nil
	}
	res, err := cdp.Call(ctx, tg.sess, cdppage.CreateIsolatedWorld, cdppage.CreateIsolatedWorldParams{FrameID: proto.FrameID(frameID), WorldName: WorldName})
	if err != nil {
		if ctx.Err() != nil {
			return 0, failure.New(failure.Timeout, "page did not respond within --timeout (busy script?)")
		}
		return 0, BrowserGone(failure.Wrap(failure.Internal, err, "isolated world"))
	}
	tg.setWorld(frameID, int64(res.ExecutionContextID))
	return int64(res.ExecutionContextID), nil
}

// evaluate runs one Runtime.evaluate and returns the JSON value.
func evaluate(ctx context.Context, s *cdp.Session, contextID int64, expr string, await bool) (json.RawMessage, error) {
	res, err := cdp.Call(ctx, s, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ReturnByValue: new(true),
		AwaitPromise: new(await), ContextID: runtime.ExecutionContextID(contextID)})
	if err != nil {
		if isContextGone(err) {
			return nil, errContextGone
		}
		if ctx.Err() != nil {
			return nil, failure.New(failure.Timeout, "page did not respond within --timeout (busy script or hung page)")
		}
		return nil, BrowserGone(err)
	}
	return resultValue(res.Result, res.ExceptionDetails)
}

// resultValue is the JSON value of an evaluation, or its exception as a
// JS_ERROR (errContextGone when the document went away meanwhile).
func resultValue(r *runtime.RemoteObject, exc *runtime.ExceptionDetails) (json.RawMessage, error) {
	if exc != nil {
		msg := exceptionMessage(exc)
		if strings.Contains(msg, "Execution context was destroyed") || strings.Contains(msg, "Inspected target navigated") {
			return nil, errContextGone
		}
		return nil, failure.New(failure.JSError, "%s", msg)
	}
	if r == nil || r.Type == runtime.RemoteObjectTypeUndefined || len(r.Value) == 0 {
		return json.RawMessage("null"), nil
	}
	return json.RawMessage(r.Value), nil
}

// exceptionMessage is the first line of what the page threw.
func exceptionMessage(e *runtime.ExceptionDetails) string {
	if x := e.Exception; x != nil {
		if x.Description != "" {
			line, _, _ := strings.Cut(x.Description, "\n")
			return line
		}
		if len(x.Value) > 0 {
			var v any
			if json.Unmarshal(x.Value, &v) == nil {
				return fmt.Sprintf("Uncaught %v", v)
			}
		}
	}
	return e.Text
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func trim(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// isContextGone reports a call that failed because its execution context
// (document) went away, which callers retry in the new document.
func isContextGone(err error) bool {
	var ce *cdp.Error
	return errors.As(err, &ce) && (strings.Contains(ce.Message, "context") || strings.Contains(ce.Message, "Cannot find object") ||
		strings.Contains(ce.Message, "Inspected target navigated"))
}

type rawJSON = json.RawMessage

func jsonUnmarshal(b []byte, out any) error { return json.Unmarshal(b, out) }

// SwapLastPage stores the tab's latest full snap (for --diff) and returns
// the previous one.
func (t *Tab) SwapLastPage(p *snapshot.Page) *snapshot.Page {
	prev, _ := t.SwapLastSnap(p)
	return prev
}

// SwapLastSnap is SwapLastPage that also reports whether the previous
// snap is of the document the tab shows now (no cross-document
// navigation since; a hash or pushState navigation keeps the document),
// so what changed can print as a diff whatever the URL became.
func (t *Tab) SwapLastSnap(p *snapshot.Page) (prev *snapshot.Page, sameDocument bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	prev, sameDocument = t.last, t.last != nil && t.lastNav == t.navSeq
	t.last, t.lastNav = p, t.navSeq
	return prev, sameDocument
}

// unsnapped reports a document no snap has been taken of (it loaded
// since the last one).
func (t *Tab) unsnapped() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.last == nil || t.lastNav != t.navSeq
}

// BeginCommand notes the navigations before a command (or a batch or
// replay step) starts; see EndCommand.
func (t *Tab) BeginCommand() {
	t.mu.Lock()
	t.startNav = t.navSeq
	t.mu.Unlock()
	t.logs.begin()
}

// EndCommand sets what the next `wait navigation` waits past: the
// navigations since the command started, or, when it consumed them (it
// waited for its own navigation), only later ones.
func (t *Tab) EndCommand(consumed bool) {
	t.mu.Lock()
	if consumed {
		t.seenNav = t.navSeq
	} else {
		t.seenNav = t.startNav
	}
	t.mu.Unlock()
}

// Crashed reports whether the tab's renderer died.
func (t *Tab) Crashed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.crashed
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
