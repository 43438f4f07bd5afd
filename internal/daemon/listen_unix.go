//go:build !windows

package daemon

import (
	"net"
	"os"
	"syscall"
)

// relistenSignal asks a daemon whose socket file was lost to listen again
// (see client.revive).
var relistenSignal os.Signal = syscall.SIGUSR1

// socketCheck is unused where the signal asks.
const socketCheck = 0

// listenPrivate listens on a unix socket only this user can connect to:
// created 0600 (umask), never briefly open to others.
func listenPrivate(path string) (net.Listener, error) {
	old := syscall.Umask(0o177)
	defer syscall.Umask(old)
	return net.Listen("unix", path)
}
