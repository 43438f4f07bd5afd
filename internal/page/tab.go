package page

import (
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
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
	failed       map[string]bool    // child frames showing the browser's error page (their load failed)
	url          string
	mime         string // the document's MIME type, "" until a navigation says it
	title        string
	loaderID     string
	obs          *observe.Log // what the page did (navigations, loads, requests, frames…), for every wait
	lastNav      int          // navigations (obs.Doc().Navs) when the snap in last was taken
	seenNav      int          // navigations before this are not `wait navigation`'s: see SincePrevious
	startNav     int          // navSeq when the running command started
	crashed      bool
	dialogs      []Dialog // since the last Drain
	open         *Dialog  // the dialog showing in the page (whatever the policy), until it closes
	openTg       *Target  // the target whose session can answer it
	openAt       time.Time
	holdUntil    time.Time // dialogs until then are left open (after an interrupt, in a loop)
	stormN       int       // dialogs since the last Drain
	consoleErr   int
	firstErr     string // the first console error since the last Drain
	opened       []string
	closedPopups int            // popups over MaxPopups closed since the last Drain
	last         *snapshot.Page // latest full snap, for --diff
	headings     map[int]string // ref -> heading its snap showed it under, for refind
	downloads    []*Download    // since the last Drain
	refused      []string       // navigations --allowed-domains stopped, since the last Drain
	logs         logs           // console messages and requests, for tact console/network
	ptr          pointer        // the mouse between commands (pointer.go)
}

// New makes the tab of a page target that was just attached on sess; its
// main target still has to be set up (Target.Setup).
func New(host Host, log *slog.Logger, id string, sess *cdp.Session, url, title string) *Tab {
	t := &Tab{host: host, log: log, id: id, children: map[string]*Target{}, url: url, title: title,
		obs: observe.NewLog(observe.Real, sameSite)}
	t.obs.SetHost(hostOf(url))
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
func (t *Tab) MarkCrashed() {
	t.update(func() { t.crashed = true })
	t.obs.Add(observe.Event{Kind: observe.Crash})
}

// MaxPopups is how many tabs a page may open per action or page load
// (between two commands' effect reports): the session closes the rest at
// once, so one click that opens 200 popups leaves 5.
const MaxPopups = 5

// Opened records a tab this one opened (a popup), for the action's report;
// false when the page already opened MaxPopups since the last report and
// the caller must close this one (counted for the report).
func (t *Tab) Opened(id string) bool {
	kept := true
	defer t.obs.Add(observe.Event{Kind: observe.PopupAttached})
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

// update runs fn under the tab lock and wakes waiters (they wait on the
// log: see observe.Until).
func (t *Tab) update(fn func()) {
	t.mu.Lock()
	fn()
	t.mu.Unlock()
	t.obs.Wake()
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

// URL returns the main frame's last known URL.
func (t *Tab) URL() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.url
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
	navs := t.obs.Doc().Navs
	prev, sameDocument = t.last, t.last != nil && t.lastNav == navs
	t.last, t.lastNav = p, navs
	return prev, sameDocument
}

// unsnapped reports a document no snap has been taken of (it loaded
// since the last one).
func (t *Tab) unsnapped() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.last == nil || t.lastNav != t.obs.Doc().Navs
}

// BeginCommand notes the navigations before a command (or a batch or
// replay step) starts; see EndCommand.
func (t *Tab) BeginCommand() {
	t.mu.Lock()
	t.startNav = t.obs.Doc().Navs
	t.mu.Unlock()
	t.logs.begin()
}

// EndCommand sets what the next `wait navigation` waits past: the
// navigations since the command started, or, when it consumed them (it
// waited for its own navigation), only later ones.
func (t *Tab) EndCommand(consumed bool) {
	t.mu.Lock()
	if consumed {
		t.seenNav = t.obs.Doc().Navs
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
