package browsertest

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tact-browser/tact/internal/browser"
)

// Most end-to-end tests need a browser, not one of their own: starting
// one costs ~2 CPU-seconds more than a browser context in a running one,
// and a package starts well over a hundred sessions. So a session attaches
// (tact's --cdp --cdp-isolated) to one of a few browsers the environment
// runs, in a context of its own: its own cookies, storage and tabs,
// disposed at browser stop, as a user sharing a browser between sessions
// gets it. Tests about the browser itself (launch flags, --port,
// profiles, a browser that dies or is stopped) own theirs: OwnBrowser.

// sharedBrowsers is how many browsers the attached sessions spread over:
// $TACT_TEST_SHARED_BROWSERS, else 2; 0 gives every session its own.
func sharedBrowsers() int {
	if n, err := strconv.Atoi(os.Getenv("TACT_TEST_SHARED_BROWSERS")); err == nil && n >= 0 {
		return n
	}
	return 2
}

// launchFlags are global flags that only mean something to a browser the
// session launches (or that attach it elsewhere): a call giving one
// keeps its session on a browser of its own.
var launchFlags = []string{"--cdp", "--port", "--headed", "--profile", "--proxy", "--ignore-https-errors", "--browser-arg"}

type pool struct {
	mu     sync.Mutex
	procs  []*browser.Process
	dirs   []string
	err    error
	own    map[string]bool // sessions that launch their own browser
	placed map[string]int  // session → browser it attaches to
	next   int
}

// OwnBrowser keeps these sessions on browsers of their own, launched by
// tact as a user's session is: for tests of launching, stopping or losing
// the browser, or of flags that apply at launch.
func (e *CLIEnv) OwnBrowser(sessions ...string) {
	if e == nil {
		return // no environment: the tests skip
	}
	e.pool.mu.Lock()
	defer e.pool.mu.Unlock()
	for _, s := range sessions {
		e.pool.own[s] = true
	}
}

// Attach returns the global flags that put a session's call on a shared
// browser (nil for a session that owns its browser). A call that gives a
// launch flag itself marks its session as owning its browser.
func (e *CLIEnv) Attach(session string, args []string) []string {
	if e == nil {
		return nil // no environment: the tests skip
	}
	p := &e.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.own[session] || session == SharedSession || sharedBrowsers() == 0 {
		return nil
	}
	if _, ok := p.placed[session]; !ok {
		for _, a := range args {
			if a == "launch" || slices.ContainsFunc(launchFlags, func(f string) bool { return a == f || strings.HasPrefix(a, f+"=") }) {
				p.own[session] = true
				return nil
			}
		}
	}
	if p.err == nil && p.procs == nil {
		p.err = p.start()
	}
	if p.err != nil {
		// Without shared browsers every session launches its own: slower,
		// never wrong.
		return nil
	}
	i, ok := p.placed[session]
	if !ok {
		i = p.next % len(p.procs)
		p.next++
		p.placed[session] = i
	}
	return []string{"--cdp", p.procs[i].WebSocketURL, "--cdp-isolated"}
}

func (p *pool) start() error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for range sharedBrowsers() {
		dir, err := os.MkdirTemp("", "tact-shared-browser-")
		if err != nil {
			return err
		}
		p.dirs = append(p.dirs, dir)
		// A loopback port (the daemons are other processes); tests only.
		b, err := browser.Launch(ctx, browser.Options{Headless: true, UserDataDir: dir, Args: Args})
		if err != nil {
			p.stop()
			return fmt.Errorf("shared browser: %w", err)
		}
		p.procs = append(p.procs, b)
	}
	return nil
}

// stop ends the shared browsers; the caller holds p.mu.
func (p *pool) stop() {
	for _, b := range p.procs {
		b.Kill()
	}
	for _, d := range p.dirs {
		os.RemoveAll(d)
	}
	p.procs, p.dirs = nil, nil
}
