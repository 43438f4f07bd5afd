package session

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	proto "github.com/chromedp/cdproto/cdp"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
)

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
