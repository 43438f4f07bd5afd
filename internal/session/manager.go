// Package session owns the browser of one tact session: it launches or
// attaches to the browser, keeps every page target attached (so dialogs are
// always answered and state survives between commands), routes browser and
// target events, keeps the session's saved state (refs, the browser's
// identity) and hands commands a current page.Tab to work on.
package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	proto "github.com/chromedp/cdproto/cdp"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/inpage"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/proc"
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
	current    string
	state      persisted
	emul       page.Emulation
	domains    page.Domains // --allowed-domains in force
	notes      []string
	dialog     page.DialogPolicy

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
}

type persisted struct {
	NextRef int `json:"next_ref"`
	// Browser proves which process is the browser this session launched
	// (pid, start time, profile): nothing else is ever signalled.
	Browser  browser.Identity     `json:"browser,omitzero"`
	WS       string               `json:"ws,omitempty"` // only with --port: a later daemon re-attaches
	Launched bool                 `json:"launched,omitempty"`
	Current  string               `json:"current,omitempty"`
	URL      string               `json:"url,omitempty"` // the current tab's URL, reopened in a relaunched browser
	Refs     map[int]page.RefInfo `json:"refs,omitempty"`
	Origins  []string             `json:"origins,omitempty"` // visited http(s) origins, for session save
	// AllowedDomains is --allowed-domains in force: a daemon that
	// restarts (crash, idle exit, a new build) keeps the restriction.
	AllowedDomains string `json:"allowed_domains,omitempty"`
}

// readState loads a session's saved state; a missing or corrupt file is
// an empty state.
func readState(file string) persisted {
	p := persisted{NextRef: 1, Refs: map[int]page.RefInfo{}}
	b, err := os.ReadFile(file)
	if err != nil || json.Unmarshal(b, &p) != nil {
		return persisted{NextRef: 1, Refs: map[int]page.RefInfo{}}
	}
	if p.Refs == nil {
		p.Refs = map[int]page.RefInfo{}
	}
	if p.NextRef < 1 {
		p.NextRef = 1
	}
	return p
}

// StopSavedBrowser ends the browser an earlier daemon of this session
// launched and left behind, if the state file proves it still runs, giving
// it grace to exit by itself first. The caller must hold the session's
// lock, so no live daemon owns that browser.
func StopSavedBrowser(stateFile string, grace time.Duration) bool {
	st := readState(stateFile)
	if !st.Launched || !st.Browser.Running() {
		return false
	}
	return st.Browser.Stop(grace)
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

// Connected reports whether a live browser connection exists.
func (m *Manager) Connected() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.conn == nil {
		return false
	}
	select {
	case <-m.conn.Done():
		return false
	default:
		return true
	}
}

// Ensure connects to the browser, launching one if needed. A browser that
// died since the last command is reported once and replaced.
func (m *Manager) Ensure(ctx context.Context) error {
	m.mu.Lock()
	conn := m.conn
	m.mu.Unlock()
	if conn != nil {
		select {
		case <-conn.Done():
			m.resetConnection()
			if m.opts.Browser.CDP != "" {
				m.mu.Lock()
				m.gone = m.opts.Browser.CDP
				m.mu.Unlock()
				return m.remoteGone()
			}
			m.note("browser had exited; launched a new one")
		default:
			return nil
		}
	}
	m.mu.Lock()
	gone := m.gone
	m.mu.Unlock()
	if gone != "" {
		// Connecting again would reach a fresh, blank remote browser and
		// pretend the old tabs and logins still exist.
		return m.remoteGone()
	}
	return m.connect(ctx)
}

// ExplainLost turns a command's lost connection into "the remote browser
// went away" when the attached browser ended while the command ran (the
// check before it saw a live connection).
func (m *Manager) ExplainLost(err error) error {
	if err == nil || failure.From(err).Code != failure.BrowserUnavailable {
		return err
	}
	m.mu.Lock()
	conn, spec, launched := m.conn, m.opts.Browser.CDP, m.launched
	m.mu.Unlock()
	if conn == nil || spec == "" || launched {
		return err
	}
	select {
	case <-conn.Done():
	default:
		return err
	}
	m.resetConnection()
	m.mu.Lock()
	m.gone = spec
	m.mu.Unlock()
	return m.remoteGone()
}

func (m *Manager) remoteGone() error {
	return failure.New(failure.BrowserUnavailable, "the remote browser at --cdp %s went away (the farm may have ended its session)", browser.Redact(m.gone)).
		WithHint("tact browser stop, then connect again with --cdp (a new remote browser: tabs and logins of the old one are gone)")
}

// SetEndpoint names the browser a command wants to attach to (its --cdp
// and --cdp-header, and --cdp-isolated for a browser context of the
// session's own). A session binds to an endpoint only once it has
// connected to it: until then a later command may name another (a typo
// does not stick). Naming none keeps what the session has.
func (m *Manager) SetEndpoint(spec string, header []string, isolated bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if spec == "" {
		if isolated && m.opts.Browser.CDP == "" {
			return failure.New(failure.Usage, "--cdp-isolated needs --cdp (a browser tact launches is the session's own already)")
		}
		if isolated && !m.isolated {
			return failure.New(failure.Usage, "this session attached to --cdp %s without --cdp-isolated", browser.Redact(m.opts.Browser.CDP)).
				WithHint("tact browser stop first, or use another --session")
		}
		return nil
	}
	if m.conn == nil && m.gone == "" {
		m.opts.Browser.CDP, m.cdpHeader, m.isolated = spec, header, isolated
		return nil
	}
	if spec == m.opts.Browser.CDP && isolated == m.isolated {
		return nil
	}
	bound := "a browser it launched"
	if m.opts.Browser.CDP != "" {
		bound = "--cdp " + browser.Redact(m.opts.Browser.CDP)
		if m.isolated {
			bound += " --cdp-isolated"
		}
	}
	asked := "--cdp " + browser.Redact(spec)
	if isolated {
		asked += " --cdp-isolated"
	}
	return failure.New(failure.Usage, "this session already uses %s, not %s", bound, asked).
		WithHint("tact browser stop first, or use another --session")
}

// browserContext is the session's own browser context under
// --cdp-isolated, else "" (the browser's default one).
func (m *Manager) browserContext() proto.BrowserContextID {
	m.mu.Lock()
	defer m.mu.Unlock()
	return proto.BrowserContextID(m.bctx)
}

// own reports whether a target is the session's to drive: with
// --cdp-isolated only those of its browser context are, otherwise those
// of the browser's default context.
func (m *Manager) own(ti *cdptarget.Info) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ownLocked(ti)
}

// ownLocked is own for a caller holding m.mu.
func (m *Manager) ownLocked(ti *cdptarget.Info) bool {
	ctx := m.bctx
	if ctx == "" {
		ctx = m.defaultCtx
	}
	return ctx == "" || ti.BrowserContextID == "" || string(ti.BrowserContextID) == ctx
}

func (m *Manager) resetConnection() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.proc != nil {
		m.proc.Kill()
	}
	m.conn, m.proc, m.launched, m.bctx, m.defaultCtx = nil, nil, false, "", ""
	m.targets = map[string]*page.Target{}
	m.tabs = map[string]*page.Tab{}
	m.order = nil
	m.current = ""
	m.state.Refs = map[int]page.RefInfo{}
}

func (m *Manager) connect(ctx context.Context) error {
	var ws string
	var header http.Header
	launched := false
	var proc *browser.Process
	var conn *cdp.Conn
	reopen := ""
	switch {
	case m.opts.Browser.CDP != "":
		hdr, err := browser.ParseHeaders(m.cdpHeader)
		if err != nil {
			m.unbind()
			return failure.New(failure.Usage, "%v", err)
		}
		ep, err := browser.ResolveCDP(ctx, m.opts.Browser.CDP, hdr)
		if err != nil {
			m.unbind()
			return failure.New(failure.BrowserUnavailable, "%v", err)
		}
		ws, header = ep.WS, ep.Header
	case m.state.Launched && m.state.WS != "" && m.state.Browser.Running():
		// With --port, a browser an earlier daemon of this session
		// launched outlives it: reuse it.
		ws, launched = m.state.WS, true
	default:
		if m.state.Launched {
			reopen = m.state.URL // the page of an earlier daemon's browser
			// Its refs point into tabs that went with it: STALE_REF (the
			// note says why), not "belongs to another tab".
			m.mu.Lock()
			m.state.Refs = map[int]page.RefInfo{}
			m.mu.Unlock()
		}
		r, err := m.launch(ctx)
		if err != nil {
			return err
		}
		proc, conn, ws, launched = r.proc, r.conn, r.proc.WebSocketURL, true
	}
	if conn == nil {
		var err error
		if conn, err = cdp.Dial(ctx, ws, header); err != nil {
			if launched {
				// The recorded browser is gone or unreachable: start afresh,
				// and reopen its page there (Launched stays set for that).
				m.mu.Lock()
				m.state.WS = ""
				m.mu.Unlock()
				return m.connect(ctx)
			}
			m.unbind()
			return dialFailure(ws, err)
		}
	}
	m.mu.Lock()
	m.conn, m.proc, m.wsURL, m.launched = conn, proc, ws, launched
	m.state.Launched = launched
	m.state.WS = ""
	if launched {
		// Only a browser of this session's own (--port) is re-attached by
		// URL; an attached one's URL may hold a farm's token.
		m.state.WS = ws
	}
	if proc != nil {
		m.state.Browser = proc.Identity()
	}
	m.mu.Unlock()
	conn.Subscribe(m.queue.push)
	m.mu.Lock()
	conn.SetTrace(m.trace)
	m.mu.Unlock()
	m.save()
	if ws != "" && !browser.IsLoopback(ws) && !strings.HasPrefix(ws, "wss://") {
		m.note("warning: --cdp endpoint is not on this machine and not wss://; the protocol is unencrypted")
	}
	if !launched && m.isolated {
		res, err := cdp.Call(ctx, conn.Browser(), cdptarget.CreateBrowserContext, cdptarget.CreateBrowserContextParams{DisposeOnDetach: new(true)})
		if err != nil {
			return m.setupFailed(ws, launched, fmt.Errorf("create a browser context: %w", err))
		}
		m.mu.Lock()
		m.bctx = string(res.BrowserContextID)
		m.mu.Unlock()
	} else if res, err := cdp.Call(ctx, conn.Browser(), cdptarget.GetBrowserContexts, proto.Empty{}); err == nil {
		m.mu.Lock()
		m.defaultCtx = string(res.DefaultBrowserContextID)
		m.mu.Unlock()
	}
	m.enableDownloads(ctx, conn)
	// Auto-attach to every page, paused until tact has set it up, so no tab
	// ever runs a dialog before a session with Page enabled is listening.
	if err := cdp.Run(ctx, conn.Browser(), cdptarget.SetDiscoverTargets, cdptarget.SetDiscoverTargetsParams{Discover: true}); err != nil {
		return m.setupFailed(ws, launched, err)
	}
	if err := cdp.Run(ctx, conn.Browser(), cdptarget.SetAutoAttach, cdptarget.SetAutoAttachParams{
		AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(true), Filter: page.OnlyType("page"),
	}); err != nil {
		return m.setupFailed(ws, launched, err)
	}
	if reopen != "" {
		m.reopen(ctx, reopen)
	}
	if !launched {
		// An attached browser is someone's: work in a tab of tact's own
		// instead of taking over their most recent one.
		id, err := m.createTarget(ctx, "about:blank")
		if err != nil {
			// A browser with a single target (Lightpanda) opens no other.
			m.note("the attached browser opened no tab for tact; working in its current one")
			return nil
		}
		if _, err := m.Adopt(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// dialFailure reports a --cdp browser that could not be reached, by its
// redacted URL: a farm's refusal by name (wrong token, too many
// sessions), its queue outlasting --timeout as a timeout.
func dialFailure(ws string, err error) error {
	var de *cdp.DialError
	if errors.As(err, &de) && de.Timeout {
		return failure.New(failure.Timeout, "--cdp %s: the browser farm did not hand over a browser within --timeout", browser.Redact(ws)).
			WithHint("the farm may be queueing: too many sessions at once; retry later or raise --timeout")
	}
	return failure.New(failure.BrowserUnavailable, "--cdp %s: %v", browser.Redact(ws), err)
}

// setupFailed ends a connection whose browser did not answer its first
// calls. An attached browser that never answered (a farm that took the
// websocket but queues it) is dropped, so the next command dials afresh
// instead of reusing a dead connection.
func (m *Manager) setupFailed(ws string, launched bool, err error) error {
	if launched {
		return failure.New(failure.BrowserUnavailable, "browser: %v", err)
	}
	m.mu.Lock()
	conn := m.conn
	m.mu.Unlock()
	if conn != nil {
		_ = conn.Close()
	}
	m.resetConnection()
	m.unbind()
	if errors.Is(err, context.DeadlineExceeded) {
		return failure.New(failure.Timeout, "--cdp %s: the browser farm took the connection but did not hand over a browser within --timeout", browser.Redact(ws)).
			WithHint("the farm may be queueing: too many sessions at once; retry later or raise --timeout")
	}
	return failure.New(failure.BrowserUnavailable, "--cdp %s: the browser did not answer: %v", browser.Redact(ws), err)
}

// unbind forgets an endpoint the session could not connect to.
func (m *Manager) unbind() {
	m.mu.Lock()
	m.opts.Browser.CDP, m.cdpHeader = "", nil
	m.mu.Unlock()
}

// launchTimeout bounds starting a browser. It is not the command's
// --timeout: on a busy machine a start can take longer than a short
// --timeout, and a command that gives up must not throw the nearly
// started browser away (the next command would only start over).
const launchTimeout = 60 * time.Second

type launchResult struct {
	proc *browser.Process
	conn *cdp.Conn
	err  error
}

// launch starts the session's browser in the background, or joins a
// start in progress, and waits for it until ctx ends.
func (m *Manager) launch(ctx context.Context) (*launchResult, error) {
	m.mu.Lock()
	if m.launching == nil {
		done := make(chan struct{})
		m.launching = done
		prev := prevBrowser{m.state.Launched, m.state.Browser}
		go func() {
			r := m.startBrowser(prev)
			m.mu.Lock()
			m.started = r
			m.mu.Unlock()
			close(done)
		}()
	}
	done := m.launching
	m.mu.Unlock()
	select {
	case <-done:
	case <-ctx.Done():
		return nil, failure.New(failure.Timeout, "the browser is still starting (a busy machine?); the next command uses it")
	}
	m.mu.Lock()
	r := m.started
	m.launching, m.started = nil, nil
	m.mu.Unlock()
	if r.err != nil {
		return nil, r.err
	}
	return r, nil
}

// prevBrowser is what the state file says about an earlier daemon's browser.
type prevBrowser struct {
	Was bool
	ID  browser.Identity
}

// startBrowser launches a browser on the session's profile and connects.
func (m *Manager) startBrowser(prev prevBrowser) *launchResult {
	ctx, cancel := context.WithTimeout(context.Background(), launchTimeout)
	defer cancel()
	if prev.Was {
		// The browser of an earlier daemon of this session. Over a pipe
		// it exits by itself once that daemon is gone (writing its
		// profile); wait for that, then make sure, before its profile
		// lock is judged.
		prev.ID.Stop(10 * time.Second)
	}
	if err := unlockProfile(m.opts.ProfileDir); err != nil {
		return &launchResult{err: err}
	}
	b := m.opts.Browser
	p, err := browser.Launch(ctx, browser.Options{Headless: !b.Headed, UserDataDir: m.opts.ProfileDir,
		Pipe: b.Port == 0, Port: b.Port, Args: b.Args, Stderr: m.opts.BrowserLog})
	if err != nil {
		if errors.Is(err, browser.ErrNotFound) {
			return &launchResult{err: failure.New(failure.BrowserUnavailable, "%v", err)}
		}
		return &launchResult{err: failure.New(failure.BrowserUnavailable, "launch browser: %v", err)}
	}
	var conn *cdp.Conn
	if p.PipeOut != nil {
		conn = cdp.OverPipe(p.PipeOut, p.PipeIn)
		// The first answer on the pipe says the browser is up.
		err = cdp.Run(ctx, conn.Browser(), cdpbrowser.GetVersion, proto.Empty{})
		if err != nil {
			conn.Close()
		}
	} else {
		conn, err = cdp.Dial(ctx, p.WebSocketURL, nil)
	}
	if err != nil {
		p.Kill()
		return &launchResult{err: failure.New(failure.BrowserUnavailable, "connect to browser: %v", err)}
	}
	return &launchResult{proc: p, conn: conn}
}

// boundedBy returns d, or less when ctx ends sooner.
func boundedBy(ctx context.Context, d time.Duration) time.Duration {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
		return max(time.Until(dl), 0)
	}
	return d
}

// reopen puts the page the session's previous browser showed into the
// relaunched one (cookies and storage come back with the profile).
func (m *Manager) reopen(ctx context.Context, u string) {
	if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "data:") {
		return
	}
	t, err := m.Current(ctx)
	if err != nil {
		return
	}
	// A page that never finishes loading must not cost the whole command.
	nctx, cancel := context.WithTimeout(ctx, boundedBy(ctx, 10*time.Second))
	_ = t.Navigate(nctx, u)
	cancel()
	m.note("the session's browser was replaced since the last command (relaunched with the same profile); reopened " + u + "; refs of earlier snaps are stale")
}

// save mirrors ref numbering, the browser identity and the current page
// to disk so a new daemon continues where a killed one stopped.
func (m *Manager) save() {
	if m.opts.StateFile == "" {
		return
	}
	m.mu.Lock()
	t := m.tabs[m.current]
	m.mu.Unlock()
	u := ""
	if t != nil {
		u = t.URL()
	}
	m.saveMu.Lock()
	defer m.saveMu.Unlock()
	m.mu.Lock()
	m.state.Current = m.current
	if t != nil {
		// A page can make its URL as long as it likes (1 MB): one that long
		// is not kept for reopening, so the state file stays small.
		if len(u) > MaxStateURL {
			u = ""
		}
		m.state.URL = u
	}
	b, err := json.Marshal(m.state)
	m.mu.Unlock()
	// A page that echoes a secret into its URL (a GET form) must not put
	// it on disk: the page reopened after a restart gets *** instead.
	b = m.opts.Secrets.ScrubBytes(b)
	if err != nil || string(b) == string(m.saved) {
		return
	}
	if err := datadir.WriteFile(m.opts.StateFile, b, 0o600); err != nil {
		m.log.Warn("save state", "err", err)
		return
	}
	m.saved = b
}

// Secrets are the values this session typed as secrets, kept in memory
// only, for scrubbing what tact prints and stores.
func (m *Manager) Secrets() *secrets.Set { return m.opts.Secrets }

// HasSecret reports whether text holds one of the session's secrets.
func (m *Manager) HasSecret(text string) bool { return m.opts.Secrets.Contains(text) }

// Persist writes the session state if it changed (the daemon calls it
// after every command, so a navigation is remembered too).
func (m *Manager) Persist() { m.save() }

// Current returns the tab commands act on, connecting and opening a blank
// tab when needed.
func (m *Manager) Current(ctx context.Context) (*page.Tab, error) {
	if err := m.Ensure(ctx); err != nil {
		return nil, err
	}
	for {
		m.mu.Lock()
		t := m.tabs[m.current]
		fallback := t == nil
		if t == nil {
			// Prefer the tab a previous daemon used, then the first one seen.
			if pt := m.tabs[m.state.Current]; pt != nil {
				t = pt
			} else {
				for _, id := range m.order {
					if m.tabs[id] != nil {
						t = m.tabs[id]
						break
					}
				}
			}
			if t != nil {
				m.current = t.ID()
			}
		}
		m.mu.Unlock()
		if t != nil {
			select {
			case <-t.Main().Ready():
				if t.Main().Failed() != nil {
					m.dropTab(t.ID())
					continue
				}
				if t.Crashed() {
					// Report once, drop the dead tab and carry on in a fresh one.
					m.note("the tab crashed (" + t.URL() + "); continuing in a new tab")
					_ = cdp.Run(ctx, m.conn.Browser(), cdptarget.CloseTarget, cdptarget.CloseTargetParams{TargetID: cdptarget.ID(t.ID())})
					m.dropTab(t.ID())
					if _, err := m.NewTab(ctx); err != nil {
						return nil, err
					}
					continue
				}
				if fallback {
					// The tab tact falls back to (the current one closed)
					// must be the browser's too, or its page stays hidden.
					_ = cdp.Run(ctx, m.conn.Browser(), cdptarget.ActivateTarget, cdptarget.ActivateTargetParams{TargetID: cdptarget.ID(t.ID())})
				}
				m.catchUpEmulation(ctx, t)
				return t, nil
			case <-ctx.Done():
				return nil, failure.New(failure.Timeout, "tab did not become ready in time")
			}
		}
		// No tab yet: wait briefly for auto-attach to report existing ones,
		// then open a blank tab.
		if err := m.waitForTab(ctx, 300*time.Millisecond); err == nil {
			continue
		}
		id, err := m.createTarget(ctx, "about:blank")
		if err != nil {
			return nil, err
		}
		if _, err := m.waitTab(ctx, id); err != nil {
			return nil, err
		}
		m.mu.Lock()
		m.current = id
		m.mu.Unlock()
	}
}

func (m *Manager) waitForTab(ctx context.Context, d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		m.mu.Lock()
		n := len(m.tabs)
		m.mu.Unlock()
		if n > 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return errors.New("no tab")
}

func (m *Manager) createTarget(ctx context.Context, url string) (string, error) {
	m.mu.Lock()
	bctx := m.bctx
	m.mu.Unlock()
	res, err := cdp.Call(ctx, m.conn.Browser(), cdptarget.CreateTarget, cdptarget.CreateTargetParams{URL: url, BrowserContextID: proto.BrowserContextID(bctx)})
	if err != nil {
		return "", failure.New(failure.BrowserUnavailable, "open tab: %v", err)
	}
	// Every tab tact opens is one browser stop closes in an attached
	// browser (a farm's tabs outlive the session otherwise).
	m.mu.Lock()
	m.created[string(res.TargetID)] = true
	m.mu.Unlock()
	return string(res.TargetID), nil
}

// waitTab waits until the tab with this target id is attached and ready.
func (m *Manager) waitTab(ctx context.Context, id string) (*page.Tab, error) {
	for {
		m.mu.Lock()
		t := m.tabs[id]
		m.mu.Unlock()
		if t != nil {
			select {
			case <-t.Main().Ready():
				return t, t.Main().Failed()
			case <-ctx.Done():
				return nil, failure.New(failure.Timeout, "tab %s did not become ready", id)
			}
		}
		select {
		case <-ctx.Done():
			return nil, failure.New(failure.Timeout, "tab %s did not attach", id)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func (m *Manager) dropTab(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.tabs[id]
	if t == nil {
		return
	}
	delete(m.tabs, id)
	for n, ri := range m.state.Refs {
		if ri.Tab == id {
			delete(m.state.Refs, n)
		}
	}
	for sid, tg := range m.targets {
		if tg.Tab() == t {
			delete(m.targets, sid)
		}
	}
	if m.current == id {
		m.current = ""
	}
}

// TabInfo describes a tab for `tab list`.
type TabInfo struct {
	ID      string `json:"id"`
	URL     string `json:"url"`
	Title   string `json:"title"`
	Current bool   `json:"current"`
}

// Caps on what a page decides the length of, in `tab list` and the state
// file: a 1 MB URL or title must not print 1 MB.
const (
	MaxListURL   = 300
	MaxListTitle = 200
	MaxStateURL  = 16 << 10
)

// capBytes cuts s to at most n bytes at a character boundary, marking the cut.
func capBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Tabs lists the open tabs in the order they were seen.
func (m *Manager) Tabs(ctx context.Context) ([]TabInfo, error) {
	if err := m.Ensure(ctx); err != nil {
		return nil, err
	}
	res, err := cdp.Call(ctx, m.conn.Browser(), cdptarget.GetTargets, cdptarget.GetTargetsParams{})
	if err != nil {
		return nil, failure.New(failure.BrowserUnavailable, "list tabs: %v", err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []TabInfo
	for _, ti := range res.TargetInfos {
		if ti.Type != "page" || !m.ownLocked(ti) {
			continue
		}
		id := string(ti.TargetID)
		out = append(out, TabInfo{ID: id, URL: capBytes(ti.URL, MaxListURL), Title: capBytes(ti.Title, MaxListTitle), Current: id == m.current})
	}
	// The browser's order changes as tabs are used; tab list numbers
	// tabs for tab switch N, so they keep the order tact first saw them
	// in (tabs it has not attached to yet come last).
	seen := func(id string) int {
		if i := slices.Index(m.order, id); i >= 0 {
			return i
		}
		return len(m.order)
	}
	slices.SortStableFunc(out, func(a, b TabInfo) int { return seen(a.ID) - seen(b.ID) })
	return out, nil
}

// NextRef reserves ref numbering: the daemon passes the counter into each
// frame's walk and records what came back.
func (m *Manager) NextRef() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state.NextRef
}

// RecordRefs notes where new refs live; it reports whether anything
// changed (a re-snap of an unchanged document changes nothing and need not
// be written to disk).
func (m *Manager) RecordRefs(tabID, hostID, frameID string, refs []int, next int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	changed := false
	for _, r := range refs {
		if _, ok := m.state.Refs[r]; !ok {
			m.state.Refs[r] = page.RefInfo{Tab: tabID, Frame: frameID, Host: hostID}
			changed = true
		}
	}
	if next > m.state.NextRef {
		m.state.NextRef = next
		changed = true
	}
	return changed
}

// ForgetRefs drops the refs of a tab whose main document is gone (it
// navigated or closed): they can only be stale now, which ResolveRef
// reports for any issued number it no longer knows. This keeps the map,
// and the state file written after each snap, to the live documents.
func (m *Manager) ForgetRefs(tabID string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for n, ri := range m.state.Refs {
		if ri.Tab == tabID {
			delete(m.state.Refs, n)
		}
	}
}

// RefInfo says where ref n lives; next is the first unissued number.
func (m *Manager) RefInfo(n int) (page.RefInfo, bool, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ri, ok := m.state.Refs[n]
	return ri, ok, m.state.NextRef
}

// unlockProfile removes Chrome's singleton lock left by a killed browser of
// this profile, so a relaunch does not hand the URL to a dead instance.
func unlockProfile(dir string) error {
	if dir == "" {
		return failure.New(failure.Internal, "no profile directory")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return failure.New(failure.IO, "profile dir: %v", err)
	}
	// Chrome's lock is a symlink to "host-PID". A live owner means another
	// browser (another session with the same --profile) uses the profile:
	// taking it over would corrupt it.
	if target, err := os.Readlink(filepath.Join(dir, "SingletonLock")); err == nil {
		host, pidStr, _ := strings.Cut(target, "-")
		me, _ := os.Hostname()
		// A zombie no init has reaped yet holds nothing.
		if pid, err := strconv.Atoi(pidStr); err == nil && host == me && running(pid) {
			return failure.New(failure.BrowserUnavailable, "profile %s is in use by another browser (pid %d)", filepath.Base(dir), pid).WithHint("use another --profile, or stop the session that uses it")
		}
	}
	for _, f := range []string{"SingletonLock", "SingletonSocket", "SingletonCookie"} {
		_ = os.Remove(filepath.Join(dir, f))
	}
	return nil
}

func running(pid int) bool {
	_, err := proc.Of(pid)
	return err == nil
}

// NewTab opens a tab (about:blank or url) and makes it current.
func (m *Manager) NewTab(ctx context.Context) (*page.Tab, error) {
	if err := m.Ensure(ctx); err != nil {
		return nil, err
	}
	id, err := m.createTarget(ctx, "about:blank")
	if err != nil {
		return nil, err
	}
	return m.Adopt(ctx, id)
}

// Switch makes the tab with this id (or unique id prefix) current.
func (m *Manager) Switch(ctx context.Context, id string) (*page.Tab, error) {
	tid, err := m.FindTab(ctx, id)
	if err != nil {
		return nil, err
	}
	t, err := m.waitTab(ctx, tid)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.current = t.ID()
	m.mu.Unlock()
	_ = cdp.Run(ctx, m.conn.Browser(), cdptarget.ActivateTarget, cdptarget.ActivateTargetParams{TargetID: cdptarget.ID(t.ID())})
	m.save()
	return t, nil
}

// FindTab returns the one tab whose id is id or starts with it (4+
// characters, as tab list prints 8).
func (m *Manager) FindTab(ctx context.Context, id string) (string, error) {
	if err := m.Ensure(ctx); err != nil {
		return "", err
	}
	m.mu.Lock()
	var found []string
	for tid := range m.tabs {
		if tid == id || (len(id) >= 4 && strings.HasPrefix(strings.ToLower(tid), strings.ToLower(id))) {
			found = append(found, tid)
		}
	}
	m.mu.Unlock()
	if len(found) == 0 && id != "" {
		// A part of the tab's URL, as the browser reports it: how one
		// adopts a tab of an attached browser (tab switch github.com/issues).
		tabs, err := m.Tabs(ctx)
		if err != nil {
			return "", err
		}
		for _, t := range tabs {
			if strings.Contains(t.URL, id) {
				found = append(found, t.ID)
			}
		}
	}
	if len(found) != 1 {
		if len(found) == 0 {
			return "", failure.New(failure.NotFound, "no tab %q (see tact tab list)", id)
		}
		return "", failure.New(failure.Ambiguous, "tab %q matches %d tabs (see tact tab list)", id, len(found))
	}
	return found[0], nil
}

// CloseTab closes a tab (the current one when id is empty); another open
// tab becomes current.
func (m *Manager) CloseTab(ctx context.Context, id string) error {
	if err := m.Ensure(ctx); err != nil {
		return err
	}
	if id == "" {
		t, err := m.Current(ctx)
		if err != nil {
			return err
		}
		id = t.ID()
	}
	// Before closing: the target's destroyed event may drop it first.
	m.mu.Lock()
	wasCurrent := m.current == id
	m.mu.Unlock()
	if err := cdp.Run(ctx, m.conn.Browser(), cdptarget.CloseTarget, cdptarget.CloseTargetParams{TargetID: cdptarget.ID(id)}); err != nil {
		return failure.New(failure.NotFound, "close tab %s: %v", id, err)
	}
	m.dropTab(id)
	if wasCurrent && len(m.allTabs()) > 0 {
		// Fall back now, so tab list marks the next tab current and its
		// page is visible to the next command's clicks.
		_, _ = m.Current(ctx)
	}
	m.save()
	return nil
}

// Adopt makes a tab opened by the current one (target=_blank,
// window.open) current, and returns it.
func (m *Manager) Adopt(ctx context.Context, id string) (*page.Tab, error) {
	t, err := m.waitTab(ctx, id)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.current = id
	m.mu.Unlock()
	m.save()
	return t, nil
}

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

func (m *Manager) allTabs() []*page.Tab {
	m.mu.Lock()
	defer m.mu.Unlock()
	tabs := make([]*page.Tab, 0, len(m.tabs))
	for _, t := range m.tabs {
		tabs = append(tabs, t)
	}
	return tabs
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

// RefsOf lists where a tab's refs live.
func (m *Manager) RefsOf(tabID string) []page.RefInfo {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []page.RefInfo
	for _, ri := range m.state.Refs {
		if ri.Tab == tabID {
			out = append(out, ri)
		}
	}
	return out
}
