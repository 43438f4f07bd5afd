package relay

import (
	"os"

	"github.com/tact-browser/tact/internal/build"
)

// full runs the call in the full CLI, tact-daemon, as a child with this
// call's streams (Windows has no exec).
func full(args []string) int {
	exe, err := build.DaemonPath()
	if err != nil {
		return PrintErr(os.Stdout, os.Stderr, "text", err)
	}
	return Run(exe, append([]string{FullCommand}, args...), os.Stdout, os.Stderr, nil)
}
