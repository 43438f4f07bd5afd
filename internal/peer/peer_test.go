package peer

import (
	"net"
	"path/filepath"
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
	for _, conn := range []net.Conn{c, s} {
		if err := Check(conn, sock); err != nil {
			t.Errorf("Check: %v", err)
		}
	}
	if err := Check(&net.TCPConn{}, sock); err != nil {
		t.Errorf("a TCP connection: %v", err)
	}
}
