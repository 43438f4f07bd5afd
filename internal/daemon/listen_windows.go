package daemon

import (
	"net"
	"os"
	"time"
)

// relistenSignal: Windows has no user signals; a daemon looks at its
// socket file every socketCheck instead and listens again when it is lost.
var relistenSignal os.Signal

// socketCheck is how often.
const socketCheck = 2 * time.Second

// listenPrivate listens on an AF_UNIX socket (Windows 10 1803+). Its file
// lives in the session's run directory under %LocalAppData%, which only
// this user (and administrators) can open.
func listenPrivate(path string) (net.Listener, error) { return net.Listen("unix", path) }
