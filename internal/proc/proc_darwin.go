package proc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"time"

	"golang.org/x/sys/unix"
)

// macOS has no /proc: the kernel's process table answers through sysctl.

// szomb is p_stat of a zombie (sys/proc.h).
const szomb = 5

type stat struct {
	pgrp  int
	start uint64 // microseconds since the epoch
}

func readStat(pid int) (stat, error) {
	if pid <= 0 {
		return stat{}, errors.New("proc: no pid")
	}
	k, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
	if err != nil {
		return stat{}, err
	}
	if int(k.Proc.P_pid) != pid || k.Proc.P_stat == szomb {
		return stat{}, errors.New("proc: no live process")
	}
	t := k.Proc.P_starttime
	return stat{pgrp: int(k.Eproc.Pgid), start: uint64(t.Sec)*1e6 + uint64(t.Usec)}, nil
}

// Args returns the process's command line (nil when it is gone or not
// this user's). kern.procargs2 is argc, the executable path, NUL
// padding, then the arguments, each NUL-terminated.
func (id ID) Args() []string {
	b, err := unix.SysctlRaw("kern.procargs2", id.PID)
	if err != nil || len(b) < 4 {
		return nil
	}
	argc := int(binary.LittleEndian.Uint32(b))
	b = b[4:]
	i := bytes.IndexByte(b, 0)
	if i < 0 {
		return nil
	}
	b = bytes.TrimLeft(b[i:], "\x00")
	var args []string
	for len(args) < argc && len(b) > 0 {
		i := bytes.IndexByte(b, 0)
		if i < 0 {
			i = len(b)
		}
		args = append(args, string(b[:i]))
		b = b[min(i+1, len(b)):]
	}
	return args
}

// Age is how long this process has run (wall clock). 0 when unknown.
func Age() time.Duration {
	self := Self()
	if self.Start == 0 {
		return 0
	}
	return max(time.Since(time.UnixMicro(int64(self.Start))), 0)
}
