package proc

import (
	"os"

	"golang.org/x/sys/windows"
)

// lockOffset is the byte Windows locks: far past the holder's record,
// which a locked range would keep others from reading.
const lockOffset = 1 << 30

func lockRegion() *windows.Overlapped { return &windows.Overlapped{Offset: lockOffset} }

// tryLock takes a LockFileEx lock on f without waiting.
func tryLock(f *os.File, exclusive bool) error {
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	return windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, lockRegion())
}

func unlock(f *os.File) error {
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, lockRegion())
}
