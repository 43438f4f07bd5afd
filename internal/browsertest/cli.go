package browsertest

import (
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// CLIEnv is a process-wide environment for end-to-end tests that run tact
// itself (CLI, MCP): a private TACT_HOME, external hosts blocked, no
// inherited session or --cdp, and testdata/ served on 127.0.0.1 (URL) and
// as a second site on localhost (AltURL).
type CLIEnv struct {
	URL, AltURL string
	Home        string

	srv, alt *httptest.Server
	token    string // marks the processes the tests start
	stop     func(session string)
	mu       sync.Mutex
	sessions map[string]bool
	users    map[string]int           // test+session pairs holding a session
	locks    map[string]chan struct{} // held by the test using a session
	waiting  map[string]int           // tests waiting for a session
	slots    chan struct{}            // a token per test running a browser
	slotted  map[string]bool          // tests holding a slot
	pool     pool                     // browsers sessions attach to
	pooled   map[string]bool          // sessions Pooled hands out
	free     chan string              // pooled sessions no test holds
	start    time.Time                // when the environment was set up (TACT_TEST_TIMES)
}

// SharedSession is the one session tests share; it lives until Finish.
// Every other session is stopped when the last test using it ends, so a
// package's tests never keep dozens of idle browsers alive at once (on a
// loaded 2-core machine those starve the test that is running).
const SharedSession = "main"

// SetupCLI prepares the environment; stop ends a session (`tact --session
// S browser stop`). Finish undoes it.
func SetupCLI(prefix string, stop func(session string)) (*CLIEnv, error) {
	home, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, err
	}
	root, err := RepoRoot()
	if err != nil {
		os.RemoveAll(home)
		return nil, err
	}
	exe, err := os.Executable()
	if err != nil {
		os.RemoveAll(home)
		return nil, err
	}
	e := &CLIEnv{Home: home, token: mark(), stop: stop, sessions: map[string]bool{}, users: map[string]int{},
		locks: map[string]chan struct{}{}, waiting: map[string]int{},
		slots: make(chan struct{}, browserSlots()), slotted: map[string]bool{},
		pool:   pool{own: map[string]bool{}, placed: map[string]int{}},
		pooled: map[string]bool{}, free: make(chan string, browserSlots()), start: time.Now()}
	for i := range browserSlots() {
		name := "pool-" + strconv.Itoa(i+1)
		e.pooled[name] = true
		e.free <- name
	}
	os.Setenv("TACT_HOME", home)
	os.Setenv("TACT_CHROME_ARGS", `"`+HostRules+`" --no-sandbox `+NoSpareRenderer)
	os.Unsetenv("TACT_SESSION")
	os.Unsetenv("TACT_CDP")
	// The daemon a test's CLI call starts is the test binary itself, which
	// serves "__daemon" from its TestMain (with cli.Daemon).
	if err := os.Setenv("TACT_DAEMON", exe); err != nil {
		os.RemoveAll(home)
		return nil, err
	}
	td := filepath.Join(root, "testdata")
	e.srv, e.alt = Serve(td, "127.0.0.1:0"), Serve(td, "localhost:0")
	e.URL, e.AltURL = e.srv.URL, e.alt.URL
	return e, nil
}

// Use records that t uses a session, and gives t the session to itself:
// tests run in parallel, and a test whose session another test holds
// waits until that test has ended (tests that share a session name run
// one after another, in one browser). A test also takes one of the
// environment's browser slots for as long as it runs, so that however
// many tests are in flight, only so many browsers work at once (they are
// what the CPU goes to). Calling Use again within one test is free.
// A session other than SharedSession is stopped when the test that held
// it ends and no other test is waiting for it, or when that test failed
// (the next test gets a fresh browser, not the wreck); Close stops every
// session in any case.
func (e *CLIEnv) Use(t testing.TB, session string) {
	skipUnset(t, e)
	e.mu.Lock()
	e.sessions[session] = true
	if session == SharedSession {
		e.mu.Unlock()
		return
	}
	key := t.Name() + "\x00" + session
	if e.users[key] > 0 {
		e.mu.Unlock()
		return
	}
	e.users[key]++
	lock := e.locks[session]
	if lock == nil {
		lock = make(chan struct{}, 1)
		e.locks[session] = lock
	}
	e.waiting[session]++
	e.mu.Unlock()
	// The session first, then a slot: a test waiting for a session holds
	// no slot, so waiting never starves the tests that can run.
	lock <- struct{}{}
	e.mu.Lock()
	e.waiting[session]--
	slot := !e.slotted[t.Name()]
	e.slotted[t.Name()] = true
	e.mu.Unlock()
	if slot {
		e.slots <- struct{}{}
		held := time.Now()
		t.Cleanup(func() { // after the session's cleanup below (LIFO)
			e.mu.Lock()
			delete(e.slotted, t.Name())
			e.mu.Unlock()
			<-e.slots
			logSlot(t.Name(), held.Sub(e.start), time.Since(held))
		})
	}
	t.Cleanup(func() {
		e.mu.Lock()
		delete(e.users, key)
		next := e.waiting[session] > 0
		e.mu.Unlock()
		if (!next && !e.pooled[session]) || t.Failed() {
			e.stop(session)
		}
		<-lock
	})
}

// Pooled gives t one of the environment's pooled sessions for as long as
// t runs: for page-only tests (open, snap, act, read, eval), which need a
// tab but nothing of a session of their own. A pooled session outlives the
// test, so the next one skips a session's start (~1 CPU-second: a daemon,
// a browser context, a renderer), unless the test failed. The next test
// may see what this one left (cookies, storage, tabs, emulation): a test
// that changes session state takes a session of its own instead.
func (e *CLIEnv) Pooled(t testing.TB) string {
	skipUnset(t, e)
	name := <-e.free
	t.Cleanup(func() { e.free <- name }) // after Use's cleanups (LIFO)
	e.Use(t, name)
	return name
}

// skipUnset skips a test when its package set up no environment (no
// browser was found: TestMain leaves the environment nil), as NewTab
// does, instead of failing it on a nil environment.
func skipUnset(t testing.TB, e *CLIEnv) {
	if e == nil {
		t.Helper()
		t.Skip("browsertest: no CLI environment (no browser found)")
	}
}

// Finish is the end of a TestMain: it closes the environment and turns
// the test run's exit code into a failure when processes leaked.
func (e *CLIEnv) Finish(code int) int {
	if err := e.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return code
}

// Close stops every used session, the servers, and removes the home. It
// fails when a daemon or browser the tests started is still running then
// (a test that lost track of its session).
func (e *CLIEnv) Close() error {
	e.mu.Lock()
	list := make([]string, 0, len(e.sessions))
	for s := range e.sessions {
		list = append(list, s)
	}
	e.mu.Unlock()
	for _, s := range list {
		e.stop(s)
	}
	e.pool.mu.Lock()
	e.pool.stop()
	e.pool.mu.Unlock()
	e.srv.Close()
	e.alt.Close()
	err := checkLeaks(e.token)
	os.RemoveAll(e.Home)
	return err
}

// browserSlots is how many tests run browsers at once:
// $TACT_TEST_BROWSERS, else 4 (a 2-core machine is busy with four).
func browserSlots() int {
	if n, err := strconv.Atoi(os.Getenv("TACT_TEST_BROWSERS")); err == nil && n > 0 {
		return n
	}
	return 4
}

// DefaultParallel sets -test.parallel to n unless the command line gave
// it: a package whose tests mostly wait on browsers runs more of them at
// once than GOMAXPROCS, without the caller having to know the flag. Call
// it from TestMain before m.Run.
func DefaultParallel(n int) {
	if !flag.Parsed() {
		flag.Parse()
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(n))
	}
}

// logSlot appends how long a test held a browser slot to the file named by
// $TACT_TEST_TIMES, and when it took it (seconds since the environment
// was set up), to find what makes the suite slow (sort -k2 -n).
func logSlot(test string, at, d time.Duration) {
	name := os.Getenv("TACT_TEST_TIMES")
	if name == "" {
		return
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	fmt.Fprintf(f, "%s %.2f %.2f\n", test, d.Seconds(), at.Seconds())
	f.Close()
}
