package mcp

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/tact-browser/tact/internal/commands"
)

// RunCommand is `tact mcp` (a commands.MCPServer): it serves the commands
// over stdio until stdin closes, or over streamable HTTP with --http
// until SIGINT or SIGTERM.
func RunCommand(ctx context.Context, c *commands.Mcp, env *commands.LocalEnv) error {
	o := Options{
		Commands: commands.SchemaCommands(),
		Globals:  env.Globals,
		Version:  env.Version,
		Log:      env.Stderr,

		Structured:   c.Structured,
		Origins:      c.AllowOrigin,
		AnyLocalUser: c.NoTokenAnyLocalUser,
	}
	if c.HTTP != "" {
		ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
		return ServeHTTP(ctx, o, c.HTTP, os.Getenv("TACT_MCP_TOKEN"), func(a net.Addr) {
			fmt.Fprintf(env.Stderr, "tact mcp: serving http://%s/\n", a)
		})
	}
	return Serve(ctx, o, env.Stdin, env.Stdout)
}
