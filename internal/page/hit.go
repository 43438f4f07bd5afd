package page

// What a press at a point reaches, asked at press time and at release
// time: the element under the pointer, through every frame on the way
// (out of process ones too), and the origin of the document that holds
// it. A press that would land in another origin's frame that was not
// under the pointer when tact looked is refused; one the page moved
// under the pointer as it pressed is reported, never printed as ok.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
)

// Hit is what a press at a point reaches.
type Hit struct {
	What   string   // `button "Delete"`, or an iframe tact could not look into
	Frames []string // the iframes on the way, outermost first
	Origin string   // the origin of What's document ("" when unreadable)
	Cross  bool     // What's document is of another origin than the tab's
	host   *Target
	frame  string
}

// String names the hit: the element, and the frames and origin it is in.
func (h Hit) String() string {
	if len(h.Frames) == 0 {
		return h.What
	}
	o := h.Origin
	if o == "" || o == "null" {
		o = "origin unknown"
	}
	return h.What + " in " + strings.Join(h.Frames, " > ") + " (" + o + ")"
}

// sameDoc reports two hits in one document.
func (h Hit) sameDoc(o Hit) bool { return h.host == o.host && h.frame == o.frame }

// HitAt says what a press at x,y (the tab's viewport) would reach now.
func (t *Tab) HitAt(ctx context.Context, x, y float64) (Hit, error) {
	return t.hitAt(ctx, x, y, false)
}

// hitAt is HitAt; with settled, each document is asked after it ran a
// frame (a hover handler that moves a frame under the pointer has run).
func (t *Tab) hitAt(ctx context.Context, x, y float64, settled bool) (Hit, error) {
	host, frame := t.main, t.id
	var h Hit
	var top string
	for depth := 0; ; depth++ {
		var r struct {
			What   string `json:"what"`
			Frame  bool   `json:"frame"`
			Origin string `json:"origin"`
		}
		err := t.evalIn(ctx, host, frame, fmt.Sprintf("__tact.pointHit(%g, %g, %t)", x, y, settled), &r)
		if err != nil {
			if depth == 0 {
				return h, err
			}
			// A frame tact cannot ask (still loading, gone): it is what
			// the press reaches, of an origin tact cannot vouch for.
			h.Origin, h.Cross = "", true
			return h, nil
		}
		if depth == 0 {
			top = r.Origin
		}
		h.What, h.Origin, h.Cross, h.host, h.frame = r.What, r.Origin, r.Origin != top || r.Origin == "null", host, frame
		if !r.Frame || depth >= maxFrameDepth {
			return h, nil
		}
		fe, err := t.objectIn(ctx, host, frame, fmt.Sprintf("__tact.pointFrame(%g, %g)", x, y))
		if err != nil || fe == nil {
			return h, nil
		}
		child, _ := fe.childFrame(ctx)
		var o struct{ X, Y float64 }
		oerr := fe.callLib(ctx, "frameOrigin", &o)
		fe.Release(ctx)
		if child == "" || oerr != nil {
			h.Origin, h.Cross = "", true
			return h, nil
		}
		h.Frames = append(h.Frames, r.What)
		if c := t.child(child); c != nil {
			host = c
		}
		frame, x, y = child, x-o.X, y-o.Y
	}
}

// watch arms a press watch (inpage guard.js pressWatch) in h's document.
func (t *Tab) watch(ctx context.Context, h Hit) bool {
	return h.host != nil && t.evalIn(ctx, h.host, h.frame, "__tact.pressWatch()", nil) == nil
}

// pressArrival is how long a press watch that has seen no press yet waits
// for one before the press is called stray: the browser can acknowledge
// input before a busy out-of-process frame has dispatched it.
const pressArrival = 500 * time.Millisecond

// watchResult is what a press watch saw.
type watchResult struct {
	Missing bool   `json:"missing"`
	Downs   int    `json:"downs"`
	Ups     int    `json:"ups"`
	DownHit string `json:"downHit"`
	UpHit   string `json:"upHit"`
}

// readWatch disarms the watch in h's document; ok is false when it could
// not be read (the document went away: the press reached it and it
// navigated, or it was replaced).
func (t *Tab) readWatch(ctx context.Context, h Hit, wait time.Duration) (w watchResult, ok bool) {
	if h.host == nil || t.evalIn(ctx, h.host, h.frame, fmt.Sprintf("__tact.pressRead(%d)", wait.Milliseconds()), &w) != nil || w.Missing {
		return w, false
	}
	return w, true
}

// PointPress is a press at a point: a click there (Release), or a
// button pressed and held (mouse down).
type PointPress struct {
	X, Y float64
	Press
	Release bool
	// Want, when set, is the element the press is for (mouse down @e3):
	// it is aimed at again once the pointer is there, and must not be
	// covered.
	Want *Element
	// AllowOther presses even into a frame of another origin that came
	// under the pointer after tact looked.
	AllowOther bool
	// Here: the press is where the mouse already is (mouse down without
	// a point), so what the agent looked at is what was there before the
	// mouse moved there.
	Here bool
}

// ErrOtherOrigin is the cause of a press or drop refused because it would
// reach another origin's frame: a refusal, never something to try again
// (a second try would find that frame already there, and allow it).
var ErrOtherOrigin = errors.New("another origin's frame")

// errOtherOrigin refuses a press into another origin's frame that was not
// under the pointer when tact looked.
func errOtherOrigin(x, y float64, now, seen Hit) error {
	e := failure.New(failure.NotInteractable, "at %s the press would go into %s, which came under the pointer after it moved there (before, %s was there): nothing pressed",
		FormatPoint(x, y), now, seen).WithHint("snap again; to press into that frame anyway, add --allow-other-origin")
	e.Cause = ErrOtherOrigin
	return e
}

// PressPoint moves to the point and presses there: the press is hit-tested
// once the pointer is there (and the page has run a frame), refused when
// it would reach another origin's frame the agent did not see there, and
// watched as it happens; a click's release is watched too. The lines name
// what the press reached.
func (t *Tab) PressPoint(ctx context.Context, p PointPress) ([]string, error) {
	p.Press = p.Press.norm()
	if err := CheckButton(p.Button); err != nil {
		return nil, err
	}
	// A button held when the page navigated away was let go (Pointer):
	// that is no reason to refuse this press.
	_, _, _, note := t.Pointer()
	t.mu.Lock()
	held := t.ptr.buttons&buttonBits[p.Button] != 0
	at := t.ptr.x == p.X && t.ptr.y == p.Y
	var seen Hit
	if p.Here && at && t.ptr.seen != nil {
		seen = *t.ptr.seen
	}
	t.mu.Unlock()
	if held {
		return nil, failure.New(failure.Usage, "the %s button is already down (tact mouse up first)", p.Button)
	}
	if seen.host == nil {
		h, err := t.HitAt(ctx, p.X, p.Y)
		if err != nil {
			return nil, err
		}
		seen = h
	}
	if err := t.PointerMove(ctx, p.X, p.Y, 1); err != nil {
		return nil, err
	}
	if p.Want != nil {
		// Moving the pointer can move the page (hover styles, a frame
		// sliding in): aim at the element again, where it is now.
		x, y, err := p.Want.ClickPoint(ctx, false)
		if err != nil {
			return nil, err
		}
		if x != p.X || y != p.Y {
			if err := t.PointerMove(ctx, x, y, 1); err != nil {
				return nil, err
			}
			p.X, p.Y = x, y
		}
	}
	now, err := t.hitAt(ctx, p.X, p.Y, true)
	if err != nil {
		return nil, err
	}
	if p.Want == nil && now.Cross && !(seen.Cross && seen.sameDoc(now)) && !p.AllowOther {
		return nil, errOtherOrigin(p.X, p.Y, now, seen)
	}
	if !p.Release {
		t.StrokeBegin(ctx, p.X, p.Y)
	}
	verb := "pressed "
	for i := 1; i <= p.Clicks; i++ {
		armed := t.watch(ctx, now)
		if err := t.sendButton(ctx, p.Button, true, i); err != nil {
			return nil, err
		}
		if armed {
			if w, ok := t.readWatch(ctx, now, pressArrival); ok && w.Downs == 0 {
				return nil, t.strayPress(ctx, p, now)
			}
		}
		t.mu.Lock()
		t.ptr.pressed = &now
		t.mu.Unlock()
		if !p.Release {
			break
		}
		if err := t.holdFor(ctx, p.Button, p.Hold); err != nil {
			return nil, err
		}
		up, err := t.releaseWatched(ctx, p.Button, i, now)
		if err != nil {
			return nil, err
		}
		if up != "" && up != now.What {
			return []string{"pressed " + now.String(), "released over " + up + " (the page moved it under the pointer): the click went there, not to what was pressed"}, nil
		}
		verb = "clicked "
	}
	if note != "" {
		return []string{note, verb + now.String()}, nil
	}
	return []string{verb + now.String()}, nil
}

// strayPress reports a press that went elsewhere than the hit test said,
// as it happened (the page moved something under the pointer at event
// time), and lets the button go.
func (t *Tab) strayPress(ctx context.Context, p PointPress, aimed Hit) error {
	got, _ := t.HitAt(ctx, p.X, p.Y)
	_ = t.sendButton(ctx, p.Button, false, 1)
	return failure.New(failure.NotInteractable, "the press at %s went into %s, not %s: the page moved it under the pointer as tact pressed", FormatPoint(p.X, p.Y), got, aimed).WithHint("snap again and retry")
}

// releaseWatched releases button where the mouse is, watching that the
// release reaches the document the press went to; up names what the
// release hit there.
func (t *Tab) releaseWatched(ctx context.Context, button string, count int, pressed Hit) (up string, err error) {
	t.mu.Lock()
	x, y := t.ptr.x, t.ptr.y
	t.mu.Unlock()
	armed := t.watch(ctx, pressed)
	if err := t.sendButton(ctx, button, false, count); err != nil {
		return "", err
	}
	t.mu.Lock()
	t.ptr.pressed = nil
	t.mu.Unlock()
	if !armed {
		return "", nil
	}
	w, ok := t.readWatch(ctx, pressed, pressArrival)
	if ok && w.Ups == 0 {
		got, _ := t.HitAt(ctx, x, y)
		return "", failure.New(failure.NotInteractable, "%s was pressed, but the release went into %s, which moved under the pointer: what was pressed never saw the release", pressed, got).WithHint("snap again and retry")
	}
	return w.UpHit, nil
}

// ReleasePoint releases button (mouse up), after moving to x,y when move
// is set. With the button not held it does nothing and says so.
func (t *Tab) ReleasePoint(ctx context.Context, button string, x, y float64, move bool) ([]string, error) {
	if err := CheckButton(button); err != nil {
		return nil, err
	}
	_, _, _, note := t.Pointer()
	var lines []string
	if note != "" {
		lines = append(lines, note)
	}
	t.mu.Lock()
	held := t.ptr.buttons&buttonBits[button] != 0
	pressed := t.ptr.pressed
	t.mu.Unlock()
	if !held {
		return append(lines, "the "+button+" button was not down: nothing to release"), nil
	}
	if move {
		if err := t.PointerMove(ctx, x, y, 5); err != nil {
			return nil, err
		}
	}
	t.mu.Lock()
	x, y = t.ptr.x, t.ptr.y
	t.mu.Unlock()
	rel, err := t.HitAt(ctx, x, y)
	if err != nil {
		return nil, err
	}
	if pressed == nil {
		pressed = &rel
	}
	up, err := t.releaseWatched(ctx, button, 1, *pressed)
	if err != nil {
		return nil, err
	}
	if up != "" && len(rel.Frames) == 0 {
		rel.What = up
	}
	return append(lines, "released over "+rel.String()), nil
}
