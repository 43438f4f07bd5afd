package page

import (
	"context"
	"time"
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
