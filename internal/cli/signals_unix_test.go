//go:build !windows

package cli_test

import (
	"syscall"
	"testing"
)

// Process control of the lifecycle tests, per OS.

func ownGroupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func killPID(pid int) { _ = syscall.Kill(pid, syscall.SIGKILL) }

// stopPID freezes a process (SIGSTOP); the returned func resumes it.
func stopPID(t *testing.T, pid int) (cont func()) {
	_ = syscall.Kill(pid, syscall.SIGSTOP)
	return func() { _ = syscall.Kill(pid, syscall.SIGCONT) }
}
