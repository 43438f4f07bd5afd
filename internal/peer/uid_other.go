//go:build !linux && !darwin && !freebsd

package peer

// fdUID: on Windows, AF_UNIX sockets carry no peer credentials Go can
// read; the socket lives in the user's %LocalAppData%, which the user's
// ACL closes to other users. Other unixes rely on the private run folder.
func fdUID(int) (int, error) { return -1, errUnknown }
