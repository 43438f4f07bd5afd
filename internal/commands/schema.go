package commands

import (
	"context"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/schema"
)

// Schema prints JSON Schemas (draft 2020-12) of commands' input and output
// and the exit code table. It runs in the CLI; no daemon is started.
type Schema struct {
	Command []string `arg:"" optional:"" help:"Only this command (e.g. snap, \"tab new\"), or workflow: the workflow file format; default: all."`
}

// Run refuses: schema is local.
func (c *Schema) Run(ctx context.Context, env *Env) (*Output, error) { return runsLocally("schema") }

// RunLocal prints the schema document.
func (c *Schema) RunLocal(ctx context.Context, env *LocalEnv) error {
	cmds := SchemaCommands()
	var v any
	if len(c.Command) == 0 {
		doc, err := schema.Document(cmds, env.Version)
		if err != nil {
			return failure.New(failure.Internal, "schema: %v", err)
		}
		v = doc
	} else if name := strings.Join(c.Command, " "); name == "workflow" {
		// The workflow file format, not a command.
		ws, err := WorkflowSchema()
		if err != nil {
			return failure.New(failure.Internal, "schema: %v", err)
		}
		v = ws
	} else {
		sc, ok := schema.Find(cmds, name)
		if !ok {
			var names []string
			for _, x := range cmds {
				names = append(names, x.Name)
			}
			return failure.New(failure.Usage, "no command %q (commands: %s)", name, strings.Join(names, ", "))
		}
		d, err := schema.Describe(sc)
		if err != nil {
			return failure.New(failure.Internal, "schema: %v", err)
		}
		d.Set("exit_codes", schema.ExitCodes())
		v = d
	}
	b, err := schema.Marshal(v)
	if err != nil {
		return failure.New(failure.Internal, "schema: %v", err)
	}
	_, err = env.Stdout.Write(b)
	return err
}
