package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
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

// Prepare reads --var-file and TACT_VAR_* in the caller's process.
func (c *Replay) Prepare(cwd string, environ []string, _ io.Reader) error {
	if _, err := c.stepTimeout(); err != nil {
		return err
	}
	vars := workflow.EnvVars(environ)
	var pairs []string
	for k, v := range vars {
		pairs = append(pairs, k+"="+v)
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
		pairs = append(pairs, strings.Split(string(b), "\n")...)
		c.VarFile = ""
	}
	given := map[string]string{}
	if err := workflow.ParseVars(c.Var, given); err != nil {
		return workflowVarsErr(err)
	}
	if err := c.checkGiven(cwd, given); err != nil {
		return err
	}
	// Explicit --var wins over the file and the environment.
	c.Var = append(pairs, c.Var...)
	return workflowVarsErr(workflow.ParseVars(c.Var, map[string]string{}))
}

// checkGiven refuses a --var the workflow does not have (a typo would
// otherwise replay with the default), listing the ones it has. TACT_VAR_*
// and --var-file may hold more: they are shared by several workflows.
func (c *Replay) checkGiven(cwd string, given map[string]string) error {
	loc, err := workflow.Find(cwd, c.Workflow)
	if err != nil {
		return nil // Run reports it
	}
	w, err := workflow.Load(loc.Path)
	if err != nil {
		return nil
	}
	known := map[string]bool{}
	var names []string
	for _, v := range w.Variables() {
		known[v.Name] = true
		names = append(names, v.Name)
	}
	for k := range given {
		if known[k] {
			continue
		}
		if len(names) == 0 {
			return failure.New(failure.Usage, "--var %s: workflow %s has no variables", k, w.Name)
		}
		return failure.New(failure.Usage, "--var %s: workflow %s has no such variable; its variables: %s", k, w.Name, strings.Join(names, ", ")).
			WithHint("tact workflow vars " + c.Workflow + " lists them with their defaults")
	}
	return nil
}

func workflowVarsErr(err error) error {
	if err != nil {
		return failure.New(failure.Usage, "%v", err)
	}
	return nil
}

// stepResult is one step's outcome, as printed by --output ndjson.
type stepResult struct {
	Step    int    `json:"step"`
	Command string `json:"command"`
	Status  string `json:"status"` // ok, failed, skipped
	Healed  bool   `json:"healed,omitempty"`
	Output  string `json:"output,omitempty"`
	Error   string `json:"error,omitempty"`
}

// replayData is replay's -o json: every step's result and the counts.
type replayData struct {
	Workflow string       `json:"workflow"`
	Steps    []stepResult `json:"steps"`
	OK       int          `json:"ok"`
	Total    int          `json:"total"`
	Healed   int          `json:"healed"`
}

// replaySummary is the last line of replay's -o ndjson, after the step
// lines.
type replaySummary struct {
	Summary string `json:"summary"`
	OK      int    `json:"ok"`
	Total   int    `json:"total"`
	Healed  int    `json:"healed"`
}

// Run replays the steps in order.
func (c *Replay) Run(ctx context.Context, env *Env) (*Output, error) {
	loc, err := workflow.Find(env.Globals.Cwd, c.Workflow)
	if errors.Is(err, workflow.ErrNotFound) {
		return nil, failure.New(failure.NotFound, "no workflow %q (see tact record list)", c.Workflow)
	} else if err != nil {
		return nil, failure.New(failure.Usage, "%v", err)
	}
	w, err := workflow.Load(loc.Path)
	if err != nil {
		return nil, failure.New(failure.Usage, "%s: %v", loc.Path, err)
	}
	// Recorded defaults, then the caller's values.
	vars := map[string]string{}
	for k, v := range w.Defaults {
		vars[k] = v
	}
	if err := workflow.ParseVars(c.Var, vars); err != nil {
		return nil, failure.New(failure.Usage, "%v", err)
	}
	for _, v := range w.Vars() {
		if _, ok := vars[v]; !ok {
			return nil, failure.New(failure.Usage, "workflow %s needs variable %s (pass --var %s=… or set TACT_VAR_%s)", w.Name, v, v, v)
		}
	}
	stepLimit, err := c.stepTimeout()
	if err != nil {
		return nil, err
	}
	var (
		results []stepResult
		text    strings.Builder
		okN     int
		healed  int
		failed  error
		changed bool
	)
	partial := env.Partial
	if partial == nil {
		partial = func(string, string) {}
	}
	stream := env.Globals.Output == "ndjson"
	// expired is the whole replay's deadline (--timeout) passing during
	// step i: the replay stops there, whatever --continue-on-error says.
	expired := func(i int) error {
		return failure.New(failure.Timeout, "the replay did not finish within --timeout %s: it expired in step %d/%d (%s); %d steps ok before it",
			env.Globals.Timeout, i+1, len(w.Steps), describeStep(&w.Steps[i]), okN).
			WithHint("raise --timeout (the deadline for the whole replay), or set --step-timeout to bound each step")
	}
	for i := range w.Steps {
		step := &w.Steps[i]
		res := stepResult{Step: i + 1, Command: step.Command}
		if env.Globals.TTY {
			partial("", fmt.Sprintf("step %d/%d: %s\n", i+1, len(w.Steps), describeStep(step)))
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
			failed = expired(i)
			break
		}
		sctx, cancel := ctx, context.CancelFunc(func() {})
		if stepLimit > 0 {
			sctx, cancel = context.WithTimeout(ctx, stepLimit)
		}
		out, heal, err := c.runStep(sctx, env, step, vars)
		stepExpired := err != nil && sctx.Err() != nil && ctx.Err() == nil
		cancel()
		if err != nil && ctx.Err() != nil {
			res.Status, res.Error = "failed", "--timeout expired"
			results = append(results, res)
			if stream {
				partial(jsonLine(res), "")
			}
			failed = expired(i)
			break
		}
		if stepExpired {
			err = failure.New(failure.Timeout, "the step did not finish within --step-timeout %s", stepLimit).
				WithHint("raise --step-timeout if the page is just slow")
		}
		if heal > 0 {
			res.Healed = true
			healed++
			if c.Update {
				// The locator that agreed goes first next time.
				l := step.Target.Locators
				l[0], l[heal] = l[heal], l[0]
				changed = true
			}
		}
		if err != nil {
			fe := failure.From(err)
			res.Status, res.Error = "failed", fe.Message
			results = append(results, res)
			if stream {
				partial(jsonLine(res), "")
			}
			if failed == nil {
				failed = &failure.Error{Code: fe.Code, Message: fmt.Sprintf("step %d/%d (%s) failed: %s", i+1, len(w.Steps), describeStep(step), fe.Message), Hint: fe.Hint}
			}
			if !c.ContinueOnError {
				break
			}
			continue
		}
		okN++
		res.Status = "ok"
		if out != nil && readsPage(step.Command) {
			res.Output = withoutLoadingNote(out.Text)
			text.WriteString(res.Output)
		}
		results = append(results, res)
		if stream {
			partial(jsonLine(res), "")
		}
	}
	if changed {
		_ = workflow.Save(loc.Path, w)
	}
	summary := fmt.Sprintf("replay: %d/%d steps ok, %d healed", okN, len(w.Steps), healed)
	text.WriteString(summary + "\n")
	// In ndjson mode the step lines already went out as each step ended.
	lines := []any{replaySummary{Summary: summary, OK: okN, Total: len(w.Steps), Healed: healed}}
	out := &Output{Text: text.String(), Data: replayData{Workflow: w.Name, Steps: results, OK: okN, Total: len(w.Steps), Healed: healed}, Lines: lines}
	if failed != nil {
		return out, failed
	}
	return out, nil
}

// readsPage reports whether the named command prints what it read of
// the page (a pageReader).
func readsPage(name string) bool {
	c, _ := New(name)
	_, ok := c.(pageReader)
	return ok
}

func describeStep(s *workflow.Step) string {
	if s.Target != nil && s.Target.Fingerprint.Name != "" {
		return fmt.Sprintf("%s %q", s.Command, s.Target.Fingerprint.Name)
	}
	var p struct{ URL string }
	if json.Unmarshal(s.Params, &p) == nil && p.URL != "" {
		return s.Command + " " + p.URL
	}
	return s.Command
}

// runStep executes one step. For a targeted step it finds the element by
// the recorded locators in order, accepting only a unique match that
// agrees with the fingerprint; heal is the index of the locator used.
func (c *Replay) runStep(ctx context.Context, env *Env, step *workflow.Step, vars map[string]string) (*Output, int, error) {
	cmd, ok := New(step.Command)
	if !ok || !recordable[step.Command] {
		return nil, 0, failure.New(failure.Usage, "unknown step command %q", step.Command)
	}
	params, err := workflow.ExpandJSON(step.Params, vars)
	if err != nil {
		return nil, 0, failure.New(failure.Usage, "%v", err)
	}
	if len(params) > 0 {
		if err := json.Unmarshal(params, cmd); err != nil {
			return nil, 0, failure.New(failure.Usage, "bad params: %v", err)
		}
	}
	if q, ok := cmd.(quieter); ok {
		q.quiet()
	}
	heal := 0
	if tc, ok := cmd.(Targeted); ok && step.Target != nil {
		t, err := env.Browser.Current(ctx)
		if err != nil {
			return nil, 0, err
		}
		t.Settle(ctx, actQuiet, settleCap)
		idx, err := pickLocator(ctx, t, step.Target, vars)
		if err != nil {
			return nil, 0, err
		}
		loc, _ := workflow.Expand(step.Target.Locators[idx], vars)
		tc.SetTarget(loc)
		heal = idx
	}
	env.Browser.BeginCommand()
	out, err := cmd.Run(ctx, env)
	env.Browser.EndCommand(ConsumesNavigation(cmd))
	return out, heal, err
}

// Heal waits: the recorded best locator may wait for a page that is still
// rendering; once it failed the page is there, and each fallback only
// needs to be looked up.
const (
	firstLocatorWait    = 5 * time.Second
	fallbackLocatorWait = 700 * time.Millisecond
)

// maxPause caps one recorded pause kept by --speed (a recording left
// running over lunch does not stall its replay).
const maxPause = time.Minute

// pickLocator tries each locator; the first gets most of the wait (the page
// may still be rendering), the fallbacks a short one each.
func pickLocator(ctx context.Context, t *page.Tab, tgt *workflow.Target, vars map[string]string) (int, error) {
	var reasons []string
	for i, raw := range tgt.Locators {
		l, err := workflow.Expand(raw, vars)
		if err != nil {
			return 0, failure.New(failure.Usage, "%v", err)
		}
		wait := fallbackLocatorWait
		if i == 0 {
			wait = firstLocatorWait
		}
		lctx, cancel := context.WithTimeout(ctx, wait)
		el, err := t.Resolve(lctx, l)
		cancel()
		if err != nil {
			reasons = append(reasons, fmt.Sprintf("%s: %s", l, failure.From(err).Code))
			if ctx.Err() != nil {
				break
			}
			continue
		}
		li, lerr := t.Locators(ctx, el)
		var fp workflow.Fingerprint
		if lerr == nil {
			fp, _ = fingerprintOf(ctx, li, el)
		}
		el.Release(ctx)
		if lerr != nil || !tgt.Fingerprint.Agrees(fp) {
			reasons = append(reasons, fmt.Sprintf("%s: found %s %q, recorded %s %q", l, fp.Role, fp.Name, tgt.Fingerprint.Role, tgt.Fingerprint.Name))
			continue
		}
		return i, nil
	}
	return 0, failure.New(failure.NotFound, "no locator found an element that agrees with the recording (%s %q): %s",
		tgt.Fingerprint.Role, tgt.Fingerprint.Name, strings.Join(reasons, "; "))
}

func jsonLine(v any) string {
	b, _ := json.Marshal(v)
	return string(b) + "\n"
}
