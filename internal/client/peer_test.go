//go:build linux

package client

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/rpc"
)

// nobody is the other local user of these tests.
const nobody = 65534

// TestMain doubles as the other user's listener: with TACT_TEST_LISTEN
// set, the binary listens there, says "ready", counts the bytes clients
// send and prints the count when its stdin closes.
func TestMain(m *testing.M) {
	if path := os.Getenv("TACT_TEST_LISTEN"); path != "" {
		os.Exit(listenAndCount(path))
	}
	os.Exit(m.Run())
}

func listenAndCount(path string) int {
	l, err := net.Listen("unix", path)
	if err != nil {
		fmt.Println("listen:", err)
		return 1
	}
	got := make(chan int64, 64)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				n, _ := io.Copy(io.Discard, c)
				got <- n
			}()
		}
	}()
	fmt.Println("ready")
	_, _ = io.Copy(io.Discard, os.Stdin)
	l.Close()
	var total int64
	for done := false; !done; {
		select {
		case n := <-got:
			total += n
		default:
			done = true
		}
	}
	fmt.Println(total)
	return 0
}

// otherUser runs this test binary as uid 65534, listening on a socket in
// a folder that user can write; it returns the socket's path and a
// function that stops the listener and returns how many bytes it read.
func otherUser(t *testing.T) (string, func() string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to run a process as another uid")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The test binary's own folder is root's alone: copy it where the
	// other user can run it.
	dir, err := os.MkdirTemp("", "tact-peer-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "listener")
	b, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "daemon.sock")
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "TACT_TEST_LISTEN="+sock)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewReader(stdout)
	if line, _ := out.ReadString('\n'); line != "ready\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("listener as uid %d: %q", nobody, line)
	}
	return sock, func() string {
		stdin.Close()
		rest, _ := io.ReadAll(out)
		cmd.Wait()
		return strings.TrimSpace(string(rest))
	}
}

// A daemon's socket answered by a process of another user gets nothing:
// the client checks the peer's uid before sending the request (which
// can carry --secret-env values and Authorization headers).
func TestPeerOfAnotherUserRefused(t *testing.T) {
	sock, stop := otherUser(t)
	home := t.TempDir()
	c := &Client{Session: "peer", paths: datadir.SessionPaths{
		Dir: home, Socket: sock, Lock: filepath.Join(home, "daemon.lock"), Log: filepath.Join(home, "daemon.log"),
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := c.Do(ctx, rpc.Request{Command: "snap", Params: []byte(`{"secret":"hunter2"}`), Globals: rpc.Globals{Timeout: 5 * time.Second}}, true)
	fe := failure.From(err)
	if err == nil || fe.Code != failure.IO || !strings.Contains(err.Error(), "uid 65534") || !strings.Contains(err.Error(), sock) {
		t.Errorf("Do against another user's listener: %v", err)
	}
	if c.Running() {
		t.Errorf("Running() is true for another user's listener")
	}
	if n := stop(); n != "0" {
		t.Errorf("the other user's listener read %s bytes, want 0", n)
	}
}

// The socket's fallback folder ($TMPDIR/tact-<uid>, used when the run
// folder's path is too long for a socket) made first by another user,
// with a listener in it: tact refuses and names the folder and its owner.
func TestSocketFolderOfAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a folder to another uid")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	// A data dir deep enough that the socket moves to the fallback.
	t.Setenv("TACT_HOME", filepath.Join(t.TempDir(), strings.Repeat("deep/", 20)))
	p, err := datadir.Session("fallback")
	if err != nil {
		t.Fatal(err)
	}
	short := filepath.Join(tmp, fmt.Sprintf("tact-%d", os.Getuid()))
	if filepath.Dir(p.Socket) != short {
		t.Fatalf("socket %s is not in the fallback %s", p.Socket, short)
	}
	// The other user's listener, in a folder of theirs.
	l, err := net.Listen("unix", p.Socket)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for _, f := range []string{p.Socket, short} {
		if err := os.Chown(f, nobody, nobody); err != nil {
			t.Fatal(err)
		}
	}
	_, err = New("fallback", "test", Spawn{})
	if err == nil || failure.From(err).Code != failure.IO || !strings.Contains(err.Error(), short) || !strings.Contains(err.Error(), "owned by uid 65534") {
		t.Errorf("New with another user's socket folder: %v", err)
	}
	// Theirs and open to all, or a symlink to a folder of theirs: the
	// same.
	if err := os.Chmod(short, 0o777); err != nil {
		t.Fatal(err)
	}
	if _, err := New("fallback", "test", Spawn{}); err == nil || !strings.Contains(err.Error(), short) {
		t.Errorf("New with a world-writable socket folder: %v", err)
	}
	theirs := filepath.Join(tmp, "theirs")
	if err := os.Rename(short, theirs); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(theirs, short); err != nil {
		t.Fatal(err)
	}
	if _, err := New("fallback", "test", Spawn{}); err == nil || !strings.Contains(err.Error(), short+" is a symlink") {
		t.Errorf("New with a symlinked socket folder: %v", err)
	}
}

// The daemon's environment holds no --secret-env source, workflow
// variable or MCP token: /proc shows a process's environment for as long
// as it runs (hostile pass L7).
func TestDaemonEnvHidesSecrets(t *testing.T) {
	got := daemonEnv([]string{"PATH=/bin", "SEC=hunter2", "TACT_VAR_PASSWORD=x", "TACT_MCP_TOKEN=t", "TACT_HOME=/h", "OTHER=1"}, []string{"SEC"})
	want := []string{"PATH=/bin", "TACT_HOME=/h", "OTHER=1"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("daemonEnv = %q, want %q", got, want)
	}
}
