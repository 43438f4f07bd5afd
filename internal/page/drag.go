package page

import (
	"context"
	"fmt"
	"time"

	"github.com/tact-browser/tact/internal/failure"
)

// DropPoint is where a drag from fromX,fromY releases over e: past its
// centre in the direction of travel (see dropAim in inpage/pointer.js), so
// a sortable list that swaps an item once the pointer crosses its middle
// does swap. It scrolls e into view and checks that a press would reach
// it, like ClickPoint.
func (e *Element) DropPoint(ctx context.Context, fromX, fromY float64) (x, y float64, err error) {
	x, y, err = e.ClickPoint(ctx, false)
	if err != nil {
		return 0, 0, err
	}
	var d struct{ X, Y float64 }
	if e.callLib(ctx, "dropAim", &d, x-fromX, y-fromY) == nil {
		x, y = x+d.X, y+d.Y
	}
	return x, y, nil
}

// DragSig fingerprints e's place, look and surroundings (see dragSig in
// inpage/pointer.js); "" when tact cannot judge (a canvas, an SVG) or the
// page did not answer.
func (e *Element) DragSig(ctx context.Context) string {
	var s string
	if e.callLib(ctx, "dragSig", &s) != nil {
		return ""
	}
	return s
}

// pause waits d, or less when ctx ends first.
func pause(ctx context.Context, d time.Duration) {
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
	case <-ctx.Done():
	}
}

// AwaitPopup waits, up to d, for the popup e announces (aria-haspopup)
// to show after the pointer entered it (see hoverPopup in
// inpage/pointer.js). It reports whether one opened; false at once for
// an element that announces none.
func (e *Element) AwaitPopup(ctx context.Context, d time.Duration) bool {
	var r struct{ Opened bool }
	return e.callLib(ctx, "hoverPopup", &r, d.Milliseconds()) == nil && r.Opened
}

// DragSpec is a drag with the left button: from From (its visible part)
// or the point X1,Y1, to X2,Y2 (an offset from the start when By).
type DragSpec struct {
	From           *Element
	X1, Y1, X2, Y2 float64
	By             bool
	// AllowOther lets the drop point lie in a frame of another origin.
	AllowOther bool
}

// Stroke is what a drag did: where it went and, from the page, whether
// it moved anything (nil: tact cannot tell, as for a canvas) and the text
// it selected.
type Stroke struct {
	X1, Y1, X2, Y2 float64
	Moved          *bool
	Selected       string
}

// Drag presses at the start, moves with the button held (the held
// buttons on every move) and releases at the end, like a person: the
// start is aimed at again once the pointer is there, the drop point is
// hit-tested before anything is pressed, and the press and the release
// are watched as they happen.
func (t *Tab) Drag(ctx context.Context, d DragSpec) (Stroke, error) {
	x1, y1 := d.X1, d.Y1
	if err := t.PointerMove(ctx, x1, y1, 1); err != nil {
		return Stroke{}, err
	}
	if d.From != nil {
		x, y, err := d.From.ClickPoint(ctx, true)
		if err != nil {
			return Stroke{}, err
		}
		if x != x1 || y != y1 {
			if err := t.PointerMove(ctx, x, y, 1); err != nil {
				return Stroke{}, err
			}
			x1, y1 = x, y
		}
	}
	x2, y2 := d.X2, d.Y2
	if d.By {
		x2, y2 = x1+d.X2, y1+d.Y2
	}
	if err := t.CheckInViewport(ctx, x2, y2); err != nil {
		return Stroke{}, err
	}
	if dst, err := t.HitAt(ctx, x2, y2); err != nil {
		return Stroke{}, err
	} else if dst.Cross && !d.AllowOther {
		e := failure.New(failure.NotInteractable, "the drop point %s is in %s: nothing dragged", FormatPoint(x2, y2), dst).WithHint("to drop into that frame anyway, add --allow-other-origin")
		e.Cause = ErrOtherOrigin
		return Stroke{}, e
	}
	now, err := t.hitAt(ctx, x1, y1, true)
	if err != nil {
		return Stroke{}, err
	}
	t.StrokeBegin(ctx, x1, y1)
	armed := t.watch(ctx, now)
	if err := t.sendButton(ctx, "left", true, 1); err != nil {
		return Stroke{}, err
	}
	if armed {
		if w, ok := t.readWatch(ctx, now, pressArrival); ok && w.Downs == 0 {
			return Stroke{}, t.strayPress(ctx, PointPress{X: x1, Y: y1, Press: Press{Button: "left"}}, now)
		}
	}
	for i := 1; i <= dragSteps; i++ {
		pause(ctx, dragPace)
		f := float64(i) / dragSteps
		if err := t.PointerMove(ctx, x1+(x2-x1)*f, y1+(y2-y1)*f, 1); err != nil {
			return Stroke{}, err
		}
	}
	// A frame over the drop spot before releasing, as a person's hand
	// would rest: libraries that place the item on an animation frame
	// have done so before the drop.
	pause(ctx, 3*dragPace)
	if _, err := t.releaseWatched(ctx, "left", 1, now); err != nil {
		return Stroke{}, err
	}
	st := Stroke{X1: x1, Y1: y1, X2: x2, Y2: y2}
	st.Moved, st.Selected = t.strokeEnd(ctx)
	return st, nil
}

// strokeEnd asks the page what the stroke since strokeBegin moved (see
// strokeEnd in inpage/pointer.js).
func (t *Tab) strokeEnd(ctx context.Context) (*bool, string) {
	var r struct {
		Moved    *bool  `json:"moved"`
		Selected string `json:"selected"`
	}
	if t.EvalWorld(ctx, "__tact.strokeEnd()", &r) != nil {
		return nil, ""
	}
	return r.Moved, r.Selected
}

// StrokeBegin marks the start of a mouse stroke at x,y (mouse down), and
// StrokeEnd says what it moved (mouse up).
func (t *Tab) StrokeBegin(ctx context.Context, x, y float64) {
	_ = t.EvalWorld(ctx, fmt.Sprintf("__tact.strokeBegin(%g, %g)", x, y), nil)
}

// StrokeEnd: see StrokeBegin.
func (t *Tab) StrokeEnd(ctx context.Context) (*bool, string) { return t.strokeEnd(ctx) }

// HoverOnto moves the pointer onto e at x,y so that the page sees it
// enter (pointerover/enter, mouseover/enter, then moves): when the
// pointer already rests on e, it first leaves e's box, as a person's
// hand would to hover again.
func (t *Tab) HoverOnto(ctx context.Context, e *Element, x, y float64) error {
	t.mu.Lock()
	px, py := t.ptr.x, t.ptr.y
	t.mu.Unlock()
	var r struct{ L, T, R, B float64 }
	ox, oy, err := t.frameOffset(ctx, e.tg, e.frameID)
	if err == nil {
		err = e.Call(ctx, "function () { const r = this.getBoundingClientRect(); return {L: r.left, T: r.top, R: r.right, B: r.bottom}; }", &r)
	}
	if err == nil && px >= r.L+ox && px <= r.R+ox && py >= r.T+oy && py <= r.B+oy {
		lx, ly := r.L+ox-2, r.T+oy-2
		if lx < 0 || ly < 0 {
			lx, ly = r.R+ox+2, r.B+oy+2
		}
		if err := t.PointerMove(ctx, lx, ly, 1); err != nil {
			return err
		}
	}
	return t.PointerMove(ctx, x, y, 1)
}
