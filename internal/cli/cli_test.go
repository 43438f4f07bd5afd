package cli_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/mcp"
	"github.com/tact-browser/tact/internal/read"
)

// These tests drive tact end to end: cli.Main in this process is the
// client; the daemon it spawns is this test binary re-executed with
// "__daemon" (see TestMain), which launches a real headless Chromium.

var (
	srvURL, altURL string
	noBrowser      string
)

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && (os.Args[1] == "__daemon" || os.Args[1] == "__mcp") {
		os.Exit(cli.Daemon(os.Args[1:], os.Stdout, os.Stderr, cli.Linked{Read: read.Reader, MCP: mcp.RunCommand}))
	}
	browsertest.DefaultParallel(parallelTests)
	os.Exit(run(m))
}

// parallelTests is how many tests may be in flight when -parallel is not
// given: all of them. What runs at once is bounded by the environment's
// browser slots (browsertest.CLIEnv.Use), and a test waiting for a
// session another test holds must not take a place of its own.
const parallelTests = 64

var env *browsertest.CLIEnv

func run(m *testing.M) int {
	if _, err := browser.Find(); err != nil {
		noBrowser = err.Error()
		return m.Run()
	}
	var err error
	stop := func(s string) {
		cli.Main([]string{"--session", s, "browser", "stop"}, &bytes.Buffer{}, &bytes.Buffer{})
	}
	if env, err = browsertest.SetupCLI("tact-cli-test-", stop); err != nil {
		panic(err)
	}
	srvURL, altURL = env.URL, env.AltURL
	return env.Finish(m.Run())
}

type result struct {
	out, err string
	code     int
}

// tact runs one CLI call in the given session.
func tact(t testing.TB, session string, args ...string) result {
	t.Helper()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	env.Use(t, session)
	var out, errb bytes.Buffer
	pre := append([]string{"--session", session}, env.Attach(session, args)...)
	code := cli.Main(append(pre, args...), &out, &errb)
	return result{out.String(), errb.String(), code}
}

func page(p string) string { return srvURL + "/" + p }

// settleWait bounds how long a test waits for something the browser or
// the daemon does on its own (a page's timer, an exit): generous, since a
// loaded machine is slow, and only a failing test waits it out.
const settleWait = 30 * time.Second

// eventually polls cond until it holds, failing the test with what when
// it still does not after settleWait.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(settleWait); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("still not the case after %s: %s", settleWait, what)
		}
	}
}

func mustOK(t testing.TB, r result) {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
	}
}

func TestSnapBasics(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "snap", page("hello.html"))
	mustOK(t, r)
	for _, want := range []string{"Hello page", "# Hello", "> A tiny page for smoke tests.", `[button] "Press"`, `"Other"`} {
		if !strings.Contains(r.out, want) {
			t.Errorf("snap output lacks %q:\n%s", want, r.out)
		}
	}
	if !strings.Contains(r.err, "elements, ~") {
		t.Errorf("stderr lacks the element/token count: %q", r.err)
	}
	// --verbose: a debug line per CDP call on stderr, stdout unchanged.
	rv := tact(t, s, "-v", "snap")
	mustOK(t, rv)
	if !strings.Contains(rv.err, "debug: ") || !strings.Contains(rv.err, "Runtime.evaluate") || strings.Contains(rv.out, "debug:") {
		t.Errorf("--verbose stderr: %q", rv.err)
	}
	// Same document, same refs.
	r2 := tact(t, s, "snap")
	mustOK(t, r2)
	if refOf(t, r.out, `"Press"`) != refOf(t, r2.out, `"Press"`) {
		t.Errorf("ref changed between snaps of the same document:\n%s\n---\n%s", r.out, r2.out)
	}
	// A new document never reuses a number.
	r3 := tact(t, s, "snap", page("hello.html"))
	mustOK(t, r3)
	if refOf(t, r3.out, `"Press"`) == refOf(t, r.out, `"Press"`) {
		t.Errorf("ref number reused after navigation")
	}
}

func refOf(t testing.TB, out, needle string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, needle) {
			if i := strings.Index(line, "@e"); i >= 0 {
				return strings.Fields(line[i:])[0]
			}
		}
	}
	t.Fatalf("no element %s in:\n%s", needle, out)
	return ""
}

func TestSnapJSON(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "-o", "json", "snap", page("hello.html"))
	mustOK(t, r)
	var p struct {
		URL      string `json:"url"`
		Title    string `json:"title"`
		Sections []struct {
			Heading  string `json:"heading"`
			Elements []struct {
				Ref    string `json:"ref"`
				Role   string `json:"role"`
				Action string `json:"action"`
			} `json:"elements"`
		} `json:"sections"`
		// Seed 000 reads .elements directly.
		Elements []struct {
			Ref     string `json:"ref"`
			Section *int   `json:"section"`
		} `json:"elements"`
	}
	if err := json.Unmarshal([]byte(r.out), &p); err != nil {
		t.Fatalf("json: %v\n%s", err, r.out)
	}
	if p.Title != "Hello page" || len(p.Sections) == 0 {
		t.Fatalf("unexpected page: %+v", p)
	}
	n := 0
	for _, s := range p.Sections {
		for _, e := range s.Elements {
			n++
			if e.Action != "click" || !strings.HasPrefix(e.Ref, "e") {
				t.Errorf("element %+v", e)
			}
		}
	}
	if n != 2 {
		t.Errorf("want 2 elements, got %d", n)
	}
	if len(p.Elements) != n {
		t.Errorf("top-level elements: want %d, got %+v", n, p.Elements)
	}
	for _, e := range p.Elements {
		if e.Section == nil || *e.Section < 0 || *e.Section >= len(p.Sections) {
			t.Errorf("top-level element %s: bad section %v", e.Ref, e.Section)
			continue
		}
		found := false
		for _, se := range p.Sections[*e.Section].Elements {
			found = found || se.Ref == e.Ref
		}
		if !found {
			t.Errorf("top-level element %s is not in section %d", e.Ref, *e.Section)
		}
	}
	nd := tact(t, s, "-o", "ndjson", "snap")
	mustOK(t, nd)
	if lines := strings.Split(strings.TrimSpace(nd.out), "\n"); len(lines) != 2 {
		t.Errorf("ndjson: want 2 lines, got %q", nd.out)
	}
}

func TestErrorsAndExitCodes(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"http 404", []string{"snap", srvURL + "/status/404"}, 4, "HTTP 404"},
		{"http 500", []string{"snap", srvURL + "/status/500"}, 4, "HTTP 500"},
		{"unreachable", []string{"snap", "http://unreachable.invalid/"}, 4, "ERR_"},
		{"javascript url", []string{"snap", "javascript:alert(1)"}, 2, "javascript"},
		{"file url", []string{"snap", "file:///etc/passwd"}, 2, "--allow-file"},
		{"unknown flag", []string{"snap", "--bogus"}, 2, "unknown flag"},
		{"bad timeout", []string{"--timeout", "soon", "snap"}, 2, "timeout"},
		{"bad session", []string{"--session", "../x", "snap"}, 2, "session name"},
		{"focus matches nothing", []string{"snap", page("hello.html"), "--focus", "#nope"}, 8, ""},
	}
	for _, c := range cases {
		r := tact(t, s, c.args...)
		if r.code != c.code {
			t.Errorf("%s: exit %d, want %d (stderr %q)", c.name, r.code, c.code, r.err)
		}
		if !strings.Contains(r.err, c.msg) || !strings.HasPrefix(r.err, "error: ") && !strings.Contains(r.err, "\nerror: ") {
			t.Errorf("%s: stderr %q lacks %q", c.name, r.err, c.msg)
		}
	}
	// JSON mode reports the error as JSON on stdout.
	r := tact(t, s, "-o", "json", "snap", srvURL+"/status/404")
	var e struct {
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal([]byte(r.out), &e); err != nil || e.Error.Code != "NAVIGATION_FAILED" {
		t.Errorf("json error: %q (%v)", r.out, err)
	}
}

func TestAlertBetweenCalls(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "snap", page("cli_alert.html")))
	// The page's alert() opens while no command runs; once it is
	// answered, the page renames itself (tab list does not touch the page).
	eventually(t, "the page's alert was answered", func() bool {
		return strings.Contains(tact(t, s, "tab", "list").out, `"Alerted"`)
	})
	r := tact(t, s, "--timeout", "10s", "snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `"Alert again"`) {
		t.Errorf("snap after alert:\n%s", r.out)
	}
}

func TestRead(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "read", page("hello.html"))
	mustOK(t, r)
	if !strings.Contains(r.out, "# Hello") || !strings.Contains(r.out, "A tiny page for smoke tests.") {
		t.Errorf("read output:\n%s", r.out)
	}
}

func TestBrowserLifecycle(t *testing.T) {
	t.Parallel()
	s := "lifecycle"
	env.OwnBrowser(s) // about the browser tact launches
	r := tact(t, s, "browser", "status")
	mustOK(t, r)
	if !strings.Contains(r.out, "not running") {
		t.Errorf("status before launch: %q", r.out)
	}
	mustOK(t, tact(t, s, "browser", "launch"))
	r = tact(t, s, "-o", "json", "browser", "status")
	mustOK(t, r)
	var st struct {
		Running bool `json:"running"`
		PID     int  `json:"pid"`
		Port    int  `json:"port"`
	}
	if err := json.Unmarshal([]byte(r.out), &st); err != nil || !st.Running || st.PID == 0 {
		t.Fatalf("status after launch: %q (%v)", r.out, err)
	}
	if !browser.Alive(st.PID) {
		t.Fatalf("browser pid %d not alive", st.PID)
	}
	// No debugging port (CDP over a pipe: see TestNoDebuggingPortByDefault),
	// and the daemon socket is 0600.
	if st.Port != 0 {
		t.Errorf("a debugging port by default: %d", st.Port)
	}
	sock := filepath.Join(os.Getenv("TACT_HOME"), "run", s, "daemon.sock")
	if fi, err := os.Stat(sock); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("daemon socket %s: %v %v", sock, fi.Mode(), err)
	}
	mustOK(t, tact(t, s, "browser", "stop"))
	eventually(t, fmt.Sprintf("browser %d exited after stop", st.PID), func() bool { return !browser.Alive(st.PID) })
	r = tact(t, s, "browser", "status")
	if !strings.Contains(r.out, "not running") {
		t.Errorf("status after stop: %q", r.out)
	}
}
