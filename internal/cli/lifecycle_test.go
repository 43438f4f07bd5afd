package cli_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/browsertest"
)

func TestIdleTimeoutStopsDaemonAndBrowser(t *testing.T) {
	s := "idle"
	mustOK(t, tact(t, s, "browser", "launch", "--idle-timeout", "2s"))
	bpid, dpid, _ := statusOf(t, s)
	time.Sleep(2500 * time.Millisecond)
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
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := browser.Launch(ctx, browser.Options{Headless: true, UserDataDir: filepath.Join(t.TempDir(), "p"), Args: browsertest.Args})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Kill()
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
