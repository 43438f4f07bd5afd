//go:build !windows

package relay

import (
	"os"
	"syscall"

	"github.com/tact-browser/tact/internal/build"
)

// full runs the call in the full CLI: tact-daemon takes this process's
// place (same pid, streams, signals and start time), so the call is as if
// it had run here.
func full(args []string) int {
	exe, err := build.DaemonPath()
	if err != nil {
		return PrintErr(os.Stdout, os.Stderr, "text", err)
	}
	err = syscall.Exec(exe, append([]string{exe, FullCommand}, args...), os.Environ())
	return Run(exe, append([]string{FullCommand}, args...), os.Stdout, os.Stderr, err)
}
