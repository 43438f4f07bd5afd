//go:build !windows

package client

import (
	"syscall"

	"github.com/tact-browser/tact/internal/proc"
)

// detached starts the daemon in a session of its own.
func detached() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// askRelisten asks the session's daemon to listen on its socket again.
func askRelisten(daemon proc.ID) { _ = daemon.Signal(syscall.SIGUSR1) }
