package relay

import (
	"net"
	"time"
)

// dial connects to the session's AF_UNIX socket (Windows builds are static
// whatever they link).
func dial(path string) (*net.UnixConn, error) {
	c, err := net.DialTimeout("unix", path, time.Second)
	if err != nil {
		return nil, err
	}
	return c.(*net.UnixConn), nil
}
