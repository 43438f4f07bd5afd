package commands

// The mouse at a point: `mouse move/down/up` with the button held between
// calls (panning a map, drawing, a slider without ARIA), a click at a
// point, with another button or held down (`click 120,80 --button right`,
// `click @e3 --hold 2s`), and `drag --by`/a drag to a point. Coordinates are CSS
// pixels of the viewport, as `locate` prints boxes.

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
}

// MouseMove moves the mouse.
type MouseMove struct {
	At string `arg:"" help:"X,Y (viewport CSS pixels, as locate prints boxes) or a target (its centre)."`
	ActOpts
}

// moveSteps are the intermediate moves of mouse move: drag libraries want
// several pointermove events past a threshold.
const moveSteps = 10

// Run moves.
func (c *MouseMove) Run(ctx context.Context, env *Env) (*Output, error) {
	return atPoint(ctx, env, c.ActOpts, c.At, action{verb: "move the mouse to", unseen: true}, func(t *page.Tab, x, y float64) ([]string, error) {
		if err := t.PointerMove(ctx, x, y, moveSteps); err != nil {
			return nil, err
		}
		return []string{pointerLine(t)}, nil
	})
}

// MouseDown presses a button and holds it.
type MouseDown struct{ MouseButtonOpts }

// MouseUp releases a held button.
type MouseUp struct{ MouseButtonOpts }

// MouseButtonOpts are mouse down's and mouse up's parameters.
type MouseButtonOpts struct {
	At     string `arg:"" optional:"" help:"X,Y or a target (default: where the mouse is)."`
	Button string `default:"left" enum:"left,right,middle" help:"Which button."`
	ActOpts
}

// Run presses.
func (c *MouseDown) Run(ctx context.Context, env *Env) (*Output, error) {
	return c.run(ctx, env, true, action{verb: "press the mouse on", unseen: true})
}

// Run releases.
func (c *MouseUp) Run(ctx context.Context, env *Env) (*Output, error) {
	return c.run(ctx, env, false, action{verb: "release the mouse on"})
}

// run moves to the point (a few steps: the last drag moves before a
// release) and presses or releases the button there.
func (c *MouseButtonOpts) run(ctx context.Context, env *Env, down bool, a action) (*Output, error) {
	b := buttonOr(c.Button)
	if err := page.CheckButton(b); err != nil {
		return nil, err
	}
	return atPoint(ctx, env, c.ActOpts, c.At, a, func(t *page.Tab, x, y float64) ([]string, error) {
		if err := t.PointerMove(ctx, x, y, 5); err != nil {
			return nil, err
		}
		if err := t.PointerButton(ctx, b, down); err != nil {
			return nil, err
		}
		return []string{pointerLine(t)}, nil
	})
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

// pointerLine says where the mouse is and what it holds.
func pointerLine(t *page.Tab) string {
	x, y, held := t.Pointer()
	s := "mouse at " + page.FormatPoint(x, y)
	if len(held) > 0 {
		s += " (" + strings.Join(held, ", ") + " button held)"
	}
	return s
}

// atPoint runs do at the point at names: X,Y, an element's centre (a
// ref or locator, resolved as every action does), or, when at is empty,
// where the mouse is.
func atPoint(ctx context.Context, env *Env, o ActOpts, at string, a action, do func(t *page.Tab, x, y float64) ([]string, error)) (*Output, error) {
	at = strings.TrimSpace(at)
	x, y, isPoint := page.ParsePoint(at)
	if at != "" && !isPoint {
		return act(ctx, env, o, at, a, func(t *page.Tab, el *page.Element) ([]string, error) {
			x, y, err := el.ClickPoint(ctx, false)
			if err != nil {
				return nil, err
			}
			return do(t, x, y)
		})
	}
	return act(ctx, env, o, "", a, func(t *page.Tab, _ *page.Element) ([]string, error) {
		if at == "" {
			x, y, _ = t.Pointer()
		}
		if err := t.CheckInViewport(ctx, x, y); err != nil {
			return nil, err
		}
		return do(t, x, y)
	})
}

// clickButton is click at a point, or with --button or --hold: the press
// goes where a plain click's would (the same hit test), with that button,
// held.
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
	press := func(t *page.Tab, x, y float64) ([]string, error) {
		if err := t.PressAt(ctx, x, y, b, 1, hold); err != nil {
			return nil, err
		}
		return pressLines(b, hold), nil
	}
	if pointTarget(c.Target) {
		return atPoint(ctx, env, c.ActOpts, c.Target, action{verb: verb + " at"}, press)
	}
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: verb, clicks: true}, func(t *page.Tab, el *page.Element) ([]string, error) {
		x, y, err := el.ClickPoint(ctx, true)
		if err != nil {
			return nil, err
		}
		return press(t, x, y)
	})
}

// Deadline adds --hold to --timeout.
func (c *Click) Deadline(g rpc.Globals) time.Duration { return holdDeadline(g, c.Hold) }

// dragToPoint drags from el to a point: X,Y in the viewport, or an
// offset from where the drag starts (--by).
func (c *Drag) dragToPoint(ctx context.Context, t *page.Tab, el *page.Element) ([]string, error) {
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
	x2, y2 := px, py
	if c.By != "" {
		x2, y2 = x1+px, y1+py
	}
	if err := t.CheckInViewport(ctx, x2, y2); err != nil {
		return nil, err
	}
	if err := t.Drag(ctx, x1, y1, x2, y2); err != nil {
		return nil, err
	}
	return []string{fmt.Sprintf("dragged %s from %s to %s", c.From, page.FormatPoint(x1, y1), page.FormatPoint(x2, y2))}, nil
}

// pointTarget reports a drop target written as X,Y.
func pointTarget(s string) bool {
	_, _, ok := page.ParsePoint(s)
	return ok
}
