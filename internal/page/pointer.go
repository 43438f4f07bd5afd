package page

// The pointer between commands: where tact's mouse is and which buttons
// it holds, so `mouse down`, `mouse move` and `mouse up` in separate calls
// make one drag (a map panned, a line drawn), and a move with a button
// held is a drag step to the page.

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/input"

	"github.com/tact-browser/tact/internal/failure"
)

// pointer is the mouse's state in a tab (guarded by Tab.mu).
type pointer struct {
	x, y    float64
	buttons int64 // bit mask of held buttons: 1 left, 2 right, 4 middle
	nav     int   // the main frame's navigation count when the buttons went down
	// seen is what a press at x,y reached before the pointer moved there
	// (what the agent looked at); pressed, where the held press went.
	seen, pressed *Hit
}

// buttonBits maps a button name to its bit in the held-buttons mask.
var buttonBits = map[string]int64{"left": 1, "right": 2, "middle": 4}

// CheckButton refuses a mouse button name other than left, right, middle.
func CheckButton(b string) error {
	if _, ok := buttonBits[b]; !ok {
		return failure.New(failure.Usage, "unknown mouse button %q (left, right or middle)", b)
	}
	return nil
}

// ParsePoint reads "X,Y" (CSS pixels; negative allowed, for offsets).
func ParsePoint(s string) (x, y float64, ok bool) {
	a, b, found := strings.Cut(s, ",")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	return x, y, err1 == nil && err2 == nil
}

// ParseHold reads a press-and-hold duration: a Go duration ("2s",
// "1500ms") or bare milliseconds, at most maxHold.
func ParseHold(s string) (time.Duration, error) { return ParseSpan("--hold", s) }

// ParseSpan reads the duration a pointer flag takes (--hold, mouse move
// --duration): a Go duration ("2s", "1500ms") or bare milliseconds, at
// most MaxHold.
func ParseSpan(flag, s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		n, nerr := strconv.Atoi(s)
		if nerr != nil {
			return 0, failure.New(failure.Usage, "%s %q: give a duration such as 2s or 1500ms", flag, s)
		}
		d = time.Duration(n) * time.Millisecond
	}
	if d < 0 || d > MaxHold {
		return 0, failure.New(failure.Usage, "%s must be between 0 and %s, not %s", flag, MaxHold, d)
	}
	return d, nil
}

// MaxHold bounds a press-and-hold or a paced mouse path: longer is a
// command gone wrong.
const MaxHold = time.Minute

// MaxPathSteps bounds the moves of one mouse path.
const MaxPathSteps = 1000

// Path is how the mouse gets to a point: Steps moves along a straight
// line from where it is, the i-th sent Duration*i/Steps after the start
// (0: as fast as the page takes them). Zero Steps is mouse move's
// default: one move, or a drag step of several while a button is held.
type Path struct {
	Steps    int
	Duration time.Duration
}

// Pointer returns where the mouse is and the names of the buttons it
// holds; note says, once, that buttons held when the page navigated
// away were let go (the new page never saw their press).
func (t *Tab) Pointer() (x, y float64, held []string, note string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	names := func(mask int64) (out []string) {
		for _, b := range []string{"left", "right", "middle"} {
			if mask&buttonBits[b] != 0 {
				out = append(out, b)
			}
		}
		return out
	}
	if t.ptr.buttons != 0 && t.obs.Doc().Navs > t.ptr.nav {
		note = "the page navigated while the " + strings.Join(names(t.ptr.buttons), " and ") + " button was held: the new page never saw the press, so nothing is held now"
		t.ptr.buttons, t.ptr.pressed = 0, nil
	}
	return t.ptr.x, t.ptr.y, names(t.ptr.buttons), note
}

// heldButton is the button a move reports as pressed (the first held), for
// pages that read event.button during a drag.
func heldButton(mask int64) input.MouseButton {
	switch {
	case mask&1 != 0:
		return input.MouseButtonLeft
	case mask&2 != 0:
		return input.MouseButtonRight
	case mask&4 != 0:
		return input.MouseButtonMiddle
	}
	return input.MouseButtonNone
}

// PointerMove moves the mouse to x,y in steps moves along a straight
// line, with whatever buttons are held: drag libraries want several
// pointermove events past a threshold. With no button held it is one
// move.
func (t *Tab) PointerMove(ctx context.Context, x, y float64, steps int) error {
	t.mu.Lock()
	mask := t.ptr.buttons
	t.mu.Unlock()
	if steps < 1 || mask == 0 {
		// Without a button held, one move is what hover needs: each
		// move waits for the page to take it, a frame on a page that
		// animates.
		steps = 1
	}
	return t.moveAlong(ctx, x, y, Path{Steps: steps})
}

// moveAlong moves the mouse to x,y along p, with whatever buttons are
// held. A paced path that ctx ends stops where it got to.
func (t *Tab) moveAlong(ctx context.Context, x, y float64, p Path) error {
	t.mu.Lock()
	x0, y0, mask := t.ptr.x, t.ptr.y, t.ptr.buttons
	t.mu.Unlock()
	steps := max(p.Steps, 1)
	start := time.Now()
	for i := 1; i <= steps; i++ {
		if p.Duration > 0 {
			// On a schedule from the start, so the time each move takes
			// to reach the page is not added to the path's.
			wait := time.NewTimer(time.Until(start.Add(p.Duration * time.Duration(i) / time.Duration(steps))))
			select {
			case <-wait.C:
			case <-ctx.Done():
				wait.Stop()
				return failure.New(failure.Timeout, "the mouse path ended at move %d of %d, at %s: --timeout ran out (raise it, or shorten --duration)", i-1, steps, FormatPoint(t.Where()))
			}
		}
		f := float64(i) / float64(steps)
		px, py := x0+(x-x0)*f, y0+(y-y0)*f
		p := input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: px, Y: py, Button: heldButton(mask), Buttons: mask}
		if err := sendInput(ctx, t, input.DispatchMouseEvent, p); err != nil {
			return dialogEnds(err)
		}
		t.setPointer(px, py, mask)
	}
	return nil
}

// Where is the mouse's point.
func (t *Tab) Where() (x, y float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ptr.x, t.ptr.y
}

// heldMoveSteps are the moves of a mouse move while a button is held:
// drag libraries want several pointermove events past a threshold.
const heldMoveSteps = 10

// MoveTo moves the mouse to x,y along p (zero: one move, or a drag step
// of heldMoveSteps while a button is held), first noting what a press
// there reaches (what the agent looked at), for a later mouse down.
func (t *Tab) MoveTo(ctx context.Context, x, y float64, p Path) error {
	t.mu.Lock()
	free := t.ptr.buttons == 0
	t.mu.Unlock()
	var seen *Hit
	if free {
		if h, err := t.HitAt(ctx, x, y); err == nil {
			seen = &h
		}
	}
	var err error
	if p.Steps > 0 {
		err = t.moveAlong(ctx, x, y, p)
	} else {
		err = t.PointerMove(ctx, x, y, heldMoveSteps)
	}
	if err != nil {
		return err
	}
	t.mu.Lock()
	t.ptr.seen = seen
	t.mu.Unlock()
	return nil
}

// sendButton presses (down) or releases a button where the mouse is, as
// the count-th click, and records the held buttons.
func (t *Tab) sendButton(ctx context.Context, button string, down bool, count int) error {
	bit := buttonBits[button]
	t.mu.Lock()
	x, y, mask, nav := t.ptr.x, t.ptr.y, t.ptr.buttons, t.obs.Doc().Navs
	t.mu.Unlock()
	typ := input.DispatchMouseEventTypeMousePressed
	if down {
		mask |= bit
	} else {
		mask &^= bit
		typ = input.DispatchMouseEventTypeMouseReleased
	}
	p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButton(button), Buttons: mask, ClickCount: int64(count)}
	if err := sendInput(ctx, t, input.DispatchMouseEvent, p); err != nil {
		return dialogEnds(err)
	}
	t.mu.Lock()
	t.ptr.buttons = mask
	if down {
		t.ptr.nav = nav // a navigation the press starts comes after it
	}
	t.mu.Unlock()
	return nil
}

// holdFor keeps button pressed for d. When ctx ends first, it releases
// the button and fails.
func (t *Tab) holdFor(ctx context.Context, button string, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
		return nil
	case <-ctx.Done():
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		_ = t.sendButton(rctx, button, false, 1)
		cancel()
		return failure.New(failure.Timeout, "the %s button was held until --timeout ended, then released (raise --timeout)", button)
	}
}

// Press is a click of one button, pressed clicks times, each held for
// Hold.
type Press struct {
	Button string
	Clicks int
	Hold   time.Duration
}

func (p Press) norm() Press {
	if p.Button == "" {
		p.Button = "left"
	}
	if p.Clicks < 1 {
		p.Clicks = 1
	}
	return p
}

// press clicks where the mouse is.
func (t *Tab) press(ctx context.Context, p Press) error {
	p = p.norm()
	for i := 1; i <= p.Clicks; i++ {
		if err := t.sendButton(ctx, p.Button, true, i); err != nil {
			return err
		}
		if err := t.holdFor(ctx, p.Button, p.Hold); err != nil {
			return err
		}
		if err := t.sendButton(ctx, p.Button, false, i); err != nil {
			return err
		}
	}
	return nil
}

func (t *Tab) setPointer(x, y float64, mask int64) {
	t.mu.Lock()
	if x != t.ptr.x || y != t.ptr.y {
		t.ptr.seen = nil
	}
	t.ptr.x, t.ptr.y, t.ptr.buttons = x, y, mask
	t.mu.Unlock()
}

// FormatPoint prints a point as the commands take it, to the pixel.
func FormatPoint(x, y float64) string {
	return fmt.Sprintf("%.0f,%.0f", x, y)
}

// Viewport is the viewport's size in CSS pixels.
func (t *Tab) Viewport(ctx context.Context) (w, h float64, err error) {
	var vp struct{ W, H float64 }
	if err := t.EvalWorld(ctx, "({W: innerWidth, H: innerHeight})", &vp); err != nil {
		return 0, 0, err
	}
	return vp.W, vp.H, nil
}

// CheckInViewport refuses a point outside the viewport, where the
// browser would deliver the event to nothing.
func (t *Tab) CheckInViewport(ctx context.Context, x, y float64) error {
	w, h, err := t.Viewport(ctx)
	if err != nil {
		return err
	}
	if x < 0 || y < 0 || x >= w || y >= h {
		return failure.New(failure.Usage, "point %s is outside the viewport (0,0 to %s)", FormatPoint(x, y), FormatPoint(w-1, h-1)).WithHint("scroll first, or use a point inside; locate prints boxes")
	}
	return nil
}

// SplitStroke splits a drag by dx,dy from x1,y1 into strokes that each
// start at x1,y1 and end inside a w×h viewport: the offsets of at most
// max strokes, or nil when that cannot be done (the start is at the edge
// the drag goes towards, or it needs more strokes).
func SplitStroke(x1, y1, dx, dy, w, h float64, max int) [][2]float64 {
	// room is the largest part of d that keeps p+d inside [0, size-1].
	room := func(p, d, size float64) float64 {
		switch {
		case d > 0:
			return (size - 1 - p) / d
		case d < 0:
			return p / -d
		}
		return 1
	}
	var out [][2]float64
	for dx != 0 || dy != 0 {
		f := min(1, room(x1, dx, w), room(y1, dy, h))
		sx, sy := dx*f, dy*f
		if len(out) == max || math.Abs(sx) < 1 && math.Abs(sy) < 1 {
			return nil
		}
		out = append(out, [2]float64{sx, sy})
		dx, dy = dx-sx, dy-sy
	}
	return out
}
