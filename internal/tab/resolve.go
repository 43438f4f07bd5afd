package tab

import (
	"context"
	"strings"

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
	var d struct{ Tag, Name, Type string }
	_ = e.Call(ctx, `function () {
  const n = (this.getAttribute("aria-label") || this.innerText || this.value || this.placeholder || this.title || "").trim().replace(/\s+/g, " ").slice(0, 60);
  return {Tag: this.tagName.toLowerCase(), Name: n, Type: this.type || ""};
}`, &d)
	if d.Tag == "input" && d.Type != "" {
		d.Tag = "input:" + d.Type
	}
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
	if err := e.Call(ctx, `function () {
  const el = this;
  if (el.disabled) return {error: "disabled"};
  if (el.readOnly) return {error: "read-only"};
  const t = (el.type || "").toLowerCase();
  if (el.isContentEditable) { el.focus(); const r = document.createRange(); r.selectNodeContents(el); const s = getSelection(); s.removeAllRanges(); s.addRange(r); return {kind: "editable"}; }
  if (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && ["", "text", "search", "email", "url", "tel", "password", "number"].includes(t))) {
    el.focus(); if (el.select) el.select(); return {kind: "text"};
  }
  if (el.tagName === "INPUT") return {kind: "setter"};
  return {error: "not a text field (" + el.tagName.toLowerCase() + ")"};
}`, &kind); err != nil {
		return err
	}
	if kind.Error != "" {
		return failure.New(failure.NotInteractable, "cannot fill %s: %s", e.Label(), kind.Error)
	}
	if kind.Kind == "setter" {
		// date, color, range...: no typing model; set the value natively.
		return e.Call(ctx, `function (v) {
  const d = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
  d.set.call(this, v);
  this.dispatchEvent(new Event("input", {bubbles: true}));
  this.dispatchEvent(new Event("change", {bubbles: true}));
}`, nil, value)
	}
	if value == "" {
		return e.tab.Press(ctx, "Delete")
	}
	if err := e.tab.InsertText(ctx, value); err != nil {
		return err
	}
	// Some inputs fire change only on blur; emit it like a user moving on.
	return e.Call(ctx, `function () { this.dispatchEvent(new Event("change", {bubbles: true})); }`, nil)
}

// Focus focuses the element.
func (e *Element) Focus(ctx context.Context) error {
	return e.Call(ctx, `function () { this.focus(); }`, nil)
}

// SelectOptions selects options of a <select> by value or visible label.
func (e *Element) SelectOptions(ctx context.Context, values []string) ([]string, error) {
	var r struct {
		Error    string   `json:"error"`
		Selected []string `json:"selected"`
		Options  []string `json:"options"`
	}
	if err := e.Call(ctx, `function (want) {
  const el = this;
  if (el.tagName !== "SELECT") return {error: "not a <select> (" + el.tagName.toLowerCase() + ")"};
  if (el.disabled) return {error: "disabled"};
  const opts = Array.from(el.options);
  const norm = (s) => (s || "").trim().replace(/\s+/g, " ");
  const picked = [];
  for (const w of want) {
    const o = opts.find((o) => o.value === w) || opts.find((o) => norm(o.label) === norm(w)) || opts.find((o) => norm(o.label).toLowerCase() === norm(w).toLowerCase());
    if (!o) return {error: "nomatch", options: opts.map((o) => norm(o.label) + (o.value !== norm(o.label) ? " (" + o.value + ")" : "")).slice(0, 30)};
    picked.push(o);
  }
  if (!el.multiple && picked.length > 1) return {error: "single-choice select; give one value"};
  for (const o of opts) o.selected = picked.includes(o);
  el.dispatchEvent(new Event("input", {bubbles: true}));
  el.dispatchEvent(new Event("change", {bubbles: true}));
  return {selected: picked.map((o) => norm(o.label))};
}`, &r, values); err != nil {
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
	err := e.Call(ctx, `function () {
  if ("checked" in this && (this.type === "checkbox" || this.type === "radio")) return this.checked;
  return this.getAttribute("aria-checked") === "true" || this.getAttribute("aria-pressed") === "true";
}`, &c)
	return c, err
}

// SetFiles sets the files of an <input type=file>.
func (e *Element) SetFiles(ctx context.Context, paths []string) error {
	var ok bool
	if err := e.Call(ctx, `function () { return this.tagName === "INPUT" && this.type === "file"; }`, &ok); err != nil {
		return err
	}
	if !ok {
		return failure.New(failure.NotInteractable, "%s is not a file input", e.Label())
	}
	if err := e.tg.sess.Call(ctx, "DOM.setFileInputFiles", map[string]any{"files": paths, "objectId": e.ObjectID}, nil); err != nil {
		return errBrowserGone(err)
	}
	return nil
}

// ScrollIntoView scrolls the element to the middle of its viewport.
func (e *Element) ScrollIntoView(ctx context.Context) error {
	return e.Call(ctx, `function () { this.scrollIntoView({block: "center", inline: "nearest", behavior: "instant"}); }`, nil)
}
