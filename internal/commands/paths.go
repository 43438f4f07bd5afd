package commands

import (
	"path/filepath"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/workflow"
)

// pathArgs commands name files relative to the caller's directory. The
// daemon has a directory of its own (the one it was first started from),
// so each path is made absolute against the caller's before it is used.
type pathArgs interface {
	// paths are the command's path arguments that were given.
	paths() []*string
}

// ResolvePaths makes c's path arguments absolute against cwd, the
// caller's working directory. The CLI calls it before sending a command;
// the daemon calls it again for requests that did not (MCP, batch
// steps). A relative path with no cwd to resolve it against is refused
// rather than guessed.
func ResolvePaths(c Command, cwd string) error {
	pa, ok := c.(pathArgs)
	if !ok {
		return nil
	}
	for _, p := range pa.paths() {
		if *p == "" || filepath.IsAbs(*p) {
			continue
		}
		if !filepath.IsAbs(cwd) {
			return failure.New(failure.Usage, "%s is a relative path and the caller's directory is unknown; give an absolute path", *p)
		}
		*p = filepath.Join(cwd, *p)
	}
	return nil
}

func (c *Upload) paths() []*string {
	out := make([]*string, len(c.Files))
	for i := range c.Files {
		out[i] = &c.Files[i]
	}
	return out
}

func (c *Screenshot) paths() []*string { return []*string{&c.Path, &c.File} }
func (c *Pdf) paths() []*string        { return []*string{&c.File} }
func (c *Network) paths() []*string    { return []*string{&c.Har} }

func (c *Replay) paths() []*string {
	return append([]*string{&c.VarFile}, workflowPath(&c.Workflow)...)
}

func (c *RecordShow) paths() []*string    { return workflowPath(&c.Name) }
func (c *WorkflowVars) paths() []*string  { return workflowPath(&c.Name) }
func (c *WorkflowLint) paths() []*string  { return workflowPath(&c.Name) }
func (c *WorkflowTrust) paths() []*string { return workflowPath(&c.Name) }

// workflowPath is a workflow argument when it names a file; a bare name
// is looked up in the workflow directories instead.
func workflowPath(name *string) []*string {
	if workflow.IsPath(*name) {
		return []*string{name}
	}
	return nil
}
