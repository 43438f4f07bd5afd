// Package browsertest gives tests one shared headless Chromium per test
// package and serves the repository's testdata/ directory from 127.0.0.1
// (and, as a second site, from localhost on another port, so cross-site
// iframes really are out-of-process).
package browsertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/cdp"
)

// HostRules make saved pages fail fast on external hosts instead of waiting
// on DNS; loopback stays reachable.
const HostRules = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"

// Args are the browser flags tests launch with: the host rules, and no
// sandbox so CI containers without user namespaces can run Chromium as any
// user (tact itself adds --no-sandbox only for root).
var Args = []string{HostRules, "--no-sandbox", NoSpareRenderer}

// NoSpareRenderer keeps test browsers from starting a spare renderer for
// the next navigation: a test's session navigates in a browser context of
// its own, where the spare (started for another context) is of no use, and
// starting it was ~0.25 CPU-seconds of every session. tact keeps it for
// users, whose next navigation it speeds up.
const NoSpareRenderer = "--disable-features=SpareRendererForSitePerProcess"

var (
	shared struct {
		proc *browser.Process
		conn *cdp.Conn
		srv  *httptest.Server
		alt  *httptest.Server
		dir  string
	}
	skipReason string
)

// Main launches the shared browser, runs the package's tests and cleans up.
// Use it as: func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
// It fails the run when a browser or daemon the tests started still runs
// at the end.
func Main(m *testing.M) int {
	token := mark()
	code, err := setup()
	if err != nil {
		if errors.Is(err, browser.ErrNotFound) {
			skipReason = err.Error()
			return m.Run()
		}
		fmt.Fprintln(os.Stderr, "browsertest:", err)
		return 1
	}
	_ = code
	code = m.Run()
	teardown()
	if err := checkLeaks(token); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return code
}

func setup() (int, error) {
	root, err := RepoRoot()
	if err != nil {
		return 0, err
	}
	td := filepath.Join(root, "testdata")
	shared.srv = Serve(td, "127.0.0.1:0")
	shared.alt = Serve(td, "localhost:0")
	dir, err := os.MkdirTemp("", "tact-browsertest-")
	if err != nil {
		return 0, err
	}
	shared.dir = dir
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := browser.Launch(ctx, browser.Options{Headless: true, UserDataDir: filepath.Join(dir, "profile"), Args: Args})
	if err != nil {
		return 0, err
	}
	shared.proc = p
	c, err := cdp.Dial(ctx, p.WebSocketURL, nil)
	if err != nil {
		p.Kill()
		return 0, err
	}
	shared.conn = c
	return 0, nil
}

func teardown() {
	if shared.conn != nil {
		shared.conn.Close()
	}
	shared.proc.Kill()
	shared.srv.Close()
	shared.alt.Close()
	os.RemoveAll(shared.dir)
}

// RepoRoot finds the directory holding go.mod, walking up from the working dir.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("browsertest: go.mod not found above the working directory")
		}
		dir = parent
	}
}

// Serve serves dir on addr with HTML declared as UTF-8 (some saved pages
// mis-declare their charset) and no caching.
func Serve(dir, addr string) *httptest.Server {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		panic(err)
	}
	fs := http.FileServer(http.Dir(dir))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("cacheable") == "" {
			// ?cacheable=1 lets a page into the back/forward cache.
			w.Header().Set("Cache-Control", "no-store")
		}
		switch {
		case strings.HasSuffix(r.URL.Path, ".html"), strings.HasSuffix(r.URL.Path, "/"):
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		}
		if d := r.URL.Query().Get("delay"); d != "" {
			if dur, err := time.ParseDuration(d); err == nil && dur < 30*time.Second {
				time.Sleep(dur)
			}
		}
		if name, ok := strings.CutPrefix(r.URL.Path, "/download/"); ok {
			// A server-chosen name, deliberately unsafe in tests.
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
			_, _ = w.Write([]byte("tact download test\n"))
			return
		}
		if r.URL.Path == "/hang" {
			// A subresource that never finishes (until the browser gives up).
			<-r.Context().Done()
			return
		}
		if r.URL.Path == "/echo/headers" {
			// The request's headers as a page, for header emulation tests.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!doctype html><title>Headers</title><h1>Headers</h1><ul>")
			for _, k := range slices.Sorted(maps.Keys(r.Header)) {
				fmt.Fprintf(w, "<li>%s: %s</li>", html.EscapeString(k), html.EscapeString(strings.Join(r.Header[k], ", ")))
			}
			fmt.Fprint(w, "</ul>")
			return
		}
		if r.URL.Path == "/redirect" {
			// A server redirect to ?to=URL (any site).
			http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
			return
		}
		if r.URL.Path == "/status/404" {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		if r.URL.Path == "/status/500" {
			http.Error(w, "boom", http.StatusInternalServerError)
			return
		}
		fs.ServeHTTP(w, r)
	})
	s := httptest.NewUnstartedServer(h)
	s.Listener.Close()
	s.Listener = l
	s.Start()
	return s
}

// URL returns the address of a testdata path on the main server.
func URL(path string) string { return shared.srv.URL + "/" + strings.TrimPrefix(path, "/") }

// AltURL returns the address of a testdata path on the second site.
func AltURL(path string) string { return shared.alt.URL + "/" + strings.TrimPrefix(path, "/") }

// BrowserWS is the shared browser's websocket URL (for tests that attach
// their own client, e.g. a daemon under --cdp).
func BrowserWS() string { return shared.proc.WebSocketURL }

// Conn is the shared browser connection.
func Conn() *cdp.Conn { return shared.conn }

// Require skips t when no browser is installed, and fails it when the
// package's TestMain did not start the shared browser (Main).
func Require(t testing.TB) {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	if shared.conn == nil {
		t.Fatal("browsertest: TestMain must call browsertest.Main")
	}
}

// Tab is a page target attached with a flattened session.
type Tab struct {
	TargetID string
	Session  *cdp.Session

	mu     sync.Mutex
	events []cdp.Event
	unsub  func()
}

// NewTab opens a fresh tab with Page and Runtime enabled; it is closed when
// the test ends. Tests are skipped when no browser is installed.
func NewTab(t testing.TB) *Tab {
	t.Helper()
	Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	browserSess := shared.conn.Browser()
	created, err := cdp.Call(ctx, browserSess, cdptarget.CreateTarget, cdptarget.CreateTargetParams{URL: "about:blank"})
	if err != nil {
		t.Fatal(err)
	}
	att, err := cdp.Call(ctx, browserSess, cdptarget.AttachToTarget, cdptarget.AttachToTargetParams{TargetID: created.TargetID, Flatten: new(true)})
	if err != nil {
		t.Fatal(err)
	}
	sid := string(att.SessionID)
	tab := &Tab{TargetID: string(created.TargetID), Session: shared.conn.Session(sid)}
	tab.unsub = shared.conn.Subscribe(func(ev cdp.Event) {
		if ev.SessionID != sid {
			return
		}
		tab.mu.Lock()
		tab.events = append(tab.events, ev)
		tab.mu.Unlock()
	})
	if err := cdp.Run(ctx, tab.Session, page.Enable, page.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if err := cdp.Run(ctx, tab.Session, runtime.Enable, proto.Empty{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		tab.unsub()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		//lint:ignore S1016 a result and a params type that only happen to have the same fields
		_ = cdp.Run(ctx, browserSess, cdptarget.CloseTarget, cdptarget.CloseTargetParams{TargetID: created.TargetID})
	})
	return tab
}

// Navigate loads a testdata path (or an absolute URL) and waits for the load event.
func (tab *Tab) Navigate(t testing.TB, path string) {
	t.Helper()
	u := path
	if !strings.Contains(path, "://") {
		u = URL(path)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tab.mu.Lock()
	tab.events = nil
	tab.mu.Unlock()
	nav, err := cdp.Call(ctx, tab.Session, page.Navigate, page.NavigateParams{URL: u})
	if err != nil {
		t.Fatal(err)
	}
	if nav.ErrorText != "" {
		t.Fatalf("navigate %s: %s", u, nav.ErrorText)
	}
	for {
		tab.mu.Lock()
		for _, ev := range tab.events {
			if ev.Method == page.LoadEventFired.Method {
				tab.mu.Unlock()
				return
			}
		}
		tab.mu.Unlock()
		select {
		case <-ctx.Done():
			t.Fatalf("navigate %s: no load event", u)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// Eval evaluates expr in the page (awaiting promises) and decodes its value
// into out (which may be nil).
func (tab *Tab) Eval(t testing.TB, expr string, out any) {
	t.Helper()
	if err := tab.EvalErr(expr, out); err != nil {
		t.Fatal(err)
	}
}

// EvalErr is Eval returning the error (a thrown exception included).
func (tab *Tab) EvalErr(expr string, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	raw, err := cdp.Call(ctx, tab.Session, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ReturnByValue: new(true), AwaitPromise: new(true)})
	if err != nil {
		return err
	}
	if x := raw.ExceptionDetails; x != nil {
		msg := x.Text
		if x.Exception != nil && x.Exception.Description != "" {
			msg = x.Exception.Description
		}
		return fmt.Errorf("eval: %s", msg)
	}
	if out != nil && raw.Result != nil && len(raw.Result.Value) > 0 {
		// Page values decode like tact's own (encoding/json, standard tags).
		return json.Unmarshal(raw.Result.Value, out)
	}
	return nil
}

// EventsNamed is the tab's events of one method so far.
func (tab *Tab) EventsNamed(method string) []cdp.Event {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	var out []cdp.Event
	for _, ev := range tab.events {
		if ev.Method == method {
			out = append(out, ev)
		}
	}
	return out
}
