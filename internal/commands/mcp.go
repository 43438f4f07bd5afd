package commands

import (
	"context"

	"github.com/tact-browser/tact/internal/failure"
)

// Mcp serves the commands as MCP tools over stdio, or over streamable
// HTTP with --http. It runs in the CLI; each tool call goes to the
// session's daemon like a CLI call does.
type Mcp struct {
	Structured  bool     `help:"Give each tool its output schema and each result its JSON as structured content (about 3x the tools/list size)."`
	HTTP        string   `name:"http" help:"Serve over MCP streamable HTTP on HOST:PORT instead of stdio. Needs TACT_MCP_TOKEN, a secret clients send as a bearer token (or, on loopback only, --no-token-any-local-user). Requests from a web page of another origin get 403; at most 16 sessions, each ending after 30 minutes idle." placeholder:"HOST:PORT"`
	AllowOrigin []string `name:"allow-origin" sep:"none" help:"With --http: a browser origin allowed to call the server besides its own, e.g. http://localhost:6274 (repeatable)." placeholder:"ORIGIN"`
	// A loopback port is open to every user of the machine: serving
	// without a token is a choice the user makes by name.
	NoTokenAnyLocalUser bool `name:"no-token-any-local-user" help:"With --http on loopback and no TACT_MCP_TOKEN: serve anyway. Every local user can then drive this browser: its logins, its downloads, the files it may upload."`
}

// Run refuses: mcp is local.
func (c *Mcp) Run(ctx context.Context, env *Env) (*Output, error) { return runsLocally("mcp") }

// MCPServer serves c (internal/mcp.RunCommand). Only the daemon binary
// links it: the CLI runs `tact mcp` there, so no other call pays for
// initialising the MCP SDK.
type MCPServer func(ctx context.Context, c *Mcp, env *LocalEnv) error

// RunLocal serves until stdin closes (or a signal, with --http).
func (c *Mcp) RunLocal(ctx context.Context, env *LocalEnv) error {
	if c.HTTP == "" && len(c.AllowOrigin) > 0 {
		return failure.New(failure.Usage, "--allow-origin is for --http")
	}
	if c.HTTP == "" && c.NoTokenAnyLocalUser {
		return failure.New(failure.Usage, "--no-token-any-local-user is for --http")
	}
	if env.MCP == nil {
		return failure.New(failure.Internal, "this binary does not serve MCP; tact runs `tact mcp` in tact-daemon")
	}
	return env.MCP(ctx, c, env)
}
