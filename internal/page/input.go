package page

import (
	"context"
	"fmt"
	"strings"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"

	"github.com/tact-browser/tact/internal/failure"
)

type point struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Error string  `json:"error"`
	By    string  `json:"by"`
}

// ClickPoint returns where to click the element in the tab's viewport, or
// a NOT_INTERACTABLE error naming the reason (e.g. what covers it).
func (e *Element) ClickPoint(ctx context.Context, checkEnabled bool) (x, y float64, err error) {
	var p point
	// Layout may still move for a frame or two after scrolling; retry a
	// covered result briefly before declaring it.
	for attempt := 0; attempt < 3; attempt++ {
		// The hit test (and what counts as hidden) is dom.point, the same
		// definition snap and locators use.
		if err := e.callLib(ctx, "point", &p, checkEnabled); err != nil {
			return 0, 0, err
		}
		if p.Error != "covered" {
			break
		}
		time.Sleep(30 * time.Millisecond)
	}
	switch p.Error {
	case "":
	case "covered":
		return 0, 0, failure.New(failure.NotInteractable, "%s is covered by %s", e.Label(), p.By).WithHint("close the overlay first, or scroll")
	case "detached":
		return 0, 0, failure.New(failure.StaleRef, "%s was removed from the page", e.Label()).WithHint("run tact snap again")
	default:
		return 0, 0, failure.New(failure.NotInteractable, "%s is %s", e.Label(), p.Error)
	}
	ox, oy, err := e.tab.frameOffset(ctx, e.tg, e.frameID)
	if err != nil {
		return 0, 0, err
	}
	return p.X + ox, p.Y + oy, nil
}

// Mouse dispatches a full click (move, press, release) at x,y.
func (t *Tab) Mouse(ctx context.Context, x, y float64, button string, clicks int) error {
	if err := t.MouseMove(ctx, x, y); err != nil {
		return err
	}
	return t.Click(ctx, x, y, button, clicks)
}

// MouseMove moves the pointer to x,y (hover), with any button `mouse
// down` holds.
func (t *Tab) MouseMove(ctx context.Context, x, y float64) error {
	return t.PointerMove(ctx, x, y, 1)
}

// Click presses and releases a button clicks times at x,y, where the
// pointer already is.
func (t *Tab) Click(ctx context.Context, x, y float64, button string, clicks int) error {
	return t.press(ctx, Press{Button: button, Clicks: clicks})
}

// dragSteps are the pointer moves between a drag's press and release:
// enough for libraries that want movement past a threshold, or several
// pointermove events, before they start dragging.
const dragSteps = 12

// dragPace is the time between a drag's moves, about a frame: at a
// person's pace, libraries that start a drag only after a delay (jQuery
// UI's delay option) or update on animation frames see every step.
const dragPace = 16 * time.Millisecond

// Wheel scrolls by dx,dy at x,y like a mouse wheel (scroll containers under
// the pointer scroll, as for a person).
func (t *Tab) Wheel(ctx context.Context, x, y, dx, dy float64) error {
	return dialogEnds(sendInput(ctx, t, mouseWheel, wheelParams{Type: input.DispatchMouseEventTypeMouseWheel, X: x, Y: y, DeltaX: dx, DeltaY: dy}))
}

// wheelParams are Input.dispatchMouseEvent's for a wheel event. The
// browser requires both deltas there, and the generated params omit a
// zero delta, so a vertical scroll (deltaX 0) would be refused.
type wheelParams struct {
	Type   input.DispatchMouseEventType `json:"type"`
	X      float64                      `json:"x"`
	Y      float64                      `json:"y"`
	DeltaX float64                      `json:"deltaX"`
	DeltaY float64                      `json:"deltaY"`
}

var mouseWheel = proto.Command[wheelParams, proto.Empty]{Method: input.CommandDispatchMouseEvent}

func inputErr(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return failure.New(failure.Timeout, "input was not processed within --timeout (page busy?)")
	}
	return BrowserGone(err)
}

// InsertText types text as one input event (like an IME commit): fast and
// understood by React/Vue controlled inputs.
func (t *Tab) InsertText(ctx context.Context, text string) error {
	return dialogEnds(sendInput(ctx, t, input.InsertText, input.InsertTextParams{Text: text}))
}

type keyDef struct {
	key, code string
	keyCode   int
	text      string
}

var namedKeys = map[string]keyDef{
	"enter": {"Enter", "Enter", 13, "\r"}, "tab": {"Tab", "Tab", 9, ""}, "escape": {"Escape", "Escape", 27, ""},
	"esc": {"Escape", "Escape", 27, ""}, "backspace": {"Backspace", "Backspace", 8, ""}, "delete": {"Delete", "Delete", 46, ""},
	"arrowup": {"ArrowUp", "ArrowUp", 38, ""}, "arrowdown": {"ArrowDown", "ArrowDown", 40, ""},
	"arrowleft": {"ArrowLeft", "ArrowLeft", 37, ""}, "arrowright": {"ArrowRight", "ArrowRight", 39, ""},
	"up": {"ArrowUp", "ArrowUp", 38, ""}, "down": {"ArrowDown", "ArrowDown", 40, ""},
	"left": {"ArrowLeft", "ArrowLeft", 37, ""}, "right": {"ArrowRight", "ArrowRight", 39, ""},
	"pageup": {"PageUp", "PageUp", 33, ""}, "pagedown": {"PageDown", "PageDown", 34, ""},
	"home": {"Home", "Home", 36, ""}, "end": {"End", "End", 35, ""}, "space": {" ", "Space", 32, " "},
	"insert":  {"Insert", "Insert", 45, ""},
	"control": {"Control", "ControlLeft", 17, ""}, "ctrl": {"Control", "ControlLeft", 17, ""},
	"shift": {"Shift", "ShiftLeft", 16, ""}, "alt": {"Alt", "AltLeft", 18, ""},
	"meta": {"Meta", "MetaLeft", 91, ""}, "cmd": {"Meta", "MetaLeft", 91, ""},
}

// event is the key event of this key, without text or modifiers.
func (k keyDef) event(typ input.DispatchKeyEventType) input.DispatchKeyEventParams {
	return input.DispatchKeyEventParams{Type: typ, Key: k.key, Code: k.code, WindowsVirtualKeyCode: int64(k.keyCode)}
}

var modifierBits = map[string]int64{"Alt": 1, "Control": 2, "Meta": 4, "Shift": 8}

func init() {
	for i := 1; i <= 12; i++ {
		n := fmt.Sprintf("F%d", i)
		namedKeys[strings.ToLower(n)] = keyDef{n, n, 111 + i, ""}
	}
}

// charKey describes a printable character as a key press.
func charKey(r rune) keyDef {
	s := string(r)
	switch {
	case r >= 'a' && r <= 'z':
		return keyDef{s, "Key" + strings.ToUpper(s), int(r - 32), s}
	case r >= 'A' && r <= 'Z':
		return keyDef{s, "Key" + s, int(r), s}
	case r >= '0' && r <= '9':
		return keyDef{s, "Digit" + s, int(r), s}
	case r == ' ':
		return keyDef{" ", "Space", 32, " "}
	case r == '\n':
		return keyDef{"Enter", "Enter", 13, "\r"}
	}
	return keyDef{s, "", 0, s}
}

// ParseKey validates a key or chord like "Enter", "Control+a", "Shift+Tab".
func ParseKey(chord string) ([]keyDef, error) {
	if chord == "" {
		return nil, failure.New(failure.Usage, "empty key")
	}
	parts := strings.Split(chord, "+")
	if strings.HasSuffix(chord, "++") || chord == "+" {
		parts = append(parts[:len(parts)-2], "+")
	}
	var out []keyDef
	for _, p := range parts {
		if p == "" {
			return nil, failure.New(failure.Usage, "malformed key chord %q", chord)
		}
		if k, ok := namedKeys[strings.ToLower(p)]; ok {
			out = append(out, k)
			continue
		}
		if r := []rune(p); len(r) == 1 {
			out = append(out, charKey(r[0]))
			continue
		}
		return nil, failure.New(failure.Usage, "unknown key %q (use Enter, Tab, Escape, ArrowDown, PageDown, F5, a single character, or chords like Control+a)", p)
	}
	return out, nil
}

// ParseKeys validates a key sequence: keys or chords separated by spaces
// ("ArrowDown ArrowDown Enter"). A lone " " is the space key.
func ParseKeys(seq string) ([]string, error) {
	if seq == " " {
		return []string{seq}, nil
	}
	keys := strings.Fields(seq)
	if len(keys) == 0 {
		return nil, failure.New(failure.Usage, "empty key")
	}
	for _, k := range keys {
		if _, err := ParseKey(k); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// Press sends a key or chord: modifiers held, the last key pressed.
func (t *Tab) Press(ctx context.Context, chord string) error {
	keys, err := ParseKey(chord)
	if err != nil {
		return err
	}
	var mods int64
	send := func(typ input.DispatchKeyEventType, k keyDef, withText bool) error {
		p := k.event(typ)
		p.Modifiers = mods
		if withText && k.text != "" && mods&^8 == 0 {
			p.Text = k.text
		}
		return sendInput(ctx, t, input.DispatchKeyEvent, p)
	}
	for i, k := range keys {
		if bit, ok := modifierBits[k.key]; ok && i < len(keys)-1 {
			mods |= bit
			if err := send(input.DispatchKeyEventTypeRawKeyDown, k, false); err != nil {
				return dialogEnds(err)
			}
			continue
		}
		typ := input.DispatchKeyEventTypeRawKeyDown
		if k.text != "" && mods&^8 == 0 {
			typ = input.DispatchKeyEventTypeKeyDown
		}
		if err := send(typ, k, true); err != nil {
			return dialogEnds(err)
		}
		if err := send(input.DispatchKeyEventTypeKeyUp, k, false); err != nil {
			return dialogEnds(err)
		}
	}
	for i := len(keys) - 2; i >= 0; i-- {
		if bit, ok := modifierBits[keys[i].key]; ok {
			mods &^= bit
			if err := send(input.DispatchKeyEventTypeKeyUp, keys[i], false); err != nil {
				return dialogEnds(err)
			}
		}
	}
	return nil
}

// TypeText sends one real key press per character, with key codes.
func (t *Tab) TypeText(ctx context.Context, text string) error {
	for _, r := range text {
		k := charKey(r)
		down := k.event(input.DispatchKeyEventTypeKeyDown)
		down.Text = k.text
		if err := sendInput(ctx, t, input.DispatchKeyEvent, down); err != nil {
			return dialogEnds(err)
		}
		if err := sendInput(ctx, t, input.DispatchKeyEvent, k.event(input.DispatchKeyEventTypeKeyUp)); err != nil {
			return dialogEnds(err)
		}
	}
	return nil
}
