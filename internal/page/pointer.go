package page

// The pointer between commands: where tact's mouse is and which buttons
// it holds, so `mouse down`, `mouse move` and `mouse up` in separate calls
// make one drag (a map panned, a line drawn), and a move with a button
// held is a drag step to the page.

import (
	"context"
	"fmt"
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
func ParseHold(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		n, nerr := strconv.Atoi(s)
		if nerr != nil {
			return 0, failure.New(failure.Usage, "--hold %q: give a duration such as 2s or 1500ms", s)
		}
		d = time.Duration(n) * time.Millisecond
	}
	if d < 0 || d > MaxHold {
		return 0, failure.New(failure.Usage, "--hold must be between 0 and %s, not %s", MaxHold, d)
	}
	return d, nil
}

// MaxHold bounds a press-and-hold: longer is a command gone wrong.
const MaxHold = time.Minute

// Pointer returns where the mouse is and the names of the buttons it holds.
func (t *Tab) Pointer() (x, y float64, held []string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, b := range []string{"left", "right", "middle"} {
		if t.ptr.buttons&buttonBits[b] != 0 {
			held = append(held, b)
		}
	}
	return t.ptr.x, t.ptr.y, held
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

// PointerMove moves the mouse to x,y in steps moves (at least one) along
// a straight line, with whatever buttons are held: drag libraries want
// several pointermove events past a threshold.
func (t *Tab) PointerMove(ctx context.Context, x, y float64, steps int) error {
	if steps < 1 {
		steps = 1
	}
	t.mu.Lock()
	x0, y0, mask := t.ptr.x, t.ptr.y, t.ptr.buttons
	t.mu.Unlock()
	for i := 1; i <= steps; i++ {
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

// PointerButton presses (down) or releases a button where the mouse is.
// Pressing a held button, or releasing one that is not, is a usage error:
// the page would see events no mouse sends.
func (t *Tab) PointerButton(ctx context.Context, button string, down bool) error {
	if err := CheckButton(button); err != nil {
		return err
	}
	bit := buttonBits[button]
	t.mu.Lock()
	x, y, mask := t.ptr.x, t.ptr.y, t.ptr.buttons
	t.mu.Unlock()
	typ := input.DispatchMouseEventTypeMousePressed
	if down {
		if mask&bit != 0 {
			return failure.New(failure.Usage, "the %s button is already down (tact mouse up first)", button)
		}
		mask |= bit
	} else {
		if mask&bit == 0 {
			return failure.New(failure.Usage, "the %s button is not down (tact mouse down first)", button)
		}
		mask &^= bit
		typ = input.DispatchMouseEventTypeMouseReleased
	}
	p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y, Button: input.MouseButton(button), Buttons: mask, ClickCount: 1}
	if err := sendInput(ctx, t, input.DispatchMouseEvent, p); err != nil {
		return dialogEnds(err)
	}
	t.setPointer(x, y, mask)
	return nil
}

// PressAt moves to x,y and clicks button there clicks times, holding each
// press for hold (a press-and-hold button, a long-press menu). The hold
// ends early, with the button released, when ctx ends.
func (t *Tab) PressAt(ctx context.Context, x, y float64, button string, clicks int, hold time.Duration) error {
	if err := CheckButton(button); err != nil {
		return err
	}
	if err := t.PointerMove(ctx, x, y, 1); err != nil {
		return err
	}
	for i := 1; i <= clicks; i++ {
		if err := t.PointerButton(ctx, button, true); err != nil {
			return err
		}
		if hold > 0 {
			select {
			case <-time.After(hold):
			case <-ctx.Done():
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
				_ = t.PointerButton(rctx, button, false)
				cancel()
				return failure.New(failure.Timeout, "the %s button was held until --timeout ended, then released (raise --timeout)", button)
			}
		}
		if err := t.PointerButton(ctx, button, false); err != nil {
			return err
		}
	}
	return nil
}

func (t *Tab) setPointer(x, y float64, mask int64) {
	t.mu.Lock()
	t.ptr = pointer{x, y, mask}
	t.mu.Unlock()
}

// FormatPoint prints a point as the commands take it, to the pixel.
func FormatPoint(x, y float64) string {
	return fmt.Sprintf("%.0f,%.0f", x, y)
}

// CheckInViewport refuses a point outside the viewport, where the
// browser would deliver the event to nothing.
func (t *Tab) CheckInViewport(ctx context.Context, x, y float64) error {
	var vp struct{ W, H float64 }
	if err := t.EvalWorld(ctx, "({W: innerWidth, H: innerHeight})", &vp); err != nil {
		return err
	}
	if x < 0 || y < 0 || x >= vp.W || y >= vp.H {
		return failure.New(failure.Usage, "point %s is outside the viewport (0,0 to %s)", FormatPoint(x, y), FormatPoint(vp.W-1, vp.H-1)).WithHint("scroll first, or use a point inside; locate prints boxes")
	}
	return nil
}
