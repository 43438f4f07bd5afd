// Command tact is a browser CLI for AI agents.
package main

import (
	"os"
	"time"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/proc"
)

func main() {
	cli.Started = time.Now().Add(-proc.Age())
	cli.Version = cli.BuildVersion()
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
