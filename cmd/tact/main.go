// Command tact is a browser CLI for AI agents.
package main

import (
	"os"

	"github.com/tact-browser/tact/internal/cli"
)

func main() {
	cli.Version = cli.BuildVersion()
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
