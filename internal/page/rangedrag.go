package page

import (
	"context"
	"math"
	"strconv"
	"strings"
)

// rangeStrokes bounds the drags of one fill of an <input type=range>:
// the first lands on the value or a step beside it, the next correct.
const rangeStrokes = 4

// dragRange moves a horizontal <input type=range> to want by dragging its
// thumb with the mouse (press on it, move with the button held, release),
// as a person does, so a page that acts on pointerup or change sees the
// release; each stroke that misses (a thumb narrower or wider than tact
// assumed) aims again from where the thumb went. ok is false when the
// input takes no drag (vertical, disabled, hidden, off screen): the keys
// then set it.
func (e *Element) dragRange(ctx context.Context, st rangeState, value string) (rangeState, bool, error) {
	want, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err != nil || st.Now == nil || st.Min == nil || st.Max == nil || *st.Max <= *st.Min || want < *st.Min || want > *st.Max {
		return st, false, nil
	}
	var tr struct {
		X0, X1, Y *float64
		RTL       bool
		Step      float64
	}
	if err := e.callLib(ctx, "rangeTrack", &tr); err != nil || tr.X0 == nil || tr.X1 == nil || tr.Y == nil || *tr.X1 <= *tr.X0 {
		return st, false, err
	}
	if n := (want - *st.Min) / tr.Step; tr.Step > 0 && math.Abs(n-math.Round(n)) > 1e-9 {
		return st, false, nil // between two steps: the keys say which it takes
	}
	ox, oy := 0.0, 0.0
	if e.frameID != e.tab.id {
		if ox, oy, err = e.tab.frameOffset(ctx, e.tg, e.frameID); err != nil {
			return st, false, nil
		}
	}
	x0, x1, y := *tr.X0+ox, *tr.X1+ox, *tr.Y+oy
	if tr.RTL {
		x0, x1 = x1, x0
	}
	perUnit := (x1 - x0) / (*st.Max - *st.Min)
	at := func(v float64) float64 { return x0 + (v-*st.Min)*perUnit }
	if vw, vh, err := e.tab.Viewport(ctx); err != nil || math.Min(x0, x1) < 0 || math.Max(x0, x1) > vw || y < 0 || y > vh {
		return st, false, nil // off screen: the keys do not need it in view
	}
	to := at(want)
	for range rangeStrokes {
		from := at(*st.Now)
		if _, err := e.tab.Drag(ctx, DragSpec{X1: from, Y1: y, X2: to, Y2: y}); err != nil {
			return st, true, err
		}
		var next rangeState
		if err := e.callLib(ctx, "rangeAfter", &next, st, rangeKeyWaitMS); err != nil {
			return st, true, err
		}
		if next.Gone {
			return next, true, errGone{st.Kind, next.show()}
		}
		if next.Now == nil || math.Abs(*next.Now-want) < 1e-9 {
			return next, true, nil
		}
		// Aim past the miss by what it missed by.
		to += (want - *next.Now) * perUnit
		st = next
	}
	return st, true, nil
}
