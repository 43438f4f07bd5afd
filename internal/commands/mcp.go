package commands

import (
	"context"

	"github.com/tact-browser/tact/internal/mcp"
)

// Mcp serves the commands as MCP tools over stdio. It runs in the CLI;
// each tool call goes to the session's daemon like a CLI call does.
type Mcp struct{}

// Run refuses: mcp is local.
func (c *Mcp) Run(ctx context.Context, env *Env) (*Output, error) { return runsLocally("mcp") }

// RunLocal serves until stdin closes.
func (c *Mcp) RunLocal(ctx context.Context, env *LocalEnv) error {
	return mcp.Serve(ctx, mcp.Options{
		Commands: SchemaCommands(),
		Globals:  env.Globals,
		Version:  env.Version,
		Log:      env.Stderr,
	}, env.Stdin, env.Stdout)
}
