package tab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

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
	m    *Manager
	id   string
	main *target

	mu         sync.Mutex
	children   map[string]*target // OOPIF targets by frame id
	url        string
	title      string
	loaderID   string
	navSeq     int // cross-document navigations of the main frame
	seenNav    int // navigations before this are not `wait navigation`'s: see SincePrevious
	startNav   int // navSeq when the running command started
	stopSeq    int // main frame stopped loading (also when a navigation became a download)
	loadSeq    int // load events of the main frame
	loading    bool
	dclSeq     int       // DOMContentLoaded events of the main frame
	domReady   bool      // the current document fired DOMContentLoaded
	domReadyAt time.Time // when it did
	crashed    bool
	dialogs    []Dialog // since the last Drain
	open       *Dialog  // the dialog showing in the page (whatever the policy), until it closes
	openTg     *target  // the target whose session can answer it
	openAt     time.Time
	consoleErr int
	opened     []string
	popups     int // Page.windowOpen events not yet matched by an attached tab
	changed    chan struct{}
	last       *snapshot.Page // latest full snap, for --diff
	activity   int            // requests, loads, history changes, popups: see ActMark
	headings   map[int]string // ref -> heading its snap showed it under, for refind
	downloads  []*Download    // since the last Drain
}

func newTab(m *Manager, id string) *Tab {
	return &Tab{m: m, id: id, children: map[string]*target{}, changed: make(chan struct{})}
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

func (t *Tab) addChild(tg *target) { t.update(func() { t.children[tg.id] = tg }) }
func (t *Tab) removeChild(id string) {
	t.update(func() { delete(t.children, id) })
}

func (t *Tab) child(frameID string) *target {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.children[frameID]
}

func (t *Tab) event(tg *target, ev cdp.Event) {
	switch ev.Method {
	case "Runtime.executionContextCreated":
		var p struct {
			Context struct {
				ID      int64  `json:"id"`
				Name    string `json:"name"`
				AuxData struct {
					FrameID   string `json:"frameId"`
					IsDefault bool   `json:"isDefault"`
				} `json:"auxData"`
			} `json:"context"`
		}
		if json.Unmarshal(ev.Params, &p) != nil {
			return
		}
		c := p.Context
		tg.mu.Lock()
		if c.Name == WorldName && !c.AuxData.IsDefault {
			tg.worlds[c.AuxData.FrameID] = c.ID
		} else if c.AuxData.IsDefault {
			tg.mainCtx[c.AuxData.FrameID] = c.ID
		}
		tg.mu.Unlock()
	case "Runtime.executionContextDestroyed":
		var p struct {
			ID int64 `json:"executionContextId"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		tg.dropWorld(p.ID)
	case "Runtime.executionContextsCleared":
		tg.mu.Lock()
		tg.worlds = map[string]int64{}
		tg.mainCtx = map[string]int64{}
		tg.mu.Unlock()
	case "Inspector.targetCrashed":
		if tg.kind == "page" {
			t.update(func() { t.crashed = true })
		}
	case "Runtime.exceptionThrown":
		t.update(func() { t.consoleErr++ })
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		if p.Type == "error" {
			t.update(func() { t.consoleErr++ })
		}
	case "Page.frameNavigated":
		var p struct {
			Frame struct {
				ID       string `json:"id"`
				ParentID string `json:"parentId"`
				LoaderID string `json:"loaderId"`
				URL      string `json:"url"`
			} `json:"frame"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		t.m.visited(p.Frame.URL)
		if tg.kind == "page" && p.Frame.ParentID == "" {
			t.m.forgetRefs(t.id)
			t.update(func() {
				t.headings = nil
				t.url, t.loaderID = p.Frame.URL, p.Frame.LoaderID
				t.navSeq++
				t.domReady = false
			})
		}
	case "Page.navigatedWithinDocument":
		var p struct {
			FrameID string `json:"frameId"`
			URL     string `json:"url"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		if tg.kind == "page" && p.FrameID == t.id {
			t.update(func() { t.url = p.URL; t.activity++ })
		}
	case "Page.frameStartedLoading":
		var p struct {
			FrameID string `json:"frameId"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		if tg.kind == "page" && p.FrameID == t.id {
			t.update(func() { t.loading = true; t.activity++ })
		}
	case "Page.domContentEventFired":
		if tg.kind == "page" {
			t.update(func() { t.dclSeq++; t.domReady, t.domReadyAt = true, time.Now() })
		}
	case "Page.loadEventFired":
		if tg.kind == "page" {
			t.update(func() { t.loadSeq++; t.loading = false })
		}
	case "Page.frameStoppedLoading":
		var p struct {
			FrameID string `json:"frameId"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		if tg.kind == "page" && p.FrameID == t.id {
			t.update(func() { t.loading = false; t.stopSeq++ })
		}
	case "Page.javascriptDialogOpening":
		var p struct {
			Type          string `json:"type"`
			Message       string `json:"message"`
			DefaultPrompt string `json:"defaultPrompt"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		t.dialogOpened(tg, p.Type, p.Message)
	case "Page.windowOpen":
		t.update(func() { t.popups++; t.activity++ })
	case "Page.javascriptDialogClosed":
		t.update(func() { t.open, t.openTg = nil, nil })
	case "Network.requestWillBeSent":
		var p struct {
			RequestID string `json:"requestId"`
			Request   struct {
				URL string `json:"url"`
			} `json:"request"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		if strings.HasPrefix(p.Request.URL, "data:") {
			return
		}
		tg.mu.Lock()
		tg.inflight[p.RequestID] = time.Now()
		tg.mu.Unlock()
		t.update(func() { t.activity++ })
	case "Network.loadingFinished", "Network.loadingFailed", "Network.webSocketCreated":
		var p struct {
			RequestID string `json:"requestId"`
		}
		_ = json.Unmarshal(ev.Params, &p)
		tg.mu.Lock()
		delete(tg.inflight, p.RequestID)
		tg.mu.Unlock()
	}
}

// Effects are what happened in the tab since the last Drain.
type Effects struct {
	Dialogs       []Dialog
	ConsoleErrors int
	Opened        []string
	Crashed       bool
	Downloads     []Download
}

// Drain returns and clears the tab's effect log.
func (t *Tab) Drain() Effects {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := Effects{Dialogs: t.dialogs, ConsoleErrors: t.consoleErr, Opened: t.opened, Crashed: t.crashed}
	for _, d := range t.downloads {
		e.Downloads = append(e.Downloads, *d)
	}
	t.dialogs, t.consoleErr, t.opened, t.popups, t.downloads = nil, 0, nil, 0, nil
	return e
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
	if err := t.checkUsable(); err != nil {
		return err
	}
	before := t.state()
	var res struct {
		LoaderID  string `json:"loaderId"`
		ErrorText string `json:"errorText"`
	}
	if err := t.main.sess.Call(ctx, "Page.navigate", map[string]any{"url": url}, &res); err != nil {
		if ctx.Err() != nil {
			return failure.New(failure.Timeout, "navigation to %s did not finish within --timeout", url)
		}
		return errBrowserGone(failure.Wrap(failure.NavigationFailed, err, "navigate to %s", url))
	}
	if res.ErrorText != "" {
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
// document that fired DOMContentLoaded after dclSeq has waited loadGrace
// (at most half the time left) for its load event. StillLoading then
// reports it, so output can say so.
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
			if rest <= 0 {
				return nil
			}
			wake = time.After(rest)
		}
		select {
		case <-st.changed:
		case <-wake:
		case <-ctx.Done():
			return failure.New(failure.Timeout, "page did not finish loading within --timeout")
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

func (t *Tab) checkUsable() error {
	t.mu.Lock()
	crashed, open := t.crashed, t.openDialog()
	t.mu.Unlock()
	if crashed {
		return failure.New(failure.BrowserUnavailable, "the tab crashed").WithHint("tact tab new, or tact reload")
	}
	return t.dialogBlocks(open)
}

// Settle waits until the page is quiet: a navigation it started has
// loaded, the DOM has not changed for `quiet`, and no recent request is in
// flight, up to `cap`. It never fails: a page that never settles is
// snapped as it is at the cap.
func (t *Tab) Settle(ctx context.Context, quiet, limit time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := time.Now()
	for ctx.Err() == nil {
		if t.checkUsable() != nil {
			return
		}
		if st := t.state(); st.loading {
			_ = t.waitLoad(ctx, st.loadSeq)
		}
		var waited float64
		expr := fmt.Sprintf("__tact.quiet(%d, %d)", quiet.Milliseconds(), limit.Milliseconds())
		if err := t.EvalWorld(ctx, expr, &waited); err != nil {
			// The document changed under us (navigation): wait for its load.
			if st := t.state(); st.loading {
				_ = t.waitLoad(ctx, st.loadSeq)
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
		if t.main.busyRequests(time.Now(), 2*time.Second) == 0 && !t.state().loading {
			return
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
func (t *Tab) evalIn(ctx context.Context, tg *target, frameID, expr string, out any) error {
	v := t.m.libVersion()
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
			if _, err := evaluate(ctx, tg.sess, id, t.m.library(), true); err != nil && !errors.Is(err, errContextGone) {
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

func (t *Tab) worldFor(ctx context.Context, tg *target, frameID string) (int64, error) {
	if id := tg.world(frameID); id != 0 {
		return id, nil
	}
	var res struct {
		ID int64 `json:"executionContextId"`
	}
	if err := tg.sess.Call(ctx, "Page.createIsolatedWorld", map[string]any{"frameId": frameID, "worldName": WorldName}, &res); err != nil {
		if ctx.Err() != nil {
			return 0, failure.New(failure.Timeout, "page did not respond within --timeout (busy script?)")
		}
		return 0, errBrowserGone(failure.Wrap(failure.Internal, err, "isolated world"))
	}
	tg.setWorld(frameID, res.ID)
	return res.ID, nil
}

// evaluate runs one Runtime.evaluate and returns the JSON value.
func evaluate(ctx context.Context, s *cdp.Session, contextID int64, expr string, await bool) (json.RawMessage, error) {
	params := map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": await}
	if contextID != 0 {
		params["contextId"] = contextID
	}
	var res struct {
		Result struct {
			Type  string          `json:"type"`
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *exceptionDetails `json:"exceptionDetails"`
	}
	if err := s.Call(ctx, "Runtime.evaluate", params, &res); err != nil {
		if isContextGone(err) {
			return nil, errContextGone
		}
		if ctx.Err() != nil {
			return nil, failure.New(failure.Timeout, "page did not respond within --timeout (busy script or hung page)")
		}
		return nil, errBrowserGone(err)
	}
	if res.ExceptionDetails != nil {
		msg := res.ExceptionDetails.message()
		if strings.Contains(msg, "Execution context was destroyed") || strings.Contains(msg, "Inspected target navigated") {
			return nil, errContextGone
		}
		return nil, failure.New(failure.JSError, "%s", msg)
	}
	if res.Result.Type == "undefined" || len(res.Result.Value) == 0 {
		return json.RawMessage("null"), nil
	}
	return res.Result.Value, nil
}

type exceptionDetails struct {
	Text      string `json:"text"`
	Exception *struct {
		Description string `json:"description"`
		Value       any    `json:"value"`
	} `json:"exception"`
}

func (e *exceptionDetails) message() string {
	if e.Exception != nil {
		if e.Exception.Description != "" {
			line, _, _ := strings.Cut(e.Exception.Description, "\n")
			return line
		}
		if e.Exception.Value != nil {
			return fmt.Sprintf("Uncaught %v", e.Exception.Value)
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
	return errors.As(err, &ce) && (strings.Contains(ce.Message, "context") || strings.Contains(ce.Message, "Cannot find object"))
}

type rawJSON = json.RawMessage

func jsonUnmarshal(b []byte, out any) error { return json.Unmarshal(b, out) }

// SwapLastPage stores the tab's latest full snap (for --diff) and returns
// the previous one.
func (t *Tab) SwapLastPage(p *snapshot.Page) *snapshot.Page {
	t.mu.Lock()
	defer t.mu.Unlock()
	prev := t.last
	t.last = p
	return prev
}

func (t *Tab) isCrashed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.crashed
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
