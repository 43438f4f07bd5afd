//go:build !windows

package proc

// On Unix systems readStat (procfs, or sysctl on macOS) answers for a pid.

// Of identifies the live process with this pid.
func Of(pid int) (ID, error) {
	st, err := readStat(pid)
	if err != nil {
		return ID{}, err
	}
	return ID{PID: pid, Start: st.start}, nil
}

// Alive reports whether this very process still runs (not merely a
// process with the same pid).
func (id ID) Alive() bool {
	if id.PID <= 0 || id.Start == 0 {
		return false
	}
	st, err := readStat(id.PID)
	return err == nil && st.start == id.Start
}

// LeadsGroup reports whether the process is the leader of its own process
// group, i.e. the group was created for it (Setpgid) and carries its pid.
func (id ID) LeadsGroup() bool {
	st, err := readStat(id.PID)
	return err == nil && st.start == id.Start && st.pgrp == id.PID
}
