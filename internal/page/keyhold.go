package page

// Keys held between commands: `press KEY --down` and `--up`, for pages
// that read keydown and keyup themselves (a game's arrow held for a
// while, Shift held across clicks of a selection).

import (
	"context"

	"github.com/chromedp/cdproto/input"
)

// KeyHold presses a key or chord down and leaves it held (down), or lets
// it go (up). A chord's modifiers go down first and come up last, as in
// Press; a printable key going down types its character once (the
// browser does not repeat keys sent this way).
func (t *Tab) KeyHold(ctx context.Context, chord string, down bool) error {
	keys, err := ParseKey(chord)
	if err != nil {
		return err
	}
	var mods int64
	if !down {
		for _, k := range keys {
			mods |= modifierBits[k.key]
		}
		for i := len(keys) - 1; i >= 0; i-- {
			k := keys[i]
			mods &^= modifierBits[k.key]
			p := k.event(input.DispatchKeyEventTypeKeyUp)
			p.Modifiers = mods
			if err := sendInput(ctx, t, input.DispatchKeyEvent, p); err != nil {
				return dialogEnds(err)
			}
		}
		return nil
	}
	for _, k := range keys {
		mods |= modifierBits[k.key]
		p := k.event(input.DispatchKeyEventTypeRawKeyDown)
		p.Modifiers = mods
		if k.text != "" && mods&^8 == 0 {
			p.Type, p.Text = input.DispatchKeyEventTypeKeyDown, k.text
		}
		if err := sendInput(ctx, t, input.DispatchKeyEvent, p); err != nil {
			return dialogEnds(err)
		}
	}
	return nil
}
