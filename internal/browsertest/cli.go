package browsertest

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
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
	mu       sync.Mutex
	sessions map[string]bool
}

// SetupCLI prepares the environment; Close undoes it.
func SetupCLI(prefix string) (*CLIEnv, error) {
	home, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, err
	}
	root, err := RepoRoot()
	if err != nil {
		os.RemoveAll(home)
		return nil, err
	}
	e := &CLIEnv{Home: home, token: mark(), sessions: map[string]bool{}}
	os.Setenv("TACT_HOME", home)
	os.Setenv("TACT_CHROME_ARGS", `"`+HostRules+`" --no-sandbox`)
	os.Unsetenv("TACT_SESSION")
	os.Unsetenv("TACT_CDP")
	td := filepath.Join(root, "testdata")
	e.srv, e.alt = Serve(td, "127.0.0.1:0"), Serve(td, "localhost:0")
	e.URL, e.AltURL = e.srv.URL, e.alt.URL
	return e, nil
}

// Used records that a test used a session, so Close can stop its daemon.
func (e *CLIEnv) Used(session string) {
	e.mu.Lock()
	e.sessions[session] = true
	e.mu.Unlock()
}

// Finish is the end of a TestMain: it closes the environment and turns
// the test run's exit code into a failure when processes leaked.
func (e *CLIEnv) Finish(code int, stop func(session string)) int {
	if err := e.Close(stop); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return code
}

// Close stops every used session (stop runs `tact --session S browser
// stop`), the servers, and removes the home. It fails when a daemon or
// browser the tests started is still running then (a test that lost track
// of its session).
func (e *CLIEnv) Close(stop func(session string)) error {
	e.mu.Lock()
	list := make([]string, 0, len(e.sessions))
	for s := range e.sessions {
		list = append(list, s)
	}
	e.mu.Unlock()
	for _, s := range list {
		stop(s)
	}
	e.srv.Close()
	e.alt.Close()
	err := checkLeaks(e.token)
	os.RemoveAll(e.Home)
	return err
}
