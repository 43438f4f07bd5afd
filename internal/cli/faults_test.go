package cli_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/cdp"
)

func TestMoreActions(t *testing.T) {
	t.Parallel()
	s := "more"
	out := openPage(t, s, page("act_more.html"))

	// A download is saved under the data dir with a sanitized name.
	r := tact(t, s, "click", refOf(t, out, `"Get file"`), "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "download saved: ") {
		entries, _ := os.ReadDir(filepath.Join(os.Getenv("TACT_HOME"), "downloads", s))
		logb, _ := os.ReadFile(filepath.Join(os.Getenv("TACT_HOME"), "run", s, "daemon.log"))
		t.Fatalf("download not reported:\n%s\nfiles: %v\nlog tail: %s", r.out, entries, tail(string(logb), 1500))
	}
	line := r.out[strings.Index(r.out, "download saved: ")+len("download saved: "):]
	line, _, _ = strings.Cut(line, "\n")
	path := strings.TrimSpace(line[:strings.LastIndex(line, " (")])
	home := os.Getenv("TACT_HOME")
	if !strings.HasPrefix(path, filepath.Join(home, "downloads")) || strings.Contains(filepath.Base(path), "/") {
		t.Errorf("download path %q escapes %s/downloads", path, home)
	}
	// "saved" is reported once the browser says the download completed.
	if b, err := os.ReadFile(path); err != nil || string(b) != "tact download test\n" {
		t.Errorf("downloaded file: %q %v", b, err)
	}
	// Page content, for the user alone; the same name again is a new
	// file beside it, never a replacement.
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("downloaded file's mode: %v %v", st.Mode(), err)
	}
	if err := os.WriteFile(path, []byte("the user's edit"), 0o600); err != nil {
		t.Fatal(err)
	}
	r = tact(t, s, "click", refOf(t, out, `"Get file"`), "--no-snap")
	mustOK(t, r)
	if b, _ := os.ReadFile(path); string(b) != "the user's edit" || !strings.Contains(r.out, "download saved: ") || strings.Contains(r.out, path+" (") {
		t.Errorf("a second download of the same name replaced the first (%q):\n%s", b, r.out)
	}

	f := filepath.Join(t.TempDir(), "up.txt")
	os.WriteFile(f, []byte("x"), 0o644)
	mustOK(t, tact(t, s, "upload", refOf(t, out, `"Attachment"`), f, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("fname").textContent`); got != "up.txt" {
		t.Errorf("upload: %q", got)
	}
	if r := tact(t, s, "upload", refOf(t, out, `"Attachment"`), "/no/such/file"); r.code != 2 {
		t.Errorf("upload of a missing file: exit %d", r.code)
	}
	mustOK(t, tact(t, s, "hover", refOf(t, out, `"Hover me"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("hovered").textContent`); got != "hovered" {
		t.Errorf("hover: %q", got)
	}
	mustOK(t, tact(t, s, "dblclick", refOf(t, out, `"Double me"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("dbl").textContent`); got != "double clicked" {
		t.Errorf("dblclick: %q", got)
	}
	mustOK(t, tact(t, s, "scroll", "down", "--amount", "300", "--no-snap"))
	mustOK(t, tact(t, s, "scroll", "css=#dbl", "--no-snap"))

	mustOK(t, tact(t, s, "click", refOf(t, out, `"Later URL"`), "--no-snap"))
	r = tact(t, s, "--timeout", "5s", "wait", "--url", "*/done/*")
	mustOK(t, r)
	mustOK(t, tact(t, s, "click", refOf(t, out, `"Slow fetch"`), "--no-snap"))
	mustOK(t, tact(t, s, "--timeout", "5s", "wait", "--idle"))
	mustOK(t, tact(t, s, "--timeout", "5s", "wait", "text=More actions"))

	// Tabs: new, list, switch back, close.
	r = tact(t, s, "tab", "new", page("hello.html"), "--no-snap")
	mustOK(t, r)
	r = tact(t, s, "-o", "json", "tab", "list")
	mustOK(t, r)
	var tabs []struct {
		ID      string `json:"id"`
		URL     string `json:"url"`
		Current bool   `json:"current"`
	}
	if err := json.Unmarshal([]byte(r.out), &tabs); err != nil || len(tabs) < 2 {
		t.Fatalf("tab list: %q %v", r.out, err)
	}
	var first string
	for _, tb := range tabs {
		if strings.Contains(tb.URL, "act_more") || strings.Contains(tb.URL, "/done/") {
			first = tb.ID
		}
	}
	mustOK(t, tact(t, s, "tab", "switch", first[:8], "--no-snap"))
	if got := evalIn(t, s, "document.title"); got != "More actions" {
		t.Errorf("after switch: %q", got)
	}
}

// statusOf returns the browser and daemon pids and the browser endpoint.
func statusOf(t *testing.T, s string) (pid, daemon int, ws string) {
	t.Helper()
	r := tact(t, s, "-o", "json", "browser", "status")
	mustOK(t, r)
	var st struct {
		PID       int    `json:"pid"`
		DaemonPID int    `json:"daemon_pid"`
		WS        string `json:"ws"`
	}
	if err := json.Unmarshal([]byte(r.out), &st); err != nil {
		t.Fatalf("status: %q", r.out)
	}
	return st.PID, st.DaemonPID, st.WS
}

func waitDead(pid int) bool {
	deadline := time.Now().Add(settleWait)
	for time.Now().Before(deadline) {
		if !browser.Alive(pid) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

func TestFaults(t *testing.T) {
	t.Parallel()
	s := "faults"
	env.OwnBrowser(s) // about the browser tact launches
	// With --port (a CDP port, open to local users) the browser outlives
	// its daemon, and the test can reach it to crash a tab. The default,
	// a pipe, is covered by TestDaemonKilledKeepsLogin.
	mustOK(t, tact(t, s, "browser", "launch", "--port", freePort(t)))
	out := openPage(t, s, page("act_form.html"))
	bpid, dpid, ws := statusOf(t, s)

	// The daemon is killed: a new one takes over the same browser, and a
	// ref of the unchanged document still works.
	killPID(dpid)
	waitDaemonGone(s, dpid)
	r := tact(t, s, "click", refOf(t, out, `"Count me"`), "--no-snap")
	mustOK(t, r)
	if got := evalIn(t, s, `document.getElementById("counter").textContent`); got != "Clicked 1x" {
		t.Errorf("click after daemon restart: %q", got)
	}
	if b2, d2, _ := statusOf(t, s); b2 != bpid || d2 == dpid {
		t.Errorf("after daemon kill: browser %d→%d, daemon %d→%d", bpid, b2, dpid, d2)
	}

	// A tab crashes: reported, and the session continues in a new tab.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := cdp.Dial(ctx, ws, nil)
	if err != nil {
		t.Fatal(err)
	}
	var targets struct {
		TargetInfos []struct {
			TargetID string `json:"targetId"`
			Type     string `json:"type"`
			URL      string `json:"url"`
		} `json:"targetInfos"`
	}
	conn.Call(ctx, "", "Target.getTargets", nil, &targets)
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" && strings.Contains(ti.URL, "act_form") {
			var att struct {
				SessionID string `json:"sessionId"`
			}
			if err := conn.Call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": ti.TargetID, "flatten": true}, &att); err == nil {
				_ = conn.Call(ctx, att.SessionID, "Page.crash", nil, nil)
			}
		}
	}
	conn.Close()
	// The crash reaches the daemon in its own time: every snap meanwhile
	// works, and one of them reports it.
	eventually(t, "a snap reports the tab crash", func() bool {
		r = tact(t, s, "snap", page("hello.html"))
		mustOK(t, r)
		if !strings.Contains(r.out, "# Hello") {
			t.Fatalf("after tab crash:\nstdout %s\nstderr %s", r.out, r.err)
		}
		return strings.Contains(r.err, "crashed")
	})

	// The browser is killed: reported once, relaunched, no orphan left.
	killPID(bpid)
	if !waitDead(bpid) {
		t.Fatalf("browser %d survived SIGKILL", bpid)
	}
	r = tact(t, s, "snap", page("hello.html"))
	mustOK(t, r)
	if !strings.Contains(r.err, "browser had exited") {
		t.Errorf("relaunch not reported: %q", r.err)
	}
	b3, d3, _ := statusOf(t, s)
	if b3 == bpid || !browser.Alive(b3) {
		t.Errorf("no new browser: %d", b3)
	}
	mustOK(t, tact(t, s, "browser", "stop"))
	if !waitDead(b3) {
		t.Errorf("browser %d left behind after stop", b3)
	}
	if !waitDead(d3) {
		t.Errorf("daemon %d left behind after stop", d3)
	}
	// No process of the process table still runs on this session's profile.
	profile := filepath.Join(os.Getenv("TACT_HOME"), "profiles", s)
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err == nil && strings.Contains(string(b), "--user-data-dir="+profile+"\x00") {
			t.Errorf("orphan: %s", strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
}

func TestConcurrentCallsOneSession(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("act_form.html"))
	ref := refOf(t, out, `"Count me"`)
	var wg sync.WaitGroup
	results := make([]result, 20)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if i%2 == 0 {
				results[i] = tact(t, s, "snap")
			} else {
				results[i] = tact(t, s, "click", ref, "--no-snap")
			}
		}(i)
	}
	wg.Wait()
	for i, r := range results {
		if r.code != 0 {
			t.Errorf("call %d: exit %d %s", i, r.code, r.err)
		}
		if i%2 == 0 && refOf(t, r.out, `"Name"`) != refOf(t, out, `"Name"`) {
			t.Errorf("call %d: refs changed under concurrency", i)
		}
	}
	if got := evalIn(t, s, `document.getElementById("counter").textContent`); got != "Clicked 10x" {
		t.Errorf("10 concurrent clicks gave %q", got)
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func TestTwoSessionsInParallel(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	env.OwnBrowser("par-a", "par-b") // two browsers, each its session's
	res := make([]result, 2)
	for i, s := range []string{"par-a", "par-b"} {
		wg.Add(1)
		go func(i int, s string) {
			defer wg.Done()
			res[i] = tact(t, s, "snap", page("hello.html"))
		}(i, s)
	}
	wg.Wait()
	for i, r := range res {
		mustOK(t, r)
		if !strings.Contains(r.out, "# Hello") {
			t.Errorf("session %d: %s", i, r.out)
		}
	}
	a, _, _ := statusOf(t, "par-a")
	b, _, _ := statusOf(t, "par-b")
	if a == b || a == 0 || b == 0 {
		t.Errorf("sessions share a browser: %d %d", a, b)
	}
	tact(t, "par-a", "browser", "stop")
	tact(t, "par-b", "browser", "stop")
}
