package proc

import (
	"errors"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// stillActive is GetExitCodeProcess's answer for a process that runs.
const stillActive = 259

// open opens a live process for queries.
func open(pid int) (windows.Handle, error) {
	if pid <= 0 {
		return 0, errors.New("proc: no pid")
	}
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return 0, err
	}
	var code uint32
	if err := windows.GetExitCodeProcess(h, &code); err != nil || code != stillActive {
		windows.CloseHandle(h)
		return 0, errors.New("proc: no live process")
	}
	return h, nil
}

// created is a process's creation time (100 ns units since 1601).
func created(h windows.Handle) (uint64, error) {
	var c, e, k, u windows.Filetime
	if err := windows.GetProcessTimes(h, &c, &e, &k, &u); err != nil {
		return 0, err
	}
	return uint64(c.HighDateTime)<<32 | uint64(c.LowDateTime), nil
}

// Of identifies the live process with this pid.
func Of(pid int) (ID, error) {
	h, err := open(pid)
	if err != nil {
		return ID{}, err
	}
	defer windows.CloseHandle(h)
	start, err := created(h)
	if err != nil {
		return ID{}, err
	}
	return ID{PID: pid, Start: start}, nil
}

// Alive reports whether this very process still runs (not merely a
// process with the same pid).
func (id ID) Alive() bool {
	if id.PID <= 0 || id.Start == 0 {
		return false
	}
	now, err := Of(id.PID)
	return err == nil && now.Start == id.Start
}

// Args returns the process's command line (nil when it is gone or cannot
// be read), split as the C runtime splits it.
func (id ID) Args() []string {
	h, err := open(id.PID)
	if err != nil {
		return nil
	}
	defer windows.CloseHandle(h)
	// ProcessCommandLineInformation (Windows 8.1+) answers a
	// UNICODE_STRING followed by its characters.
	buf := make([]byte, 4096)
	for {
		var n uint32
		err := windows.NtQueryInformationProcess(h, windows.ProcessCommandLineInformation, unsafe.Pointer(&buf[0]), uint32(len(buf)), &n)
		if err == nil {
			break
		}
		if int(n) <= len(buf) || len(buf) >= 1<<20 {
			return nil
		}
		buf = make([]byte, n)
	}
	us := (*windows.NTUnicodeString)(unsafe.Pointer(&buf[0]))
	args, err := windows.DecomposeCommandLine(us.String())
	if err != nil {
		return nil
	}
	return args
}

// LeadsGroup reports whether the process still runs: Windows has no
// process groups; tact ends a browser's helpers as its process tree.
func (id ID) LeadsGroup() bool { return id.Alive() }

// Age is how long this process has run, from its creation. 0 when
// unknown.
func Age() time.Duration {
	self := Self()
	if self.Start == 0 {
		return 0
	}
	ft := windows.Filetime{HighDateTime: uint32(self.Start >> 32), LowDateTime: uint32(self.Start)}
	return max(time.Since(time.Unix(0, ft.Nanoseconds())), 0)
}
