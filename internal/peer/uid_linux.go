package peer

import "golang.org/x/sys/unix"

// fdUID is the peer's uid from SO_PEERCRED (as it was when it connected
// or listened).
func fdUID(fd int) (int, error) {
	cred, err := unix.GetsockoptUcred(fd, unix.SOL_SOCKET, unix.SO_PEERCRED)
	if err != nil {
		return -1, err
	}
	return int(cred.Uid), nil
}
