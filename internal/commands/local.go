package commands

import (
	"context"
	"io"
	"reflect"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/rpc"
	"github.com/tact-browser/tact/internal/schema"
	"github.com/tact-browser/tact/internal/session"
	"github.com/tact-browser/tact/internal/snapshot"
	"github.com/tact-browser/tact/internal/verdict"
)

// Local is a command that runs in the CLI process itself and never needs
// the session daemon or a browser (schema, init, mcp). The CLI calls
// RunLocal instead of sending the command to the daemon.
type Local interface {
	RunLocal(ctx context.Context, env *LocalEnv) error
}

// LocalEnv is what a local command gets: the parsed globals and the
// process's standard streams.
type LocalEnv struct {
	Globals rpc.Globals
	Version string
	Stdin   io.Reader
	Stdout  io.Writer
	Stderr  io.Writer
	// MCP is the MCP server, in the binary that links it (nil in tact).
	MCP MCPServer
}

// runsLocally is the daemon-side Run of a local command: the CLI never
// sends one, but a hand-made request could.
func runsLocally(name string) (*Output, error) {
	return nil, failure.New(failure.Usage, "%s runs in the CLI, not in the session daemon", name)
}

// SchemaCommands is the registry as internal/schema and internal/mcp see
// it: every command with the shape of its `-o json` output.
func SchemaCommands() []schema.Command {
	var out []schema.Command
	for _, e := range All() {
		out = append(out, schema.Command{Name: e.Name, Help: e.Help, Type: e.Type, Output: outputOf(e)})
	}
	return out
}

// Output shapes (what the commands' Run put in Output.Data).
type (
	actionData struct {
		OK      bool     `json:"ok"`
		Changed *bool    `json:"changed,omitempty"` // false: the page did not react
		Effects []string `json:"effects"`
		// Verdict is what the page did, as data (absent after open, back,
		// reload, tab and session commands).
		Verdict *verdict.Verdict `json:"verdict,omitempty"`
		Snap    *snapshot.Page   `json:"snap,omitempty"`
	}
	dryRunData struct {
		DryRun bool   `json:"dry_run"`
		Action string `json:"action"`
		Target string `json:"target"`
	}
	closedData struct {
		Closed   bool `json:"closed"`
		TabsLeft *int `json:"tabs_left,omitempty"` // close: tabs still open
	}
	shotData struct {
		Path   string `json:"path"`
		Bytes  int    `json:"bytes"`
		Labels *int   `json:"labels,omitempty"` // with --annotate: ref labels drawn
	}
	waitData struct {
		OK       bool  `json:"ok"`
		WaitedMS int64 `json:"waited_ms"`
	}
	statusData struct {
		Running bool `json:"running"`
		session.Info
		Dialog string `json:"dialog,omitempty"` // the session's dialog policy
	}
	// NotRunning is what browser status and stop print when no daemon
	// runs (the CLI prints it without one).
	NotRunning struct {
		Running bool   `json:"running"` // false
		Message string `json:"message"`
	}
	stopData struct {
		Stopped  bool `json:"stopped"`
		Launched bool `json:"launched"`
	}
)

// outputShaper is a command that declares the shapes of its -o json
// output (outputs.go), for the schemas and MCP.
type outputShaper interface{ outputs() []any }

func outputOf(e Entry) []any {
	switch c := reflect.New(e.Type).Interface().(type) {
	case outputShaper:
		return c.outputs()
	case actionCmd:
		return []any{reflect.TypeOf(actionData{}), reflect.TypeOf(dryRunData{})}
	}
	return nil
}
