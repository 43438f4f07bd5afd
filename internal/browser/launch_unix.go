//go:build !windows

package browser

import (
	"errors"
	"syscall"
)

// pipeSupported: the browser inherits the CDP pipe as its fds 3 and 4.
const pipeSupported = true

// ownGroup starts the browser in a process group of its own.
func ownGroup() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the process group the browser leads.
func killGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }

// killIdentified kills a browser Identity.Kill proved to be ours, and
// its group while it leads one.
func killIdentified(b Identity) {
	group := b.LeadsGroup()
	_ = b.Signal(syscall.SIGKILL)
	if group {
		killGroup(b.PID)
	}
}

// Alive reports whether a process with this pid exists (a zombie not yet
// reaped included).
func Alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
