package cli

import (
	"encoding/json"
	"os"
	"syscall"
)

// killOrphan stops a browser a dead daemon launched (recorded in the
// session state), so `browser stop` never leaves Chrome behind.
func killOrphan(stateFile string) bool {
	b, err := os.ReadFile(stateFile)
	if err != nil {
		return false
	}
	var st struct {
		PID      int  `json:"pid"`
		Launched bool `json:"launched"`
	}
	if json.Unmarshal(b, &st) != nil || !st.Launched || st.PID <= 0 {
		return false
	}
	if syscall.Kill(st.PID, 0) != nil {
		return false
	}
	_ = syscall.Kill(-st.PID, syscall.SIGKILL)
	_ = syscall.Kill(st.PID, syscall.SIGKILL)
	return true
}
