// Command tact is a browser CLI for AI agents.
package main

import (
	"os"
	"time"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/proc"
)

// Set by release builds: -ldflags "-X main.version=v1.2.3 -X main.commit=…
// -X main.date=…". Unset, they come from the build information.
var version, commit, date string

func main() {
	cli.Started = time.Now().Add(-proc.Age())
	cli.Release = cli.ReadBuild(cli.Stamp{Version: version, Commit: commit, Date: date})
	cli.Version = cli.Release.Identity()
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
