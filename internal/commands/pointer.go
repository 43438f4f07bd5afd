package commands

// The mouse at a point: `mouse move/down/up` with the button held between
// calls (panning a map, drawing, a slider without ARIA), a click at a
// point, with another button or held down (`click 120,80 --button right`,
// `click @e3 --hold 2s`), and `drag --by`/a drag to a point. Coordinates are CSS
// pixels of the viewport, as `locate` prints boxes. Every press is
// hit-tested once the pointer is there and watched as it happens, and
// says what it reached.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/rpc"
)

// MouseCmd groups the commands that drive the mouse by itself.
type MouseCmd struct {
	Move MouseMove `cmd:"" help:"Move the mouse to a point or target (a drag step while a button is held)."`
	Down MouseDown `cmd:"" help:"Press a mouse button and hold it until mouse up."`
	Up   MouseUp   `cmd:"" help:"Release the held mouse button."`
	// Wheel is timed input a batch step carries; not an MCP tool action.
	Wheel MouseWheel `cmd:"" help:"Turn the mouse wheel by DX,DY where the mouse is (input: sent, not waited on)."`
}

// MouseWheel turns the wheel where the mouse is.
type MouseWheel struct {
	By string `arg:"" help:"DX,DY in pixels (0,300 scrolls down; negative: up or left), or DY alone."`
	ActOpts
}

// Run sends one wheel event where the mouse is: the scroll container
// under it scrolls, as for a person. Input, not an action: what it
// scrolled shows in the next verdict (scroll is the action that says).
func (c *MouseWheel) Run(ctx context.Context, env *Env) (*Output, error) {
	by := strings.TrimSpace(c.By)
	if !strings.Contains(by, ",") {
		by = "0," + by
	}
	dx, dy, ok := page.ParsePoint(by)
	if !ok || dx == 0 && dy == 0 {
		return nil, failure.New(failure.Usage, "mouse wheel %q: give DX,DY or DY in pixels, not both 0", c.By)
	}
	return atPoint(ctx, env, c.ActOpts, "", action{verb: "turn the wheel at", instant: true}, func(t *page.Tab, _ *page.Element, x, y float64) ([]string, error) {
		if err := t.Wheel(ctx, x, y, dx, dy); err != nil {
			return nil, err
		}
		return []string{"wheel " + page.FormatPoint(dx, dy) + " at " + page.FormatPoint(x, y)}, nil
	})
}

// OriginOpts is the flag that lets a press reach a frame of another
// origin the agent did not see under the pointer. Hidden: it stays out
// of the MCP tools (a prompt-injected client finds no way around the
// check there) and the short help; the refusal's hint and
// docs/commands.md name it.
type OriginOpts struct {
	AllowOtherOrigin bool `name:"allow-other-origin" hidden:"" help:"Press even into a frame of another origin that slid under the point."`
}

// MouseMove moves the mouse.
type MouseMove struct {
	At       string `arg:"" help:"X,Y (viewport CSS pixels, as locate prints boxes) or a target (its centre)."`
	Y        string `arg:"" optional:"" hidden:"" help:"Y, for X Y as two numbers."`
	Steps    int    `placeholder:"N" help:"Move along a straight line in N moves from where the mouse is (1-1000; default 1, or 10 while a button is held)."`
	Duration string `placeholder:"D" help:"Spread the moves over D (500ms, 2s; at most 1m); without --steps, 10 moves."`
	ActOpts
}

// path is the mouse path --steps and --duration ask for (zero: the
// default move).
func (c *MouseMove) path() (page.Path, error) {
	d, err := page.ParseSpan("--duration", c.Duration)
	if err != nil {
		return page.Path{}, err
	}
	if c.Steps < 0 || c.Steps > page.MaxPathSteps {
		return page.Path{}, failure.New(failure.Usage, "--steps must be between 1 and %d, not %d", page.MaxPathSteps, c.Steps)
	}
	p := page.Path{Steps: c.Steps, Duration: d}
	if d > 0 && p.Steps == 0 {
		p.Steps = 10
	}
	return p, nil
}

// Deadline adds --duration to --timeout.
func (c *MouseMove) Deadline(g rpc.Globals) time.Duration { return holdDeadline(g, c.Duration) }

// Run moves. A move is input, not an action: it is sent and returns (a
// path with --duration, once its last move is sent).
func (c *MouseMove) Run(ctx context.Context, env *Env) (*Output, error) {
	at, err := joinXY(c.At, c.Y)
	if err != nil {
		return nil, err
	}
	p, err := c.path()
	if err != nil {
		return nil, err
	}
	// A recording keeps the point as X,Y (Y is hidden, so not recorded).
	c.At, c.Y = at, ""
	return atPoint(ctx, env, c.ActOpts, at, action{verb: "move the mouse to", instant: true}, func(t *page.Tab, _ *page.Element, x, y float64) ([]string, error) {
		start := time.Now()
		if err := t.MoveTo(ctx, x, y, p); err != nil {
			return nil, err
		}
		lines := pointerLines(t)
		if p.Steps > 1 {
			lines = append(lines, fmt.Sprintf("%d moves in %s", p.Steps, time.Since(start).Round(time.Millisecond)))
		}
		return lines, nil
	})
}

// joinXY accepts a point written as two numbers ("778 396") as X,Y.
func joinXY(at, y string) (string, error) {
	if y == "" {
		return at, nil
	}
	joined := strings.TrimSpace(at) + "," + strings.TrimSpace(y)
	if _, _, ok := page.ParsePoint(joined); !ok {
		return "", failure.New(failure.Usage, "%q %q: give a point as X,Y or X Y (numbers), or one target", at, y)
	}
	return joined, nil
}

// MouseDown presses a button and holds it.
type MouseDown struct {
	MouseButtonOpts
	OriginOpts
}

// MouseUp releases a held button.
type MouseUp struct{ MouseButtonOpts }

// MouseButtonOpts are mouse down's and mouse up's parameters.
type MouseButtonOpts struct {
	At     string `arg:"" optional:"" help:"X,Y or a target (default: where the mouse is)."`
	Button string `default:"left" enum:"left,right,middle" help:"Which button."`
	ActOpts
}

// Run presses where the point is and holds the button.
func (c *MouseDown) Run(ctx context.Context, env *Env) (*Output, error) {
	b := buttonOr(c.Button)
	if err := page.CheckButton(b); err != nil {
		return nil, err
	}
	at := c.At
	return atPoint(ctx, env, c.ActOpts, at, action{verb: "press the mouse on", unseen: true}, func(t *page.Tab, el *page.Element, x, y float64) ([]string, error) {
		lines, err := t.PressPoint(ctx, page.PointPress{X: x, Y: y, Press: page.Press{Button: b}, Want: el, AllowOther: c.AllowOtherOrigin, Here: at == ""})
		if err != nil {
			return nil, err
		}
		return append(lines, pointerLines(t)...), nil
	})
}

// Run releases the held button (after a few moves to the point, when one
// is given: the last drag moves before a release); with none held it does
// nothing and says so. A stroke that moved nothing says that too.
func (c *MouseUp) Run(ctx context.Context, env *Env) (*Output, error) {
	b := buttonOr(c.Button)
	if err := page.CheckButton(b); err != nil {
		return nil, err
	}
	at := c.At
	var moved *bool
	a := action{verb: "release the mouse on", notMoved: func(context.Context) string {
		if moved != nil && !*moved {
			return "nothing under the pointer moved between mouse down and up"
		}
		return ""
	}}
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	if _, _, held, _ := t.Pointer(); !contains(held, b) {
		a.instant = true // nothing to release: nothing to wait for
	}
	return atPoint(ctx, env, c.ActOpts, at, a, func(t *page.Tab, _ *page.Element, x, y float64) ([]string, error) {
		lines, err := t.ReleasePoint(ctx, b, x, y, at != "")
		if err != nil {
			return nil, err
		}
		if !a.instant {
			var sel string
			moved, sel = t.StrokeEnd(ctx)
			lines = append(lines, selectedLines(sel)...)
		}
		return append(lines, pointerLines(t)...), nil
	})
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// selectedLines say what text a stroke selected (when it moved nothing
// else: a text selection by dragging).
func selectedLines(sel string) []string {
	if sel == "" {
		return nil
	}
	return []string{fmt.Sprintf("selected text: %q", sel)}
}

func holdDeadline(g rpc.Globals, hold string) time.Duration {
	d, _ := page.ParseHold(hold)
	return g.Timeout + d
}

func buttonOr(b string) string {
	if b == "" {
		return "left"
	}
	return strings.ToLower(b)
}

// pressLines say what a click other than a plain left one did.
func pressLines(button string, hold time.Duration) []string {
	var out []string
	if button != "left" {
		out = append(out, button+" button clicked")
	}
	if hold > 0 {
		out = append(out, "held for "+hold.String())
	}
	return out
}

// pointerLines say where the mouse is and what it holds (and, once, that
// a navigation let go of a held button).
func pointerLines(t *page.Tab) []string {
	x, y, held, note := t.Pointer()
	s := "mouse at " + page.FormatPoint(x, y)
	if len(held) > 0 {
		s += " (" + strings.Join(held, ", ") + " button held)"
	}
	if note != "" {
		return []string{note, s}
	}
	return []string{s}
}

// atPoint runs do at the point at names: X,Y, an element's centre (a
// ref or locator, resolved as every action does; do gets the element
// too), or, when at is empty, where the mouse is.
func atPoint(ctx context.Context, env *Env, o ActOpts, at string, a action, do func(t *page.Tab, el *page.Element, x, y float64) ([]string, error)) (*Output, error) {
	at = strings.TrimSpace(at)
	x, y, isPoint := page.ParsePoint(at)
	if at != "" && !isPoint {
		return act(ctx, env, o, at, a, func(t *page.Tab, el *page.Element) ([]string, error) {
			x, y, err := el.ClickPoint(ctx, false)
			if err != nil {
				return nil, err
			}
			return do(t, el, x, y)
		})
	}
	return act(ctx, env, o, "", a, func(t *page.Tab, _ *page.Element) ([]string, error) {
		if at == "" {
			x, y, _, _ = t.Pointer()
		}
		if err := t.CheckInViewport(ctx, x, y); err != nil {
			return nil, err
		}
		return do(t, nil, x, y)
	})
}

// clickButton is click at a point, or with --button or --hold: on an
// element, the press goes where a plain click's would (the same aim once
// the pointer is there, the same check as it happens), with that button,
// held; at a point, the press is hit-tested there and named.
func (c *Click) clickButton(ctx context.Context, env *Env) (*Output, error) {
	b := buttonOr(c.Button)
	if err := page.CheckButton(b); err != nil {
		return nil, err
	}
	hold, err := page.ParseHold(c.Hold)
	if err != nil {
		return nil, err
	}
	verb := "click"
	if b != "left" {
		verb = b + "-click"
	}
	p := page.Press{Button: b, Clicks: 1, Hold: hold}
	if pointTarget(c.Target) {
		return atPoint(ctx, env, c.ActOpts, c.Target, action{verb: verb + " at"}, func(t *page.Tab, _ *page.Element, x, y float64) ([]string, error) {
			lines, err := t.PressPoint(ctx, page.PointPress{X: x, Y: y, Press: p, Release: true, AllowOther: c.AllowOtherOrigin})
			if err != nil {
				return nil, err
			}
			return append(lines, pressLines(b, hold)...), nil
		})
	}
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: verb, clicks: true}, func(t *page.Tab, el *page.Element) ([]string, error) {
		if err := t.PressElement(ctx, el, p); err != nil {
			return nil, err
		}
		return pressLines(b, hold), nil
	})
}

// Deadline adds --hold to --timeout.
func (c *Click) Deadline(g rpc.Globals) time.Duration { return holdDeadline(g, c.Hold) }

// maxStrokes bounds the strokes a --by drag is split into.
const maxStrokes = 20

// dragToPoint drags from el to a point: X,Y in the viewport, or an
// offset from where the drag starts (--by); an offset that would leave
// the viewport is split into strokes that each start where the first
// did (a map panned a screen at a time).
func (c *Drag) dragToPoint(ctx context.Context, t *page.Tab, el *page.Element, moved *[]*bool) ([]string, error) {
	var px, py float64
	var ok bool
	if c.By != "" {
		if px, py, ok = page.ParsePoint(c.By); !ok {
			return nil, failure.New(failure.Usage, "--by needs DX,DY (pixels, negative allowed), not %q", c.By)
		}
	} else if px, py, ok = page.ParsePoint(c.To); !ok {
		return nil, failure.New(failure.Usage, "drag: %q is no X,Y point", c.To)
	}
	x1, y1, err := el.ClickPoint(ctx, true)
	if err != nil {
		return nil, err
	}
	if c.By == "" {
		st, err := t.Drag(ctx, page.DragSpec{From: el, X1: x1, Y1: y1, X2: px, Y2: py, AllowOther: c.AllowOtherOrigin})
		if err != nil {
			return nil, err
		}
		*moved = append(*moved, st.Moved)
		return append([]string{fmt.Sprintf("dragged %s from %s to %s", c.From, page.FormatPoint(st.X1, st.Y1), page.FormatPoint(st.X2, st.Y2))}, selectedLines(st.Selected)...), nil
	}
	w, h, err := t.Viewport(ctx)
	if err != nil {
		return nil, err
	}
	strokes := page.SplitStroke(x1, y1, px, py, w, h, maxStrokes)
	if strokes == nil {
		return nil, failure.New(failure.Usage, "--by %s: the drag would leave the viewport at once from %s (the viewport is %s)", c.By, page.FormatPoint(x1, y1), page.FormatPoint(w, h)).WithHint("scroll first, or drag a shorter way")
	}
	var sel string
	for _, d := range strokes {
		st, err := t.Drag(ctx, page.DragSpec{From: el, X1: x1, Y1: y1, X2: d[0], Y2: d[1], By: true, AllowOther: c.AllowOtherOrigin})
		if err != nil {
			return nil, err
		}
		x1, y1 = st.X1, st.Y1
		*moved = append(*moved, st.Moved)
		sel = st.Selected
	}
	line := fmt.Sprintf("dragged %s by %s from %s", c.From, c.By, page.FormatPoint(x1, y1))
	if len(strokes) > 1 {
		line += fmt.Sprintf(" in %d strokes (the viewport is %s)", len(strokes), page.FormatPoint(w, h))
	}
	return append([]string{line}, selectedLines(sel)...), nil
}

// nothingMoved is a drag's verdict when the page says none of its strokes
// moved anything ("" when one did, or tact cannot tell).
func nothingMoved(moved []*bool) string {
	if len(moved) == 0 {
		return ""
	}
	for _, m := range moved {
		if m == nil || *m {
			return ""
		}
	}
	return "nothing under the pointer moved; for a widget that wants other moves: tact mouse down, move, up"
}

// pointTarget reports a drop target written as X,Y.
func pointTarget(s string) bool {
	_, _, ok := page.ParsePoint(s)
	return ok
}
