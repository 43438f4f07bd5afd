package commands

import (
	"io"
	"strings"
)

// Targeted commands act on one element; recording stores durable locators
// for it and replay fills in whichever locator still matches.
type Targeted interface {
	GetTarget() string
	SetTarget(string)
}

// Valued commands type text (fill, type); recording keeps secrets out.
type Valued interface {
	GetValue() string
	SetValue(string)
	IsSecret() bool
}

// RecordAs turns a typed value into a workflow variable while recording.
type RecordAs struct {
	As string `name:"as" aliases:"var" placeholder:"NAME" help:"While recording: store the value as variable NAME, with it as default."`
}

func (r *RecordAs) varName() string { return r.As }
func (r *RecordAs) clearVarName()   { r.As = "" }

// namedValue is a Valued command whose value can be recorded as a
// variable (fill, type --as NAME).
type namedValue interface {
	varName() string
	clearVarName()
}

// OutputAs names what a read, eval or screenshot step outputs.
type OutputAs struct {
	As string `name:"as" placeholder:"NAME" help:"Name this output (in replays)."`
}

func (o *OutputAs) outputName() string { return o.As }

// outputNamer commands can name their output (OutputAs).
type outputNamer interface{ outputName() string }

// Preparer commands read something only the CLI process has (stdin, files
// relative to the caller's directory, the caller's environment) before the
// request goes to the daemon.
type Preparer interface {
	Prepare(cwd string, environ []string, stdin io.Reader) error
}

// NeedsCaller reports whether c, as parsed, reads something of the
// caller's process (a Preparer with something to prepare), so that only
// the CLI in that process can send it.
func NeedsCaller(c Command) bool {
	switch c := c.(type) {
	case *Fill:
		return c.fromOutside()
	case *Type:
		return c.fromOutside()
	case *Eval:
		return c.Stdin
	case Preparer:
		return true
	}
	return false
}

// Stepper commands (batch, replay) run other commands as steps and
// bracket each step for `wait navigation` themselves (Browser.BeginCommand
// and EndCommand); the daemon does not bracket them as a whole.
type Stepper interface{ runsSteps() }

func (*Batch) runsSteps()  {}
func (*Replay) runsSteps() {}

// DaemonRole is what a browser lifecycle command does with the session's
// daemon.
type DaemonRole int

const (
	// Starts: the command starts the daemon (and browser) when none runs.
	Starts DaemonRole = iota
	// Reports on a running daemon and never starts one; with none
	// running, the CLI prints NotRunning.
	Reports
	// Stops the daemon: never starts one, and the CLI returns once the
	// daemon (with its browser) has exited; with none running, it ends a
	// browser a dead daemon left behind.
	Stops
)

// Lifecycle commands manage the session's daemon and browser (browser
// launch, status, stop); a batch does not run them.
type Lifecycle interface{ DaemonRole() DaemonRole }

func (*BrowserLaunch) DaemonRole() DaemonRole { return Starts }
func (*BrowserStatus) DaemonRole() DaemonRole { return Reports }
func (*BrowserStop) DaemonRole() DaemonRole   { return Stops }

// RoleOf is c's DaemonRole; commands other than Lifecycle ones start the
// daemon when needed.
func RoleOf(c Command) DaemonRole {
	if l, ok := c.(Lifecycle); ok {
		return l.DaemonRole()
	}
	return Starts
}

// pageReader commands (snap, snapshot, read, eval, screenshot) print what
// they read of the page; replay passes their output on, and only theirs.
type pageReader interface{ readsPage() }

func (*Snap) readsPage()       {} // and Snapshot, which embeds it
func (*Read) readsPage()       {}
func (*Eval) readsPage()       {}
func (*Screenshot) readsPage() {}

// actionCmd is a command that acts on the page: it embeds ActOpts, and
// its output is actionData (dryRunData for a dry run). Batch and replay
// turn its snap off (a batch prints one at the end, a replay only what
// steps read); a recording leaves its dry runs out.
type actionCmd interface{ actOpts() *ActOpts }

func (o *ActOpts) actOpts() *ActOpts { return o }

// GetTarget is "" for a click at a point: there is no element to record
// locators of, and the step replays at the same point.
func (c *Click) GetTarget() string {
	if pointTarget(c.Target) {
		return ""
	}
	return c.Target
}
func (c *Click) SetTarget(s string)    { c.Target = s }
func (c *Dblclick) GetTarget() string  { return c.Target }
func (c *Dblclick) SetTarget(s string) { c.Target = s }
func (c *Hover) GetTarget() string     { return c.Target }
func (c *Hover) SetTarget(s string)    { c.Target = s }
func (c *Fill) GetTarget() string      { return c.Target }
func (c *Fill) SetTarget(s string)     { c.Target = s }
func (c *Type) GetTarget() string      { return c.Target }
func (c *Type) SetTarget(s string)     { c.Target = s }
func (c *Press) GetTarget() string     { return c.Target }
func (c *Press) SetTarget(s string)    { c.Target = s }
func (c *Select) GetTarget() string    { return c.Target }
func (c *Select) SetTarget(s string)   { c.Target = s }
func (c *Check) GetTarget() string     { return c.Target }
func (c *Check) SetTarget(s string)    { c.Target = s }
func (c *Uncheck) GetTarget() string   { return c.Target }
func (c *Uncheck) SetTarget(s string)  { c.Target = s }
func (c *Upload) GetTarget() string    { return c.Target }
func (c *Upload) SetTarget(s string)   { c.Target = s }

// Scroll has a target only when it is not a direction.
func (c *Scroll) GetTarget() string {
	switch strings.ToLower(c.Where) {
	case "", "up", "down", "left", "right":
		return ""
	}
	return c.Where
}

// SetTarget sets the element to scroll into view.
func (c *Scroll) SetTarget(s string) { c.Where = s }

func (c *Fill) GetValue() string  { return strings.Join(c.Value, " ") }
func (c *Fill) SetValue(v string) { c.Value = []string{v} }
func (c *Fill) IsSecret() bool    { return c.Secret }
func (c *Type) GetValue() string  { return strings.Join(c.Text, " ") }
func (c *Type) SetValue(v string) { c.Text = []string{v} }
func (c *Type) IsSecret() bool    { return c.Secret }

// Prepare reads the expression from stdin when --stdin is set.
func (c *Eval) Prepare(_ string, _ []string, stdin io.Reader) error { return c.ReadStdin(stdin) }
