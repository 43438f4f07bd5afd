package page

import (
	"context"
	"strings"

	"github.com/chromedp/cdproto/dom"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
)

// Resolve turns a target (@eN or any locator: css=, xpath=, text=,
// role=…[name="…"], label=, placeholder=, testid=, A >> B; see package
// locator) into a live element. A locator that matches nothing is retried
// until ctx ends (NOT_FOUND); one that matches several is AMBIGUOUS at
// once: tact never picks one.
func (t *Tab) Resolve(ctx context.Context, target string) (*Element, error) {
	loc, err := locator.Parse(target)
	if err != nil {
		return nil, failure.New(failure.Usage, "%v", err)
	}
	if loc.IsRef() {
		return t.ResolveRef(ctx, loc.Ref)
	}
	el, err := t.resolveLocator(ctx, loc)
	if el != nil {
		el.Target = target
	}
	return el, err
}

// Describe returns the element's role-ish tag and name for messages.
func (e *Element) Describe(ctx context.Context) (tag, name string) {
	var d struct{ Tag, Name string }
	_ = e.callLib(ctx, "describe", &d)
	return d.Tag, d.Name
}

// Fill replaces the value of an input, textarea, select-like or
// contenteditable element the way a user's typing would (input events that
// React/Vue listen to), and reports what the field holds afterwards.
func (e *Element) Fill(ctx context.Context, value string) error {
	var kind struct {
		Kind  string `json:"kind"`
		Error string `json:"error"`
	}
	if err := e.callLib(ctx, "fillPrep", &kind); err != nil {
		return err
	}
	if kind.Error != "" {
		return failure.New(failure.NotInteractable, "cannot fill %s: %s", e.Label(), kind.Error)
	}
	if kind.Kind == "setter" {
		// date, color, range...: no typing model; set the value natively.
		return e.callLib(ctx, "setValue", nil, value)
	}
	if value == "" {
		return e.tab.Press(ctx, "Delete")
	}
	if err := e.tab.InsertText(ctx, value); err != nil {
		return err
	}
	// Some inputs fire change only on blur; emit it like a user moving on.
	var before string
	err := e.callLib(ctx, "changed", &before)
	e.Held = before != ""
	return err
}

// Focus focuses the element.
func (e *Element) Focus(ctx context.Context) error {
	return e.callLib(ctx, "focus", nil)
}

// SelectOptions selects options of a <select> by value or visible label.
func (e *Element) SelectOptions(ctx context.Context, values []string) ([]string, error) {
	return e.selectNative(ctx, values, false)
}

// CheckOptions reports the options SelectOptions would pick, selecting
// nothing: a dry run's check.
func (e *Element) CheckOptions(ctx context.Context, values []string) ([]string, error) {
	return e.selectNative(ctx, values, true)
}

func (e *Element) selectNative(ctx context.Context, values []string, dry bool) ([]string, error) {
	var r struct {
		Error    string   `json:"error"`
		Selected []string `json:"selected"`
		Options  []string `json:"options"`
	}
	if err := e.callLib(ctx, "selectNative", &r, values, dry); err != nil {
		return nil, err
	}
	switch r.Error {
	case "":
		return r.Selected, nil
	case "nomatch":
		return nil, failure.New(failure.NotFound, "no option matches %q; options: %s", strings.Join(values, ", "), strings.Join(r.Options, "; "))
	default:
		return nil, failure.New(failure.NotInteractable, "cannot select on %s: %s", e.Label(), r.Error)
	}
}

// Checked reports a checkbox/radio/switch state (aria-checked included).
func (e *Element) Checked(ctx context.Context) (bool, error) {
	var c bool
	err := e.callLib(ctx, "checked", &c)
	return c, err
}

// SetFiles sets the files of an <input type=file>.
func (e *Element) SetFiles(ctx context.Context, paths []string) error {
	var ok bool
	if err := e.callLib(ctx, "isFileInput", &ok); err != nil {
		return err
	}
	if !ok {
		return failure.New(failure.NotInteractable, "%s is not a file input", e.Label())
	}
	if err := cdp.Run(ctx, e.tg.sess, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: paths, ObjectID: e.ObjectID}); err != nil {
		return BrowserGone(err)
	}
	return nil
}

// ScrollIntoView scrolls the element to the middle of its viewport.
func (e *Element) ScrollIntoView(ctx context.Context) error {
	return e.callLib(ctx, "scrollTo", nil)
}
