package cli_test

import (
	"os"
	"syscall"
	"testing"
)

// Process control of the lifecycle tests, per OS.

func ownGroupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }

func killPID(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
		p.Release()
	}
}

func stopPID(t *testing.T, pid int) (cont func()) {
	t.Skip("Windows cannot freeze a process with a signal")
	return nil
}
