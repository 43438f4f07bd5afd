package commands

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/rpc"
	"github.com/tact-browser/tact/internal/snapshot"
)

// Batch runs several commands in one call, one at a time in the daemon,
// and prints one snap at the end.
type Batch struct {
	Steps           []string `arg:"" optional:"" help:"Steps, each the words you would type after tact (\"click @e1\", \"fill @e2 'Ada L'\"); none: one per line on stdin (# comments)."`
	ContinueOnError bool     `name:"continue-on-error" help:"Run the remaining steps after a failing one."`
	NoSnap          bool     `name:"no-snap" help:"Print only the steps' result lines, not the final snap."`
	Diff            bool     `help:"End with only the sections that changed since the snap before the batch."`
	MaxTokens       int      `name:"max-tokens" default:"5000" help:"Budget for the final snap (0 = no limit)."`
}

// Prepare reads the steps from stdin when none are given as arguments.
func (c *Batch) Prepare(_ string, _ []string, stdin io.Reader) error {
	if len(c.Steps) > 0 || stdin == nil {
		return nil
	}
	if f, ok := stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return failure.New(failure.Usage, "no steps: give them as arguments or one per line on stdin")
		}
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		c.Steps = append(c.Steps, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return failure.New(failure.IO, "read steps from stdin: %v", err)
	}
	return nil
}

// Deadline gives every step its own --timeout.
func (c *Batch) Deadline(g rpc.Globals) time.Duration {
	return time.Duration(len(c.Steps)+1) * g.Timeout
}

// batchStep is one parsed step: its words and the command they make.
type batchStep struct {
	n    int // 1-based, counting only real steps
	line string
	name string
	cmd  Command
}

// parseSteps turns step lines into commands; blank lines and # comments
// are skipped. Every step is checked before any runs.
func parseSteps(lines []string) ([]batchStep, error) {
	var out []batchStep
	for _, line := range lines {
		words, err := SplitWords(line)
		if err != nil {
			return nil, failure.New(failure.Usage, "step %d (%s): %v", len(out)+1, strings.TrimSpace(line), err)
		}
		if len(words) == 0 {
			continue
		}
		n := len(out) + 1
		name, cmd, err := parseCommand(words)
		if err != nil {
			return nil, failure.New(failure.Usage, "step %d (%s): %s", n, strings.Join(words, " "), oneLine(err.Error()))
		}
		out = append(out, batchStep{n: n, line: strings.Join(quoteWords(words), " "), name: name, cmd: cmd})
	}
	if len(out) == 0 {
		return nil, failure.New(failure.Usage, "no steps: give them as arguments or one per line on stdin")
	}
	return out, nil
}

type kongExit struct{}

// parseCommand parses the words after "tact" with the CLI's own grammar.
func parseCommand(words []string) (name string, cmd Command, err error) {
	var root Root
	p, err := kong.New(&root, kong.Name("tact"), kong.Writers(io.Discard, io.Discard),
		kong.Exit(func(int) { panic(kongExit{}) }))
	if err != nil {
		return "", nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(kongExit); !ok {
				panic(r)
			}
			err = errors.New("--help is not a step")
		}
	}()
	kctx, err := p.Parse(words)
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
	c, ok := kctx.Selected().Target.Addr().Interface().(Command)
	if !ok {
		return "", nil, fmt.Errorf("%q is not a command", name)
	}
	if !inBatch(c) {
		return "", nil, fmt.Errorf("%s cannot run in a batch", name)
	}
	if o, ok := c.(outsider); ok && o.fromOutside() {
		// The batch runs in the daemon, which has neither the caller's
		// environment nor its stdin (that holds the steps).
		return "", nil, errors.New("--secret-env and --secret-stdin cannot be used in a batch; run that fill or type as its own call")
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
func (c *Batch) Run(ctx context.Context, env *Env) (*Output, error) {
	steps, err := parseSteps(c.Steps)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	results := []batchStepData{}
	var firstErr error
	for _, s := range steps {
		out, err := prepareAndRun(ctx, env, s)
		fmt.Fprintf(&sb, "[%d] %s\n", s.n, s.line)
		res := batchStepData{Step: s.n, Command: s.line, OK: err == nil}
		if err == nil {
			if out.Text != "" {
				sb.WriteString(strings.TrimSuffix(out.Text, "\n") + "\n")
			}
			res.Output = out.Data
			results = append(results, res)
			continue
		}
		fe := failure.From(err)
		fmt.Fprintf(&sb, "error %s: %s\n", fe.Code, oneLine(fe.Message))
		res.Error = fe
		results = append(results, res)
		if firstErr == nil {
			firstErr = stepErr(s, fe)
		}
		if !c.ContinueOnError {
			break
		}
	}
	data := batchData{Steps: results}
	out := &Output{}
	switch {
	case c.NoSnap:
	case firstErr != nil && failure.From(firstErr).Code == failure.Timeout:
		// The page may still be stuck; the daemon interrupts it after this.
		sb.WriteString("---\n(no snap: the step timed out)\n")
	default:
		ctx, cancel := context.WithTimeout(ctx, env.Globals.Timeout)
		defer cancel()
		if t, terr := env.Browser.Current(ctx); terr == nil {
			text, page, stderr := freshSnap(ctx, t, ActOpts{MaxTokens: c.MaxTokens}, c.Diff)
			sb.WriteString("---\n" + text)
			out.Stderr = stderr
			data.Snap = page
		}
	}
	out.Text, out.Data = sb.String(), data
	return out, firstErr
}

// batchData is batch's -o json: each step's result, then the final snap.
type batchData struct {
	Steps []batchStepData `json:"steps"`
	Snap  *snapshot.Page  `json:"snap,omitempty"`
}

type batchStepData struct {
	Step    int            `json:"step"`
	Command string         `json:"command"`
	OK      bool           `json:"ok"`
	Output  any            `json:"output,omitempty"` // the step's own -o json
	Error   *failure.Error `json:"error,omitempty"`
}

// prepareAndRun runs one step under its own deadline, recorded like a
// command of its own when a recording is on.
func prepareAndRun(ctx context.Context, env *Env, s batchStep) (*Output, error) {
	if q, ok := s.cmd.(quieter); ok {
		q.quiet() // the batch prints one snap at the end
	}
	if p, ok := s.cmd.(Preparer); ok {
		// Files are relative to the caller; there is no stdin here.
		if err := p.Prepare(env.Globals.Cwd, nil, strings.NewReader("")); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, env.Globals.Timeout)
	defer cancel()
	after, err := env.Recorder.Capture(ctx, env, s.name, s.cmd)
	if err != nil {
		return nil, err
	}
	env.Browser.BeginCommand()
	out, err := s.cmd.Run(ctx, env)
	env.Browser.EndCommand(ConsumesNavigation(s.cmd))
	after(err == nil)
	if err != nil && errors.Is(err, context.DeadlineExceeded) {
		err = failure.New(failure.Timeout, "did not finish within --timeout %s", env.Globals.Timeout)
	}
	if err == nil && out == nil {
		out = &Output{}
	}
	return out, err
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
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
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
				inWord = false
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
