// Package daemon is the per-session background process: it owns the
// browser connection, runs one command at a time for CLI and MCP callers
// over a unix socket, and exits (taking its browser along) when idle.
package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/peer"
	"github.com/tact-browser/tact/internal/proc"
	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/rpc"
	"github.com/tact-browser/tact/internal/secrets"
	"github.com/tact-browser/tact/internal/session"
)

// The session's browser is what commands run against.
var _ commands.Browser = (*session.Manager)(nil)

// Options configure a daemon.
type Options struct {
	Session     string
	Browser     browser.Setup
	IdleTimeout time.Duration
	Version     string
	Log         io.Writer
	Verbose     bool
	// Read is the reader of serialized pages commands use (commands.Env).
	Read pagetext.Reader
	// Forward parses a command line the CLI relayed unparsed
	// (rpc.Request.Argv) into the request the full CLI would send, or
	// is not ok when the call needs the CLI's own process (cli.Forwarder).
	Forward func(req rpc.Request, session string) (rpc.Request, bool)
}

// Waits of a starting daemon for the session lock.
const (
	// lockWait: a stopping daemon holds the lock until its browser has
	// exited and written its profile, which can take seconds.
	lockWait = 30 * time.Second
	lockPoll = 50 * time.Millisecond
	// dialWait: a live daemon answers its socket at once.
	dialWait = 200 * time.Millisecond
)

// defaultIdle is --idle-timeout's default (the CLI's; a daemon started
// by hand may leave it out).
const defaultIdle = 30 * time.Minute

// refuseWait bounds answering "retry" to a client queued on a stopping
// daemon: it has its request written already.
const refuseWait = 2 * time.Second

// ErrLostRace is Run's error when another daemon already serves the
// session (two clients started one each at the same time).
var ErrLostRace = errors.New("another daemon serves session")

// Run serves the session until idle timeout, a stop request or a signal.
func Run(ctx context.Context, o Options) error {
	paths, err := datadir.Session(o.Session)
	if err != nil {
		return err
	}
	// Before this daemon records itself as the lock holder: a client may
	// then send SIGUSR1 (socket lost), whose default action would kill it.
	relisten := make(chan os.Signal, 1)
	if relistenSignal != nil {
		signal.Notify(relisten, relistenSignal)
	}
	// The lock decides which of two racing daemons serves the session.
	lock, err := os.OpenFile(paths.Lock, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close()
	// A daemon that is shutting down (browser stop, version handover)
	// holds the lock until its browser has exited, which can take seconds:
	// wait for it, unless a live daemon answers on the socket. The client
	// that started this daemon bounds its own wait by --timeout.
	for deadline := time.Now().Add(lockWait); ; {
		if err := proc.TryLock(lock); err == nil {
			break
		}
		if c, err := net.DialTimeout("unix", paths.Socket, dialWait); err == nil {
			c.Close()
			return fmt.Errorf("%w %q", ErrLostRace, o.Session)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("session %q is locked by another process", o.Session)
		}
		time.Sleep(lockPoll)
	}
	// Who holds the lock: a client that finds the socket gone can prove
	// this process is the session's daemon and ask it to listen again.
	if err := proc.Self().Record(lock); err != nil {
		return fmt.Errorf("lock %s: %w", paths.Lock, err)
	}

	level := slog.LevelInfo
	if o.Verbose {
		level = slog.LevelDebug
	}
	logw := o.Log
	if logw == nil {
		logw = io.Discard
	}
	// The session's secrets live in this process only; its log gets
	// them scrubbed like every answer (a CDP error can quote a URL).
	secretSet := &secrets.Set{}
	logw = secretSet.Writer(logw)
	log := slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: level}))
	profile := o.Browser.Profile
	if profile == "" {
		profile = o.Session
	}
	if err := datadir.CheckName("profile", profile); err != nil {
		return err
	}
	profDir, err := datadir.Dir("profiles", profile)
	if err != nil {
		return err
	}
	dlDir, err := datadir.Dir("downloads", o.Session)
	if err != nil {
		return err
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = defaultIdle
	}
	m := session.New(session.Options{
		Browser: o.Browser, ProfileDir: profDir, Library: Library(), StateFile: paths.State, DownloadDir: dlDir, BrowserLog: logw, Log: log, Secrets: secretSet,
	})
	d := &daemon{ctx: ctx, opts: o, m: m, self: proc.Self(), log: log, stop: make(chan struct{}), activity: make(chan struct{}, 1),
		rec: commands.NewRecorder(filepath.Join(paths.Dir, "recording.json")), socket: paths.Socket}
	_ = os.Remove(paths.Socket)
	if err := d.listen(); err != nil {
		return err
	}
	log.Info("daemon started", "session", o.Session, "pid", os.Getpid(), "version", o.Version)

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	go func() {
		select {
		case <-sig:
		case <-ctx.Done():
		}
		// The running command (a long batch) would hold the exit up.
		d.cancelRunning()
		d.shutdown(true)
	}()
	go d.idleLoop()
	var check <-chan time.Time // where no signal can ask, look now and then
	if relistenSignal == nil {
		t := time.NewTicker(socketCheck)
		defer t.Stop()
		check = t.C
	}
loop:
	for {
		select {
		case <-d.stop:
			break loop
		case <-check:
			d.lnMu.Lock()
			known := d.sockInfo != nil // could stat its own socket
			d.lnMu.Unlock()
			if known && !d.socketIsOurs() {
				log.Info("socket file lost; listening again", "path", d.socket)
				if err := d.listen(); err != nil {
					log.Warn("listen again", "err", err)
				}
			}
		case <-relisten:
			if !d.socketIsOurs() {
				log.Info("socket file lost; listening again", "path", d.socket)
				if err := d.listen(); err != nil {
					log.Warn("listen again", "err", err)
				}
			}
		}
	}
	// New clients see no socket at once and start a fresh daemon, which
	// waits for this one's lock. Clients that connected before the unlink
	// are still queued on the listener: each is told to retry (closing
	// their connection unread would reset it, and the CLI would report a
	// lost daemon for a command that never ran).
	d.lnMu.Lock()
	d.stopping = true
	ln := d.ln
	d.lnMu.Unlock()
	if d.socketIsOurs() {
		_ = os.Remove(d.socket)
	}
	_ = ln.SetDeadline(time.Now().Add(drainQueued))
	d.accepting.Wait()
	ln.Close()
	d.wg.Wait()
	if d.closeBrowser {
		m.Close()
	}
	log.Info("daemon stopped")
	return nil
}

// listen (re)creates the session's socket and serves it. The previous
// listener, if any, is closed without unlinking the path it shares.
func (d *daemon) listen() error {
	l, err := listenPrivate(d.socket)
	if err != nil {
		return fmt.Errorf("listen %s: %w", d.socket, err)
	}
	_ = os.Chmod(d.socket, 0o600)
	ul := l.(*net.UnixListener)
	ul.SetUnlinkOnClose(false)
	st, _ := os.Stat(d.socket)
	d.lnMu.Lock()
	prev := d.ln
	d.ln, d.sockInfo = ul, st
	d.lnMu.Unlock()
	if prev != nil {
		prev.Close()
	}
	d.accepting.Add(1)
	go d.accept(ul)
	return nil
}

// socketIsOurs reports whether the socket path is still the file this
// daemon listens on (not deleted, not replaced).
func (d *daemon) socketIsOurs() bool {
	st, err := os.Stat(d.socket)
	d.lnMu.Lock()
	mine := d.sockInfo
	d.lnMu.Unlock()
	return err == nil && mine != nil && os.SameFile(st, mine)
}

// drainQueued is how long a stopping daemon keeps accepting the
// connections queued before its socket was unlinked; no new ones can
// arrive after the unlink, so this only needs to outlast the scheduler.
const drainQueued = 200 * time.Millisecond

func (d *daemon) accept(l net.Listener) {
	defer d.accepting.Done()
	for {
		conn, err := l.Accept()
		if err != nil {
			return
		}
		// The socket is 0600 in a private folder; this is the second
		// lock: nothing from another user is read.
		if err := peer.Check(conn.(*net.UnixConn), d.socket); err != nil {
			d.log.Warn("refused a connection", "err", err)
			conn.Close()
			continue
		}
		d.wg.Add(1)
		d.lnMu.Lock()
		stopping := d.stopping
		d.lnMu.Unlock()
		if stopping {
			go d.refuse(conn)
			continue
		}
		go d.serve(conn)
	}
}

// refuse answers a request this stopping daemon will not run: the client
// starts a fresh daemon. The request is read first; a unix socket closed
// with unread data resets its peer.
func (d *daemon) refuse(conn net.Conn) {
	defer d.wg.Done()
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(refuseWait))
	var req rpc.Request
	_ = rpc.Read(bufio.NewReader(conn), &req)
	_ = rpc.Write(conn, d.retry("daemon is stopping"))
}

func (d *daemon) retry(why string) rpc.Response {
	return rpc.Response{Error: &failure.Error{Code: rpc.CodeRetry, Message: why}, Daemon: d.self}
}

type daemon struct {
	// ctx is the daemon's lifetime (Run's context): every command's
	// context derives from it.
	ctx  context.Context
	opts Options
	m    *session.Manager
	rec  *commands.Recorder
	log  *slog.Logger

	self      proc.ID    // sent with every response
	run       sync.Mutex // one command at a time
	wg        sync.WaitGroup
	accepting sync.WaitGroup // accept loops
	activity  chan struct{}

	socket   string
	lnMu     sync.Mutex
	ln       *net.UnixListener
	sockInfo os.FileInfo
	stopping bool

	// runCancel cancels the command that runs now (nil between
	// commands): browser stop and SIGTERM do not wait for it.
	runMu     sync.Mutex
	runCancel context.CancelFunc

	stopOnce     sync.Once
	stop         chan struct{}
	closeBrowser bool
}

func (d *daemon) shutdown(closeBrowser bool) {
	d.stopOnce.Do(func() {
		d.closeBrowser = closeBrowser
		close(d.stop)
	})
}

// cancelRunning cancels the command that runs now, if any.
func (d *daemon) cancelRunning() {
	d.runMu.Lock()
	defer d.runMu.Unlock()
	if d.runCancel != nil {
		d.runCancel()
	}
}

func (d *daemon) idleLoop() {
	timer := time.NewTimer(d.opts.IdleTimeout)
	defer timer.Stop()
	for {
		select {
		case <-d.stop:
			return
		case <-d.activity:
			if !timer.Stop() {
				select {
				case <-timer.C:
				default:
				}
			}
			timer.Reset(d.opts.IdleTimeout)
		case <-timer.C:
			d.run.Lock() // never stop in the middle of a command
			d.log.Info("idle timeout; exiting")
			d.shutdown(true)
			d.run.Unlock()
			return
		}
	}
}

func (d *daemon) touch() {
	select {
	case d.activity <- struct{}{}:
	default:
	}
}

func (d *daemon) serve(conn net.Conn) {
	defer d.wg.Done()
	defer conn.Close()
	var req rpc.Request
	_ = conn.SetReadDeadline(time.Now().Add(requestWait))
	br := bufio.NewReader(conn)
	if err := rpc.Read(br, &req); err != nil {
		return
	}
	_ = conn.SetReadDeadline(time.Time{})
	// A client sends one request, then only reads: its end closing means
	// it has gone (interrupted, or past its own --timeout) and nobody
	// will read the answer, so its command stops.
	ctx, cancel := cancelOnHangup(d.ctx, br)
	defer cancel()
	if len(req.Argv) > 0 {
		// A relayed line is run only by a daemon of the relay's build, and
		// one of another build declines rather than hands over: the full
		// CLI that runs it next settles which daemon serves.
		fwd, ok := rpc.Request{}, false
		if d.opts.Forward != nil && req.Version == d.opts.Version {
			fwd, ok = d.opts.Forward(req, d.opts.Session)
		}
		if !ok {
			_ = rpc.Write(conn, rpc.Response{Declined: true, Daemon: d.self})
			return
		}
		req = fwd
	}
	if req.Globals.Session != d.opts.Session {
		// Only when the session's folders were moved under the caller
		// (another user renaming folders in a TACT_HOME it can write
		// to): never run one session's command in another.
		_ = rpc.Write(conn, rpc.Response{Error: failure.New(failure.IO, "this daemon serves session %q, not %q: its folder was moved (who else can write to the folders above %s?)", d.opts.Session, req.Globals.Session, d.socket), Daemon: d.self})
		return
	}
	if req.Version != d.opts.Version {
		_ = rpc.Write(conn, d.retry("daemon is version "+d.opts.Version))
		d.log.Info("client of another version; handing over", "client", req.Version)
		d.shutdown(false) // with --port the browser stays for the new daemon; over a pipe it ends with this one and the new daemon reopens its page
		return
	}
	if c, ok := commands.New(req.Command); ok && commands.RoleOf(c) == commands.Stops {
		// browser stop does not queue behind a command that may run for
		// its whole --timeout: that command ends now.
		d.cancelRunning()
	}
	var wmu sync.Mutex
	partial := func(stdout, stderr string) {
		wmu.Lock()
		defer wmu.Unlock()
		_ = conn.SetWriteDeadline(time.Now().Add(partialWrite))
		_ = rpc.Write(conn, scrub(d.m.Secrets(), rpc.Response{Stdout: stdout, Stderr: stderr, More: true}))
	}
	resp, after := d.execute(ctx, req, partial)
	resp = scrub(d.m.Secrets(), resp)
	resp.Daemon = d.self
	wmu.Lock()
	_ = conn.SetWriteDeadline(time.Now().Add(responseWrite))
	_ = rpc.Write(conn, resp)
	wmu.Unlock()
	after()
}

// scrub masks the session's secrets in everything an answer carries (a
// page can copy a typed secret into its URL, title, labels or console,
// and an error can quote a farm's URL with its token), and makes its text
// safe on a terminal.
func scrub(s *secrets.Set, r rpc.Response) rpc.Response {
	r.Stdout, r.Stderr = render.Terminal(r.Stdout), render.Terminal(r.Stderr)
	if s.Empty() {
		return r
	}
	r.Stdout, r.Stderr, r.JSON = s.Scrub(r.Stdout), s.Scrub(r.Stderr), s.Scrub(r.JSON)
	if r.Error != nil {
		e := *r.Error
		e.Message, e.Hint = s.Scrub(e.Message), s.Scrub(e.Hint)
		r.Error = &e
	}
	return r
}

// Deadlines of the daemon's socket I/O: a client sends its request at
// once, and reads every response as it comes.
const (
	requestWait   = 10 * time.Second // from accept to a whole request
	partialWrite  = 10 * time.Second // one partial (streamed) response
	responseWrite = 30 * time.Second // the final response, which can be a large snap
)

// cancelOnHangup returns a context that is cancelled when r (the rest of
// a client's connection, after its request) ends: the client closed it.
// A client sends nothing more, so any bytes that do come are discarded.
// The watcher ends when the connection is closed after the response.
func cancelOnHangup(parent context.Context, r io.Reader) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		defer cancel()
		_, _ = io.Copy(io.Discard, r)
	}()
	return ctx, cancel
}

// execute runs one request. after must be called once the response is
// sent: it does the clean-up that must not delay the answer (stopping a
// script that made the command time out or whose client hung up) and
// lets the next command run.
func (d *daemon) execute(ctx context.Context, req rpc.Request, partial func(stdout, stderr string)) (resp rpc.Response, after func()) {
	d.run.Lock()
	ctx, cancel := context.WithCancel(ctx)
	d.runMu.Lock()
	d.runCancel = cancel
	d.runMu.Unlock()
	interrupt := false
	after = func() {
		d.runMu.Lock()
		d.runCancel = nil
		d.runMu.Unlock()
		cancel()
		if interrupt {
			d.m.Interrupt()
		}
		d.m.Persist()
		d.run.Unlock()
	}
	// A request queued behind `browser stop` (or the idle timeout) must
	// not revive this daemon's browser: send it to a fresh daemon.
	select {
	case <-d.stop:
		return d.retry("daemon is stopping"), after
	default:
	}
	// A session attached with --cdp stays on that browser; asking it for
	// another one is a mistake to report, not to ignore. The endpoint and
	// its headers come with the request (over the 0600 socket), never on
	// the daemon's command line, where a farm's token would show in ps.
	rememberSecrets(d.m.Secrets(), req.Globals)
	if err := d.m.SetEndpoint(req.Globals.CDP, req.Globals.CDPHeaders, req.Globals.CDPIsolated); err != nil {
		return rpc.Response{Error: failure.From(err)}, after
	}
	d.touch()
	defer d.touch()
	defer func() {
		if r := recover(); r != nil {
			d.log.Error("panic", "command", req.Command, "panic", r)
			resp = rpc.Response{Error: failure.New(failure.Internal, "internal error in %s: %v", req.Command, r)}
		}
	}()
	start := time.Now()
	var debug strings.Builder
	if req.Globals.Verbose {
		// --verbose: every CDP call of this command, with its time; no
		// params, so typed secrets never reach the log.
		var mu sync.Mutex
		lines := 0
		d.m.Trace(func(method string, dur time.Duration, err error) {
			mu.Lock()
			defer mu.Unlock()
			if lines++; lines > 400 {
				return
			}
			fmt.Fprintf(&debug, "debug: +%dms %s %s", time.Since(start).Milliseconds(), method, dur.Round(100*time.Microsecond))
			if err != nil {
				fmt.Fprintf(&debug, " error: %v", err)
			}
			debug.WriteByte('\n')
		})
		defer d.m.Trace(nil)
	}
	out, err := Dispatch(ctx, d.m, d.rec, req, func() { d.shutdown(true) }, partial, d.opts.Read)
	err = d.m.ExplainLost(err)
	interrupt = err != nil && (failure.From(err).Code == failure.Timeout || ctx.Err() != nil)
	if req.Globals.Verbose {
		d.m.Trace(nil)
		fmt.Fprintf(&debug, "debug: %s took %dms\n", req.Command, time.Since(start).Milliseconds())
		defer func() { resp.Stderr = debug.String() + resp.Stderr }()
	}
	d.log.Debug("command", "cmd", req.Command, "ms", time.Since(start).Milliseconds(), "err", err)
	if err != nil {
		fe := failure.From(err)
		resp.Error = fe
		resp.Stderr = notes(d.m)
		// Partial output (e.g. the steps a replay completed) still prints.
		if out != nil {
			resp.Stdout, _ = commands.Render(out, req.Globals.Output)
			resp.Stderr += out.Stderr
		}
		return resp, after
	}
	resp.Stderr = notes(d.m) + out.Stderr
	s, rerr := commands.Render(out, req.Globals.Output)
	if rerr != nil {
		resp.Error = failure.From(rerr)
		return resp, after
	}
	resp.Stdout = s
	if req.Globals.JSON && req.Globals.Output != "json" {
		// The MCP server's structured content, beside the text it shows.
		if j, err := commands.Render(out, "json"); err == nil {
			resp.JSON = j
		}
	}
	return resp, after
}

// rememberSecrets adds what a request's globals hold that is secret by
// nature: a farm's token (in the --cdp query or a --cdp-header) and the
// values of credential-like --header headers.
func rememberSecrets(s *secrets.Set, g rpc.Globals) {
	s.AddURL(g.CDP)
	for _, l := range g.CDPHeaders {
		if _, v, ok := strings.Cut(l, ":"); ok {
			s.AddHeader(v)
		}
	}
	for _, l := range strings.Split(g.Headers, "\n") {
		// Only credentials: scrubbing "staging" of an X-Env header from
		// every page would blank out ordinary text. (A HAR leaves out
		// every --header value by name.)
		if n, v, ok := strings.Cut(l, ":"); ok && secrets.Credential(n) {
			s.AddHeader(v)
		}
	}
}

func notes(m *session.Manager) string {
	var sb strings.Builder
	for _, n := range m.Notes() {
		sb.WriteString("note: " + n + "\n")
	}
	return sb.String()
}

// defaultTimeout is a request's --timeout when it names none (the CLI's
// default; an MCP or hand-made request may leave it out).
const defaultTimeout = 30 * time.Second

// Dispatch decodes and runs a command against a browser manager, within
// ctx and the request's deadline; rd is commands.Env.Read.
func Dispatch(ctx context.Context, m *session.Manager, rec *commands.Recorder, req rpc.Request, stop func(), partial func(stdout, stderr string),
	rd pagetext.Reader) (*commands.Output, error) {
	cmd, ok := commands.New(req.Command)
	if !ok {
		return nil, failure.New(failure.Usage, "unknown command %q", req.Command)
	}
	if len(req.Params) > 0 {
		if err := json.Unmarshal(req.Params, cmd); err != nil {
			return nil, failure.New(failure.Usage, "bad parameters for %s: %v", req.Command, err)
		}
	}
	g := req.Globals
	if err := commands.ResolvePaths(cmd, g.Cwd); err != nil {
		return nil, err
	}
	if g.Timeout <= 0 {
		g.Timeout = defaultTimeout
	}
	deadline := g.Timeout
	if dl, ok := cmd.(commands.Deadliner); ok {
		deadline = max(deadline, dl.Deadline(g))
	}
	// The client gives up at its --timeout and a short round trip; the
	// command stops a little earlier, so that what it does on the way out
	// (interrupting a hung script, answering) still reaches the caller as
	// this command's own TIMEOUT rather than "the daemon did not answer".
	ctx, cancel := context.WithTimeout(ctx, deadline-min(cleanupReserve, deadline/4))
	defer cancel()
	if err := m.SetEmulation(ctx, page.Emulation{Lang: g.Lang, Locale: g.Locale, Geo: g.Geo, UserAgent: g.UserAgent,
		Viewport: g.Viewport, Device: g.Device, ColorScheme: g.ColorScheme, Motion: g.Motion, Offline: g.Offline, Headers: g.Headers, NoCache: g.NoCache,
		HeaderSite: headerSite(cmd, g), HeaderAllSites: g.HeaderAllSites}); err != nil {
		return nil, err
	}
	if err := m.SetDomains(ctx, g.AllowedDomains); err != nil {
		return nil, err
	}
	m.SetDialogPolicy(page.DialogPolicy{Mode: g.Dialog, PromptText: g.PromptText})
	if partial == nil {
		partial = func(string, string) {}
	}
	env := &commands.Env{Browser: m, Globals: g, Stop: stop, Recorder: rec, Partial: partial, Read: rd}
	after, err := rec.Capture(ctx, env, req.Command, cmd)
	if err != nil {
		return nil, err
	}
	// batch and replay bracket each of their steps instead.
	_, composite := cmd.(commands.Stepper)
	if !composite {
		m.BeginCommand()
	}
	out, err := cmd.Run(ctx, env)
	if !composite {
		m.EndCommand(commands.ConsumesNavigation(cmd))
	}
	after(err == nil)
	if err != nil && errors.Is(err, context.DeadlineExceeded) {
		err = failure.New(failure.Timeout, "%s did not finish within --timeout %s", req.Command, g.Timeout)
	} else if err != nil && errors.Is(ctx.Err(), context.Canceled) {
		// A caller that hung up reads nothing; one whose command a
		// `browser stop` (or SIGTERM) ended reads why.
		err = failure.New(failure.BrowserUnavailable, "%s was stopped: the session is stopping (browser stop), or its caller hung up", req.Command)
	}
	return out, err
}

// cleanupReserve is how much of a command's --timeout is kept for its
// way out (see Execute).
const cleanupReserve = 300 * time.Millisecond

// headerSite is the site --header binds to when the command opens a URL
// (open URL, snap URL, tab new URL): "" leaves it to the current page.
func headerSite(cmd commands.Command, g rpc.Globals) string {
	if g.Headers == "" {
		return ""
	}
	u := commands.OpensURL(cmd)
	if u == "" {
		return ""
	}
	n, err := commands.NormalizeURL(u, g.AllowFile)
	if err != nil {
		return ""
	}
	return page.SiteOf(n)
}

// StopOrphan ends a browser this session's daemon launched and left behind
// when it died. It does nothing while any daemon holds the session lock
// (one starting, serving or stopping owns its browser), and touches only a
// process the saved state proves to be that browser.
func StopOrphan(name string, grace time.Duration) bool {
	paths, err := datadir.Session(name)
	if err != nil {
		return false
	}
	lock, err := os.OpenFile(paths.Lock, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return false
	}
	defer lock.Close()
	if proc.TryLock(lock) != nil {
		return false
	}
	return session.StopSavedBrowser(paths.State, grace)
}
