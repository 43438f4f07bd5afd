// Command tact is a browser CLI for AI agents. Its session daemon is
// cmd/tact-daemon, installed beside it.
package main

import (
	"os"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/client"
)

// Set by release builds: -ldflags "-X main.version=v1.2.3 -X main.commit=…
// -X main.date=…". Unset, they come from the build information.
var version, commit, date string

func main() {
	// The daemon this CLI starts must be of its build; a missing one
	// fails when a command needs it, saying so.
	daemon, _ := client.DaemonPath()
	cli.Begin(cli.Stamp{Version: version, Commit: commit, Date: date}, daemon)
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
