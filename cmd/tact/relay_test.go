package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
)

// The built tact relays a call to the running daemon, which parses and
// runs it as the full CLI (tact-daemon __cli) would: the same output and
// exit code, files named relative to the caller, the session from
// TACT_SESSION. Everything else (no daemon yet, help, a bad line) runs
// the full CLI.
func TestRelay(t *testing.T) {
	if _, err := exec.LookPath("chromium"); err != nil {
		if _, err := exec.LookPath("google-chrome"); err != nil && os.Getenv("TACT_CHROME") == "" {
			t.Skip("no Chrome: ", err)
		}
	}
	bin := t.TempDir()
	// go test puts the go tool that runs it first on PATH.
	if out, err := exec.Command("go", "build", "-o", bin+string(os.PathSeparator), "../tact", "../tact-daemon").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	root, err := browsertest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	srv := browsertest.Serve(filepath.Join(root, "testdata"), "127.0.0.1:0")
	defer srv.Close()
	home, work := t.TempDir(), t.TempDir()
	env := []string{"TACT_HOME=" + home, "TACT_SESSION=relay", `TACT_CHROME_ARGS="` + browsertest.HostRules + `" --no-sandbox ` + browsertest.NoSpareRenderer}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !strings.HasPrefix(k, "TACT_") && !strings.HasPrefix(k, "BROWSER_CDP_") {
			env = append(env, kv)
		}
	}
	run := func(exe string, args ...string) (string, string, int) {
		t.Helper()
		c := exec.Command(filepath.Join(bin, exe), args...)
		c.Env, c.Dir = env, work
		var out, errOut bytes.Buffer
		c.Stdout, c.Stderr = &out, &errOut
		err := c.Run()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("%s %v: %v", exe, args, err)
		}
		return out.String(), errOut.String(), c.ProcessState.ExitCode()
	}
	daemon := filepath.Join(bin, "tact-daemon")
	defer func() {
		// browser stop runs in the full CLI: its file must run again,
		// whatever failed while it could not.
		_ = os.Chmod(daemon, 0o755)
		run("tact", "browser", "stop")
	}()
	// No daemon yet: the full CLI starts one.
	if out, errOut, code := run("tact", "open", srv.URL+"/hello.html"); code != 0 || !strings.Contains(out, "# Hello") {
		t.Fatalf("open: exit %d\n%s%s", code, out, errOut)
	}
	full := func(args ...string) (string, string, int) {
		return run("tact-daemon", append([]string{"__cli"}, args...)...)
	}
	// With the daemon's file unreadable, a relayed call still runs and
	// one the relay hands to the full CLI cannot: that shows which ran.
	executable := func(on bool) {
		t.Helper()
		mode := os.FileMode(0o600)
		if on {
			mode = 0o755
		}
		if err := os.Chmod(daemon, mode); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"snap"},
		{"-o", "json", "snap", "--interactive"},
		{"--timeout", "5s", "read"},
		{"click", "@e99"},
		{"-o", "json", "click", "@e99"},
	} {
		executable(true)
		wo, we, wc := full(args...)
		executable(false)
		go_, ge, gc := run("tact", args...)
		if go_ != wo || ge != we || gc != wc {
			t.Errorf("tact %v relayed: exit %d\n%s%s\nthe full CLI: exit %d\n%s%s", args, gc, go_, ge, wc, wo, we)
		}
	}
	out, errOut, code := run("tact", "screenshot", "shot.png")
	if code != 0 {
		t.Errorf("relayed screenshot: exit %d %s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(work, "shot.png")); err != nil {
		t.Errorf("relayed screenshot shot.png is not in the caller's directory: %v", err)
	}
	if _, _, code := run("tact", "snap", "--help"); code == 0 {
		t.Error("snap --help ran without the full CLI")
	}
	executable(true)
	// A bad line is the full CLI's to explain.
	if _, errOut, code := run("tact", "snap", "--no-such-flag"); code != 2 || !strings.Contains(errOut, "unknown flag --no-such-flag") {
		t.Errorf("bad flag: exit %d %q", code, errOut)
	}
}
