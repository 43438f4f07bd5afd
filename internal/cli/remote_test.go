package cli_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/datadir"
)

// farm is a browser behind a reverse proxy the way farms run them: the
// proxy wants a token (?token= or a bearer header) and rewrites Host, so
// the browser reports ws://localhost/… as its debugger URL.
type farm struct {
	proxy *httptest.Server
	port  int
	proc  *browser.Process
}

const farmToken = "s3cret-token"

func startFarm(t *testing.T) *farm {
	t.Helper()
	p := otherBrowser(t)
	target, _ := url.Parse("http://127.0.0.1:" + strconv.Itoa(p.Port))
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(target)
		r.Out.Host = "localhost"
	}}
	f := &farm{port: p.Port, proc: p}
	f.proxy = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("token") != farmToken && r.Header.Get("Authorization") != "Bearer "+farmToken {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(f.proxy.Close)
	return f
}

// pages lists the browser's page targets as its own /json/list says.
func (f *farm) pages(t *testing.T) []string {
	t.Helper()
	resp, err := http.Get("http://127.0.0.1:" + strconv.Itoa(f.port) + "/json/list")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []struct{ Type, URL string }
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range list {
		if l.Type == "page" {
			out = append(out, l.URL)
		}
	}
	return out
}

func TestRemoteBrowserBehindProxy(t *testing.T) {
	t.Parallel()
	f := startFarm(t)
	s := "farm"
	before := f.pages(t)
	// Refused: the status and the URL, never the token.
	r := tact(t, s, "--cdp", f.proxy.URL+"?token=wrong", "snap", page("hello.html"))
	if r.code != 3 || !strings.Contains(r.err, "HTTP 401") || strings.Contains(r.err, "wrong") {
		t.Fatalf("wrong token: exit %d %q", r.code, r.err)
	}
	// A failed --cdp does not stick to the session.
	r = tact(t, s, "--cdp", f.proxy.URL+"?token="+farmToken, "snap", page("hello.html"))
	mustOK(t, r)
	if !strings.Contains(r.out, "# Hello") {
		t.Fatalf("snap through the proxy:\n%s", r.out)
	}
	// tact works in a tab of its own; the user's tabs are left alone.
	after := f.pages(t)
	if len(after) != len(before)+1 {
		t.Errorf("pages before %q, after %q: want one more", before, after)
	}
	for _, u := range before {
		if strings.Contains(u, "hello.html") {
			t.Errorf("a tab tact did not open was navigated: %q", before)
		}
	}
	// The token is nowhere on disk or in the daemon's argv.
	_, dpid, ws := statusOf(t, s)
	if strings.Contains(ws, farmToken) {
		t.Errorf("browser status shows the token: %q", ws)
	}
	if b, err := os.ReadFile("/proc/" + strconv.Itoa(dpid) + "/cmdline"); err != nil || strings.Contains(string(b), farmToken) {
		t.Errorf("daemon argv %q (%v)", b, err)
	}
	paths, err := datadir.Session(s)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(paths.State); strings.Contains(string(b), farmToken) {
		t.Errorf("state file holds the token: %s", b)
	}
	// A tab of the user's is adopted by a part of its URL.
	req, _ := http.NewRequest(http.MethodPut, "http://127.0.0.1:"+strconv.Itoa(f.port)+"/json/new?"+page("other.html"), nil)
	if resp, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	// The browser opens it on its own time: wait until it lists the page.
	eventually(t, "the new tab shows other.html", func() bool {
		return strings.Contains(tact(t, s, "tab", "list").out, "other.html")
	})
	before = f.pages(t)
	r = tact(t, s, "tab", "switch", "other.html")
	mustOK(t, r)
	if r := tact(t, s, "snap"); !strings.Contains(r.out, "# Other page") {
		t.Errorf("snap of the adopted tab:\n%s", r.out)
	}
	// browser stop closes only what tact opened and leaves the browser.
	r = tact(t, s, "browser", "stop")
	mustOK(t, r)
	// The browser drops a closed tab from its list on its own time.
	eventually(t, fmt.Sprintf("after stop the browser lists %d pages (all but tact's own)", len(before)-1), func() bool {
		return len(f.pages(t)) == len(before)-1
	})
	if !browser.Alive(f.proc.PID) {
		t.Fatal("browser stop ended a browser tact did not launch")
	}
	// A bearer header instead of the query.
	r = tact(t, s, "--cdp", f.proxy.URL, "--cdp-header", "Authorization: Bearer "+farmToken, "snap", page("hello.html"))
	mustOK(t, r)
	if r := tact(t, s, "--cdp-header", "no colon", "snap"); r.code != 2 || strings.Contains(r.err, "no colon") {
		t.Errorf("bad header: exit %d %q", r.code, r.err)
	}
	// The farm ends the remote session: the next commands say so and
	// never attach to a fresh blank browser as if nothing happened.
	f.proc.Kill()
	for i := 0; i < 2; i++ {
		r = tact(t, s, "snap")
		if r.code != 3 || !strings.Contains(r.err, "went away") {
			t.Errorf("after the remote browser ended (%d): exit %d %q", i, r.code, r.err)
		}
	}
	mustOK(t, tact(t, s, "browser", "stop"))
}

// otherBrowser starts a browser of the test's own on a debugging port, as
// a user's or a farm's browser that tact attaches to; it ends with the test.
func otherBrowser(t *testing.T) *browser.Process {
	t.Helper()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := browser.Launch(ctx, browser.Options{Headless: true, UserDataDir: filepath.Join(t.TempDir(), "p"), Args: browsertest.Args})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Kill)
	return p
}

// Against a real browserless (or any farm) when TACT_BROWSERLESS_URL names
// one, e.g. "wss://production-sfo.browserless.io?token=…". Not run in CI:
// this machine reaches no farm.
func TestRealFarm(t *testing.T) {
	t.Parallel()
	u := os.Getenv("TACT_BROWSERLESS_URL")
	if u == "" {
		t.Skip("TACT_BROWSERLESS_URL not set")
	}
	s := "realfarm"
	r := tact(t, s, "--cdp", u, "snap", "https://example.com")
	mustOK(t, r)
	if !strings.Contains(r.out, "Example Domain") {
		t.Errorf("snap on the farm:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "browser", "stop"))
}
