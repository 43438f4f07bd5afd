package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/workflow"
)

// Replay runs a recorded workflow with no model in the loop.
type Replay struct {
	Workflow        string   `arg:"" help:"Workflow name (project .tact/workflows first, then user) or a .json file."`
	Var             []string `name:"var" sep:"none" placeholder:"KEY=VALUE" help:"Set a workflow variable (repeatable; env TACT_VAR_KEY works too)."`
	VarFile         string   `name:"var-file" placeholder:"FILE" help:"KEY=VALUE lines."`
	ContinueOnError bool     `name:"continue-on-error" help:"Run the remaining steps after a failed one."`
	Speed           float64  `default:"0" help:"Keep the recorded pauses between steps, N times shorter (0 = no pauses)."`
	Update          bool     `help:"Write healed locator order back to the workflow file."`
	Strict          bool     `help:"Fail a step rather than heal it (a fallback locator, or a renamed element)."`
	KeepBrowser     bool     `name:"keep-browser" help:"Keep the browser running when this replay launched it (by default a replay stops the browser it started)."`
	StepTimeout     string   `name:"step-timeout" placeholder:"DURATION" help:"Deadline for each step (e.g. 10s; default: none). --timeout is the deadline for the whole replay."`
}

// stepTimeout parses --step-timeout (a Go duration or bare seconds; "" is
// no per-step deadline).
func (c *Replay) stepTimeout() (time.Duration, error) {
	s := strings.TrimSpace(c.StepTimeout)
	if s == "" {
		return 0, nil
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil && n > 0 {
		return time.Duration(n * float64(time.Second)), nil
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return d, nil
	}
	return 0, failure.New(failure.Usage, "--step-timeout %q: want a duration like 10s or 500ms", c.StepTimeout)
}

// Prepare reads --var-file and TACT_VAR_* in the caller's process. Only
// the workflow's own variables are passed on: the others in the
// environment or the file are no business of this workflow's.
func (c *Replay) Prepare(cwd string, environ []string, _ io.Reader) error {
	if _, err := c.stepTimeout(); err != nil {
		return err
	}
	known := map[string]bool{}
	var names []string
	var wname string
	if loc, err := workflow.Find(cwd, c.Workflow); err == nil {
		if w, err := workflow.Load(loc.Path); err == nil {
			wname = w.Name
			for _, v := range w.Variables() {
				known[v.Name] = true
				names = append(names, v.Name)
			}
		}
	}
	shared := map[string]string{}
	for k, v := range workflow.EnvVars(environ) {
		if known[k] {
			shared[k] = v
		}
	}
	if c.VarFile != "" {
		p := c.VarFile
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return failure.New(failure.Usage, "--var-file: %v", err)
		}
		fromFile := map[string]string{}
		if err := workflow.ParseVars(strings.Split(string(b), "\n"), fromFile); err != nil {
			return workflowVarsErr(err)
		}
		for k, v := range fromFile {
			if known[k] {
				shared[k] = v
			}
		}
		c.VarFile = ""
	}
	given := map[string]string{}
	if err := workflow.ParseVars(c.Var, given); err != nil {
		return workflowVarsErr(err)
	}
	if wname != "" {
		if err := checkGiven(wname, c.Workflow, names, given); err != nil {
			return err
		}
	}
	// Explicit --var wins over the file and the environment.
	var pairs []string
	for _, k := range slices.Sorted(maps.Keys(shared)) {
		pairs = append(pairs, k+"="+shared[k])
	}
	c.Var = append(pairs, c.Var...)
	return nil
}

// checkGiven refuses a --var the workflow does not have (a typo would
// otherwise replay with the default), listing the ones it has. TACT_VAR_*
// and --var-file may hold more: they are shared by several workflows, and
// only the workflow's own are passed on.
func checkGiven(wname, arg string, names []string, given map[string]string) error {
	for k := range given {
		if slices.Contains(names, k) {
			continue
		}
		if len(names) == 0 {
			return failure.New(failure.Usage, "--var %s: workflow %s has no variables", k, wname)
		}
		return failure.New(failure.Usage, "--var %s: workflow %s has no such variable; its variables: %s", k, wname, strings.Join(names, ", ")).
			WithHint("tact workflow vars " + arg + " lists them with their defaults")
	}
	return nil
}

func workflowVarsErr(err error) error {
	if err != nil {
		return failure.New(failure.Usage, "%v", err)
	}
	return nil
}

// Step statuses: a step that ran after an earlier one failed
// (--continue-on-error) is never plain ok.
const (
	statusOK           = "ok"
	statusFailed       = "failed"
	statusOKAfterFail  = "ok_after_failure"
	statusNotReachable = "not_run" // the replay's deadline passed first
)

// stepResult is one step's outcome, as printed by --output ndjson.
type stepResult struct {
	Step    int    `json:"step"`
	Command string `json:"command"`
	Name    string `json:"name,omitempty"`   // the output's name (read … --as NAME)
	Status  string `json:"status"`           // ok, failed, ok_after_failure
	URL     string `json:"url,omitempty"`    // the current tab's address once the step ended
	Healed  bool   `json:"healed,omitempty"` // found by a later locator, or by agreeing ones after a rename
	Heal    string `json:"heal,omitempty"`   // what changed, when the name did
	Output  string `json:"output,omitempty"` // what a read, snap or screenshot step printed
	Value   any    `json:"value,omitempty"`  // an eval step's result, as JSON
	Error   string `json:"error,omitempty"`
}

// replayData is replay's -o json: the named outputs, every step's result
// and the counts.
type replayData struct {
	Workflow string `json:"workflow"`
	Path     string `json:"path"`  // the file that ran
	Scope    string `json:"scope"` // project, user or file`
	// Outputs are the steps' outputs named with --as: the text a read
	// printed, an eval's value as JSON, a screenshot's path.
	Outputs map[string]any `json:"outputs"`
	Steps   []stepResult   `json:"steps"`
	OK      int            `json:"ok"`
	Total   int            `json:"total"`
	Healed  int            `json:"healed"`
	Updated string         `json:"updated,omitempty"` // the file --update rewrote
}

// replayHeader is the first line of replay's -o ndjson: which file runs.
type replayHeader struct {
	Workflow string `json:"workflow"`
	Path     string `json:"path"`
	Scope    string `json:"scope"`
	Note     string `json:"note"` // the text mode's first line
}

// replaySummary is the last line of replay's -o ndjson, after the step
// lines.
type replaySummary struct {
	Summary string `json:"summary"`
	OK      int    `json:"ok"`
	Total   int    `json:"total"`
	Healed  int    `json:"healed"`
	Updated string `json:"updated,omitempty"`
}

// Run replays the steps in order. Its first line names the file and
// its scope; a project's workflow runs only once its content is trusted
// (tact workflow trust), and only its own variables reach it.
func (c *Replay) Run(ctx context.Context, env *Env) (*Output, error) {
	loc, b, err := readWorkflow(env.Globals.Cwd, c.Workflow)
	if err != nil {
		return nil, err
	}
	w, err := workflow.Parse(b)
	if err == nil {
		if w.Name == "" {
			w.Name = strings.TrimSuffix(filepath.Base(loc.Path), ".json")
		}
		err = upgrade(w) // a version 1 file replays; --update writes the new format
	}
	if err != nil {
		return nil, failure.New(failure.Usage, "%s: %v", loc.Path, err)
	}
	dir := filepath.Dir(loc.Path)
	head, trusted := replayHead(w, loc, b, dir)
	if !trusted {
		return untrustedOutput(w, loc, head, b, dir)
	}
	// Recorded defaults, then the caller's values: only the workflow's
	// own variables (TACT_VAR_* and --var-file may hold others').
	vars := map[string]string{}
	for k, v := range w.Defaults {
		vars[k] = v
	}
	given := map[string]string{}
	if err := workflow.ParseVars(c.Var, given); err != nil {
		return nil, failure.New(failure.Usage, "%v", err)
	}
	for _, v := range w.Variables() {
		if x, ok := given[v.Name]; ok {
			vars[v.Name] = x
		}
	}
	for _, v := range w.Vars() {
		if _, ok := vars[v]; !ok {
			return nil, failure.New(failure.Usage, "workflow %s needs variable %s (pass --var %s=… or set TACT_VAR_%s)", w.Name, v, v, v)
		}
	}
	// A secret placeholder's value is a secret wherever the replay types
	// it, whatever the field looks like by then.
	for _, n := range w.Secrets {
		env.Browser.Secrets().Add(vars[n])
	}
	stepLimit, err := c.stepTimeout()
	if err != nil {
		return nil, err
	}
	// The steps stop a little before --timeout, so the report of the
	// steps done still reaches the caller within it.
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-min(replayReserve, env.Globals.Timeout/10)))
		defer cancel()
	}
	r := &replayRun{c: c, env: env, w: w, dir: dir, total: len(w.Steps), outputs: map[string]any{}}
	r.text.WriteString(head + "\n")
	// A replay that starts the browser (a cron job) stops it at the end.
	launchedHere := !env.Browser.Connected()
	r.partial = env.Partial
	if r.partial == nil {
		r.partial = func(string, string) {}
	}
	r.stream = env.Globals.Output == "ndjson"
	if r.stream {
		r.partial(jsonLine(replayHeader{Workflow: w.Name, Path: loc.Path, Scope: loc.Scope, Note: strings.TrimPrefix(head, "replay ")}), "")
	}
	var failed error
	for i := range w.Steps {
		step := &w.Steps[i]
		if env.Globals.TTY {
			r.partial("", fmt.Sprintf("step %d/%d: %s\n", i+1, r.total, describeStep(step)))
		}
		if c.Speed > 0 && i > 0 {
			// Keep the recorded pause between steps, N times shorter.
			gap := time.Duration(step.AtMS-w.Steps[i-1].AtMS) * time.Millisecond
			if gap > 0 {
				select {
				case <-time.After(time.Duration(float64(min(gap, maxPause)) / c.Speed)):
				case <-ctx.Done():
				}
			}
		}
		if ctx.Err() != nil {
			failed = r.expired(i)
			break
		}
		sctx, cancel := ctx, context.CancelFunc(func() {})
		if stepLimit > 0 {
			sctx, cancel = context.WithTimeout(ctx, stepLimit)
		}
		ran, err := c.runStep(sctx, env, step, vars, dir)
		stepExpired := err != nil && sctx.Err() != nil && ctx.Err() == nil
		cancel()
		res := stepResult{Step: i + 1, Command: step.Command, Name: ran.name, URL: currentURL(ctx, env)}
		if err != nil && ctx.Err() != nil {
			res.Status, res.Error = statusFailed, "--timeout expired"
			r.add(res, step, "")
			failed = r.expired(i)
			break
		}
		if stepExpired {
			err = failure.New(failure.Timeout, "the step did not finish within --step-timeout %s", stepLimit).
				WithHint("raise --step-timeout if the page is just slow")
		}
		if ran.healed {
			res.Healed, res.Heal = true, ran.pick.heal
			r.healed++
			r.notes = append(r.notes, healNote(i+1, step, ran))
			if c.Update {
				if change := r.update(step, ran); change != "" {
					r.changes = append(r.changes, fmt.Sprintf("step %d: %s", i+1, change))
				}
			}
		}
		if err != nil {
			fe := failure.From(err)
			res.Status, res.Error = statusFailed, fe.Message
			r.add(res, step, "")
			if failed == nil {
				failed = r.stepFailed(i, step, fe)
			}
			if !c.ContinueOnError {
				break
			}
			continue
		}
		r.okN++
		res.Status = statusOK
		if failed != nil {
			res.Status = statusOKAfterFail
		}
		var text string
		if ran.out != nil && readsPage(step.Command) {
			text = withoutLoadingNote(ran.out.Text)
			if step.Command == "eval" {
				res.Value = ran.out.Data // json carries the value itself
			} else {
				res.Output = text
			}
			if res.Name != "" {
				r.output(res)
			}
		}
		r.add(res, step, text)
	}
	if len(r.changes) > 0 {
		scrubJSON(env.Browser.Secrets(), w)
		if err := workflow.Save(loc.Path, w); err != nil {
			return nil, failure.New(failure.IO, "--update: write %s: %v", loc.Path, err)
		}
		if workflow.NeedsTrust(loc) {
			// Trusted content that tact itself healed stays trusted.
			if err := trustFile(w, loc); err != nil {
				return nil, failure.New(failure.IO, "--update: trust %s: %v", loc.Path, err)
			}
		}
		r.updated = loc.Path
		r.text.WriteString("updated " + loc.Path + ": " + strings.Join(r.changes, "; ") + "\n")
	}
	summary := fmt.Sprintf("replay: %d/%d steps ok, %d healed", r.okN, r.total, r.healed)
	r.text.WriteString(summary + "\n")
	// In ndjson mode the step lines already went out as each step ended.
	lines := []any{replaySummary{Summary: summary, OK: r.okN, Total: r.total, Healed: r.healed, Updated: r.updated}}
	r.checkArgs()
	r.finish(launchedHere)
	out := &Output{Text: r.text.String(), Lines: lines, Stderr: strings.Join(append(r.notes, ""), "\n"),
		Data: replayData{Workflow: w.Name, Path: loc.Path, Scope: loc.Scope, Outputs: r.outputs, Steps: r.results, OK: r.okN, Total: r.total, Healed: r.healed, Updated: r.updated}}
	if failed != nil {
		return out, failed
	}
	return out, nil
}

// replayRun is what a replay accumulates while its steps run.
type replayRun struct {
	c       *Replay
	env     *Env
	w       *workflow.Workflow
	total   int
	results []stepResult
	text    strings.Builder
	okN     int
	healed  int
	changes []string // what --update changed, per step
	notes   []string // stderr: the healed steps
	updated string   // the file --update rewrote
	partial func(stdout, stderr string)
	stream  bool
	outputs map[string]any // by --as name; a later step of the same name wins
	dir     string         // the workflow file's folder: relative paths are taken from it
}

// output keeps a named step's output for -o json.
func (r *replayRun) output(res stepResult) {
	if res.Value != nil || res.Output == "" {
		r.outputs[res.Name] = res.Value
		return
	}
	r.outputs[res.Name] = strings.TrimSuffix(res.Output, "\n")
}

// checkArgs notes that the session's browser runs with other
// --browser-arg flags than this replay asked for: they were not applied.
func (r *replayRun) checkArgs() {
	b := r.env.Browser
	if !b.Info().Launched {
		return // attached with --cdp (or never launched): no flags of ours
	}
	have, want := b.LaunchArgs(), r.env.Globals.BrowserArgs
	missing, extra := without(want, have), without(have, want)
	switch {
	case len(missing) > 0:
		r.notes = append(r.notes, fmt.Sprintf("note: --browser-arg %s were not applied: the session's browser was started without them (tact browser stop first, or use another --session)",
			strings.Join(missing, " ")))
	case len(extra) > 0:
		r.notes = append(r.notes, fmt.Sprintf("note: the session's browser was started with --browser-arg %s, which this replay did not ask for", strings.Join(extra, " ")))
	}
}

// without lists the elements of a that b lacks.
func without(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// finish stops the browser the replay launched, unless --keep-browser.
func (r *replayRun) finish(launchedHere bool) {
	if !launchedHere || r.c.KeepBrowser || r.env.Stop == nil || !r.env.Browser.Info().Launched {
		return
	}
	r.env.Stop()
	r.notes = append(r.notes, "note: the browser this replay launched stops with it (--keep-browser keeps it)")
}

// add records a step's result: its header line (and output) in the text,
// its ndjson line at once.
func (r *replayRun) add(res stepResult, step *workflow.Step, text string) {
	r.results = append(r.results, res)
	head := fmt.Sprintf("[%d/%d] %s", res.Step, r.total, describeStep(step))
	if res.Name != "" {
		head += " as " + res.Name
	}
	switch res.Status {
	case statusOKAfterFail:
		head += ": ok (after a failed step)"
	case statusFailed:
		head += ": failed: " + oneLine(res.Error)
	default:
		head += ": " + res.Status
	}
	if res.Heal != "" {
		head += " (healed: " + res.Heal + ")"
	} else if res.Healed {
		head += " (healed)"
	}
	r.text.WriteString(head + "\n")
	r.text.WriteString(text)
	if r.stream {
		r.partial(jsonLine(res), "")
	}
}

// expired is the whole replay's deadline (--timeout) passing during step
// i: the replay stops there, whatever --continue-on-error says.
func (r *replayRun) expired(i int) error {
	return failure.New(failure.Timeout, "the replay did not finish within --timeout %s: it expired in step %d/%d (%s); %d steps ok before it",
		r.env.Globals.Timeout, i+1, r.total, describeStep(&r.w.Steps[i]), r.okN).
		WithHint("raise --timeout (the deadline for the whole replay), or set --step-timeout to bound each step")
}

// stepFailed names the failed step and says what to do next.
func (r *replayRun) stepFailed(i int, step *workflow.Step, fe *failure.Error) error {
	hint := fe.Hint
	if step.Target != nil {
		next := fmt.Sprintf("if the page changed: re-record from step %d, or fix its locators (tact record show %s) and replay with --update", i+1, r.c.Workflow)
		if hint == "" {
			hint = next
		} else {
			hint += "; " + next
		}
	}
	return &failure.Error{Code: fe.Code, Message: fmt.Sprintf("step %d/%d (%s) failed: %s", i+1, r.total, describeStep(step), fe.Message), Hint: hint}
}

// update rewrites a healed step for --update: the locator that agreed
// goes first, and a renamed element's fingerprint takes its new name. It
// says what it changed ("" for nothing).
func (r *replayRun) update(step *workflow.Step, ran stepRun) string {
	changes := updateTarget(step.Target, ran.pick)
	if step.To != nil {
		changes = append(changes, updateTarget(step.To, ran.to)...)
	}
	return strings.Join(changes, ", ")
}

// currentURL is the current tab's address, "" when there is none (a
// step closed the last tab): looking must not open one.
func currentURL(ctx context.Context, env *Env) string {
	tabs, err := env.Browser.Tabs(ctx)
	if err != nil {
		return ""
	}
	for _, t := range tabs {
		if t.Current {
			return t.URL
		}
	}
	return ""
}

// readsPage reports whether the named command prints what it read of
// the page (a pageReader).
func readsPage(name string) bool {
	c, _ := New(name)
	_, ok := c.(pageReader)
	return ok
}

func describeStep(s *workflow.Step) string {
	if s.Target != nil {
		d := s.Command + " " + nameOfTarget(s.Target)
		if s.To != nil {
			d += " to " + nameOfTarget(s.To)
		}
		return d
	}
	var a struct {
		URL string `json:"url"`
	}
	var p struct{ URL string }
	if json.Unmarshal(s.Args, &a) == nil && a.URL != "" {
		return s.Command + " " + a.URL
	}
	if json.Unmarshal(s.Params, &p) == nil && p.URL != "" {
		return s.Command + " " + p.URL
	}
	return s.Command
}

// nameOfTarget names a recorded element: its name, else its first
// locator.
func nameOfTarget(t *workflow.Target) string {
	switch {
	case t.Fingerprint.Name != "":
		return strconv.Quote(t.Fingerprint.Name)
	case len(t.Locators) > 0:
		return t.Locators[0]
	}
	return "(no locator)"
}

// stepRun is what running one step found out besides its output.
type stepRun struct {
	out    *Output
	name   string // the output's name
	healed bool   // not found by the first locator as recorded
	pick          // how the target was found
	to     pick   // how the drop target was found
}

// runStep executes one step. For a targeted step it finds the element by
// the recorded locators (see pickLocator), and drag's drop target too. The
// page a recording started on is opened only when the tab is elsewhere.
func (c *Replay) runStep(ctx context.Context, env *Env, step *workflow.Step, vars map[string]string, dir string) (stepRun, error) {
	var ran stepRun
	cmd, err := stepCommand(step, vars)
	if err != nil {
		return ran, err
	}
	// A workflow's relative paths are its folder's, wherever the session's
	// daemon or the caller runs.
	if err := ResolvePaths(cmd, dir); err != nil {
		return ran, err
	}
	if o, ok := cmd.(*Open); ok && step.Start && sameURL(currentURL(ctx, env), o.URL) {
		return ran, nil
	}
	st, _ := stepTypeOf(step.Command)
	if target, drop := targetFields(st); target.needsElement(step) && step.Target == nil || drop != nil && drop.required && step.To == nil {
		return ran, failure.New(failure.Usage, "%s needs a target with locators (tact schema workflow)", step.Command)
	}
	if a, ok := cmd.(actionCmd); ok {
		a.actOpts().NoSnap = true
	}
	if n, ok := cmd.(outputNamer); ok {
		ran.name = n.outputName()
	}
	if tc, ok := cmd.(Targeted); ok && step.Target != nil {
		if ran.pick, err = c.find(ctx, env, step.Target, vars); err != nil {
			return ran, err
		}
		loc, _ := workflow.Expand(step.Target.Locators[ran.pick.index], vars)
		tc.SetTarget(loc)
	}
	if dc, ok := cmd.(dropTargeted); ok && step.To != nil {
		if ran.to, err = c.find(ctx, env, step.To, vars); err != nil {
			return ran, err
		}
		loc, _ := workflow.Expand(step.To.Locators[ran.to.index], vars)
		dc.SetDrop(loc)
	}
	ran.healed = ran.pick.index > 0 || ran.pick.newName != nil || ran.to.index > 0 || ran.to.newName != nil
	if ran.pick.heal == "" && ran.to.heal != "" {
		ran.pick.heal = "drop target " + ran.to.heal
	}
	env.Browser.BeginCommand()
	out, err := cmd.Run(ctx, env)
	env.Browser.EndCommand(ConsumesNavigation(cmd))
	ran.out = out
	return ran, err
}

// replayReserve is kept back from --timeout to report the steps done.
const replayReserve = 250 * time.Millisecond

// maxPause caps one recorded pause kept by --speed (a recording left
// running over lunch does not stall its replay).
const maxPause = time.Minute
