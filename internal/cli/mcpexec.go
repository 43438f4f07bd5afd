package cli

import (
	"io"

	"github.com/tact-browser/tact/internal/build"
	"github.com/tact-browser/tact/internal/relay"
)

// mcpElsewhere runs `tact mcp` in tact-daemon, the binary that links the
// MCP server (see Linked), with this call's arguments and streams, and
// returns its exit code. Signals sent to tact reach the server too.
func mcpElsewhere(args []string, stdout, stderr io.Writer, format string) int {
	exe, err := build.DaemonPath()
	if err != nil {
		return printErr(stdout, stderr, format, err)
	}
	return relay.Run(exe, append([]string{"__mcp"}, args...), stdout, stderr, nil)
}
