package cli

import (
	"time"

	"github.com/tact-browser/tact/internal/build"
	"github.com/tact-browser/tact/internal/proc"
)

// Stamp is what the linker may set (see build.Stamp).
type Stamp = build.Stamp

// Begin records what main knows of this process: when it started (for
// --verbose timings), the linker's stamp, and the daemon executable whose
// identity the CLI and its daemon compare (Build.Identity).
func Begin(s Stamp, daemonExe string) {
	Started = time.Now().Add(-proc.Age())
	Release = build.ReadBuild(s)
	Version = Release.Identity(daemonExe)
}
