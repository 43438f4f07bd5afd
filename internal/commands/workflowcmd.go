package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/rpc"
	"github.com/tact-browser/tact/internal/workflow"
)

// RecordCmd groups recording commands.
type RecordCmd struct {
	Start  RecordStart  `cmd:"" help:"Start recording this session's commands as a workflow."`
	Stop   RecordStop   `cmd:"" help:"Stop recording and save the workflow."`
	List   RecordList   `cmd:"" help:"List workflows (project .tact/workflows, then user)."`
	Undo   RecordUndo   `cmd:"" help:"Drop the last recorded step."`
	Show   RecordShow   `cmd:"" help:"Print a workflow."`
	Delete RecordDelete `cmd:"" help:"Delete a workflow."`
}

// RecordStart starts a recording.
type RecordStart struct {
	Name  string `arg:"" optional:"" help:"Workflow name (default: a timestamp)."`
	Force bool   `help:"Replace a workflow of this name when the recording is saved (by default record start and stop refuse)."`
}

// Run starts recording.
func (c *RecordStart) Run(ctx context.Context, env *Env) (*Output, error) {
	name := c.Name
	if name == "" {
		name = "flow-" + time.Now().Format("20060102-150405")
	}
	// A recording started on a page begins there (looking at the tabs
	// never launches a browser or opens a tab).
	var start string
	if env.Browser.Connected() {
		if u := currentURL(ctx, env); isPageURL(u) {
			start = u
		}
	}
	if err := env.Recorder.Start(name, env.Globals.Cwd, start, c.Force); err != nil {
		return nil, err
	}
	msg := "recording " + name + "\n"
	if start != "" {
		msg += "step 1: open " + start + " (the page it starts on; replay opens it when the browser is elsewhere)\n"
	}
	return &Output{Text: msg, Data: recordingData{Recording: name, Start: start}}, nil
}

// RecordStop saves the workflow.
type RecordStop struct {
	Force bool `help:"Replace a workflow of the recording's name (by default record stop refuses)."`
}

// Run stops recording.
func (c *RecordStop) Run(ctx context.Context, env *Env) (*Output, error) {
	w, loc, err := env.Recorder.Stop(c.Force)
	if err != nil {
		return nil, err
	}
	msg := fmt.Sprintf("saved %s: %d steps, %s scope, %s", w.Name, len(w.Steps), loc.Scope, loc.Path)
	if workflow.NeedsTrust(loc) {
		// The user recorded it: its replay needs no trusting (an edit does).
		if err := trustFile(w, loc); err != nil {
			return nil, failure.New(failure.IO, "trust %s: %v", loc.Path, err)
		}
		msg += " (trusted as recorded)"
	}
	if len(w.Secrets) > 0 {
		msg += "\nsecrets are placeholders; replay with: " + strings.Join(varFlags(w.Secrets), " ")
	}
	if len(w.Defaults) > 0 {
		msg += "\nvariables with defaults (tact workflow vars " + w.Name + "; replay --var NAME=… changes one): " + strings.Join(slices.Sorted(maps.Keys(w.Defaults)), ", ")
	}
	outs := outputNames(w)
	if len(outs) > 0 {
		msg += "\noutputs the replay returns, in order: " + strings.Join(outs, ", ")
	} else {
		msg += "\nno outputs: the replay returns no data (read, eval or screenshot while recording to get some)"
	}
	return &Output{Text: msg + "\n", Data: savedWorkflow{Name: w.Name, Steps: len(w.Steps), Path: loc.Path, Scope: loc.Scope, Secrets: w.Secrets, Outputs: outs}}, nil
}

// outputNames lists the names of a workflow's outputs in step order (a
// name used twice once: the later step's output wins).
func outputNames(w *workflow.Workflow) []string {
	var out []string
	for i := range w.Steps {
		if n := stepOutputName(&w.Steps[i]); n != "" && readsPage(w.Steps[i].Command) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func varFlags(names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, "--var "+n+"=…")
	}
	return out
}

// RecordUndo drops the last step of the recording in progress.
type RecordUndo struct{}

// Run undoes.
func (c *RecordUndo) Run(ctx context.Context, env *Env) (*Output, error) {
	step, n, err := env.Recorder.Undo()
	if err != nil {
		return nil, err
	}
	return &Output{Text: fmt.Sprintf("dropped step %d: %s\n", n, describeStep(&step)), Data: undoData{Dropped: n, Command: step.Command}}, nil
}

// RecordList lists workflows.
type RecordList struct{}

// Run lists both scopes: a project's workflow says whether it is
// trusted, and a name in both says which one a replay by name runs.
func (c *RecordList) Run(ctx context.Context, env *Env) (*Output, error) {
	locs, _ := workflow.List(env.Globals.Cwd)
	items := []workflowItem{}
	var sb strings.Builder
	names := map[string][]string{}
	for _, l := range locs {
		n := strings.TrimSuffix(filepath.Base(l.Path), ".json")
		names[n] = append(names[n], l.Scope)
	}
	for _, l := range locs {
		it := workflowItem{Name: strings.TrimSuffix(filepath.Base(l.Path), ".json"), Scope: l.Scope, Path: l.Path}
		var notes []string
		if b, err := os.ReadFile(l.Path); err == nil {
			if w, err := workflow.Parse(b); err == nil {
				it.Steps = len(w.Steps)
				if workflow.NeedsTrust(l) {
					if upgrade(w) == nil {
						it.Trust = workflow.TrustOf(l.Path, trustBytes(b, reachOf(w, filepath.Dir(l.Path)))).String()
					} else {
						it.Trust = workflow.Untrusted.String()
					}
					notes = append(notes, it.Trust)
				}
			}
		}
		if sc := names[it.Name]; len(sc) > 1 {
			if l.Scope == "project" {
				it.Runs = true
				notes = append(notes, "replay "+it.Name+" runs this one")
			} else {
				notes = append(notes, "shadowed by the project's: replay "+shellQuote(l.Path)+" runs it")
			}
		} else {
			it.Runs = true
		}
		items = append(items, it)
		line := fmt.Sprintf("%s\t%s\t%d steps", it.Name, it.Scope, it.Steps)
		if len(notes) > 0 {
			line += "\t" + strings.Join(notes, "; ")
		}
		sb.WriteString(line + "\n")
	}
	if len(items) == 0 {
		sb.WriteString("no workflows\n")
	}
	if name, on := env.Recorder.Active(); on {
		fmt.Fprintf(&sb, "(recording %s)\n", name)
	}
	return &Output{Text: sb.String(), Data: items}, nil
}

// RecordShow prints a workflow file.
type RecordShow struct {
	Name string `arg:"" help:"Workflow name or file."`
}

// Run shows.
func (c *RecordShow) Run(ctx context.Context, env *Env) (*Output, error) {
	_, b, err := readWorkflow(env.Globals.Cwd, c.Name)
	if err != nil {
		return nil, err
	}
	var v any
	_ = json.Unmarshal(b, &v)
	return &Output{Text: string(b), Data: v}, nil
}

// RecordDelete deletes a workflow.
type RecordDelete struct {
	Name string `arg:"" help:"Workflow name."`
}

// Run deletes.
func (c *RecordDelete) Run(ctx context.Context, env *Env) (*Output, error) {
	loc, err := findWorkflow(env.Globals.Cwd, c.Name)
	if err != nil {
		return nil, err
	}
	if err := os.Remove(loc.Path); err != nil {
		return nil, failure.New(failure.IO, "%v", err)
	}
	return &Output{Text: "deleted " + loc.Path + "\n", Data: deletedData{Deleted: loc.Path}}, nil
}

func findWorkflow(cwd, name string) (workflow.Location, error) {
	loc, err := workflow.Find(cwd, name)
	if errors.Is(err, workflow.ErrNotFound) {
		return loc, notFound(cwd, name)
	} else if err != nil {
		return loc, failure.New(failure.Usage, "%v", err)
	}
	return loc, nil
}

// notFound says where a workflow name was looked for, and how to run a
// file from elsewhere.
func notFound(cwd, name string) error {
	if workflow.IsPath(name) {
		return failure.New(failure.NotFound, "no workflow file %s (relative to %s)", name, cwd)
	}
	var where []string
	for _, d := range workflow.SearchDirs(cwd) {
		where = append(where, d.Path+" ("+d.Scope+")")
	}
	msg := fmt.Sprintf("no workflow %q in %s", name, strings.Join(where, " or "))
	if _, ok := workflow.ProjectDir(cwd); !ok {
		msg += "; " + cwd + " is in no project (no .tact/ at or above it)"
	}
	return failure.New(failure.NotFound, "%s", msg).
		WithHint("run a workflow file from anywhere with tact replay path/to/" + name + ".json; tact record list shows the workflows found here")
}

// readWorkflow finds a workflow by name or path and reads its bytes.
func readWorkflow(cwd, name string) (workflow.Location, []byte, error) {
	loc, err := findWorkflow(cwd, name)
	if err != nil {
		return loc, nil, err
	}
	b, err := os.ReadFile(loc.Path)
	if err != nil {
		return loc, nil, failure.New(failure.IO, "%v", err)
	}
	return loc, b, nil
}

// parseWorkflow finds and decodes a workflow (a file that is not one is
// USAGE, naming it).
func parseWorkflow(cwd, name string) (workflow.Location, *workflow.Workflow, error) {
	loc, b, err := readWorkflow(cwd, name)
	if err != nil {
		return loc, nil, err
	}
	w, err := workflow.Parse(b)
	if err != nil {
		return loc, nil, failure.New(failure.Usage, "%s: %v", loc.Path, err)
	}
	return loc, w, nil
}

// WorkflowCmd groups workflow file tools.
type WorkflowCmd struct {
	Lint  WorkflowLint  `cmd:"" help:"Check a workflow: known, well-formed steps; no temporary refs; no plain-text secrets; what it reaches beyond the page."`
	Vars  WorkflowVars  `cmd:"" help:"List a workflow's variables and their defaults."`
	Trust WorkflowTrust `cmd:"" help:"Trust a project's workflow as it now is (replay runs a project's workflow only once trusted)."`
}

// WorkflowTrust records that the user trusts a project's workflow file as
// it now is. It runs in the CLI only: trusting is the user's decision,
// never a tool an agent calls.
type WorkflowTrust struct {
	Name string `arg:"" help:"Workflow name or file."`
}

// Run refuses in the daemon (see RunLocal).
func (c *WorkflowTrust) Run(context.Context, *Env) (*Output, error) {
	return runsLocally("workflow trust")
}

// RunLocal prints what the workflow reaches beyond the page and trusts
// that content.
func (c *WorkflowTrust) RunLocal(ctx context.Context, env *LocalEnv) error {
	cwd, err := os.Getwd()
	if err != nil {
		return failure.New(failure.IO, "%v", err)
	}
	loc, b, err := readWorkflow(cwd, c.Name)
	if err != nil {
		return err
	}
	w, err := workflow.Parse(b)
	if err == nil {
		err = upgrade(w)
	}
	if err != nil {
		return failure.New(failure.Usage, "%s: %v", loc.Path, err)
	}
	reach := reachOf(w, filepath.Dir(loc.Path))
	if !workflow.NeedsTrust(loc) {
		return failure.New(failure.Usage, "%s is in %s scope, not a project's: it runs without trusting", loc.Path, loc.Scope)
	}
	if err := workflow.Trust(loc.Path, trustBytes(b, reach)); err != nil {
		return failure.New(failure.IO, "trust %s: %v", loc.Path, err)
	}
	data := trustedData{Trusted: loc.Path, Hash: workflow.Hash(b), Reach: reach}
	if env.Globals.Output == "json" || env.Globals.Output == "ndjson" {
		return json.NewEncoder(env.Stdout).Encode(data)
	}
	fmt.Fprintf(env.Stdout, "trusted %s (sha256 %s)\n%s", loc.Path, data.Hash[:16], reachLines(reach))
	return nil
}

// WorkflowVars lists a workflow's variables.
type WorkflowVars struct {
	Name string `arg:"" help:"Workflow name or file."`
}

// Run lists the variables: name, then its default or what replay needs.
func (c *WorkflowVars) Run(ctx context.Context, env *Env) (*Output, error) {
	_, w, err := parseWorkflow(env.Globals.Cwd, c.Name)
	if err != nil {
		return nil, err
	}
	vars := w.Variables()
	var sb strings.Builder
	for _, v := range vars {
		switch {
		case v.Default != nil:
			fmt.Fprintf(&sb, "%s\tdefault %q\n", v.Name, *v.Default)
		case v.Secret:
			fmt.Fprintf(&sb, "%s\tsecret, no default: replay needs --var %s=… (or TACT_VAR_%s)\n", v.Name, v.Name, v.Name)
		default:
			fmt.Fprintf(&sb, "%s\tno default: replay needs --var %s=… (or TACT_VAR_%s)\n", v.Name, v.Name, v.Name)
		}
	}
	if len(vars) == 0 {
		sb.WriteString("no variables\n")
	}
	return &Output{Text: sb.String(), Data: vars}, nil
}

// WorkflowLint lints a workflow.
type WorkflowLint struct {
	Name string `arg:"" help:"Workflow name or file."`
}

// Run lints; problems are a USAGE error listing them.
func (c *WorkflowLint) Run(ctx context.Context, env *Env) (*Output, error) {
	loc, b, err := readWorkflow(env.Globals.Cwd, c.Name)
	if err != nil {
		return nil, err
	}
	// A current-format file is checked against tact schema workflow
	// first: it names the step and the field that is wrong.
	var probs []workflow.Problem
	var head struct {
		Version int `json:"version"`
	}
	if json.Unmarshal(b, &head) == nil && head.Version == workflow.Version {
		if probs, err = schemaProblems(b); err != nil {
			return nil, failure.New(failure.Internal, "workflow schema: %v", err)
		}
	}
	w, err := workflow.Parse(b)
	if err != nil && len(probs) == 0 {
		return nil, failure.New(failure.Usage, "%s: %v", loc.Path, err)
	}
	if err == nil {
		probs = append(probs, lintBeyondSchema(w, probs)...)
	}
	sort.SliceStable(probs, func(i, j int) bool { return probs[i].Step < probs[j].Step })
	if len(probs) == 0 {
		msg := fmt.Sprintf("ok: %d steps", len(w.Steps))
		if vars := w.Vars(); len(vars) > 0 {
			msg += ", variables: " + strings.Join(vars, ", ")
		}
		data := lintOK{OK: true, Steps: len(w.Steps), Vars: w.Vars(), Scope: loc.Scope, Reach: []Reach{}}
		msg += "\n" + c.reachText(w, loc, b, &data)
		return &Output{Text: msg, Data: data}, nil
	}
	var msgs []string
	for _, p := range probs {
		msgs = append(msgs, p.String())
	}
	return &Output{Text: strings.Join(msgs, "\n") + "\n", Data: lintFailed{Problems: probs}},
		failure.New(failure.Usage, "%s: %d problem(s): %s", filepath.Base(loc.Path), len(probs), strings.Join(msgs, "; "))
}

// reachText is lint's account of what the workflow reaches beyond the
// page, and for a project's, whether it is trusted.
func (c *WorkflowLint) reachText(w *workflow.Workflow, loc workflow.Location, b []byte, data *lintOK) string {
	cp := *w
	cp.Steps = slices.Clone(w.Steps)
	if upgrade(&cp) != nil {
		return ""
	}
	reach := reachOf(&cp, filepath.Dir(loc.Path))
	data.Reach = append(data.Reach, reach...)
	var sb strings.Builder
	sb.WriteString(reachLines(reach))
	if workflow.NeedsTrust(loc) {
		data.Trust = workflow.TrustOf(loc.Path, trustBytes(b, reach)).String()
		fmt.Fprintf(&sb, "a project's workflow, %s", data.Trust)
		if data.Trust != workflow.Trusted.String() {
			sb.WriteString(": replay refuses it until you run tact workflow trust " + shellQuote(loc.Path))
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// lintBeyondSchema is what the schema cannot see (refs, secrets in clear,
// args that do not fit the command), less what it already said of a step.
func lintBeyondSchema(w *workflow.Workflow, schemaSaid []workflow.Problem) []workflow.Problem {
	said := map[int]bool{}
	for _, p := range schemaSaid {
		said[p.Step] = true
	}
	var out []workflow.Problem
	for _, p := range workflow.Lint(w, CheckStep) {
		restates := strings.HasPrefix(p.Message, "args: ") || strings.HasPrefix(p.Message, "unknown step command") || strings.Contains(p.Message, "needs a")
		if said[p.Step] && restates {
			continue
		}
		out = append(out, p)
	}
	return out
}

// CheckStep validates a step against the registry: a step command whose
// args are the command's parameters (a version 1 step's params decode
// strictly into its struct); a command that needs a drop target has one.
// It reports whether the step needs a target.
func CheckStep(s *workflow.Step) (bool, error) {
	c, ok := stepTypeOf(s.Command)
	if !ok {
		return false, fmt.Errorf("unknown step command %q", s.Command)
	}
	if len(s.Params) > 0 {
		cp := *s
		if err := upgradeStep(&cp); err != nil {
			return false, err
		}
		s = &cp
	}
	target, drop := targetFields(c)
	needsTarget := target.needsElement(s)
	if _, err := stepCommand(s, nil); err != nil {
		return needsTarget, errors.New(failure.From(err).Message)
	}
	if drop != nil && drop.required && (s.To == nil || len(s.To.Locators) == 0) {
		return needsTarget, fmt.Errorf("%s needs a \"to\" target with at least one locator", s.Command)
	}
	return needsTarget, nil
}

// Output shapes of the record and workflow commands.
type (
	recordingData struct {
		Recording string `json:"recording"`
		Start     string `json:"start,omitempty"` // the page it starts on: its step 1
	}
	savedWorkflow struct {
		Name    string   `json:"name"`
		Steps   int      `json:"steps"`
		Path    string   `json:"path"`
		Scope   string   `json:"scope"`
		Secrets []string `json:"secrets"` // placeholders to pass as --var
		Outputs []string `json:"outputs"` // the named outputs a replay returns, in order
	}
	workflowItem struct {
		Name  string `json:"name"`
		Scope string `json:"scope"`
		Steps int    `json:"steps"`
		Path  string `json:"path"`
		Trust string `json:"trust,omitempty"` // a project's: trusted, not trusted, changed since it was trusted
		Runs  bool   `json:"runs"`            // a replay by name runs this one (false: shadowed by the project's)
	}
	undoData struct {
		Dropped int    `json:"dropped"` // the number the step had
		Command string `json:"command"`
	}
	trustedData struct {
		Trusted string  `json:"trusted"` // the file trusted
		Hash    string  `json:"sha256"`  // of its content
		Reach   []Reach `json:"reach"`
	}
	deletedData struct {
		Deleted string `json:"deleted"` // the file removed
	}
	// workflow lint: lintOK, or lintFailed with the problems.
	lintOK struct {
		OK    bool     `json:"ok"` // true
		Steps int      `json:"steps"`
		Vars  []string `json:"vars"`
		Scope string   `json:"scope"`           // project, user or file
		Trust string   `json:"trust,omitempty"` // a project's: trusted, not trusted, changed since it was trusted
		Reach []Reach  `json:"reach"`           // what it can do beyond the page (trust lists the same)
	}
	lintFailed struct {
		OK       bool               `json:"ok"` // false
		Problems []workflow.Problem `json:"problems"`
	}
)

// Deadliner commands run longer than one --timeout (batch: one per
// step); the daemon and the client use their Deadline instead. A replay
// is not one: --timeout is the deadline for the whole replay.
type Deadliner interface {
	Deadline(g rpc.Globals) time.Duration
}
