//go:build darwin || freebsd

package peer

import "golang.org/x/sys/unix"

// fdUID is the peer's effective uid from LOCAL_PEERCRED (getpeereid).
func fdUID(fd int) (int, error) {
	cred, err := unix.GetsockoptXucred(fd, unix.SOL_LOCAL, unix.LOCAL_PEERCRED)
	if err != nil {
		return -1, err
	}
	return int(cred.Uid), nil
}
