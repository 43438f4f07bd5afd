package page

import (
	"context"
	"errors"
	"time"

	"github.com/tact-browser/tact/internal/failure"
)

// The click guard (in-page module guard.js) checks the press itself: the
// hit test runs before it, and a page can swap the element under the
// pointer in between.
type guardResult struct {
	Missing  bool   `json:"missing"`
	Missed   bool   `json:"missed"`
	Hit      string `json:"hit"`
	Seen     int    `json:"seen"`
	Ups      int    `json:"ups"`
	UpHit    string `json:"upHit"`
	Focused  bool   `json:"focused"`
	Clicked  bool   `json:"clicked"`
	ClickHit string `json:"clickHit"`
	Replaced bool   `json:"replaced"`
	Reacted  bool   `json:"reacted"`
}

// errMissed is a click whose press went to another element; the caller
// may aim again once.
type errMissed struct{ hit string }

func (e errMissed) Error() string { return "would click " + e.hit + " instead" }

// guardedPress presses at x,y (the pointer is already there) with the
// event-time check installed on the element's window.
func (e *Element) guardedPress(ctx context.Context, x, y float64, p Press) error {
	p = p.norm()
	if err := e.callLib(ctx, "guardInstall", nil, p.Clicks, x, y, p.Hold.Milliseconds()); err != nil {
		return err
	}
	if err := e.tab.press(ctx, p); err != nil {
		e.dropGuard()
		return err
	}
	if e.tab.OpenDialog() != nil {
		// The press opened a dialog left for the user: the page is frozen
		// until it is answered, and the guard expires by itself.
		return nil
	}
	var g guardResult
	if err := e.callLib(ctx, "guardRead", &g); err != nil {
		// The click navigated or replaced the document: the press reached
		// the page and the guard went with its document.
		return nil
	}
	if g.UpHit != "" && g.ClickHit != "" {
		// The release went to something else: name it, not the common
		// ancestor the click then went to.
		g.ClickHit = g.UpHit
	}
	switch {
	case g.Missed:
		return errMissed{g.Hit}
	case g.Missing:
		return nil
	case g.Seen == 0:
		return failure.New(failure.NotInteractable, "the click did not reach %s (another frame or the page's own handler took it)", e.Label()).WithHint("snap again and retry")
	case g.Replaced && g.Focused:
		// The press focused the element and the page's focus handler
		// replaced it (during the focus event, guard.js): the page acted
		// on the press.
		e.Notes = append(e.Notes, "the press focused "+e.Label()+" and the page replaced it (its focus handler); the release landed elsewhere")
	case g.Replaced:
		return failure.New(failure.StaleRef, "the page replaced %s between press and release: the click did not happen", e.Label()).WithHint("snap again and retry")
	case g.Ups == 0 && !g.Clicked && g.ClickHit == "":
		// The window saw the press but no release: it went into a frame
		// that moved under the pointer while the button was down.
		got, _ := e.tab.HitAt(ctx, x, y)
		return failure.New(failure.NotInteractable, "%s was pressed, but the release went into %s (it moved under the pointer): the click did not happen", e.Label(), got).WithHint("snap again and retry")
	case !g.Clicked && g.ClickHit != "" && g.Reacted:
		// The press reached the element and the page acted on it (an
		// input taking focus on mousedown and moving away): done.
		e.Notes = append(e.Notes, "the press reached "+e.Label()+" and the page reacted; the release landed on "+g.ClickHit+" (stopped there)")
	case !g.Clicked && g.ClickHit != "":
		return failure.New(failure.NotInteractable, "%s was pressed, but the page changed and the release landed on %s (stopped): the click did not happen", e.Label(), g.ClickHit).WithHint("snap again and retry")
	}
	return nil
}

// dropGuard removes the listener after a failed dispatch, on its own short
// deadline (the command's may have passed).
func (e *Element) dropGuard() {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_ = e.callLib(ctx, "guardRead", nil)
}

// ClickElement clicks the element's centre after a hit test, checking at
// event time that the press reaches the element. A press that would land
// on another element is stopped before the page sees it, and after one
// fresh aim the click fails NOT_INTERACTABLE naming what is there.
func (t *Tab) ClickElement(ctx context.Context, el *Element, clicks int) error {
	return t.PressElement(ctx, el, Press{Button: "left", Clicks: clicks})
}

// PressElement is ClickElement with any button, held for p.Hold: the same
// aim after the pointer arrived and the same event-time check.
func (t *Tab) PressElement(ctx context.Context, el *Element, p Press) error {
	for tries := 0; ; tries++ {
		err := t.clickOnce(ctx, el, p)
		if err == nil || el.Ref > 0 || el.Target == "" || failure.From(err).Code != failure.StaleRef {
			return err
		}
		if tries >= 2 {
			return failure.New(failure.StaleRef, "%s: the page replaced the element %d times while tact aimed at it; nothing was clicked", el.Target, tries+1).WithHint("let the page settle (tact wait …) and retry")
		}
		// A locator names whatever matches now: when the page re-rendered
		// the element between resolving and clicking, click the new one.
		next, rerr := t.Resolve(ctx, el.Target)
		if rerr != nil {
			return err
		}
		defer next.Release(ctx)
		el = next
	}
}

func (t *Tab) clickOnce(ctx context.Context, el *Element, p Press) error {
	var missed errMissed
	// What the page shows around the element before the pointer comes
	// and once it is there: a menu that opens on hover, which the
	// click then toggles shut, would read as a click that did nothing.
	sig := func() string {
		var s string
		_ = el.callLib(ctx, "nearSig", &s)
		return s
	}
	before := sig()
	for attempt := 0; attempt < 2; attempt++ {
		x, y, err := el.ClickPoint(ctx, true)
		if err != nil {
			if attempt > 0 && (el.Ref > 0 || el.Target == "") {
				break // the element changed under the pointer: report what got in the way
			}
			return err // a locator is resolved again by the caller
		}
		// Moving the pointer can change :hover styles and shift the layout
		// (a menu closing above the target); aim again once it is there.
		if err := t.MouseMove(ctx, x, y); err != nil {
			return err
		}
		if err := t.dialogBlocks(t.OpenDialog()); err != nil {
			return err // hovering opened a dialog
		}
		x2, y2, err := el.ClickPoint(ctx, true)
		if err != nil {
			if attempt > 0 && (el.Ref > 0 || el.Target == "") {
				break
			}
			return err
		}
		if x2 != x || y2 != y {
			if err := t.MouseMove(ctx, x2, y2); err != nil {
				return err
			}
		}
		hovered := sig()
		err = el.guardedPress(ctx, x2, y2, p)
		if err == nil && before != "" && hovered != before && sig() == before {
			el.Notes = append(el.Notes, "the pointer's arrival on "+el.Label()+" opened something (a menu that opens on hover) and the click closed it again; tact hover "+el.Label()+" opens it")
		}
		if !errors.As(err, &missed) {
			return err
		}
	}
	return failure.New(failure.NotInteractable, "%s: the page changed under the pointer; the click would have hit %s instead (stopped, nothing clicked)", el.Label(), missed.hit).WithHint("snap again and retry")
}
