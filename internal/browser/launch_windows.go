package browser

import (
	"os/exec"
	"strconv"
	"syscall"

	"golang.org/x/sys/windows"

	"github.com/tact-browser/tact/internal/proc"
)

// pipeSupported: os/exec passes no handles beyond stdio on Windows, and
// Chrome reads --remote-debugging-pipe from fds 3 and 4, so the browser
// speaks CDP on a 127.0.0.1 port instead (any free one unless --port).
const pipeSupported = false

// ownGroup starts the browser in a console process group of its own, so
// a Ctrl+C in the caller's console does not reach it.
func ownGroup() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: windows.CREATE_NEW_PROCESS_GROUP}
}

// killGroup kills the browser's process tree (its helpers are children
// of it): Windows has no process groups to signal.
func killGroup(pid int) {
	cmd := exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(pid))
	cmd.SysProcAttr = &syscall.SysProcAttr{HideWindow: true}
	_ = cmd.Run()
}

// killIdentified kills a browser Identity.Kill proved to be ours: its
// tree first (taskkill finds the helpers through their live parent), then
// the browser itself should it remain.
func killIdentified(b Identity) {
	if b.LeadsGroup() {
		killGroup(b.PID)
	}
	_ = b.Signal(syscall.SIGKILL)
}

// Alive reports whether a process with this pid runs.
func Alive(pid int) bool {
	_, err := proc.Of(pid)
	return err == nil
}
