package commands

import (
	"context"
	"fmt"
	"strconv"
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
	for i, t := range tabs {
		mark := " "
		if t.Current {
			mark = "*"
		}
		fmt.Fprintf(&sb, "%s %s #%d %q %s\n", mark, t.ID[:8], i, t.Title, t.URL)
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
	return actionOutput(ctx, t, c.ActOpts, []string{"new tab " + tabName(ctx, env, t.ID())})
}

// tabName is a tab's id as tab list prints it, with its #index there:
// either one names it to tab switch and tab close.
func tabName(ctx context.Context, env *Env, id string) string {
	tabs, _ := env.Browser.Tabs(ctx)
	for i, t := range tabs {
		if t.ID == id {
			return fmt.Sprintf("%s #%d", id[:8], i)
		}
	}
	return id[:8]
}

// tabByIndex resolves N or #N (as tab list numbers tabs) to the tab's
// id; any other argument is returned as it is (an id, a prefix of 4 or
// more characters, or a part of the URL). Ids are 32 hex digits, so 1 to
// 3 digits never name a tab by prefix.
func tabByIndex(ctx context.Context, env *Env, arg string) (string, error) {
	n := strings.TrimPrefix(arg, "#")
	if n == "" || len(n) > 3 || strings.Trim(n, "0123456789") != "" {
		return arg, nil
	}
	i, _ := strconv.Atoi(n)
	tabs, err := env.Browser.Tabs(ctx)
	if err != nil {
		return "", err
	}
	if i >= len(tabs) {
		return "", failure.New(failure.NotFound, "no tab #%d: %d open, numbered from #0 (see tact tab list)", i, len(tabs))
	}
	return tabs[i].ID, nil
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
	ID string `arg:"" help:"Tab number (as tab list prints it, or the id or a part of its URL)."`
	ActOpts
}

// Run switches.
func (c *TabSwitch) Run(ctx context.Context, env *Env) (*Output, error) {
	want, err := tabByIndex(ctx, env, c.ID)
	if err != nil {
		return nil, err
	}
	if c.DryRun {
		id, err := env.Browser.FindTab(ctx, want)
		if err != nil {
			return nil, err
		}
		return dryRunNav("tab switch", "switch to tab "+id[:8], id)
	}
	t, err := env.Browser.Switch(ctx, want)
	if err != nil {
		return nil, err
	}
	return actionOutput(ctx, t, c.ActOpts, []string{"current tab " + tabName(ctx, env, t.ID()) + " " + t.URL()})
}

// TabClose closes a tab.
type TabClose struct {
	ID string `arg:"" optional:"" help:"Tab number (or id prefix, default: the current tab)."`
}

// Run closes.
func (c *TabClose) Run(ctx context.Context, env *Env) (*Output, error) {
	id, err := tabByIndex(ctx, env, c.ID)
	if err != nil {
		return nil, err
	}
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
