package page

import (
	"context"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
)

// Needs of targeted actions, checked against the element's action mark
// (the snapshot's `action`) before anything touches the page.
const (
	NeedFill   = "fill"   // text fields, contenteditable, sliders, spinbuttons, value inputs
	NeedType   = "type"   // anything that takes keys: fields and contenteditable
	NeedCheck  = "check"  // checkboxes, radios, switches, aria-checked/pressed
	NeedSelect = "select" // <select>, listboxes, comboboxes
	NeedUpload = "upload" // <input type=file>
)

// needWhat says, for messages, what each need takes.
var needWhat = map[string]string{
	NeedFill:   "a text field, editable area, slider or spinbutton",
	NeedType:   "a text field or editable area",
	NeedCheck:  "a checkbox, radio or switch",
	NeedSelect: "a <select>, listbox or combobox",
	NeedUpload: "a file input",
}

// Fit checks that the element takes an action with this need. A label (or
// text inside one) stands for its control, as a click on it would: the
// returned element is then the control, which the caller releases. A
// mismatch is NOT_INTERACTABLE naming the element's action mark, so
// `check` never clicks a button and `type` never types into a link.
func (e *Element) Fit(ctx context.Context, verb, need string) (*Element, error) {
	var r struct {
		OK      bool   `json:"ok"`
		Control bool   `json:"control"`
		Mark    string `json:"mark"`
	}
	if err := e.callLib(ctx, "fits", &r, need); err != nil {
		return nil, err
	}
	if !r.OK {
		tag, name := e.Describe(ctx)
		return nil, failure.New(failure.NotInteractable, "cannot %s %s [%s] %q: its action is %s (%s takes %s)",
			verb, e.Label(), tag, name, r.Mark, strings.Fields(verb)[0], needWhat[need])
	}
	if !r.Control {
		return e, nil
	}
	c, err := e.tab.objectIn(ctx, e.tg, e.frameID, "globalThis.__tact.lastMatch")
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, failure.New(failure.NotFound, "the control of %s went away", e.Label())
	}
	c.Target, c.Refound = e.Label(), e.Refound
	return c, nil
}
