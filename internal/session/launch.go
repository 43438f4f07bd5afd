package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	proto "github.com/chromedp/cdproto/cdp"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/proc"
)

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
