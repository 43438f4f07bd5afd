package page

import (
	"context"
	"time"

	"github.com/tact-browser/tact/internal/verdict"
)

// ActMark is the state of a tab just before an action, to tell afterwards
// whether the page reacted to it.
type ActMark struct {
	activity, dialogs, downloads, nav, sameDoc int
	frames                                     []effectFrame
}

type effectFrame struct {
	tg    *Target
	frame string
}

// Reaction is what an action caused: Page when the page reacted (a DOM
// mutation, a request, a navigation, a dialog, a popup, a download), Own
// when the action's own input/change/scroll events fired.
type Reaction struct{ Page, Own bool }

// MarkAction records the tab's counters and starts effect tracking in the
// main frame and in el's frame (an iframe's reaction shows there only).
func (t *Tab) MarkAction(ctx context.Context, el *Element) *ActMark {
	t.mu.Lock()
	m := &ActMark{activity: t.activity, dialogs: len(t.dialogs), downloads: len(t.downloads), nav: t.navSeq, sameDoc: t.sameDocSeq}
	t.mu.Unlock()
	inMain := el == nil || (el.tg == t.main && el.frameID == t.id)
	if el != nil {
		// The library is present: el was resolved through it.
		if el.callLib(ctx, "markAct", nil) == nil {
			m.frames = append(m.frames, effectFrame{el.tg, el.frameID})
		}
	}
	if !inMain || el == nil {
		if t.EvalWorld(ctx, "__tact.markAct(null)", nil) == nil {
			m.frames = append(m.frames, effectFrame{t.main, t.id})
		}
	}
	return m
}

// reactedLocked reports a browser-side effect since m (t.mu held).
func (t *Tab) reactedLocked(m *ActMark) bool {
	return t.activity > m.activity || len(t.dialogs) > m.dialogs || len(t.downloads) > m.downloads || t.navSeq > m.nav || t.crashed
}

// AwaitReaction waits, up to window after the mark (in page time), for
// the first sign that the page reacted to an action, so an effect the
// page schedules a little later (a toast after a timeout, a debounced
// search) is not missed. It returns at once when the page already
// reacted. Errors count as a reaction: the document went away, or a
// dialog or a busy script holds the page, and settling handles those.
func (t *Tab) AwaitReaction(ctx context.Context, m *ActMark, window time.Duration) Reaction {
	ctx, cancel := context.WithTimeout(ctx, window+time.Second)
	defer cancel()
	res := make(chan Reaction, len(m.frames))
	for _, f := range m.frames {
		go func() {
			var r struct {
				Page bool `json:"page"`
				Own  bool `json:"own"`
			}
			if err := t.evalIn(ctx, f.tg, f.frame, "__tact.awaitEffect("+itoa(window.Milliseconds())+")", &r); err != nil {
				r.Page = ctx.Err() == nil || t.reacted(m)
			}
			res <- Reaction{Page: r.Page, Own: r.Own}
		}()
	}
	var out Reaction
	if len(m.frames) == 0 {
		// Nothing to watch in the page: settle as if it reacted.
		out.Page = true
		return out
	}
	for pending := len(m.frames); pending > 0; {
		t.mu.Lock()
		reacted, ch := t.reactedLocked(m), t.changed
		t.mu.Unlock()
		if reacted {
			out.Page = true
			return out
		}
		select {
		case r := <-res:
			pending--
			out.Own = out.Own || r.Own
			if r.Page {
				out.Page = true
				return out
			}
		case <-ch:
		case <-ctx.Done():
			out.Page = true
			return out
		}
	}
	out.Page = t.reacted(m)
	return out
}

func (t *Tab) reacted(m *ActMark) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.reactedLocked(m)
}

// Observe fills what the tab saw since m into o: main-frame navigations
// (a new document, or one within the document), where the document
// scrolled, what scrolled or moved, and the fields whose validation
// stopped a submit, from each frame the mark watched. A frame that went
// away with a navigation reports nothing.
func (t *Tab) Observe(ctx context.Context, m *ActMark, o *verdict.Observation) {
	t.mu.Lock()
	o.NewDocument, o.SameDocument, o.URL = t.navSeq > m.nav, t.sameDocSeq > m.sameDoc, t.url
	t.mu.Unlock()
	if o.NewDocument {
		return
	}
	for _, f := range m.frames {
		var r *struct {
			From, To, Max [2]int
			Boxes         []verdict.BoxScroll
			Moved         int
			MovedNames    []string
			Invalid       []verdict.Invalid
		}
		if t.evalIn(ctx, f.tg, f.frame, "__tact.actReport()", &r) != nil || r == nil {
			continue
		}
		if f.tg == t.main && f.frame == t.id {
			o.Scroll = &verdict.Scroll{From: r.From, To: r.To, Max: r.Max}
		}
		o.Boxes = append(o.Boxes, r.Boxes...)
		o.Moved += r.Moved
		o.MovedNames = append(o.MovedNames, r.MovedNames...)
		o.Invalid = append(o.Invalid, r.Invalid...)
	}
}

func itoa(n int64) string { return sprintf("%d", n) }

// FieldValue is what a field holds now (after one macrotask, so a mask
// or a framework that rewrites the value in a timer has done so): its
// value, or a contenteditable's text, and whether the field is a secret
// one (a password by type or autocomplete, or marked as secret). ok is
// false for other elements.
func (e *Element) FieldValue(ctx context.Context) (value string, password, ok bool) {
	var r struct {
		V  *string `json:"v"`
		PW bool    `json:"pw"`
	}
	if e.callLib(ctx, "fieldValue", &r) != nil || r.V == nil {
		return "", false, false
	}
	return *r.V, r.PW, true
}
