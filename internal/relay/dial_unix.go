//go:build !windows

package relay

import (
	"os"
	"syscall"
)

// dial connects to the session's unix socket with plain system calls, not
// the net package: linking net links its cgo resolver too, and a
// dynamically linked relay starts ~1 ms slower than a static one on every
// call. The socket is non-blocking, so the *os.File takes deadlines.
func dial(path string) (*os.File, error) {
	syscall.ForkLock.RLock()
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, err
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, err
	}
	// A unix socket connects at once or fails (EAGAIN: the daemon's
	// backlog is full); either way the full CLI takes over on failure.
	if err := syscall.Connect(fd, &syscall.SockaddrUnix{Name: path}); err != nil {
		syscall.Close(fd)
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}
