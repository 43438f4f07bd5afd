package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
)

// TabCmd groups tab commands.
type TabCmd struct {
	List   TabList   `cmd:"" default:"1" help:"List open tabs."`
	New    TabNew    `cmd:"" help:"Open a new tab (and a URL) and make it current."`
	Switch TabSwitch `cmd:"" help:"Make a tab current."`
	Close  TabClose  `cmd:"" help:"Close a tab (default: the current one)."`
}

// TabList lists tabs.
type TabList struct{}

// Run lists.
func (c *TabList) Run(ctx context.Context, env *Env) (*Output, error) {
	tabs, err := env.Browser.Tabs(ctx)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	for _, t := range tabs {
		mark := " "
		if t.Current {
			mark = "*"
		}
		fmt.Fprintf(&sb, "%s %s %q %s\n", mark, t.ID[:8], t.Title, t.URL)
	}
	return &Output{Text: sb.String(), Data: tabs}, nil
}

// TabNew opens a tab.
type TabNew struct {
	URL string `arg:"" optional:"" help:"Address to open in it."`
	ActOpts
}

// Run opens a tab, navigates and snaps.
func (c *TabNew) Run(ctx context.Context, env *Env) (*Output, error) {
	var u string
	if c.URL != "" {
		var err error
		if u, err = NormalizeURL(c.URL, env.Globals.AllowFile); err != nil {
			return nil, err
		}
	}
	if c.DryRun {
		return dryRunNav("tab new", strings.TrimSpace("open a new tab "+u), u)
	}
	if d, err := page.ParseDomains(env.Browser.Info().AllowedDomains); err == nil && u != "" && !d.Allows(u) {
		return nil, d.Refuse(u) // before a tab exists
	}
	prev := currentTab(ctx, env)
	t, err := env.Browser.NewTab(ctx)
	if err != nil {
		return nil, err
	}
	if u != "" {
		if err := t.Navigate(ctx, u); err != nil {
			if blank(t.URL()) {
				// Nothing loaded (a refused redirect, a host that does
				// not answer): no empty tab is left behind.
				discardTab(env, t.ID(), prev)
			}
			return nil, err
		}
		t.Settle(ctx, settleQuiet, settleCap)
	}
	return actionOutput(ctx, t, c.ActOpts, []string{"new tab " + t.ID()[:8]})
}

// currentTab is the id of the current tab, or "" when there is none.
func currentTab(ctx context.Context, env *Env) string {
	tabs, _ := env.Browser.Tabs(ctx)
	for _, t := range tabs {
		if t.Current {
			return t.ID
		}
	}
	return ""
}

func blank(u string) bool { return u == "" || u == "about:blank" }

// discardTab closes a tab tab new opened and makes prev current again.
func discardTab(env *Env, id, prev string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = env.Browser.CloseTab(ctx, id)
	if prev != "" {
		_, _ = env.Browser.Switch(ctx, prev)
	}
}

// TabSwitch makes a tab current.
type TabSwitch struct {
	ID string `arg:"" help:"Tab id (or its first 8 characters, as tab list prints)."`
	ActOpts
}

// Run switches.
func (c *TabSwitch) Run(ctx context.Context, env *Env) (*Output, error) {
	if c.DryRun {
		id, err := env.Browser.FindTab(ctx, c.ID)
		if err != nil {
			return nil, err
		}
		return dryRunNav("tab switch", "switch to tab "+id[:8], id)
	}
	t, err := env.Browser.Switch(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	return actionOutput(ctx, t, c.ActOpts, []string{"current tab " + t.ID()[:8] + " " + t.URL()})
}

// TabClose closes a tab.
type TabClose struct {
	ID string `arg:"" optional:"" help:"Tab id or prefix (default: current)."`
}

// Run closes.
func (c *TabClose) Run(ctx context.Context, env *Env) (*Output, error) {
	id := c.ID
	if id != "" {
		tabs, err := env.Browser.Tabs(ctx)
		if err != nil {
			return nil, err
		}
		var match []string
		for _, t := range tabs {
			if strings.HasPrefix(t.ID, id) {
				match = append(match, t.ID)
			}
		}
		if len(match) != 1 {
			return nil, failure.New(failure.NotFound, "no single tab matches %q (see tact tab list)", id)
		}
		id = match[0]
	}
	if err := env.Browser.CloseTab(ctx, id); err != nil {
		return nil, err
	}
	return &Output{Text: "closed\n", Data: closedData{Closed: true}}, nil
}

// DialogCmd answers a dialog left open (--dialog leave).
type DialogCmd struct {
	Accept  DialogAccept  `cmd:"" help:"Accept the open dialog (with text for a prompt)."`
	Dismiss DialogDismiss `cmd:"" help:"Dismiss the open dialog."`
}

// DialogAccept accepts.
type DialogAccept struct {
	Text string `arg:"" optional:"" help:"Answer for a prompt()."`
}

// Run accepts.
func (c *DialogAccept) Run(ctx context.Context, env *Env) (*Output, error) {
	return answer(ctx, env, true, c.Text)
}

// DialogDismiss dismisses.
type DialogDismiss struct{}

// Run dismisses.
func (c *DialogDismiss) Run(ctx context.Context, env *Env) (*Output, error) {
	return answer(ctx, env, false, "")
}

func answer(ctx context.Context, env *Env, accept bool, text string) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	d, err := t.AnswerDialog(ctx, accept, text)
	if err != nil {
		return nil, err
	}
	msg := fmt.Sprintf("dialog %s (%s): %q\n", d.Action, d.Type, d.Message)
	return &Output{Text: msg, Data: d}, nil
}
