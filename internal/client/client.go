// Package client is the CLI side of the daemon protocol: it finds the
// session's daemon, starts one when needed, and sends one request.
package client

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/build"
	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/peer"
	"github.com/tact-browser/tact/internal/proc"
	"github.com/tact-browser/tact/internal/rpc"
)

// Spawn are the options a daemon is started with: how it gets its
// browser, how long it stays idle, whether it logs debug lines.
type Spawn struct {
	Browser     browser.Setup
	IdleTimeout time.Duration
	Verbose     bool
	// HideEnv are environment variables the daemon must not inherit (a
	// --secret-env source): a process's environment stays readable in
	// /proc for as long as it runs. TACT_VAR_* and TACT_MCP_TOKEN never
	// reach it either.
	HideEnv []string
}

// daemonEnv is environ without what the daemon must not hold.
func daemonEnv(environ, hide []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "TACT_VAR_") || k == "TACT_MCP_TOKEN" || slices.Contains(hide, k) {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// Client talks to one session's daemon.
type Client struct {
	Session string
	Version string
	Spawn   Spawn
	// OnPartial receives output a long command streams before its final
	// response; when nil, partial output is prepended to the final one.
	OnPartial func(stdout, stderr string)
	paths     datadir.SessionPaths
}

// New prepares a client for a session.
func New(session, version string, sp Spawn) (*Client, error) {
	if err := datadir.CheckName("session", session); err != nil {
		return nil, failure.New(failure.Usage, "%v", err)
	}
	p, err := datadir.Session(session)
	if err != nil {
		// The name is fine: the data dir is unusable (a file, no
		// permission, disk full) or the socket's folder is not private
		// (datadir.UnsafeDirError names it).
		return nil, failure.New(failure.IO, "%v", err)
	}
	return &Client{Session: session, Version: version, Spawn: sp, paths: p}, nil
}

// Paths are the session's files.
func (c *Client) Paths() datadir.SessionPaths { return c.paths }

// dial connects to the session's socket and checks, before anything is
// sent, that the process listening runs as this user. A peer of another
// user is a *failure.Error (IO): not a daemon to start or retry.
func (c *Client) dial(ctx context.Context) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, dialWait)
	defer cancel()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", c.paths.Socket)
	if err != nil {
		return nil, err
	}
	if err := peer.Check(conn.(*net.UnixConn), c.paths.Socket); err != nil {
		conn.Close()
		return nil, failure.New(failure.IO, "%v: tact sent it nothing (another user may be posing as the session's daemon)", err)
	}
	return conn, nil
}

// refused reports whether a dial error is the peer check's refusal.
func refused(err error) bool {
	var fe *failure.Error
	return errors.As(err, &fe)
}

// Running reports whether the session's daemon answers.
func (c *Client) Running() bool {
	conn, err := c.dial(context.Background())
	if err != nil {
		return false
	}
	conn.Close()
	return true
}

// Waits of the client.
const (
	// dialWait: a daemon that is up answers its socket at once; one that
	// does not within this is hung or gone.
	dialWait = time.Second
	// roundTrip is what a call may take beyond its --timeout: sending
	// the request and reading the answer of a command that hit it.
	roundTrip = 500 * time.Millisecond
	// poll is how often the client looks again at a daemon that is
	// starting, stopping or was asked to listen again.
	poll = 20 * time.Millisecond
	// goneWait bounds waiting for a daemon that said "retry" to go.
	goneWait = 5 * time.Second
	// startWait bounds a daemon's start (its browser launches later, at
	// its first command); startPoll is polled faster, as it is usually
	// tens of milliseconds.
	startWait = 15 * time.Second
	startPoll = 10 * time.Millisecond
)

// Budget is how long a whole CLI call may take: its --timeout (or the
// longer deadline of a replay) and less than a second for the round trip.
// A stopped or hung daemon, or one that cannot start, makes the call fail
// at that point instead of hanging it.
func Budget(g rpc.Globals) time.Duration {
	return max(g.Timeout, g.Deadline) + roundTrip
}

// Do sends req, starting the daemon first when autostart is set. When ctx
// has no deadline, the call is bounded by Budget.
func (c *Client) Do(ctx context.Context, req rpc.Request, autostart bool) (*rpc.Response, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, Budget(req.Globals))
		defer cancel()
	}
	req.Version = c.Version
	// Each retry follows a daemon that stopped or lost a start race to
	// another; commands racing `browser stop` may see a few in a row.
	for attempt := 0; attempt < maxAttempts; attempt++ {
		started := false
		conn, err := c.dial(ctx)
		if err != nil && !refused(err) && c.revive(ctx) {
			conn, err = c.dial(ctx)
		}
		if refused(err) {
			return nil, err
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, c.late()
			}
			if !autostart {
				return nil, errNotRunning
			}
			if err := c.start(ctx); errors.Is(err, errLostRace) {
				continue
			} else if err != nil {
				return nil, err
			}
			started = true
			if conn, err = c.dial(ctx); refused(err) {
				return nil, err
			} else if err != nil {
				return nil, failure.New(failure.BrowserUnavailable, "daemon started but does not answer: %v (see %s)", err, c.paths.Log)
			}
		}
		resp, err := c.roundTrip(ctx, conn, req)
		conn.Close()
		if err != nil {
			return nil, err
		}
		if resp.Error != nil && string(resp.Error.Code) == rpc.CodeRetry && started && strings.HasPrefix(resp.Error.Message, "daemon is version ") {
			// The daemon binary itself is of another build: starting it
			// again would not help.
			exe, _ := build.DaemonPath()
			return nil, failure.New(failure.BrowserUnavailable, "%s is of another build than this tact (%s): install both from the same release", exe, resp.Error.Message)
		}
		if resp.Error != nil && string(resp.Error.Code) == rpc.CodeRetry {
			// A daemon of another build, or one that is stopping: it
			// exits; start a fresh one.
			c.waitGone(ctx)
			continue
		}
		return resp, nil
	}
	return nil, failure.New(failure.Internal, "could not reach a daemon of this tact version")
}

func (c *Client) late() error {
	return failure.New(failure.Timeout, "the session's daemon did not answer within --timeout (see %s)", c.paths.Log)
}

// revive handles a session lock held by a daemon whose socket cannot be
// reached. A daemon that lost its socket file (deleted by hand or by a
// cleaner) is asked, by SIGUSR1, to listen again (on Windows it notices by
// itself), so nothing of the session is lost; one that is starting or
// stopping is waited for. It reports whether a daemon answers now.
func (c *Client) revive(ctx context.Context) bool {
	signalled := false
	for {
		holder, held := proc.Holder(c.paths.Lock)
		if !held {
			return false
		}
		if !signalled && holder.Alive() && holder.HasArg("__daemon") && holder.HasArg(c.Session) {
			askRelisten(holder)
			signalled = true
		}
		if c.Running() {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(poll):
		}
	}
}

// WaitStopped waits until the daemon that answered a stop has exited,
// which it does only after the browser it launched is gone. A daemon that
// a racing command started since is not waited for. A zero id (a daemon
// that did not say who it is) means whichever daemon holds the lock.
func (c *Client) WaitStopped(ctx context.Context, id proc.ID) error {
	last := id
	for {
		if id.PID == 0 {
			if holder, held := proc.Holder(c.paths.Lock); held {
				last = holder
			}
		}
		if !last.Alive() {
			if _, held := proc.Holder(c.paths.Lock); !held || id.PID != 0 {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return failure.New(failure.Timeout, "the daemon was still closing its browser at --timeout (see %s)", c.paths.Log)
		case <-time.After(poll):
		}
	}
}

var errNotRunning = errors.New("daemon not running")

// errLostRace: the daemon this client started found another one serving
// the session, which may itself be gone again (stopped by a racing
// `browser stop`): dial once more.
var errLostRace = errors.New("daemon lost the start race")

// maxAttempts bounds how often one call starts over with a fresh daemon.
const maxAttempts = 8

// IsNotRunning reports whether Do failed because no daemon runs.
func IsNotRunning(err error) bool { return errors.Is(err, errNotRunning) }

func (c *Client) roundTrip(ctx context.Context, conn net.Conn, req rpc.Request) (*rpc.Response, error) {
	deadline, _ := ctx.Deadline() // Do always sets one
	_ = conn.SetDeadline(deadline)
	// A caller that gives up before the deadline hangs up at once: the
	// daemon then cancels the command.
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Now()) })
	defer stop()
	if err := rpc.Write(conn, req); err != nil {
		return nil, failure.New(failure.BrowserUnavailable, "send to daemon: %v", err)
	}
	br := bufio.NewReader(conn)
	var early rpc.Response
	for {
		var resp rpc.Response
		if err := rpc.Read(br, &resp); err != nil {
			if errors.Is(ctx.Err(), context.Canceled) {
				return nil, failure.New(failure.Internal, "call cancelled: %v", context.Cause(ctx))
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return nil, c.late()
			}
			return nil, failure.New(failure.BrowserUnavailable, "daemon connection lost: %v (see %s)", err, c.paths.Log)
		}
		if !resp.More {
			resp.Stdout = early.Stdout + resp.Stdout
			resp.Stderr = early.Stderr + resp.Stderr
			return &resp, nil
		}
		if c.OnPartial != nil {
			c.OnPartial(resp.Stdout, resp.Stderr)
		} else {
			early.Stdout += resp.Stdout
			early.Stderr += resp.Stderr
		}
	}
}

func (c *Client) waitGone(ctx context.Context) {
	deadline := time.Now().Add(goneWait)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if !c.Running() {
			return
		}
		time.Sleep(poll)
	}
}

// maxLog is the size at which a session's daemon log is rotated.
const maxLog = 4 << 20

// start launches `tact-daemon __daemon` detached (own session, or on Windows no
// console, so it outlives this CLI call and is not killed with the
// caller's process group).
func (c *Client) start(ctx context.Context) error {
	exe, err := build.DaemonPath()
	if err != nil {
		return err
	}
	args := []string{"__daemon", "--session", c.Session}
	sp := c.Spawn
	b := sp.Browser
	if b.Profile != "" {
		args = append(args, "--profile", b.Profile)
	}
	if b.Headed {
		args = append(args, "--headed")
	}
	if b.Port != 0 {
		args = append(args, "--port", strconv.Itoa(b.Port))
	}
	if sp.IdleTimeout != 0 {
		args = append(args, "--idle-timeout", sp.IdleTimeout.String())
	}
	// No --cdp here: its URL may hold a token, and argv is visible to every
	// local user; the daemon takes the endpoint from each request.
	for _, a := range b.Args {
		args = append(args, "--browser-arg="+a)
	}
	if sp.Verbose {
		args = append(args, "--verbose")
	}
	// Keep one previous log; Chrome's stderr would otherwise grow it forever.
	if st, err := os.Stat(c.paths.Log); err == nil && st.Size() > maxLog {
		_ = os.Rename(c.paths.Log, c.paths.Log+".1")
	}
	// The daemon could only fail on these; say why here, in one line.
	if st, err := os.Lstat(c.paths.Lock); err == nil && !st.Mode().IsRegular() {
		return failure.New(failure.IO, "%s is not a regular file; remove it", c.paths.Lock)
	}
	logf, err := os.OpenFile(c.paths.Log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return failure.New(failure.IO, "daemon log: %v", err)
	}
	defer logf.Close()
	cmd := exec.Command(exe, args...)
	cmd.Env = daemonEnv(os.Environ(), sp.HideEnv)
	cmd.Stdout = logf
	cmd.Stderr = logf
	cmd.SysProcAttr = detached()
	if err := cmd.Start(); err != nil {
		return failure.New(failure.Internal, "start daemon: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.Now().Add(startWait)
	for time.Now().Before(deadline) {
		if c.Running() {
			return nil
		}
		select {
		case err := <-exited:
			// Another daemon may have won the race for the lock.
			if c.Running() {
				return nil
			}
			var ee *exec.ExitError
			if errors.As(err, &ee) && ee.ExitCode() == rpc.ExitLostRace {
				return errLostRace
			}
			// A clean exit: it started, and a `browser stop` racing this
			// call reached it first.
			if err == nil {
				return failure.New(failure.BrowserUnavailable, "the daemon this call started was stopped before it answered: the session is stopping (browser stop)")
			}
			if why := lastDaemonError(c.paths.Log); why != "" {
				return failure.New(failure.BrowserUnavailable, "daemon exited at startup: %s (see %s)", why, c.paths.Log)
			}
			return failure.New(failure.BrowserUnavailable, "daemon exited at startup (%v; see %s)", err, c.paths.Log)
		case <-ctx.Done():
			return failure.New(failure.Timeout, "daemon did not start within --timeout (see %s)", c.paths.Log)
		case <-time.After(startPoll):
		}
	}
	return failure.New(failure.Timeout, "daemon did not start within %s (see %s)", startWait, c.paths.Log)
}

// String is for debugging.
func (c *Client) String() string { return fmt.Sprintf("client(%s)", c.Session) }

// lastDaemonError is the last "daemon: …" or "panic: …" line of the log
// (what a daemon that could not start printed), or "".
func lastDaemonError(log string) string {
	f, err := os.Open(log)
	if err != nil {
		return ""
	}
	defer f.Close()
	const tail = 4096
	if st, err := f.Stat(); err == nil && st.Size() > tail {
		_, _ = f.Seek(-tail, io.SeekEnd)
	}
	b, _ := io.ReadAll(f)
	lines := strings.Split(string(b), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if rest, ok := strings.CutPrefix(lines[i], "daemon: "); ok {
			return rest
		}
		if strings.HasPrefix(lines[i], "panic: ") {
			return lines[i]
		}
	}
	return ""
}
