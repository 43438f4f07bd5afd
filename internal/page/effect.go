package page

import (
	"context"
	"fmt"
	"time"

	"github.com/tact-browser/tact/internal/observe"
	"github.com/tact-browser/tact/internal/verdict"
)

// ActMark is the state of a tab just before an action, to tell afterwards
// what the page did: its log's mark and the frames the library watches.
type ActMark struct {
	log    observe.Mark
	frames []effectFrame
}

type effectFrame struct {
	tg    *Target
	frame string
}

// MarkAction marks the tab's log and starts effect tracking in the main
// frame and in el's frame (an iframe's reaction shows there only).
func (t *Tab) MarkAction(ctx context.Context, el *Element) *ActMark {
	m := &ActMark{log: t.obs.Mark()}
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

// Watch waits for what the page does after an action marked m, as p says
// (the page's own bounds filled in: see policy), and reports it with the
// main frame's URL: the engine decides (observe.Watch), the probe asks
// the in-page library in each frame the mark watches.
func (t *Tab) Watch(ctx context.Context, m *ActMark, p observe.Policy) observe.Result {
	r := observe.Watch(ctx, t.obs, m.log, t.policy(ctx, p), &probe{t: t, frames: m.frames})
	r.URL = t.URL()
	// What held the watch, for daemon.log: why an action took as long as
	// it did.
	t.log.Debug("watch", "page", r.Page, "own", r.Own, "holds", r.Holds, "capped", r.Capped, "took", r.Took)
	return r
}

// probe is what the engine asks the page: the in-page library's view in
// the frames an action's mark watches.
type probe struct {
	t      *Tab
	frames []effectFrame
}

func (p *probe) Usable() error { return p.t.checkUsable() }

// Reaction waits for the first frame to see the page react (in page
// time), or all of them to have waited window. With no frame to watch it
// answers as if the page reacted, so the page is settled.
func (p *probe) Reaction(ctx context.Context, window time.Duration) (page, own bool, err error) {
	if len(p.frames) == 0 {
		return true, false, nil
	}
	type answer struct {
		Page bool `json:"page"`
		Own  bool `json:"own"`
		err  error
	}
	res := make(chan answer, len(p.frames))
	for _, f := range p.frames {
		go func() {
			var a answer
			a.err = p.t.evalIn(ctx, f.tg, f.frame, "__tact.awaitEffect("+itoa(window.Milliseconds())+")", &a)
			res <- a
		}()
	}
	for range p.frames {
		a := <-res
		own = own || a.Own
		if a.err != nil && ctx.Err() == nil {
			return false, own, a.err
		}
		if a.Page {
			return true, own, nil
		}
	}
	return false, own, nil
}

func (p *probe) Quiet(ctx context.Context, quiet, limit time.Duration) error {
	var waited float64
	return p.t.EvalWorld(ctx, fmt.Sprintf("__tact.quiet(%d, %d)", quiet.Milliseconds(), limit.Milliseconds()), &waited)
}

func (p *probe) Bare(ctx context.Context) bool { return p.t.bareNow(ctx) }

// Report fills in where the document scrolled, what scrolled or moved,
// and the fields whose validation stopped a submit, from each frame the
// mark watched. A frame that went away with a navigation reports nothing.
func (p *probe) Report(ctx context.Context, o *verdict.Observation) {
	t := p.t
	for _, f := range p.frames {
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
