package peer

import (
	"net"
	"path/filepath"
	"syscall"
	"testing"
)

// A connection between two ends of this user passes, on both sides.
// (internal/client tests a listener of another uid.)
func TestSameUserPasses(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// The relay holds its connection as an *os.File (it links no net).
	f, err := c.(*net.UnixConn).File()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, conn := range []syscall.Conn{c.(*net.UnixConn), s.(*net.UnixConn), f} {
		if err := Check(conn, sock); err != nil {
			t.Errorf("Check(%T): %v", conn, err)
		}
	}
	// A connection that cannot be asked is not taken on trust.
	if err := Check(&net.TCPConn{}, sock); err == nil {
		t.Errorf("a closed connection passed")
	}
}
