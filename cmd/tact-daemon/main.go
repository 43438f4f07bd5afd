// Command tact-daemon is tact's session daemon: tact starts it (as
// `tact-daemon __daemon --session NAME …`) from the directory it is
// installed in, runs `tact mcp` (as `tact-daemon __mcp <args>`) and every
// call tact does not relay to a running daemon (`tact-daemon __cli
// <args>`). It is the only binary that links the flag parser, the
// main-content extraction (internal/read) and the MCP server, so an
// agent's relayed calls never initialise them.
package main

import (
	"os"

	"github.com/tact-browser/tact/internal/build"
	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/mcp"
	"github.com/tact-browser/tact/internal/read"
	"github.com/tact-browser/tact/internal/relay"
)

// Stamped as cmd/tact's are (one -ldflags builds both).
var version, commit, date string

func main() {
	exe, _ := os.Executable()
	if len(os.Args) > 1 && os.Args[1] == relay.FullCommand {
		// tact's call: the daemon it starts is the one tact finds.
		exe, _ = build.DaemonPath()
	}
	cli.Begin(cli.Stamp{Version: version, Commit: commit, Date: date}, exe)
	os.Exit(cli.Daemon(os.Args[1:], os.Stdout, os.Stderr, cli.Linked{Read: read.Reader, MCP: mcp.RunCommand}))
}
