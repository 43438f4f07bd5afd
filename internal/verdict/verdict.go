// Package verdict decides, in one place, what the page did after an
// action, from what was observed (page/effect.go collects it), and renders
// that decision. Nothing here touches a browser, so every rule is tested
// with plain values. Commands print Head and Lines and put the Verdict in
// their JSON; no code compares the rendered text.
package verdict

import (
	"fmt"
	"strings"
)

// Outcome is what the page did after an action, in one word.
type Outcome string

const (
	// Reacted: the page changed the DOM, requested, opened something, or
	// the action's own input/scroll/focus events fired.
	Reacted Outcome = "reacted"
	// NoReaction: nothing at all happened after the action.
	NoReaction Outcome = "no_reaction"
	// SameDocument: the main frame navigated within its document (a
	// hash link, history.pushState): what changed prints as a diff.
	SameDocument Outcome = "navigated_in_document"
	// NewDocument: the main frame loaded another document.
	NewDocument Outcome = "navigated"
	// Blocked: the browser's own form validation stopped a submit.
	Blocked Outcome = "blocked"
)

// Observation is everything the decision needs: what the tab and the
// in-page library saw between the action's mark and the end of its wait.
type Observation struct {
	// Page: the page reacted (DOM mutation, request, navigation, dialog,
	// popup, download). Own: the action's own input/change/scroll/focus
	// events fired. Unseen: the action's effect may show in no DOM signal
	// (hover's :hover styles), so it never reports no reaction.
	Page, Own, Unseen bool
	// Already: the action had nothing to do (check on a checked box):
	// no reaction, and none to wait for.
	Already bool
	// Loading: the page's load event is still pending.
	Loading bool
	// NewDocument and SameDocument: main-frame navigations since the
	// mark; URL is where the main frame is now.
	NewDocument, SameDocument bool
	URL                       string
	Scroll                    *Scroll
	// Boxes are elements that scrolled; an action on an element drops
	// them (Targeted), as bringing the target into view scrolls its
	// containers before the page sees any input.
	Boxes    []BoxScroll
	Targeted bool
	Moved    int // elements a transform or position change moved
	// MovedNames name the first few of them (`@e12 "Start"`, `div#ball`).
	MovedNames []string
	Invalid    []Invalid // fields whose validation stopped a submit
	// NotMoved, when set, is why a drag moved nothing (what stayed).
	NotMoved string
	Effects  Effects
}

// Scroll is the document's scroll position before and after, and its
// furthest position, in CSS pixels.
type Scroll struct {
	From [2]int `json:"from"`
	To   [2]int `json:"to"`
	Max  [2]int `json:"max"`
}

// BoxScroll is an element that scrolled, and where to.
type BoxScroll struct {
	Name string `json:"name"`
	To   [2]int `json:"to"`
}

// Invalid is a field whose validation stopped a submit, with the
// browser's own message.
type Invalid struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Dialog is a JavaScript dialog the action opened and how it was answered.
type Dialog struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	Action  string `json:"action"`
}

// Download is a download the action started.
type Download struct {
	Path  string `json:"path,omitempty"`
	Bytes int64  `json:"bytes,omitempty"`
	URL   string `json:"url"`
	State string `json:"state"`
}

// Popup is the tab the action opened (now the current one).
type Popup struct {
	// Tab names it as tab list does: its id's first 8 digits and #index.
	Tab     string   `json:"tab,omitempty"`
	Title   string   `json:"title"`
	URL     string   `json:"url"`
	Refused []string `json:"refused,omitempty"` // navigations --allowed-domains stopped in it
}

// Effects are what the action caused beside the page itself.
type Effects struct {
	Dialogs       []Dialog   `json:"dialogs,omitempty"`
	Downloads     []Download `json:"downloads,omitempty"`
	Popup         *Popup     `json:"popup,omitempty"`
	Refused       []string   `json:"refused,omitempty"` // navigations --allowed-domains stopped
	ConsoleErrors int        `json:"console_errors,omitempty"`
	FirstError    string     `json:"first_error,omitempty"` // the first one's text, one line
	Crashed       bool       `json:"crashed,omitempty"`
}

// Verdict is the decision: the outcome, what moved, and the effects.
type Verdict struct {
	Outcome Outcome `json:"outcome"`
	// Loading: no reaction yet while the page's load event is pending.
	Loading bool        `json:"loading,omitempty"`
	URL     string      `json:"url,omitempty"` // after a navigation
	Invalid []Invalid   `json:"invalid,omitempty"`
	Scroll  *Scroll     `json:"scroll,omitempty"` // only when it moved
	Boxes   []BoxScroll `json:"scrolled,omitempty"`
	Moved   int         `json:"moved,omitempty"`
	// MovedNames: the first few elements that moved, as the snap names them.
	MovedNames []string `json:"moved_names,omitempty"`
	// NotMoved: a drag that moved nothing, and what stayed.
	NotMoved string `json:"not_moved,omitempty"`
	Effects
}

// Decide turns an observation into the verdict. The order is the rule:
// a new document, then a submit the browser stopped, then a navigation
// within the document, then any reaction; nothing else is no reaction.
func Decide(o Observation) Verdict {
	v := Verdict{Invalid: o.Invalid, Moved: o.Moved, MovedNames: o.MovedNames, NotMoved: o.NotMoved, Effects: o.Effects}
	if !o.Targeted {
		v.Boxes = o.Boxes
	}
	if s := o.Scroll; s != nil && s.From != s.To {
		v.Scroll = s
	}
	moved := v.Scroll != nil || len(v.Boxes) > 0 || v.Moved > 0
	effects := len(o.Effects.Dialogs) > 0 || len(o.Effects.Downloads) > 0 || o.Effects.Popup != nil || o.Effects.Crashed
	switch {
	case o.NewDocument:
		v.Outcome, v.URL = NewDocument, o.URL
		v.Invalid = nil // the submit went through after all
	case len(o.Invalid) > 0:
		v.Outcome = Blocked
	case o.SameDocument:
		v.Outcome, v.URL = SameDocument, o.URL
	case o.Page || o.Own || o.Unseen || moved || effects:
		v.Outcome = Reacted
	default:
		v.Outcome, v.Loading = NoReaction, o.Loading
	}
	return v
}

// Changed reports whether the page visibly changed: false for an action
// the page did not react to and a drag that moved nothing.
func (v Verdict) Changed() bool {
	return v.Outcome != NoReaction && v.NotMoved == ""
}

// NoChange is the one wording of an action the page did not react to,
// and of a diff with nothing in it.
const NoChange = "no change on the page"

// Head is the verdict's first line.
func (v Verdict) Head() string {
	switch {
	case v.NotMoved != "":
		return "no change (the drag moved nothing: " + v.NotMoved + ")"
	case v.Outcome == Blocked:
		iv := v.Invalid[0]
		return "not sent: " + iv.Field + ": " + iv.Message
	case v.Outcome == NoReaction && v.Loading:
		return "ok (" + NoChange + " yet: it is still loading)"
	case v.Outcome == NoReaction:
		return "ok (" + NoChange + ")"
	}
	return "ok"
}

// Lines are the verdict's lines after the head, before the action's own
// and the effects': where the page went, what else validation stopped,
// what scrolled and moved.
func (v Verdict) Lines() []string {
	var out []string
	switch v.Outcome {
	case NewDocument:
		out = append(out, "navigated to "+v.URL)
	case SameDocument:
		out = append(out, "navigated within the page to "+v.URL)
	case Blocked:
		for _, iv := range v.Invalid[1:] {
			out = append(out, "also invalid: "+iv.Field+": "+iv.Message)
		}
	}
	if s := v.Scroll; s != nil {
		out = append(out, "scrolled "+point(s.From)+" → "+point(s.To)+edge(s))
	}
	for _, b := range v.Boxes {
		out = append(out, fmt.Sprintf("scrolled %s to %s", b.Name, point(b.To)))
	}
	if v.Moved > 0 {
		l := "1 element moved"
		if v.Moved > 1 {
			l = fmt.Sprintf("%d elements moved", v.Moved)
		}
		if len(v.MovedNames) > 0 {
			l += ": " + strings.Join(v.MovedNames, ", ")
			if v.Moved > len(v.MovedNames) {
				l += ", …"
			}
		}
		out = append(out, l)
	}
	return out
}

// DialogLines are the lines of the dialogs the page opened: the first
// few and the last, so a page that opens dialogs in a loop does not fill
// the output.
func DialogLines(ds []Dialog) []string {
	const head = 3
	var out []string
	for i, d := range ds {
		if i >= head && i < len(ds)-1 {
			if i == head {
				out = append(out, fmt.Sprintf("… %d more dialogs …", len(ds)-head-1))
			}
			continue
		}
		out = append(out, fmt.Sprintf("dialog %s (%s): %q", d.Action, d.Type, d.Message))
	}
	return out
}

// EffectLines are the effects' lines, after the action's own lines.
func (v Verdict) EffectLines() []string {
	var out []string
	out = append(out, DialogLines(v.Dialogs)...)
	for _, d := range v.Downloads {
		if d.State == "completed" {
			out = append(out, fmt.Sprintf("download saved: %s (%d bytes)", d.Path, d.Bytes))
		} else {
			out = append(out, fmt.Sprintf("download %s: %s", d.State, d.URL))
		}
	}
	out = append(out, RefusedLines(v.Refused)...)
	if v.ConsoleErrors > 0 {
		out = append(out, consoleLine(v.ConsoleErrors, v.FirstError))
	}
	if p := v.Popup; p != nil {
		tab := "new tab"
		if p.Tab != "" {
			tab += " " + p.Tab
		}
		if p.Title == "" && p.URL == "" {
			out = append(out, tab+" (now current)")
		} else {
			out = append(out, fmt.Sprintf("%s (now current): %q %s", tab, p.Title, p.URL))
		}
		out = append(out, RefusedLines(p.Refused)...)
	}
	if v.Crashed {
		out = append(out, "the tab crashed")
	}
	return out
}

func point(p [2]int) string { return fmt.Sprintf("%d,%d", p[0], p[1]) }

// edge names the end of the page a scroll stopped at, when it moved
// toward it and reached it (a scroll further than the page goes).
func edge(s *Scroll) string {
	var at []string
	for _, axis := range []struct {
		i         int
		low, high string
	}{{1, "top", "bottom"}, {0, "left", "right"}} {
		from, to := s.From[axis.i], s.To[axis.i]
		switch {
		case to == from:
		case to <= 0:
			at = append(at, axis.low)
		case to >= s.Max[axis.i]:
			at = append(at, axis.high)
		}
	}
	if len(at) == 0 {
		return ""
	}
	return " (the " + strings.Join(at, " and ") + " end of the page)"
}

// consoleLine reports an action's console errors with the first one's
// text, so the agent knows what broke without running tact console.
func consoleLine(n int, first string) string {
	if first == "" {
		return fmt.Sprintf("console errors: %d", n)
	}
	more := ""
	if n > 1 {
		more = "; tact console lists all"
	}
	return fmt.Sprintf("console errors: %d (first: %s%s)", n, first, more)
}

// RefusedLines report the navigations --allowed-domains stopped.
func RefusedLines(urls []string) []string {
	var out []string
	for _, u := range urls {
		out = append(out, "refused a navigation to "+u+" (not in --allowed-domains)")
	}
	return out
}
