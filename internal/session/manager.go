// Package session owns the browser of one tact session: it launches or
// attaches to the browser, keeps every page target attached (so dialogs are
// always answered and state survives between commands), routes browser and
// target events, keeps the session's saved state (refs, the browser's
// identity) and hands commands a current page.Tab to work on.
package session

import (
	"context"
	"io"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	proto "github.com/chromedp/cdproto/cdp"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/inpage"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/secrets"
)

// Options configure how a Manager gets its browser.
type Options struct {
	Browser     browser.Setup  // launch or attach; Browser.Profile is already resolved into ProfileDir
	ProfileDir  string         // persistent user-data dir for a launched browser
	Library     inpage.Library // installed in every frame's isolated world
	StateFile   string         // where ref numbering and the browser's identity persist
	DownloadDir string         // where downloads are saved (empty: browser default)
	BrowserLog  io.Writer
	Log         *slog.Logger
	// Secrets are the values this session typed as secrets; they are
	// scrubbed from the state file. Nil: New makes an empty set.
	Secrets *secrets.Set
}

// Manager is the browser of one tact session.
type Manager struct {
	opts Options
	log  *slog.Logger

	mu       sync.Mutex
	proc     *browser.Process
	conn     *cdp.Conn
	wsURL    string
	launched bool
	// An attached browser (--cdp): the headers its requests carry, the
	// tabs tact opened in it (the only ones browser stop closes), and the
	// endpoint when it went away (a farm ended the remote session).
	cdpHeader []string
	created   map[string]bool
	gone      string
	// With --cdp-isolated: the session asked for a browser context of its
	// own in the attached browser (isolated), and the one it got (bctx).
	// Targets of other contexts are released, never driven.
	isolated bool
	bctx     string
	// The browser's default context, where a session without a context
	// of its own works: the contexts of others (isolated sessions, other
	// tools) are theirs, never driven, listed or given this session's
	// headers and dialog answers. "" when the browser does not say.
	defaultCtx string
	targets    map[string]*page.Target // by session id
	tabs       map[string]*page.Tab    // by target id
	order      []string                // tab target ids in the order seen
	// closing are tabs tab close closed whose target the browser may
	// still list for a moment: tab list leaves them out (until their
	// destroyed event, which drops them from here).
	closing map[string]bool
	current string
	state   persisted
	emul    page.Emulation
	domains page.Domains // --allowed-domains in force
	notes   []string
	dialog  page.DialogPolicy

	queue     eventQueue
	browserEv *cdp.Handlers[string]
	targetEv  *cdp.Handlers[*page.Target]
	stopCh    chan struct{}
	trace     func(method string, d time.Duration, err error)
	// A browser start in progress (launching is closed when it ends)
	// and its result, not yet taken by a command.
	launching chan struct{}
	started   *launchResult

	saveMu sync.Mutex
	saved  []byte // last state written, to skip identical writes
	// savedSig is save's brief of the state last written; refsGen counts
	// the changes to its refs.
	savedSig string
	refsGen  int
}

// New makes a Manager; it connects lazily on first use.
func New(o Options) *Manager {
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if o.Secrets == nil {
		o.Secrets = &secrets.Set{}
	}
	m := &Manager{opts: o, log: o.Log, created: map[string]bool{}, targets: map[string]*page.Target{}, tabs: map[string]*page.Tab{}, stopCh: make(chan struct{})}
	m.state = readState(o.StateFile)
	if d, err := page.ParseDomains(m.state.AllowedDomains); err == nil {
		m.domains = d
	} else {
		// Unreadable: allow nothing rather than everything.
		m.domains = page.Domains{"invalid.invalid"}
	}
	m.dialog = page.DialogPolicy{Mode: "accept"}
	m.queue.init()
	m.browserEv, m.targetEv = m.browserEvents(), page.Events()
	go m.processEvents()
	return m
}

// Notes returns and clears messages the next command should print
// (browser relaunched, tab crashed, ...).
func (m *Manager) Notes() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.notes
	m.notes = nil
	return n
}

func (m *Manager) note(s string) {
	m.mu.Lock()
	m.notes = append(m.notes, s)
	m.mu.Unlock()
}

// Info describes the connected browser for `browser status`.
type Info struct {
	Connected bool   `json:"connected"`
	Launched  bool   `json:"launched"`
	PID       int    `json:"pid,omitempty"`
	Port      int    `json:"port,omitempty"`
	WS        string `json:"ws,omitempty"`
	Tabs      int    `json:"tabs"`
	Current   string `json:"current,omitempty"`
	DaemonPID int    `json:"daemon_pid"`
	// Emulation in force for the session (viewport 390x844, offline, …;
	// header names, never their values).
	Emulation []string `json:"emulation,omitempty"`
	// AllowedDomains are the hosts the session's tabs may navigate to.
	AllowedDomains string `json:"allowed_domains,omitempty"`
	// RemoteGone is the --cdp endpoint (redacted) of an attached browser
	// that went away: a farm ended its session, or the browser exited.
	RemoteGone string `json:"remote_gone,omitempty"`
}

// Info reports the browser's state without connecting.
func (m *Manager) Info() Info {
	m.mu.Lock()
	defer m.mu.Unlock()
	in := Info{Connected: m.conn != nil, Launched: m.launched, WS: browser.Redact(m.wsURL), Tabs: len(m.tabs), Current: m.current, DaemonPID: os.Getpid(),
		Emulation: m.emul.Describe(), AllowedDomains: m.domains.String()}
	switch {
	case m.gone != "":
		in.RemoteGone = browser.Redact(m.gone)
	case m.conn != nil && !m.launched && m.opts.Browser.CDP != "":
		select {
		case <-m.conn.Done():
			in.RemoteGone, in.Connected = browser.Redact(m.opts.Browser.CDP), false
		default:
		}
	}
	if m.proc != nil {
		in.PID, in.Port = m.proc.PID, m.proc.Port
	} else if m.launched {
		// Re-attached to a browser an earlier daemon of this session launched.
		in.PID = m.state.Browser.PID
		if u, err := url.Parse(m.wsURL); err == nil {
			in.Port, _ = strconv.Atoi(u.Port())
		}
	}
	return in
}

// Close detaches, and ends the browser if this session launched it. It
// returns once that browser has exited, so its profile is complete on
// disk (a `browser stop` followed by removing the profile does not race).
func (m *Manager) Close() {
	m.mu.Lock()
	pending := m.launching
	m.mu.Unlock()
	if pending != nil {
		// A start a timed-out command left running: end that browser too.
		select {
		case <-pending:
			m.mu.Lock()
			r := m.started
			m.launching, m.started = nil, nil
			m.mu.Unlock()
			if r.err == nil {
				r.conn.Close()
				r.proc.Kill()
			}
		case <-time.After(launchTimeout):
		}
	}
	m.mu.Lock()
	conn, proc, launched, saved := m.conn, m.proc, m.launched, m.state.Browser
	var created []string
	for id := range m.created {
		created = append(created, id)
	}
	bctx := m.bctx
	m.created, m.gone, m.bctx, m.defaultCtx = map[string]bool{}, "", "", ""
	m.opts.Browser.CDP, m.cdpHeader, m.isolated = "", nil, false
	// With --port, an earlier daemon's browser this one never attached
	// to: it is the session's, and no other daemon can own it now.
	orphan := conn == nil && m.state.Launched
	m.conn = nil
	m.mu.Unlock()
	if conn != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		if launched {
			_ = cdp.Run(ctx, conn.Browser(), cdpbrowser.Close, proto.Empty{})
		} else if bctx != "" {
			// The session's own context goes with every tab in it.
			_ = cdp.Run(ctx, conn.Browser(), cdptarget.DisposeBrowserContext, cdptarget.DisposeBrowserContextParams{BrowserContextID: proto.BrowserContextID(bctx)})
		} else {
			// An attached browser keeps running; only the tabs tact opened go.
			for _, id := range created {
				_ = cdp.Run(ctx, conn.Browser(), cdptarget.CloseTarget, cdptarget.CloseTargetParams{TargetID: cdptarget.ID(id)})
			}
		}
		cancel()
		conn.Close()
	}
	if launched {
		// Chrome writes its profile while closing: give it time, then
		// make sure.
		if proc != nil {
			select {
			case <-proc.Exited():
			case <-time.After(10 * time.Second):
				proc.Kill()
			}
		} else {
			saved.Stop(10 * time.Second)
		}
	} else if orphan {
		saved.Stop(5 * time.Second)
	}
	m.mu.Lock()
	m.state.Browser, m.state.WS, m.state.Launched = browser.Identity{}, "", false
	m.mu.Unlock()
	m.save()
}

// launchTimeout bounds starting a browser. It is not the command's
// --timeout: on a busy machine a start can take longer than a short
// --timeout, and a command that gives up must not throw the nearly
// started browser away (the next command would only start over).
const launchTimeout = 60 * time.Second

// Secrets are the values this session typed as secrets, kept in memory
// only, for scrubbing what tact prints and stores.
func (m *Manager) Secrets() *secrets.Set { return m.opts.Secrets }

// HasSecret reports whether text holds one of the session's secrets.
func (m *Manager) HasSecret(text string) bool { return m.opts.Secrets.Contains(text) }

// Persist writes the session state if it changed (the daemon calls it
// after every command, so a navigation is remembered too).
func (m *Manager) Persist() { m.save() }

// Caps on what a page decides the length of, in `tab list` and the state
// file: a 1 MB URL or title must not print 1 MB.
const (
	MaxListURL   = 300
	MaxListTitle = 200
	MaxStateURL  = 16 << 10
)

// BeginCommand and EndCommand bracket each command (and each batch or
// replay step), to set what the next `wait navigation` waits past: the
// navigations since this command started, or, when it consumed them
// (it waited for its own navigation), only later ones.
func (m *Manager) BeginCommand() {
	for _, t := range m.allTabs() {
		t.BeginCommand()
	}
}

// EndCommand: see BeginCommand.
func (m *Manager) EndCommand(consumed bool) {
	for _, t := range m.allTabs() {
		t.EndCommand(consumed)
	}
}

// Trace sends a line per CDP call of the current connection to fn (nil
// stops it); `--verbose` shows them.
func (m *Manager) Trace(fn func(method string, d time.Duration, err error)) {
	m.mu.Lock()
	conn := m.conn
	m.trace = fn
	m.mu.Unlock()
	if conn != nil {
		conn.SetTrace(fn)
	}
}

// Interrupt stops a script that keeps the current tab busy (an endless
// loop) after a command timed out, so the next command can work again.
func (m *Manager) Interrupt() {
	m.mu.Lock()
	t := m.tabs[m.current]
	m.mu.Unlock()
	if t == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	t.Interrupt(ctx)
}

// Library is the in-page code installed in every frame's isolated world.
func (m *Manager) Library() inpage.Library { return m.opts.Library }
