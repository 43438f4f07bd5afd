package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/session"
)

// BrowserLaunch starts the session's daemon and browser with options.
type BrowserLaunch struct {
	Headed      bool   `help:"Show the browser window (default: headless)."`
	Profile     string `help:"Persistent profile name (default: the session name)." placeholder:"NAME"`
	IdleTimeout string `name:"idle-timeout" default:"30" help:"Stop the daemon and its browser after N idle minutes (or a duration like 90s)."`
	Port        int    `help:"Also open a CDP port on 127.0.0.1: any local user can then control the browser (default: none, CDP over a private pipe)."`
	// Background is seed 000's `browser launch --background`.
	Background bool `help:"Accepted for compatibility: the browser always runs in the background, in a daemon that outlives this command."`
}

// Run connects (launching if needed) and opens a tab.
func (c *BrowserLaunch) Run(ctx context.Context, env *Env) (*Output, error) {
	if _, err := env.Browser.Current(ctx); err != nil {
		return nil, err
	}
	return statusOutput(env.Browser.Info(), true), nil
}

// IdleDuration converts the flag (bare minutes, or a Go duration) to a
// duration.
func (c *BrowserLaunch) IdleDuration() (time.Duration, error) {
	s := strings.TrimSpace(c.IdleTimeout)
	if n, err := strconv.Atoi(s); err == nil && n > 0 {
		return time.Duration(n) * time.Minute, nil
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return d, nil
	}
	return 0, failure.New(failure.Usage, "--idle-timeout %q: want minutes (e.g. 30) or a duration (e.g. 90s)", c.IdleTimeout)
}

// BrowserStop ends the session's daemon and the browser it launched.
type BrowserStop struct{}

// Run stops the daemon after replying; the daemon closes the browser if it
// launched it, and only detaches from a --cdp browser.
func (c *BrowserStop) Run(ctx context.Context, env *Env) (*Output, error) {
	in := env.Browser.Info()
	env.Stop()
	msg := "stopped"
	if in.Connected && !in.Launched {
		msg = "detached (the --cdp browser keeps running)"
	}
	return &Output{Text: msg + "\n", Data: stopData{Stopped: true, Launched: in.Launched}}, nil
}

// BrowserStatus reports the browser's state.
type BrowserStatus struct{}

// Run reports without launching anything.
func (c *BrowserStatus) Run(ctx context.Context, env *Env) (*Output, error) {
	out := statusOutput(env.Browser.Info(), env.Browser.Connected())
	return withDialogPolicy(out, env.Browser.DialogPolicy())
}

// withDialogPolicy adds the dialog policy in force to a status: it stays
// for the session once a command sets it with --dialog.
func withDialogPolicy(out *Output, pol page.DialogPolicy) (*Output, error) {
	out.Text += "dialogs: " + pol.Mode
	if pol.Mode == "leave" {
		out.Text += " (left open for tact dialog accept|dismiss; --dialog accept changes it)"
	}
	out.Text += "\n"
	if d, ok := out.Data.(statusData); ok {
		d.Dialog = pol.Mode
		out.Data = d
	}
	return out, nil
}

func statusOutput(in session.Info, running bool) *Output {
	var sb strings.Builder
	switch {
	case in.RemoteGone != "":
		fmt.Fprintf(&sb, "gone: the remote browser at --cdp %s went away (the farm may have ended its session); tact browser stop, then connect again\n", in.RemoteGone)
	case !running:
		sb.WriteString("daemon running; browser not started (the next command launches it)\n")
	case in.Launched && in.Port == 0:
		fmt.Fprintf(&sb, "running: pid %d, CDP over a pipe (no port), %d tab(s)\n", in.PID, in.Tabs)
	case in.Launched:
		fmt.Fprintf(&sb, "running: pid %d, 127.0.0.1:%d (open to local users), %d tab(s)\n", in.PID, in.Port, in.Tabs)
	default:
		fmt.Fprintf(&sb, "attached: %s, %d tab(s)\n", in.WS, in.Tabs)
	}
	if len(in.Emulation) > 0 {
		fmt.Fprintf(&sb, "emulation: %s\n", strings.Join(in.Emulation, ", "))
	}
	if in.AllowedDomains != "" {
		fmt.Fprintf(&sb, "allowed domains: %s\n", in.AllowedDomains)
	}
	return &Output{Text: sb.String(), Data: statusData{Running: running, Info: in}}
}
