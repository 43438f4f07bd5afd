package commands

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/rpc"
	"github.com/tact-browser/tact/internal/snapshot"
)

// Batch runs several commands in one call, one at a time in the daemon,
// and ends as an action does: what changed while it stayed on the page,
// the whole page after a navigation.
type Batch struct {
	Steps           []string `arg:"" optional:"" help:"Command lines without tact (\"click @e1\", \"fill @e2 'Ada L'\", \"wait text=Done --timeout 2s\"); none: one per line on stdin (# comments)."`
	ContinueOnError bool     `name:"continue-on-error" help:"Run the remaining steps after a failing one."`
	Until           string   `placeholder:"LOCATOR" help:"Stop after the first step after which this locator matches (text=…, css=…)."`
	Quiet           bool     `help:"Print only failing steps, what steps read (eval, read …) and the page."`
	Fast            bool     `help:"Send steps back to back; wait for the page once, after the last."`
	NoSnap          bool     `name:"no-snap" help:"Print only the steps' result lines, not the page."`
	Snap            bool     `help:"End with the whole page, not only what changed (the default when the batch stays on the page)."`
	Diff            bool     `help:"End with only what changed since the snap before the batch, even after a navigation."`
	MaxTokens       int      `name:"max-tokens" default:"5000" help:"Budget for the final snap (0 = no limit)."`
	Focus           string   `help:"Snap only this part at the end: a CSS selector, @eN or a locator (role=dialog)." placeholder:"TARGET"`
	Locators        bool     `help:"Add loc=<best verified locator> to each element line of the final snap."`
}

// Help for batch.
func (c *Batch) Help() string {
	return `Examples:
  tact batch "fill @e2 'Ada L'" "click @e5"
  tact batch "click @e3" "wait text=Saved --timeout 2s"   # a step's own deadline
  tact batch --quiet --until text=Found "scroll down" "scroll down" "scroll down"
  tact batch --fast "click @e4" "click @e4" "click @e4"   # three clicks back to back`
}

// MaxSteps bounds a batch: more is a USAGE error before anything runs
// (a batch is one call under one --timeout, not a script runner).
const MaxSteps = 1000

// Prepare reads the steps from stdin when none are given as arguments,
// refusing more than MaxSteps as soon as it sees them.
func (c *Batch) Prepare(_ string, _ []string, stdin io.Reader) error {
	if len(c.Steps) > 0 || stdin == nil {
		return checkStepCount(c.Steps)
	}
	if f, ok := stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return failure.New(failure.Usage, "no steps: give them as arguments or one per line on stdin")
		}
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		c.Steps = append(c.Steps, sc.Text())
		if isStep(sc.Text()) {
			if n++; n > MaxSteps {
				return tooManySteps()
			}
		}
	}
	if err := sc.Err(); err != nil {
		return failure.New(failure.IO, "read steps from stdin: %v", err)
	}
	return nil
}

// isStep reports whether a line is a step (not blank, not a comment, or
// a line that does not split, which parsing reports).
func isStep(line string) bool {
	words, err := SplitWords(line)
	return err != nil || len(words) > 0
}

// checkStepCount refuses more than MaxSteps steps.
func checkStepCount(lines []string) error {
	n := 0
	for _, l := range lines {
		if isStep(l) {
			if n++; n > MaxSteps {
				return tooManySteps()
			}
		}
	}
	return nil
}

func tooManySteps() error {
	return failure.New(failure.Usage, "more than %d steps in one batch; split it into several calls", MaxSteps)
}

// batchStep is one parsed step: its words and the command they make.
type batchStep struct {
	n    int // 1-based, counting only real steps
	line string
	name string
	cmd  Command
	// timeout is the step's own --timeout (0: the call's --timeout).
	timeout time.Duration
}

// stepAllowance is what a step without a --timeout of its own adds to
// the batch's deadline: a click that settles takes well under a second
// on a quiet machine, so 60 clicks fit the default --timeout and this.
const stepAllowance = time.Second

// maxStepsBudget bounds what the steps add to the batch's deadline: a
// batch is one call, not a job queue.
const maxStepsBudget = 30 * time.Minute

// Deadline is the batch's deadline, which grows with its steps:
// --timeout, plus each step's own --timeout, or stepAllowance for a step
// without one. (A batch whose steps would add more is refused before it
// starts; this caps it for the caller, who has not parsed the steps.)
func (c *Batch) Deadline(g rpc.Globals) time.Duration {
	return g.Timeout + min(stepsBudget(c.Steps), maxStepsBudget)
}

// stepsBudget is what the steps add to a batch's deadline; a line that
// does not parse counts as a step without a --timeout (parsing refuses
// it before anything runs).
func stepsBudget(lines []string) time.Duration {
	var sum time.Duration
	for _, l := range lines {
		words, err := SplitWords(l)
		if err == nil && len(words) == 0 {
			continue
		}
		_, d, _ := cutTimeout(words)
		if d == 0 {
			d = stepAllowance
		}
		sum += d
	}
	return sum
}

// cutTimeout takes a step's own --timeout D (or --timeout=D) out of its
// words: it is a global flag, which the commands' grammar does not have.
// Words after "--" are values and stay.
func cutTimeout(words []string) ([]string, time.Duration, error) {
	var rest []string
	var d time.Duration
	for i := 0; i < len(words); i++ {
		w := words[i]
		v, ok := strings.CutPrefix(w, "--timeout=")
		if w == "--timeout" {
			if i+1 == len(words) {
				return nil, 0, errors.New("--timeout needs a duration, such as 2s")
			}
			i++
			v, ok = words[i], true
		}
		if w == "--" {
			return append(rest, words[i:]...), d, nil
		}
		if !ok {
			rest = append(rest, w)
			continue
		}
		var err error
		if d, err = stepTimeout(v); err != nil {
			return nil, 0, err
		}
	}
	return rest, d, nil
}

// stepTimeout reads a step's --timeout as the global flag takes it: a
// duration (2s, 500ms) or seconds.
func stepTimeout(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if f, ferr := strconv.ParseFloat(v, 64); err != nil && ferr == nil {
		d, err = time.Duration(f*float64(time.Second)), nil
	}
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("--timeout %q: want a positive duration, such as 2s or 500ms", v)
	}
	return d, nil
}

// parseSteps turns step lines into commands; blank lines and # comments
// are skipped. Every step is checked before any runs. One parser serves
// every step (building one costs milliseconds), and a call that ends
// (deadline, hang-up, stop) ends the parsing too.
func parseSteps(ctx context.Context, lines []string) ([]batchStep, error) {
	if err := checkStepCount(lines); err != nil {
		return nil, err
	}
	var root Root
	p, err := kong.New(&root, kong.Name("tact"), kong.Writers(io.Discard, io.Discard),
		kong.Exit(func(int) { panic(kongExit{}) }))
	if err != nil {
		return nil, err
	}
	var out []batchStep
	for _, line := range lines {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		words, err := SplitWords(line)
		if err != nil {
			return nil, failure.New(failure.Usage, "step %d (%s): %v", len(out)+1, strings.TrimSpace(line), err)
		}
		if len(words) == 0 {
			continue
		}
		n := len(out) + 1
		cmdWords, timeout, err := cutTimeout(words)
		if err == nil {
			var name string
			var cmd Command
			if name, cmd, err = parseCommand(p, cmdWords); err == nil {
				out = append(out, batchStep{n: n, line: strings.Join(quoteWords(words), " "), name: name, cmd: cmd, timeout: timeout})
				continue
			}
		}
		return nil, failure.New(failure.Usage, "step %d (%s): %s", n, strings.Join(words, " "), oneLine(err.Error()))
	}
	if len(out) == 0 {
		return nil, failure.New(failure.Usage, "no steps: give them as arguments or one per line on stdin")
	}
	if b := stepsBudget(lines); b > maxStepsBudget {
		return nil, failure.New(failure.Usage, "the steps would add %s to the batch's --timeout (each step's own --timeout, %s for one without); at most %s: split the batch or give its steps shorter timeouts", b, stepAllowance, maxStepsBudget)
	}
	return out, nil
}

type kongExit struct{}

// parseCommand parses the words after "tact" with the CLI's own grammar
// (p, built on a Root). The parser's target is reused by the next step,
// so the command is copied out the way a request carries it: as JSON.
func parseCommand(p *kong.Kong, words []string) (name string, cmd Command, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(kongExit); !ok {
				panic(r)
			}
			err = errors.New("--help is not a step")
		}
	}()
	kctx, err := p.Parse(NegativeValues(p.Model.Node, words))
	if err != nil {
		return "", nil, err
	}
	var parts []string
	for _, pp := range kctx.Path {
		if pp.Command != nil {
			parts = append(parts, pp.Command.Name)
		}
	}
	name = strings.Join(parts, " ")
	parsed, ok := kctx.Selected().Target.Addr().Interface().(Command)
	if !ok {
		return "", nil, fmt.Errorf("%q is not a command", name)
	}
	if !inBatch(parsed) {
		return "", nil, fmt.Errorf("%s cannot run in a batch", name)
	}
	if o, ok := parsed.(outsider); ok && o.fromOutside() {
		// The batch runs in the daemon, which has neither the caller's
		// environment nor its stdin (that holds the steps).
		return "", nil, errors.New("--secret-env and --secret-stdin cannot be used in a batch; run that fill or type as its own call")
	}
	c, ok := New(name)
	if !ok {
		return "", nil, fmt.Errorf("%q is not a command", name)
	}
	b, err := json.Marshal(parsed)
	if err == nil {
		err = json.Unmarshal(b, c)
	}
	if err != nil {
		return "", nil, fmt.Errorf("%s: %v", name, err)
	}
	return name, c, nil
}

// inBatch reports whether a batch runs c: not another batch, not a
// command that manages the daemon, not one that runs only in the CLI
// process.
func inBatch(c Command) bool {
	_, nested := c.(*Batch)
	_, lifecycle := c.(Lifecycle)
	_, local := c.(Local)
	return !nested && !lifecycle && !local
}

// outsider commands take a value from the caller's environment or stdin.
type outsider interface{ fromOutside() bool }

func (s *SecretSource) fromOutside() bool { return s.SecretEnv != "" || s.SecretStdin }

// Run runs the steps in order. Actions skip their own snap; the batch
// ends with one. A failing step stops the batch (unless
// --continue-on-error) with its number, command and error, after the
// snap at that point, and the batch fails with that step's error code.
// --until stops it after the first step after which its locator matches.
func (c *Batch) Run(ctx context.Context, env *Env) (*Output, error) {
	steps, err := parseSteps(ctx, c.Steps)
	if err != nil {
		return nil, stopped(ctx, err)
	}
	var until locator.Locator
	if c.Until != "" {
		if until, err = waitLocator(c.Until); err != nil {
			_, why, _ := strings.Cut(failure.From(err).Message, ": ")
			return nil, failure.New(failure.Usage, "--until %s: %s", c.Until, why)
		}
	}
	// The steps end a little before the call does, so a step that hits
	// the deadline on a hung page (whose clean-up can overrun it) is
	// still reported, with the steps before it, within --timeout.
	stepCtx := ctx
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		stepCtx, cancel = context.WithDeadline(ctx, dl.Add(-reportReserve(env.Globals.Timeout)))
		defer cancel()
	}
	var sb strings.Builder
	data := batchData{Steps: []batchStepData{}}
	var firstErr error
	// Where the batch began: it ends with what changed there, unless a
	// step left for another document or tab.
	var start *page.Tab
	var mark page.Mark
	if !c.NoSnap && env.Browser.Connected() {
		if start, err = env.Browser.Current(ctx); err == nil {
			mark = start.Mark()
		}
	}
	// stuck: a step ran into the call's deadline, or its own default one
	// (the page may be held in a script: no snap of it). A step that ran
	// out of a --timeout of its own (a probe: wait … --timeout 1s) is not.
	stuck, probed := false, false
	senv := env
	if c.Fast {
		fe := *env
		fe.Fast = true
		senv = &fe
	}
	ran := 0 // the steps run, and those --until left out
	for i, s := range steps {
		if stepCtx.Err() != nil {
			// The call is over (--timeout, a hang-up, browser stop):
			// no more steps, --continue-on-error or not.
			if firstErr == nil {
				firstErr = stepErr(s, failure.From(stopped(stepCtx, stepCtx.Err())))
			}
			stuck = true
			break
		}
		ran = i + 1
		out, err := prepareAndRun(stepCtx, senv, s)
		sb.WriteString(stepText(s, out, err, c.Quiet))
		res := batchStepData{Step: s.n, Command: s.line, OK: err == nil}
		if err == nil {
			res.Output = out.Data
		} else {
			fe := failure.From(err)
			if fe.Code == failure.Timeout {
				probed = true
				stuck = stuck || s.timeout == 0 || stepCtx.Err() != nil
			}
			res.Error = fe
			if firstErr == nil {
				firstErr = stepErr(s, fe)
			}
		}
		data.Steps = append(data.Steps, res)
		if err != nil && !c.ContinueOnError {
			break
		}
		if c.Until != "" && untilMatches(stepCtx, env, until) {
			data.UntilStep = s.n
			left := ""
			if n := len(steps) - i - 1; n > 0 {
				left = " (" + notRun(n) + ")"
			}
			fmt.Fprintf(&sb, "--until %s matched after step %d%s\n", c.Until, s.n, left)
			ran = len(steps)
			break
		}
		if c.Until != "" && i == len(steps)-1 {
			fmt.Fprintf(&sb, "--until %s did not match after any step\n", c.Until)
		}
	}
	if ran < len(steps) {
		// Never silently: the steps a failure or the deadline left.
		fmt.Fprintf(&sb, "(%s)\n", notRun(len(steps)-ran))
	}
	if c.Fast && !stuck {
		// What the steps caused, once: a navigation one started, the
		// page's reaction and quiet.
		if t, err := env.Browser.Current(ctx); err == nil {
			t.Settle(ctx, actQuiet, settleCap)
		}
	}
	out := &Output{}
	switch {
	case c.NoSnap:
	case stuck:
		// The page may still be stuck; the daemon interrupts it after this.
		sb.WriteString("---\n(no snap: the step timed out)\n")
	default:
		snapCtx := ctx
		if probed {
			// A step ran out of its own --timeout: most are probes, but
			// a page held in a script would hold the snap to the end.
			var cancel context.CancelFunc
			snapCtx, cancel = context.WithTimeout(ctx, probeSnapWait)
			defer cancel()
		}
		if t, terr := env.Browser.Current(snapCtx); terr == nil {
			changes := c.Diff || (!c.Snap && t == start && !t.Navigated(mark))
			text, snap, stderr := freshSnap(snapCtx, t, ActOpts{Diff: c.Diff, MaxTokens: c.MaxTokens, Focus: c.Focus, Locators: c.Locators}, changes, false)
			sb.WriteString("---\n" + text)
			out.Stderr = stderr
			data.Snap = snap
		}
	}
	out.Text, out.Data = sb.String(), data
	return out, firstErr
}

// probeSnapWait bounds the final snap after a step ran out of its own
// --timeout.
const probeSnapWait = 3 * time.Second

// untilMatches reports whether --until's locator matches on the current
// tab now; a page that cannot be looked at (between documents) does not.
func untilMatches(ctx context.Context, env *Env, loc locator.Locator) bool {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return false
	}
	ok, _ := t.Matches(ctx, loc)
	return ok
}

// notRun says how many steps did not run.
func notRun(n int) string {
	return plural(n, "1 step", fmt.Sprintf("%d steps", n)) + " not run"
}

// stepLineMax bounds a step's line: an action's result lines joined.
const stepLineMax = 200

// stepText is what a batch prints of a step: one line, "[N] step → what
// it printed" (an action's lines joined with "; ", cut to stepLineMax),
// or "[N] step → error CODE: message". A step that reads (eval, read,
// locate, tab list …) and printed several lines prints them all under
// "[N] step". With quiet, a step that succeeded prints only what it
// read: an action's or a wait's line is left out.
func stepText(s batchStep, out *Output, err error, quiet bool) string {
	head := fmt.Sprintf("[%d] %s", s.n, s.line)
	if err != nil {
		fe := failure.From(err)
		return fmt.Sprintf("%s → error %s: %s\n", head, fe.Code, oneLine(fe.Message))
	}
	_, acts := s.cmd.(actionCmd)
	_, waits := s.cmd.(*Wait)
	if quiet && (acts || waits) {
		return ""
	}
	text := strings.TrimSuffix(out.Text, "\n")
	switch {
	case text == "":
		return head + " → ok\n"
	case !acts && strings.Contains(text, "\n"):
		return head + "\n" + text + "\n"
	}
	line := strings.Join(strings.Split(text, "\n"), "; ")
	if r := []rune(line); len(r) > stepLineMax {
		line = string(r[:stepLineMax]) + "…"
	}
	return head + " → " + line + "\n"
}

// batchData is batch's -o json: each step's result, then the final snap.
type batchData struct {
	Steps []batchStepData `json:"steps"`
	// UntilStep is the step after which --until matched (the last run).
	UntilStep int            `json:"until_step,omitempty"`
	Snap      *snapshot.Page `json:"snap,omitempty"`
}

type batchStepData struct {
	Step    int            `json:"step"`
	Command string         `json:"command"`
	OK      bool           `json:"ok"`
	Output  any            `json:"output,omitempty"` // the step's own -o json
	Error   *failure.Error `json:"error,omitempty"`
}

// prepareAndRun runs one step under its own deadline (its --timeout, or
// the call's), within the batch's (ctx), recorded like a command of its
// own when a recording is on.
func prepareAndRun(ctx context.Context, env *Env, s batchStep) (*Output, error) {
	if a, ok := s.cmd.(actionCmd); ok {
		a.actOpts().NoSnap = true // the batch prints one snap at the end
	}
	if err := ResolvePaths(s.cmd, env.Globals.Cwd); err != nil {
		return nil, err
	}
	if p, ok := s.cmd.(Preparer); ok {
		// Files are relative to the caller; there is no stdin here.
		if err := p.Prepare(env.Globals.Cwd, nil, strings.NewReader("")); err != nil {
			return nil, err
		}
	}
	limit := s.limit(env.Globals.Timeout)
	sctx := ctx
	if limit > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	after, err := env.Recorder.Capture(sctx, env, s.name, s.cmd)
	if err != nil {
		return nil, err
	}
	env.Browser.BeginCommand()
	out, err := s.cmd.Run(sctx, env)
	env.Browser.EndCommand(ConsumesNavigation(s.cmd))
	after(err == nil)
	if err != nil && sctx.Err() != nil && (failure.From(err).Code != failure.NotFound || errors.Is(err, page.ErrUnanswered)) {
		// A locator that matched nothing until the end is that step's
		// NOT_FOUND, not a timeout: the page is as it was.
		if ctx.Err() != nil {
			err = stopped(ctx, err)
		} else if errors.Is(sctx.Err(), context.DeadlineExceeded) {
			err = failure.New(failure.Timeout, "the step did not finish within %s", s.timeoutFlag(limit))
		}
	}
	if err == nil && out == nil {
		out = &Output{}
	}
	return out, err
}

// limit is the step's deadline: its own --timeout, else the call's.
func (s batchStep) limit(call time.Duration) time.Duration {
	if s.timeout > 0 {
		return s.timeout
	}
	return call
}

// timeoutFlag names the --timeout a step ran under, for its TIMEOUT.
func (s batchStep) timeoutFlag(limit time.Duration) string {
	if s.timeout > 0 {
		return "its --timeout " + limit.String()
	}
	return "--timeout " + limit.String() + " (a step's own --timeout raises it)"
}

// reportReserve is the part of --timeout a batch keeps back from its
// steps to report them: a quarter, at most a second.
func reportReserve(timeout time.Duration) time.Duration {
	return min(timeout/4, time.Second)
}

// stopped is the error of a batch whose call ended under it: the
// whole batch's --timeout passed, or it was cancelled (the caller hung
// up, browser stop, the daemon got SIGTERM).
func stopped(ctx context.Context, err error) error {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return failure.New(failure.Timeout, "the batch did not finish within its deadline (--timeout, plus each step's own --timeout or 1 s): raise --timeout")
	case ctx.Err() != nil:
		return failure.New(failure.Internal, "the batch was stopped: the caller hung up or the session is stopping")
	}
	return err
}

// stepErr names the step in an error and keeps its code (and exit code).
func stepErr(s batchStep, fe *failure.Error) error {
	e := failure.New(fe.Code, "step %d (%s): %s", s.n, s.line, fe.Message)
	if fe.Hint != "" {
		e = e.WithHint(fe.Hint)
	}
	return e
}

// SplitWords splits a step into words like a POSIX shell: whitespace
// separates, 'single' quotes keep everything, "double" quotes and a
// backslash escape, and an unquoted # starting a word begins a comment.
func SplitWords(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord := false
	depth := 0 // unquoted [ … ] of a locator the current word is inside
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case depth > 0 && (r == '\'' || r == '"'):
			// A locator's attribute value keeps its quotes (and spaces):
			// role=button[name="Load goat"] is one word, as the locator
			// reads it, not role=button[name=Load goat].
			j := i + 1
			for ; j < len(rs) && rs[j] != r; j++ {
				if rs[j] == '\\' && j+1 < len(rs) {
					j++
				}
			}
			if j == len(rs) {
				return nil, fmt.Errorf("unclosed %c", r)
			}
			cur.WriteString(string(rs[i : j+1]))
			i = j
		case r == '[' && inWord:
			depth++
			cur.WriteRune(r)
		case r == ']' && depth > 0:
			depth--
			cur.WriteRune(r)
		case r == '\'':
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, errors.New("unclosed '")
			}
			cur.WriteString(string(rs[i+1 : j]))
			i, inWord = j, true
		case r == '"':
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) && strings.ContainsRune("\"\\$`", rs[j+1]) {
					j++
				}
				cur.WriteRune(rs[j])
			}
			if j == len(rs) {
				return nil, errors.New(`unclosed "`)
			}
			i, inWord = j, true
		case r == '\\' && i+1 < len(rs):
			i++
			cur.WriteRune(rs[i])
			inWord = true
		case r == ' ' || r == '\t' || r == '\r' || r == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord, depth = false, 0
			}
		case r == '#' && !inWord:
			return out, nil
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

// quoteWords quotes the words that need it, to echo a step readably.
func quoteWords(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\"'\\#$`") {
			out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		} else {
			out[i] = w
		}
	}
	return out
}

func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}
