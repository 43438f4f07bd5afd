package build

import (
	"os"
	"path/filepath"
	"runtime"

	"github.com/tact-browser/tact/internal/failure"
)

// DaemonName is the session daemon's executable, installed beside tact. It
// is a binary of its own so that the CLI, which every agent call starts,
// never links (and initialises) what only the daemon uses: the
// main-content extraction stack.
const DaemonName = "tact-daemon"

// DaemonPath is the daemon executable this client starts: $TACT_DAEMON
// when set, else tact-daemon in this executable's directory (symlinks
// resolved, so a linked tact finds the daemon it was installed with).
func DaemonPath() (string, error) {
	if p := os.Getenv("TACT_DAEMON"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", failure.New(failure.BrowserUnavailable, "TACT_DAEMON: %v", err)
		}
		return p, nil
	}
	p, err := beside(DaemonName)
	if err != nil {
		return "", failure.New(failure.Internal, "find own executable: %v", err)
	}
	if _, err := os.Stat(p); err != nil {
		return "", failure.New(failure.BrowserUnavailable, "%s is missing: tact runs its sessions with the %s installed beside it (reinstall tact, or set TACT_DAEMON)", p, DaemonName)
	}
	return p, nil
}

// RelayPath is the tact installed beside this executable (the daemon's
// relay, internal/relay); "" when this executable cannot be found.
func RelayPath() string {
	p, _ := beside("tact")
	return p
}

// Self is this executable, symlinks resolved.
func Self() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return exe, nil
}

// beside is the executable name (".exe" added on Windows) in this
// executable's directory.
func beside(name string) (string, error) {
	exe, err := Self()
	if err != nil {
		return "", err
	}
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return filepath.Join(filepath.Dir(exe), name), nil
}
