package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/failure"
)

// The daemon is $TACT_DAEMON, else tact-daemon beside this executable; a
// missing one is a one-line BROWSER_UNAVAILABLE naming the file.
func TestDaemonPath(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "my-daemon")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TACT_DAEMON", exe)
	if p, err := DaemonPath(); err != nil || p != exe {
		t.Errorf("TACT_DAEMON=%s: %q %v", exe, p, err)
	}
	t.Setenv("TACT_DAEMON", filepath.Join(dir, "gone"))
	if _, err := DaemonPath(); err == nil || failure.From(err).Code != failure.BrowserUnavailable || !strings.Contains(err.Error(), "gone") {
		t.Errorf("a missing TACT_DAEMON: %v", err)
	}
	// The test binary has no tact-daemon beside it.
	t.Setenv("TACT_DAEMON", "")
	_, err := DaemonPath()
	self, _ := os.Executable()
	if err == nil || failure.From(err).Code != failure.BrowserUnavailable || !strings.Contains(err.Error(), filepath.Join(filepath.Dir(self), DaemonName)) {
		t.Errorf("no tact-daemon beside %s: %v", self, err)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("not one line: %q", err)
	}
}
