package relay

import (
	"io"
	"os"
	"syscall"
)

// StdoutClosed reports a stdout the caller closed (`tact … >&-`). The Go
// runtime reopens a closed standard descriptor on /dev/null, read-write,
// so writes succeed and the result would vanish with exit 0; a shell's
// `>/dev/null` opens it write-only, which stays allowed.
func StdoutClosed(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil {
		return true
	}
	null, err := os.Stat(os.DevNull)
	if err != nil || !os.SameFile(st, null) {
		return false
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFL, 0)
	return errno == 0 && flags&syscall.O_ACCMODE == syscall.O_RDWR
}
