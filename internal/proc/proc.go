// Package proc identifies processes beyond their pid. A pid is reused once
// its process is gone, so tact only ever signals a process whose pid AND
// start time match what it recorded when it started that process.
package proc

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// ID is a process: its pid and its start time (clock ticks after boot,
// field 22 of /proc/PID/stat; on macOS microseconds since the epoch from
// sysctl; on Windows its creation time as a FILETIME), which together
// never repeat.
type ID struct {
	PID   int    `json:"pid"`
	Start uint64 `json:"start"`
}

// Self identifies this process.
func Self() ID {
	id, _ := Of(os.Getpid())
	return id
}

// HasArg reports whether the process was started with exactly this
// argument.
func (id ID) HasArg(arg string) bool {
	for _, a := range id.Args() {
		if a == arg {
			return true
		}
	}
	return false
}

// Signal sends sig to this very process. The pidfd (Linux) or process
// handle (Windows) behind os.FindProcess pins the process, so a pid reused
// after the check is never signalled. Windows knows only SIGKILL.
func (id ID) Signal(sig syscall.Signal) error {
	p, err := os.FindProcess(id.PID)
	if err != nil {
		return err
	}
	defer p.Release()
	if !id.Alive() {
		return os.ErrProcessDone
	}
	return p.Signal(sig)
}

// Record writes id into a lock file its holder keeps open, so another
// process can tell who holds the lock (see Holder).
func (id ID) Record(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt([]byte(strconv.Itoa(id.PID)+" "+strconv.FormatUint(id.Start, 10)+"\n"), 0)
	return err
}

// TryLock takes the exclusive lock on f, a session's lock file, without
// waiting: an error means another process holds it. The lock ends when f
// is closed (or its process exits).
func TryLock(f *os.File) error { return tryLock(f, true) }

// Holder reports whether someone holds the lock (TryLock) on path and, when the
// holder recorded itself (Record), who. A free lock is left free.
func Holder(path string) (id ID, held bool) {
	f, err := os.Open(path)
	if err != nil {
		return ID{}, false
	}
	defer f.Close()
	if tryLock(f, false) == nil {
		_ = unlock(f)
		return ID{}, false
	}
	b := make([]byte, 64)
	n, _ := f.Read(b)
	fields := strings.Fields(string(b[:n]))
	if len(fields) == 2 {
		id.PID, _ = strconv.Atoi(fields[0])
		id.Start, _ = strconv.ParseUint(fields[1], 10, 64)
	}
	return id, true
}
