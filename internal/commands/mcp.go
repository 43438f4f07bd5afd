package commands

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/mcp"
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

// RunLocal serves until stdin closes.
func (c *Mcp) RunLocal(ctx context.Context, env *LocalEnv) error {
	o := mcp.Options{
		Commands: SchemaCommands(),
		Globals:  env.Globals,
		Version:  env.Version,
		Log:      env.Stderr,

		Structured: c.Structured,
		Origins:    c.AllowOrigin,
	}
	if c.HTTP == "" && len(c.AllowOrigin) > 0 {
		return failure.New(failure.Usage, "--allow-origin is for --http")
	}
	if c.HTTP == "" && c.NoTokenAnyLocalUser {
		return failure.New(failure.Usage, "--no-token-any-local-user is for --http")
	}
	o.AnyLocalUser = c.NoTokenAnyLocalUser
	if c.HTTP != "" {
		ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
		return mcp.ServeHTTP(ctx, o, c.HTTP, os.Getenv("TACT_MCP_TOKEN"), func(a net.Addr) {
			fmt.Fprintf(env.Stderr, "tact mcp: serving http://%s/\n", a)
		})
	}
	return mcp.Serve(ctx, o, env.Stdin, env.Stdout)
}
