// Command tact-daemon is tact's session daemon: tact starts it (as
// `tact-daemon __daemon --session NAME …`) from the directory it is
// installed in, and runs `tact mcp` (as `tact-daemon __mcp <args>`). It
// is the only binary that links the main-content extraction
// (internal/read) and the MCP server, so the CLI's calls never
// initialise them.
package main

import (
	"os"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/mcp"
	"github.com/tact-browser/tact/internal/read"
)

// Stamped as cmd/tact's are (one -ldflags builds both).
var version, commit, date string

func main() {
	exe, _ := os.Executable()
	cli.Begin(cli.Stamp{Version: version, Commit: commit, Date: date}, exe)
	os.Exit(cli.Daemon(os.Args[1:], os.Stdout, os.Stderr, cli.Linked{Read: read.Reader, MCP: mcp.RunCommand}))
}
