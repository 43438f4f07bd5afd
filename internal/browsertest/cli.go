package browsertest

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
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
	users    map[string]int // tests using a session right now
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
	e := &CLIEnv{Home: home, token: mark(), stop: stop, sessions: map[string]bool{}, users: map[string]int{}}
	os.Setenv("TACT_HOME", home)
	os.Setenv("TACT_CHROME_ARGS", `"`+HostRules+`" --no-sandbox`)
	os.Unsetenv("TACT_SESSION")
	os.Unsetenv("TACT_CDP")
	td := filepath.Join(root, "testdata")
	e.srv, e.alt = Serve(td, "127.0.0.1:0"), Serve(td, "localhost:0")
	e.URL, e.AltURL = e.srv.URL, e.alt.URL
	return e, nil
}

// Use records that t uses a session. Close stops it in any case; a
// session other than SharedSession is also stopped when the last test
// using it ends. Calling Use again within one test is free.
func (e *CLIEnv) Use(t testing.TB, session string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.sessions[session] = true
	if session == SharedSession {
		return
	}
	key := t.Name() + "\x00" + session
	if e.users[key] > 0 {
		return
	}
	e.users[key]++
	e.users[session]++
	t.Cleanup(func() {
		e.mu.Lock()
		delete(e.users, key)
		e.users[session]--
		last := e.users[session] == 0
		e.mu.Unlock()
		if last {
			e.stop(session)
		}
	})
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
	e.srv.Close()
	e.alt.Close()
	err := checkLeaks(e.token)
	os.RemoveAll(e.Home)
	return err
}
