package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/verdict"
)

// Open navigates the current tab and returns the fresh snap.
type Open struct {
	URL string `arg:"" help:"Address to open (scheme optional)."`
	ActOpts
}

// Run opens.
func (c *Open) Run(ctx context.Context, env *Env) (*Output, error) {
	u, err := NormalizeURL(c.URL, env.Globals.AllowFile)
	if err != nil {
		return nil, err
	}
	if c.DryRun {
		return dryRunNav("open", "open "+u, u)
	}
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	t.Drain()
	if err := t.Navigate(ctx, u); err != nil {
		return nil, err
	}
	t.Settle(ctx, settleQuiet, settleCap)
	return navOutput(ctx, t, c.ActOpts)
}

// navOutput is a navigation's result: where the tab is, whether it still
// loads, what the page did beside its DOM, and the page.
func navOutput(ctx context.Context, t navTab, o ActOpts) (*Output, error) {
	lines := []string{"at " + t.URL()}
	if t.StillLoading() {
		lines = append(lines, stillLoading(t))
	}
	eff := t.Drain()
	ds := make([]verdict.Dialog, len(eff.Dialogs))
	for i, d := range eff.Dialogs {
		ds[i] = verdict.Dialog(d)
	}
	lines = append(lines, verdict.DialogLines(ds)...)
	// A page that opens tabs as it loads, without a click, is said to.
	if n := len(eff.Opened); n > 0 {
		lines = append(lines, fmt.Sprintf("the page opened %d %s on its own (tact tab list)", n, plural(n, "tab", "tabs")))
	}
	lines = append(lines, closedPopupsLine(eff.ClosedPopups)...)
	return actionOutput(ctx, t, o, lines)
}

// closedPopupsLine reports the popups over page.MaxPopups that tact closed.
func closedPopupsLine(n int) []string {
	if n == 0 {
		return nil
	}
	return []string{fmt.Sprintf("closed %d %s the page opened (tact keeps %d per action or page load)", n, plural(n, "popup", "popups"), page.MaxPopups)}
}

// Back goes back in the tab's history.
type Back struct{ ActOpts }

// Run goes back.
func (c *Back) Run(ctx context.Context, env *Env) (*Output, error) {
	return history(ctx, env, -1, c.ActOpts)
}

// Forward goes forward in the tab's history.
type Forward struct{ ActOpts }

// Run goes forward.
func (c *Forward) Run(ctx context.Context, env *Env) (*Output, error) {
	return history(ctx, env, 1, c.ActOpts)
}

func history(ctx context.Context, env *Env, d int, o ActOpts) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	if o.DryRun {
		u, err := t.HistoryURL(ctx, d)
		if err != nil {
			return nil, err
		}
		act := map[int]string{-1: "back", 1: "forward"}[d]
		return dryRunNav(act, "go "+act+" to "+u, u)
	}
	if err := t.History(ctx, d); err != nil {
		return nil, err
	}
	t.Settle(ctx, settleQuiet, settleCap)
	return navOutput(ctx, t, o)
}

// Reload reloads the page.
type Reload struct{ ActOpts }

// Run reloads.
func (c *Reload) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	if c.DryRun {
		return dryRunNav("reload", "reload "+t.URL(), t.URL())
	}
	if err := t.Reload(ctx); err != nil {
		return nil, err
	}
	t.Settle(ctx, settleQuiet, settleCap)
	return navOutput(ctx, t, c.ActOpts)
}

// Close closes the current tab.
type Close struct{}

// Run closes the current tab; another tab (or, at the next command, a new
// blank one) becomes current.
func (c *Close) Run(ctx context.Context, env *Env) (*Output, error) {
	tabs, err := env.Browser.Tabs(ctx)
	if err != nil {
		return nil, err
	}
	if len(tabs) == 0 {
		return nil, failure.New(failure.NotFound, "no tab is open: nothing to close")
	}
	if err := env.Browser.CloseTab(ctx, ""); err != nil {
		return nil, err
	}
	msg := "closed"
	if len(tabs) == 1 {
		msg += "; no tab is left (the next command opens a blank one)"
	}
	left := len(tabs) - 1
	return &Output{Text: msg + "\n", Data: closedData{Closed: true, TabsLeft: &left}}, nil
}

// Eval evaluates JavaScript in the page.
type Eval struct {
	Expr  []string `arg:"" optional:"" help:"Expression (awaited if it is a promise)."`
	Stdin bool     `help:"Read the expression from standard input (sent by the CLI)."`
	OutputAs
}

// Run evaluates; strings print raw, other values as JSON.
func (c *Eval) Run(ctx context.Context, env *Env) (*Output, error) {
	expr := strings.TrimSpace(strings.Join(c.Expr, " "))
	if expr == "" {
		return nil, failure.New(failure.Usage, "eval needs an expression (or --stdin)")
	}
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	raw, err := t.EvalPage(ctx, expr)
	if err != nil {
		return nil, err
	}
	var v struct {
		U *int    `json:"u"`
		S *string `json:"s"`
		J *string `json:"j"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, failure.New(failure.Internal, "decode eval result: %v", err)
	}
	switch {
	case v.S != nil:
		return &Output{Text: *v.S + "\n", Data: *v.S}, nil
	case v.J != nil:
		var data any
		_ = json.Unmarshal([]byte(*v.J), &data)
		return &Output{Text: *v.J + "\n", Data: data}, nil
	default:
		return &Output{Text: "undefined\n", Data: nil}, nil
	}
}

// ReadStdin fills Expr from r when --stdin is set (done by the CLI before
// the request is sent, since the daemon has no access to the caller's stdin).
func (c *Eval) ReadStdin(r io.Reader) error {
	if !c.Stdin {
		return nil
	}
	b, err := io.ReadAll(io.LimitReader(r, 16<<20))
	if err != nil {
		return failure.New(failure.IO, "read stdin: %v", err)
	}
	c.Expr = []string{string(b)}
	c.Stdin = false
	return nil
}

// Screenshot saves a PNG of the page.
type Screenshot struct {
	Path     string `arg:"" optional:"" hidden:"" help:"Where to write the image, as --file."` // hidden: MCP has file
	File     string `help:"Where to write the image (default: a new file under the data dir)." placeholder:"PATH"`
	Full     bool   `help:"The whole page, not just the viewport."`
	Focus    string `help:"Only this element (@eN, css=… or a CSS selector)."`
	Annotate bool   `help:"Draw each ref's label on its element."`
	Format   string `enum:"png,jpeg" default:"png" help:"Image format: png or jpeg."`
	Quality  int    `help:"JPEG quality, 1-100 (default: the browser's)." placeholder:"N"`
	// The page may be private: a new file is 0600, an existing one is
	// never replaced unless asked.
	Overwrite bool `help:"Replace --file if it exists (keeping its mode); without it an existing file is never replaced."`
	OutputAs
}

// Run captures and writes the file, printing its path.
func (c *Screenshot) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	if c.Path != "" {
		if c.File != "" && c.File != c.Path {
			return nil, failure.New(failure.Usage, "screenshot: give the path once, as PATH or --file, not both")
		}
		c.File = c.Path
	}
	jpeg := c.Format == "jpeg"
	if c.Quality != 0 && (!jpeg || c.Quality < 1 || c.Quality > 100) {
		return nil, failure.New(failure.Usage, "--quality %d: only for --format jpeg, 1 to 100", c.Quality)
	}
	ext := ".png"
	if jpeg {
		ext = ".jpg"
	}
	file, err := outputFile(env, c.File, "screenshots", "shot", ext, c.Overwrite)
	if err != nil {
		return nil, err
	}
	var clip *page.Rect
	if c.Focus != "" {
		target := c.Focus
		if !strings.HasPrefix(target, "@") && !strings.Contains(target, "=") {
			target = "css=" + target
		}
		el, err := t.Resolve(ctx, target)
		if err != nil {
			return nil, err
		}
		_ = el.ScrollIntoView(ctx)
		clip, err = el.Box(ctx)
		el.Release(ctx)
		if err != nil {
			return nil, err
		}
		if clip.W < 1 || clip.H < 1 {
			return nil, failure.New(failure.NotInteractable, "%s has no size to capture", c.Focus)
		}
	}
	var note string
	labels := 0
	if c.Annotate {
		n, err := t.Annotate(ctx, true)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			// No snap of this page yet, so no refs to draw: take one.
			freshSnap(ctx, t, ActOpts{}, false, false)
			if n, err = t.Annotate(ctx, true); err != nil {
				return nil, err
			}
			note = " (took a snap of this page for them: tact snap prints its refs)"
		}
		labels = n
		if n == 0 {
			note = " (the viewport shows no element with a ref)"
		}
		defer func() {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupWait)
			defer cancel()
			_, _ = t.Annotate(cctx, false)
		}()
	}
	png, err := t.Screenshot(ctx, page.Shot{Full: c.Full, Clip: clip, JPEG: jpeg, Quality: c.Quality})
	if err != nil {
		return nil, err
	}
	path, err := file.write(png)
	if err != nil {
		return nil, err
	}
	out := &Output{Text: path + "\n"}
	data := shotData{Path: path, Bytes: len(png)}
	if c.Annotate {
		// stdout stays the path alone, for scripts.
		out.Stderr = fmt.Sprintf("(%d ref labels%s)", labels, note)
		data.Labels = &labels
	}
	out.Data = data
	return out, nil
}

// cleanupWait bounds undoing what a command drew on the page (screenshot
// --annotate's labels), which also runs after the command timed out.
const cleanupWait = 2 * time.Second

// ConsumesNavigation reports whether a command waited for its own
// navigation (open, back, forward, reload, snap <url>, wait), so that a
// later `wait navigation` waits for another one. After any other command
// (an action that navigated), `wait navigation` is satisfied by the
// navigations since that command started.
func ConsumesNavigation(c Command) bool {
	switch c := c.(type) {
	case *Open, *Back, *Forward, *Reload, *Wait:
		return true
	case *Snap:
		return c.URL != ""
	}
	return false
}

// Wait waits for a condition.
type Wait struct {
	Condition string `arg:"" optional:"" help:"navigation, a locator or CSS, ms or a duration (1s)."`
	URL       string `name:"url" help:"Wait until the URL matches this glob (* = anything)."`
	Idle      bool   `help:"Wait until the network has been idle for 500 ms."`
	Load      bool   `help:"Wait for the load event (all subresources)."`
}

// Run waits, bounded by --timeout.
func (c *Wait) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	cond := strings.TrimSpace(c.Condition)
	switch {
	case c.URL != "":
		err = t.WaitURL(ctx, c.URL)
	case c.Idle:
		err = t.WaitIdle(ctx)
	case c.Load:
		err = t.WaitLoadEvent(ctx)
	case cond == "":
		return nil, failure.New(failure.Usage, "wait needs a condition: navigation, a locator (text=…, role=…, xpath=…) or CSS, <ms>, --url, --idle or --load")
	case cond == "navigation":
		err = t.WaitNavigation(ctx, t.SincePrevious())
	default:
		if n, ok := strings.CutPrefix(cond, "-"); ok && n != "" && (strings.Trim(n, "0123456789") == "" || isDuration(n)) {
			return nil, failure.New(failure.Usage, "wait: negative duration")
		}
		if strings.Trim(cond, "0123456789") == "" || isDuration(cond) {
			// Milliseconds, or a duration with its unit (1s, 500ms, 1.5s):
			// no CSS selector starts with a digit.
			ms, perr := strconv.Atoi(cond)
			if d, derr := time.ParseDuration(cond); perr != nil && derr == nil {
				ms, perr = int(d.Milliseconds()), nil
			}
			if perr != nil || ms > 24*3600*1000 {
				return nil, failure.New(failure.Usage, "wait %s: too long a wait (it is bounded by --timeout anyway)", cond)
			}
			select {
			case <-time.After(time.Duration(ms) * time.Millisecond):
			case <-ctx.Done():
				err = failure.New(failure.Timeout, "wait %dms exceeds --timeout", ms)
			}
			break
		}
		loc, perr := waitLocator(cond)
		if perr != nil {
			return nil, perr
		}
		err = t.WaitLocator(ctx, loc)
	}
	if err != nil {
		return nil, err
	}
	d := time.Since(start).Round(time.Millisecond)
	return &Output{Text: fmt.Sprintf("ok (%s)\n", d), Data: waitData{OK: true, WaitedMS: d.Milliseconds()}}, nil
}

// waitLocator reads wait's condition as a target: any locator locate
// takes (text=, css=, xpath=, role=, … and A >> B), else a bare CSS
// selector. A ref is refused: it names an element that is already there.
func waitLocator(cond string) (locator.Locator, error) {
	loc, err := locator.Parse(cond)
	if err != nil && !kindPrefix().MatchString(cond) {
		loc, err = locator.Parse("css=" + cond)
	}
	if err != nil {
		return loc, failure.New(failure.Usage, "wait: %v", err)
	}
	if loc.IsRef() {
		return loc, failure.New(failure.Usage, "wait %s: a ref names an element already on the page; wait for a locator (text=…, css=…, role=…) instead", cond)
	}
	return loc, nil
}

// kindPrefix is a condition written as a locator of some kind (text=…),
// whose parse error is the one to report.
var kindPrefix = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z]+=`) })

// isDuration reports whether s is a duration with a unit, such as 1s or
// 500ms.
func isDuration(s string) bool {
	_, err := time.ParseDuration(s)
	return err == nil && s != "" && s[0] >= '0' && s[0] <= '9' && strings.Trim(s, "0123456789") != ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
