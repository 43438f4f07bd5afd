//go:build !windows && !darwin

package proc

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"time"
)

// stat holds the fields of /proc/PID/stat tact needs.
type stat struct {
	pgrp  int
	start uint64
}

func readStat(pid int) (stat, error) {
	if pid <= 0 {
		return stat{}, errors.New("proc: no pid")
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return stat{}, err
	}
	// The command name (field 2) may contain spaces and parentheses: the
	// fields that follow start after its last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return stat{}, errors.New("proc: malformed stat")
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 { // f[0] is field 3 (state), f[19] field 22 (starttime)
		return stat{}, errors.New("proc: short stat")
	}
	pgrp, err1 := strconv.Atoi(f[2])
	start, err2 := strconv.ParseUint(f[19], 10, 64)
	if err1 != nil || err2 != nil || f[0] == "Z" {
		return stat{}, errors.New("proc: no live process")
	}
	return stat{pgrp: pgrp, start: start}, nil
}

// Args returns the process's command line (nil when it is gone).
func (id ID) Args() []string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(id.PID) + "/cmdline")
	if err != nil || len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00")
}

// clockTicks is USER_HZ, the unit of /proc start times: 100 on every
// Linux architecture Go supports.
const clockTicks = 100

// Age is how long this process has run, from its exec (boot-relative
// clocks, so a wall clock change does not matter). 0 when unknown.
func Age() time.Duration {
	b, err := os.ReadFile("/proc/uptime")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	up, err := strconv.ParseFloat(f[0], 64)
	self := Self()
	if err != nil || self.Start == 0 {
		return 0
	}
	age := time.Duration((up - float64(self.Start)/clockTicks) * float64(time.Second))
	return max(age, 0)
}
