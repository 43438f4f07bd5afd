package cli_test

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/proc"
)

func TestIdleTimeoutStopsDaemonAndBrowser(t *testing.T) {
	t.Parallel()
	s := "idle"
	env.OwnBrowser(s) // about the browser tact launches
	mustOK(t, tact(t, s, "browser", "launch", "--idle-timeout", "2s"))
	bpid, dpid, _ := statusOf(t, s)
	if !waitDead(dpid) || !waitDead(bpid) {
		t.Fatalf("after the idle timeout: daemon alive %v, browser alive %v", browser.Alive(dpid), browser.Alive(bpid))
	}
	if r := tact(t, s, "browser", "status"); !strings.Contains(r.out, "not running") {
		t.Errorf("status: %q", r.out)
	}
	if r := tact(t, s, "browser", "launch", "--idle-timeout", "soon"); r.code != 2 {
		t.Errorf("bad --idle-timeout: exit %d", r.code)
	}
}

func TestAttachWithCDP(t *testing.T) {
	t.Parallel()
	p := otherBrowser(t)
	s := "attached"
	for _, spec := range []string{strconv.Itoa(p.Port), "http://127.0.0.1:" + strconv.Itoa(p.Port)} {
		r := tact(t, s, "--cdp", spec, "snap", page("hello.html"))
		mustOK(t, r)
		if !strings.Contains(r.out, "# Hello") {
			t.Errorf("--cdp %s snap:\n%s", spec, r.out)
		}
		// The session is attached to that browser; another --cdp is refused.
		if r := tact(t, s, "--cdp", "127.0.0.1:1", "snap"); r.code != 2 || !strings.Contains(r.err, "already uses") {
			t.Errorf("second --cdp on an attached session: exit %d %s", r.code, r.err)
		}
		r = tact(t, s, "browser", "stop")
		mustOK(t, r)
		if !strings.Contains(r.out, "detached") {
			t.Errorf("stop under --cdp: %q", r.out)
		}
		if !browser.Alive(p.PID) {
			t.Fatal("browser stop killed a browser tact did not launch")
		}
	}
	if r := tact(t, s, "--cdp", "127.0.0.1:1", "snap"); r.code != 3 {
		t.Errorf("--cdp to nothing: exit %d %s", r.code, r.err)
	}
	tact(t, s, "browser", "stop")
}

func TestProfileInUse(t *testing.T) {
	t.Parallel()
	mustOK(t, tact(t, "prof-a", "browser", "launch", "--profile", "shared-prof"))
	defer tact(t, "prof-a", "browser", "stop")
	defer tact(t, "prof-b", "browser", "stop")
	r := tact(t, "prof-b", "browser", "launch", "--profile", "shared-prof")
	if r.code != 3 || !strings.Contains(r.err, "in use by another browser") {
		t.Errorf("second browser on one profile: exit %d %q", r.code, r.err)
	}
	// The first session is unharmed.
	mustOK(t, tact(t, "prof-a", "snap", page("hello.html")))
}

// freePort returns a TCP port that was free a moment ago.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// sessionFile is a file of a session's run directory.
func sessionFile(s, name string) string {
	return filepath.Join(os.Getenv("TACT_HOME"), "run", s, name)
}

// spawn starts a process in its own group that the test owns; it is
// killed when the test ends.
func spawn(t *testing.T, name string, args ...string) int {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = ownGroupAttr()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd.Process.Pid
}

// After an unclean end the saved browser pid may belong to anyone. `browser
// stop` signals only a process whose pid, start time and profile all match
// what was saved at launch.
func TestStopSparesReusedPid(t *testing.T) {
	t.Parallel()
	s := "pidreuse"
	tact(t, s, "browser", "stop")
	profile := filepath.Join(os.Getenv("TACT_HOME"), "profiles", s)
	writeState := func(pid int, start uint64) {
		t.Helper()
		st := map[string]any{"next_ref": 1, "launched": true, "browser": map[string]any{"pid": pid, "start": start, "profile": profile}}
		b, _ := json.Marshal(st)
		if err := os.WriteFile(sessionFile(s, "state.json"), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// A process that got the browser's pid: right start time, but its
	// command line names no profile.
	other := spawn(t, "sleep", "300")
	id, err := proc.Of(other)
	if err != nil {
		t.Fatal(err)
	}
	writeState(other, id.Start)
	if r := tact(t, s, "browser", "stop"); r.code != 0 || strings.Contains(r.out, "orphan") {
		t.Errorf("stop with a reused pid: exit %d %q", r.code, r.out)
	}
	if !id.Alive() {
		t.Fatal("browser stop killed an unrelated process that reused the browser's pid")
	}
	// A process naming the profile, but started at another time than
	// the saved browser.
	look := spawn(t, "sh", "-c", "sleep 300; :", "sh", "--user-data-dir="+profile)
	lid, err := proc.Of(look)
	if err != nil {
		t.Fatal(err)
	}
	writeState(look, lid.Start+1)
	if r := tact(t, s, "browser", "stop"); r.code != 0 || strings.Contains(r.out, "orphan") {
		t.Errorf("stop with a wrong start time: exit %d %q", r.code, r.out)
	}
	if !lid.Alive() || !id.Alive() {
		t.Fatal("browser stop killed a process whose start time does not match")
	}
	// The real thing (pid, start time and profile match) is stopped.
	writeState(look, lid.Start)
	if r := tact(t, s, "browser", "stop"); r.code != 0 || !strings.Contains(r.out, "stopped an orphaned browser") {
		t.Errorf("stop of a proven orphan: exit %d %q", r.code, r.out)
	}
	if lid.Alive() {
		t.Error("a proven orphan survived browser stop")
	}
	if !id.Alive() {
		t.Error("an unrelated process died with the orphan")
	}
}

// `browser stop` racing commands of the same session never treats the
// browser of a live daemon as an orphan, and never locks a session out of
// its own profile.
func TestConcurrentStopAndSnap(t *testing.T) {
	t.Parallel()
	s := "stoprace"
	for round := 0; round < 4; round++ {
		mustOK(t, tact(t, s, "snap", page("hello.html")))
		var wg sync.WaitGroup
		res := make([]result, 6)
		for i := range res {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				if i%2 == 0 {
					res[i] = tact(t, s, "snap", page("hello.html"))
				} else {
					res[i] = tact(t, s, "browser", "stop")
				}
			}(i)
		}
		wg.Wait()
		for i, r := range res {
			// A stop ends a snap it finds running: that snap says so.
			stopped := i%2 == 0 && r.code == 3 && strings.Contains(r.err, "the session is stopping")
			if strings.Contains(r.out, "orphan") || strings.Contains(r.err, "in use by another browser") || (r.code != 0 && !stopped) {
				t.Errorf("round %d call %d: exit %d\nstdout %q\nstderr %q\ndaemon log ends:\n%s", round, i, r.code, r.out, r.err, logTail(s))
			}
		}
	}
	mustOK(t, tact(t, s, "browser", "stop"))
}

// listeningInodes returns the socket inodes in LISTEN state (TCP, v4 and v6).
func listeningInodes(t *testing.T) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n")[1:] {
			fs := strings.Fields(line)
			if len(fs) > 9 && fs[3] == "0A" {
				out[fs[9]] = true
			}
		}
	}
	return out
}

// tcpListeners counts the LISTEN sockets held by the processes of a
// browser's process group.
func tcpListeners(t *testing.T, bpid int) int {
	t.Helper()
	listening := listeningInodes(t)
	n := 0
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, st := range stats {
		b, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) < 3 || f[2] != strconv.Itoa(bpid) {
			continue
		}
		fds, _ := filepath.Glob(filepath.Join(filepath.Dir(st), "fd", "*"))
		for _, fd := range fds {
			l, err := os.Readlink(fd)
			if ino, ok := strings.CutPrefix(l, "socket:["); err == nil && ok && listening[strings.TrimSuffix(ino, "]")] {
				n++
			}
		}
	}
	return n
}

// By default the browser speaks CDP over a pipe: no TCP port another local
// user could connect to. --port opens one, on request.
func TestNoDebuggingPortByDefault(t *testing.T) {
	t.Parallel()
	s := "noport"
	env.OwnBrowser(s) // about the browser tact launches
	defer tact(t, s, "browser", "stop")
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	bpid, _, ws := statusOf(t, s)
	if n := tcpListeners(t, bpid); n != 0 || ws != "" {
		t.Errorf("default launch: %d TCP listeners in the browser's processes, ws %q", n, ws)
	}
	if _, err := os.Stat(filepath.Join(os.Getenv("TACT_HOME"), "profiles", s, "DevToolsActivePort")); err == nil {
		t.Error("default launch wrote DevToolsActivePort")
	}
	r := tact(t, s, "browser", "status")
	if !strings.Contains(r.out, "pipe") {
		t.Errorf("status: %q", r.out)
	}
	// The check above does see a port when one is asked for.
	mustOK(t, tact(t, s, "browser", "stop"))
	port := freePort(t)
	mustOK(t, tact(t, s, "browser", "launch", "--port", port))
	bpid, _, _ = statusOf(t, s)
	if n := tcpListeners(t, bpid); n == 0 {
		t.Error("--port: no TCP listener found")
	}
	if _, err := browser.Version(t.Context(), "127.0.0.1:"+port); err != nil {
		t.Errorf("--port %s not answering on 127.0.0.1: %v", port, err)
	}
	// It listens on loopback only.
	n, _ := strconv.Atoi(port)
	if tcp, err := os.ReadFile("/proc/net/tcp"); err == nil {
		suffix := fmt.Sprintf(":%04X", n)
		for _, line := range strings.Split(string(tcp), "\n") {
			f := strings.Fields(line)
			if len(f) > 3 && strings.HasSuffix(f[1], suffix) && f[3] == "0A" && !strings.HasPrefix(f[1], "0100007F:") {
				t.Errorf("--port listens on %s", f[1])
			}
		}
	}
}

// A killed daemon takes its browser along (the pipe closes); the next
// command relaunches it with the same profile and reopens the page, so the
// login survives.
func TestDaemonKilledKeepsLogin(t *testing.T) {
	t.Parallel()
	s := "killdaemon"
	env.OwnBrowser(s) // a context of a shared browser ends with its daemon
	tact(t, s, "browser", "stop")
	os.RemoveAll(filepath.Join(os.Getenv("TACT_HOME"), "profiles", s))
	defer tact(t, s, "browser", "stop")
	out := openPage(t, s, page("session_app.html"))
	r := tact(t, s, "click", refOf(t, out, `"Log in"`))
	mustOK(t, r)
	if !strings.Contains(r.out, "Welcome back / cookie set") {
		t.Fatalf("after login:\n%s", r.out)
	}
	bpid, dpid, _ := statusOf(t, s)
	killPID(dpid)
	if !waitDaemonGone(s, dpid) {
		t.Fatal("daemon survived SIGKILL")
	}
	r = tact(t, s, "snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "session_app.html") || !strings.Contains(r.out, "Welcome back / cookie set") {
		t.Errorf("after the daemon was killed, the page or the login is lost:\n%s", r.out)
	}
	if !strings.Contains(r.err, "reopened") {
		t.Errorf("relaunch not reported: %q", r.err)
	}
	if running(bpid) {
		t.Errorf("the killed daemon's browser %d still runs", bpid)
	}
}

// A deleted socket file does not brick the session: the daemon is asked
// to listen again and keeps its browser and refs.
func TestDeletedSocketRecovers(t *testing.T) {
	t.Parallel()
	s := "nosock"
	env.OwnBrowser(s) // about the browser tact launches
	out := openPage(t, s, page("act_form.html"))
	bpid, dpid, _ := statusOf(t, s)
	sock := sessionFile(s, "daemon.sock")
	if err := os.Remove(sock); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tact(t, s, "click", refOf(t, out, `"Count me"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("counter").textContent`); got != "Clicked 1x" {
		t.Errorf("click after the socket was deleted: %q", got)
	}
	if b2, d2, _ := statusOf(t, s); b2 != bpid || d2 != dpid {
		t.Errorf("session replaced instead of recovered: browser %d→%d, daemon %d→%d", bpid, b2, dpid, d2)
	}
	// Deleted again, then stopped: nothing is left running.
	os.Remove(sock)
	r := tact(t, s, "browser", "stop")
	mustOK(t, r)
	if running(bpid) || running(dpid) {
		t.Errorf("after stop: browser alive %v, daemon alive %v (%q)", running(bpid), running(dpid), r.out)
	}
}

// A session folder moved under a session's name (another user renaming
// folders in a TACT_HOME it can write to) never runs one session's
// command in the other's browser: the daemon refuses a request for a
// session it does not serve.
func TestMovedSessionFolderRefused(t *testing.T) {
	t.Parallel()
	a, b := env.Pooled(t), env.Pooled(t)
	openPage(t, a, page("hello.html"))
	openPage(t, b, page("act_form.html"))
	da, db, tmp := sessionFile(a, ""), sessionFile(b, ""), sessionFile(a+"-moving", "")
	swap := func() {
		t.Helper()
		for _, mv := range [][2]string{{da, tmp}, {db, da}, {tmp, db}} {
			if err := os.Rename(mv[0], mv[1]); err != nil {
				t.Fatal(err)
			}
		}
	}
	swap()
	r := tact(t, a, "snap")
	swap()
	if r.code == 0 || strings.Contains(r.out, "Count me") {
		t.Fatalf("session %s ran in %s's daemon: exit %d\n%s%s", a, b, r.code, r.out, r.err)
	}
	if !strings.Contains(r.err, "was moved") {
		t.Errorf("error: %q", r.err)
	}
	if out := mustSnap(t, a); !strings.Contains(out, "Hello") {
		t.Errorf("after the folders came back: %s", out)
	}
}

func mustSnap(t *testing.T, s string) string {
	t.Helper()
	r := tact(t, s, "snap")
	mustOK(t, r)
	return r.out
}

// --timeout bounds a call even when the daemon cannot answer at all.
func TestTimeoutWithStoppedDaemon(t *testing.T) {
	t.Parallel()
	s := "sigstop"
	env.OwnBrowser(s) // a frozen daemon would hold up every new tab of a shared browser
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	_, dpid, _ := statusOf(t, s)
	cont := stopPID(t, dpid)
	defer tact(t, s, "browser", "stop")
	defer cont()
	// Every thread takes the stop in its own time: wait for the state.
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(dpid) + "/stat")
		if f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:])); len(f) > 0 && f[0] == "T" {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the daemon did not stop")
		}
	}
	for _, args := range [][]string{{"snap"}, {"browser", "stop"}} {
		r := tact(t, s, append([]string{"--timeout", "2s"}, args...)...)
		if r.code != 5 || !strings.Contains(r.err, "did not answer") {
			t.Errorf("%v against a stopped daemon: exit %d %q", args, r.code, r.err)
		}
	}
}

// `browser stop` returns once the browser has exited, so its profile is
// complete and can be removed at once.
func TestStopWaitsForBrowserExit(t *testing.T) {
	t.Parallel()
	s := "stopwait"
	env.OwnBrowser(s) // about the browser tact launches
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	bpid, dpid, _ := statusOf(t, s)
	mustOK(t, tact(t, s, "browser", "stop"))
	if running(bpid) || running(dpid) {
		t.Errorf("browser stop returned with browser alive %v, daemon alive %v", running(bpid), running(dpid))
	}
}

// waitDaemonGone waits until a killed daemon has let go of its files (its
// socket still accepts while its threads exit, after its pid shows as a
// zombie).
func waitDaemonGone(s string, dpid int) bool {
	if !waitDead(dpid) {
		return false
	}
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if _, held := proc.Holder(sessionFile(s, "daemon.lock")); !held {
			return true
		}
	}
	return false
}

// An unusable data dir is an IO error in one line, never a usage error or
// a daemon that dies at startup without saying why.
func TestBadDataDir(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	s := "badlock"
	lock := sessionFile(s, "daemon.lock")
	os.MkdirAll(filepath.Join(lock, "sub"), 0o700)
	defer os.RemoveAll(lock)
	for _, args := range [][]string{{"snap"}, {"browser", "launch"}} {
		r := tact(t, s, args...)
		if r.code != 12 || !strings.Contains(r.err, "daemon.lock is not a regular file") || strings.Count(strings.TrimSpace(r.err), "\n") > 0 {
			t.Errorf("%v with daemon.lock a directory: exit %d %q", args, r.code, r.err)
		}
	}
	// TACT_HOME below a file: "not a directory".
	file := filepath.Join(t.TempDir(), "f")
	os.WriteFile(file, nil, 0o600)
	t.Setenv("TACT_HOME", filepath.Join(file, "home"))
	r := tact(t, "x", "snap")
	if r.code != 12 || !strings.Contains(r.err, "not a directory") || strings.Count(strings.TrimSpace(r.err), "\n") > 0 {
		t.Errorf("data dir below a file: exit %d %q", r.code, r.err)
	}
}

// running reports whether pid is a live process (not a zombie waiting for
// its parent to reap it).
func running(pid int) bool {
	_, err := proc.Of(pid)
	return err == nil
}

// logTail is the end of a session's daemon log, for a failure message.
func logTail(session string) string {
	paths, err := datadir.Session(session)
	if err != nil {
		return err.Error()
	}
	b, err := os.ReadFile(paths.Log)
	if err != nil {
		return err.Error()
	}
	return string(b[max(0, len(b)-3000):])
}
