package client

import (
	"syscall"

	"golang.org/x/sys/windows"

	"github.com/tact-browser/tact/internal/proc"
)

// detached starts the daemon without a console and in a process group of
// its own: closing the caller's console or a Ctrl+C in it leaves it be.
func detached() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: windows.DETACHED_PROCESS | windows.CREATE_NEW_PROCESS_GROUP, HideWindow: true}
}

// askRelisten: a Windows daemon looks at its socket file by itself.
func askRelisten(proc.ID) {}
