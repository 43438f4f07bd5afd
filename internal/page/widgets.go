package page

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
)

// Driving ARIA widgets the way a person does: keys for sliders and
// spinbuttons, clicks for listbox options. The page's own handlers make
// every change, so what the page shows afterwards is what it accepted.

type rangeState struct {
	Kind string   `json:"kind"`
	Now  *float64 `json:"now"`
	Min  *float64 `json:"min"`
	Max  *float64 `json:"max"`
	Text string   `json:"text"`
	// Unit "%": a slider without ARIA, whose position along its track
	// in percent is all it shows.
	Unit string `json:"unit"`
	// Gone: the page removed or hid the widget while it was driven.
	Gone bool `json:"gone"`
	// Native: an <input type=range>, whose thumb fill drags.
	Native bool `json:"native"`
}

// errGone stops driving a widget the page removed: not a failure of the
// fill, the page moved on (a task completed at some value).
type errGone struct {
	kind, last string
}

func (e errGone) Error() string { return "the " + e.kind + " is gone" }

// show is the value as a person reads it: the text with the number.
func (s rangeState) show() string {
	n := "no value"
	if s.Now != nil {
		n = fmtNum(*s.Now) + s.Unit
	}
	if s.Text != "" && s.Text != n {
		return s.Text + " (" + n + ")"
	}
	return n
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Key presses for one range fill at most; a slider of 0-1000 by 1 is
// reached with PageUp/PageDown long before.
const maxRangeKeys = 400

// rangeKeyWaitMS is how long the page gets to show a key's effect before
// the key counts as doing nothing.
const rangeKeyWaitMS = 150

// FillWidget fills a slider or spinbutton (ARIA or <input type=range>)
// and says what it shows now; handled is false for any other element.
func (e *Element) FillWidget(ctx context.Context, value string) (handled bool, lines []string, err error) {
	var st rangeState
	if err := e.callLib(ctx, "rangeState", &st); err != nil {
		return false, nil, err
	}
	if st.Kind == "" {
		return false, nil, nil
	}
	if st.Native {
		// A native range is dragged by its thumb first (pointer events
		// and a release the page sees); keys finish what a drag missed.
		var dragged bool
		st, dragged, err = e.dragRange(ctx, st, value)
		if dragged && err == nil && st.Now != nil {
			if w, perr := strconv.ParseFloat(strings.TrimSpace(value), 64); perr == nil && math.Abs(*st.Now-w) < 1e-9 {
				return true, []string{"value: " + st.show()}, nil
			}
		}
	}
	if err == nil {
		lines, err = e.fillRange(ctx, st, value)
	}
	var gone errGone
	if errors.As(err, &gone) {
		// What the page shows now is in the action's output.
		return true, []string{fmt.Sprintf("the %s is gone: the page removed it while it was being set (it showed %s last)", gone.kind, gone.last)}, nil
	}
	return true, lines, err
}

// SelectWidget picks options of an ARIA listbox or combobox by name;
// handled is false for a native <select> or anything else.
func (e *Element) SelectWidget(ctx context.Context, values []string) (handled bool, picked []string, err error) {
	var st listState
	if err := e.callLib(ctx, "listState", &st); err != nil {
		return false, nil, err
	}
	if st.Kind == "" || st.Kind == "select" {
		return false, nil, nil
	}
	picked, err = e.selectARIA(ctx, st, values)
	return true, picked, err
}

// fillRange sets a slider or spinbutton (ARIA or <input type=range>) to
// value, a number or a value text ("March"), with Home/End, arrows and
// PageUp/PageDown, reading the value the page shows after each key.
func (e *Element) fillRange(ctx context.Context, st rangeState, value string) ([]string, error) {
	if st.Unit == "%" {
		return e.fillPosition(ctx, st, value)
	}
	want, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	numeric := err == nil
	if numeric && ((st.Min != nil && want < *st.Min) || (st.Max != nil && want > *st.Max)) {
		return nil, failure.New(failure.Usage, "%s is outside the %s's range %s to %s", value, st.Kind, fmtOpt(st.Min), fmtOpt(st.Max))
	}
	if !numeric && st.Text == "" {
		return nil, failure.New(failure.Usage, "the %s takes a number, not %q", st.Kind, value)
	}
	match := func(s rangeState) bool {
		if numeric {
			return s.Now != nil && math.Abs(*s.Now-want) < 1e-9
		}
		return strings.EqualFold(s.Text, strings.TrimSpace(value))
	}
	done := func(s rangeState) []string { return []string{"value: " + s.show()} }
	if match(st) {
		return done(st), nil
	}
	if err := e.Focus(ctx); err != nil {
		return nil, err
	}
	presses := 0
	press := func(key string, prev rangeState) (rangeState, error) {
		presses++
		if err := e.tab.Press(ctx, key); err != nil {
			return prev, err
		}
		var s rangeState
		err := e.callLib(ctx, "rangeAfter", &s, prev, rangeKeyWaitMS)
		if err == nil && s.Gone {
			return s, errGone{st.Kind, s.show()}
		}
		return s, err
	}
	// Increase/decrease keys, first choice first: spinbuttons go up and
	// down, sliders right and left (APG widgets take both).
	up, down := []string{"ArrowRight", "ArrowUp"}, []string{"ArrowLeft", "ArrowDown"}
	if st.Kind == "spinbutton" {
		up, down = []string{"ArrowUp", "ArrowRight"}, []string{"ArrowDown", "ArrowLeft"}
	}
	upKey, downKey := 0, 0
	if !numeric {
		// A value text: walk from the start and read each value.
		if st, err = press("Home", st); err != nil {
			return nil, err
		}
		seen := []string{st.Text}
		for !match(st) {
			if presses >= maxRangeKeys {
				break
			}
			next, err := press(up[upKey], st)
			if err != nil {
				return nil, err
			}
			if sameNum(next.Now, st.Now) && next.Text == st.Text {
				if upKey == 0 && len(seen) == 1 {
					upKey = 1 // this widget takes the other arrow
					continue
				}
				return nil, failure.New(failure.NotFound, "the %s has no value %q; it goes %s", st.Kind, value, valueSpan(seen))
			}
			st = next
			seen = append(seen, st.Text)
		}
		if !match(st) {
			return nil, failure.New(failure.NotFound, "the %s has no value %q; it goes %s", st.Kind, value, valueSpan(seen))
		}
		return done(st), nil
	}
	if st.Min != nil && want == *st.Min {
		if st, err = press("Home", st); err != nil {
			return nil, err
		}
	} else if st.Max != nil && want == *st.Max {
		if st, err = press("End", st); err != nil {
			return nil, err
		}
	}
	// Arrows first, to learn the step; PageUp/PageDown only while the
	// target is ten or more steps away (and while they help).
	usePage, arrowStep := true, 0.0
	for !match(st) && presses < maxRangeKeys {
		if st.Now == nil {
			return nil, failure.New(failure.NotInteractable, "the %s shows no aria-valuenow to steer by", st.Kind)
		}
		rising := *st.Now < want
		keys, idx := up, &upKey
		page := "PageUp"
		if !rising {
			keys, idx, page = down, &downKey, "PageDown"
		}
		key := keys[*idx]
		if usePage && arrowStep > 0 && math.Abs(want-*st.Now) >= 10*arrowStep {
			key = page
		}
		next, err := press(key, st)
		if err != nil {
			return nil, err
		}
		if key != page && next.Now != nil {
			if d := math.Abs(*next.Now - *st.Now); d > 0 {
				arrowStep = d
			}
		}
		switch {
		case next.Now == nil || sameNum(next.Now, st.Now):
			// This key does nothing here: try the next one.
			if key == page {
				usePage = false
			} else if *idx == 0 {
				*idx = 1
			} else {
				return nil, failure.New(failure.NotInteractable, "the %s stays at %s: it does not react to %s or %s", st.Kind, st.show(), keys[0], keys[1])
			}
			continue
		case (*next.Now > want) == rising && !match(next):
			// Past the target.
			if key == page {
				usePage = false // go back by arrows
			} else {
				return nil, failure.New(failure.Usage, "the %s cannot take %s: its steps go from %s to %s (it now shows %s)", st.Kind, value, fmtNum(*st.Now), fmtNum(*next.Now), next.show())
			}
		}
		st = next
	}
	if !match(st) {
		return nil, failure.New(failure.NotInteractable, "the %s shows %s after %d keys, not %s", st.Kind, st.show(), presses, value)
	}
	return done(st), nil
}

// fillPosition moves a slider without ARIA (see rangeState.Unit) to the
// step nearest to a position given in percent ("40%"), with the arrow
// keys its script takes. The page's own value is not known to tact.
func (e *Element) fillPosition(ctx context.Context, st rangeState, value string) ([]string, error) {
	v := strings.TrimSpace(value)
	want, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
	if !strings.HasSuffix(v, "%") || err != nil || want < 0 || want > 100 {
		return nil, failure.New(failure.Usage, "this slider shows no value of its own, only its position (%s): fill it with a percentage such as 40%%, or press ArrowRight/ArrowLeft on it and read the value the page shows", st.show())
	}
	if err := e.Focus(ctx); err != nil {
		return nil, err
	}
	done := func(s rangeState) []string { return []string{"position: " + s.show()} }
	keys := [][2]string{{"ArrowRight", "ArrowLeft"}, {"ArrowUp", "ArrowDown"}}
	k := 0
	for presses := 0; presses < maxRangeKeys && st.Now != nil && math.Abs(*st.Now-want) >= 0.05; presses++ {
		rising := *st.Now < want
		key := keys[k][1]
		if rising {
			key = keys[k][0]
		}
		if err := e.tab.Press(ctx, key); err != nil {
			return nil, err
		}
		var next rangeState
		if err := e.callLib(ctx, "rangeAfter", &next, st, rangeKeyWaitMS); err != nil {
			return nil, err
		}
		if next.Gone {
			return nil, errGone{st.Kind, st.show()}
		}
		switch {
		case next.Now == nil || sameNum(next.Now, st.Now):
			if k == 1 {
				return nil, failure.New(failure.NotInteractable, "the slider stays at %s: it does not react to the arrow keys", st.show())
			}
			k = 1 // this one takes the other arrows
			continue
		case (*next.Now > want) == rising:
			// Past the position: keep the nearer step.
			if math.Abs(*next.Now-want) > math.Abs(*st.Now-want) {
				back := keys[k][0]
				if rising {
					back = keys[k][1]
				}
				if err := e.tab.Press(ctx, back); err != nil {
					return nil, err
				}
				if err := e.callLib(ctx, "rangeAfter", &next, next, rangeKeyWaitMS); err != nil {
					return nil, err
				}
			}
			return done(next), nil
		}
		st = next
	}
	return done(st), nil
}

func sameNum(a, b *float64) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

func fmtOpt(f *float64) string {
	if f == nil {
		return "?"
	}
	return fmtNum(*f)
}

// valueSpan is "January … December" for an error message.
func valueSpan(seen []string) string {
	if len(seen) == 0 {
		return "nowhere"
	}
	if len(seen) <= 4 {
		return strings.Join(seen, ", ")
	}
	return seen[0] + ", " + seen[1] + " … " + seen[len(seen)-1]
}

type listState struct {
	Kind    string   `json:"kind"`
	Open    bool     `json:"open"`
	Options []string `json:"options"`
}

// listOpenWaitMS bounds the wait for a combobox's popup after a click or
// Alt+ArrowDown.
const listOpenWaitMS = 1500

// selectARIA picks options of an ARIA listbox or combobox by name: it
// opens a closed combobox (click, else Alt+ArrowDown as APG combobox
// keys say), clicks each option and checks that it took.
func (e *Element) selectARIA(ctx context.Context, st listState, values []string) ([]string, error) {
	var picked []string
	for _, v := range values {
		if !st.Open && st.Kind == "combobox" {
			if err := e.click(ctx); err != nil {
				return nil, err
			}
			if err := e.callLib(ctx, "listOpened", &st, listOpenWaitMS); err != nil {
				return nil, err
			}
			if !st.Open {
				if err := e.Focus(ctx); err != nil {
					return nil, err
				}
				if err := e.tab.Press(ctx, "Alt+ArrowDown"); err != nil {
					return nil, err
				}
				if err := e.callLib(ctx, "listOpened", &st, listOpenWaitMS); err != nil {
					return nil, err
				}
			}
			if !st.Open {
				return nil, failure.New(failure.NotInteractable, "the combobox's options did not appear after a click or Alt+ArrowDown")
			}
		}
		opt, err := e.libElement(ctx, "optionFor", v)
		if err != nil {
			return nil, err
		}
		if opt == nil {
			return nil, failure.New(failure.NotFound, "no option matches %q; options: %s", v, strings.Join(st.Options, "; "))
		}
		opt.Ref = e.Ref
		err = opt.click(ctx)
		opt.Release(ctx)
		if err != nil {
			return nil, err
		}
		var took bool
		if err := e.callLib(ctx, "optionTaken", &took, v); err != nil {
			return nil, err
		}
		if !took {
			return nil, failure.New(failure.NotInteractable, "clicked option %q, but it is not selected", v)
		}
		picked = append(picked, v)
		if err := e.callLib(ctx, "listState", &st); err != nil {
			return nil, err
		}
	}
	return picked, nil
}

// click clicks where a person would, checked at event time.
func (e *Element) click(ctx context.Context) error {
	return e.tab.ClickElement(ctx, e, 1)
}

// libElement calls __tact.<name>(element, ...args) and returns a handle
// on the element it returns, or nil for null. The result is parked in
// __tact.lastMatch (as locate does) for objectIn to take.
func (e *Element) libElement(ctx context.Context, name string, args ...any) (*Element, error) {
	var found bool
	if err := e.callLib(ctx, "keep", &found, append([]any{name}, args...)...); err != nil || !found {
		return nil, err
	}
	return e.tab.objectIn(ctx, e.tg, e.frameID, "globalThis.__tact.lastMatch")
}
