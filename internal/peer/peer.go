// Package peer identifies the process at the other end of a unix socket,
// so neither the CLI nor the daemon talks to another local user's process.
package peer

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// ForeignError is a peer that runs as another user.
type ForeignError struct {
	Socket string
	UID    int
}

func (e *ForeignError) Error() string {
	return fmt.Sprintf("the process at the other end of %s runs as uid %d, not you (uid %d)", e.Socket, e.UID, os.Geteuid())
}

// errUnknown: this platform cannot say who the peer is.
var errUnknown = errors.New("peer credentials unavailable on this platform")

// Check returns a *ForeignError when the peer of conn (a unix socket: a
// *net.UnixConn, or the relay's *os.File) runs as a user other than this
// process's effective one. Where the platform cannot tell (see uid), it
// returns nil: there the socket's private folder is the guard.
func Check(conn syscall.Conn, socket string) error {
	id, err := uid(conn)
	if errors.Is(err, errUnknown) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot tell who listens on %s: %w", socket, err)
	}
	if id != os.Geteuid() {
		return &ForeignError{Socket: socket, UID: id}
	}
	return nil
}

// uid is the uid of the process at the other end of c.
func uid(c syscall.Conn) (int, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return -1, err
	}
	id, ferr := -1, error(nil)
	if err := raw.Control(func(fd uintptr) { id, ferr = fdUID(int(fd)) }); err != nil {
		return -1, err
	}
	return id, ferr
}
