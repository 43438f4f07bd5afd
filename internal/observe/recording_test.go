package observe

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/verdict"
)

// A recording is a page's events at offsets from the action (the mark is
// at 0), replayed into a log as a fake clock passes them, and the in-page
// library's view of it (DOM mutations, the action's own events, what
// scrolled or moved) answered by a fake probe.

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

type at struct {
	d  time.Duration
	ev Event
}

type recording struct {
	clock *Fake
	log   *Log
	due   []at
	page  *fakePage
}

// sameSiteForTest: one site is a host and its subdomains.
func sameSiteForTest(a, b string) bool {
	return a == b || strings.HasSuffix(a, "."+b) || strings.HasSuffix(b, "."+a)
}

// record starts a log on app.test with the events before 0 already in it.
func record(events []at, pg *fakePage) *recording {
	c := NewFake(t0)
	r := &recording{clock: c, log: NewLog(c, sameSiteForTest), page: pg}
	r.log.SetHost("app.test")
	slices.SortStableFunc(events, func(a, b at) int { return int(a.d - b.d) })
	for _, e := range events {
		if e.d < 0 {
			e.ev.At = t0.Add(e.d)
			r.log.Add(e.ev)
			continue
		}
		r.due = append(r.due, e)
	}
	c.Then(r.replay)
	if pg == nil {
		r.page = &fakePage{}
	}
	r.page.r = r
	return r
}

func (r *recording) replay(now time.Time) {
	for len(r.due) > 0 && !t0.Add(r.due[0].d).After(now) {
		e := r.due[0]
		r.due = r.due[1:]
		e.ev.At = t0.Add(e.d)
		r.log.Add(e.ev)
	}
}

func (r *recording) offset() time.Duration { return r.clock.Now().Sub(t0) }

// fakePage answers the probe from the recording: DOM mutations at their
// offsets (negative: before the action), the action's own events, a bare
// page, an unusable tab, what the library would report.
type fakePage struct {
	r         *recording
	mutations []time.Duration
	own       bool
	reactErr  bool
	bare      bool
	unusable  error
	report    verdict.Observation
	bareLooks int
	reports   int
}

func (p *fakePage) Usable() error { return p.unusable }

func (p *fakePage) Reaction(_ context.Context, window time.Duration) (bool, bool, error) {
	if p.reactErr {
		return false, false, errors.New("document went away")
	}
	// In steps, as the page's own wait ends when the engine has seen a
	// reaction in the log (its context is cancelled).
	base := p.r.log.Doc().Reactions
	start := p.r.offset()
	for now := start; now < start+window; now = p.r.offset() {
		for _, m := range p.mutations {
			if m > now && m <= now+time.Millisecond {
				p.r.clock.Advance(m - now)
				return true, p.own, nil
			}
		}
		if p.r.log.Doc().Reactions > base {
			return false, p.own, nil
		}
		p.r.clock.Advance(time.Millisecond)
	}
	return false, p.own, nil
}

func (p *fakePage) Quiet(_ context.Context, quiet, limit time.Duration) error {
	end := p.r.offset() + limit
	for {
		now := p.r.offset()
		last := time.Duration(-1 << 62)
		for _, m := range p.mutations {
			if m <= now {
				last = max(last, m)
			}
		}
		if now-last >= quiet || now >= end {
			return nil
		}
		p.r.clock.Advance(min(last+quiet, end) - now)
	}
}

func (p *fakePage) Bare(context.Context) bool {
	p.bareLooks++
	return p.bare
}

func (p *fakePage) Report(_ context.Context, o *verdict.Observation) {
	p.reports++
	o.Scroll, o.Boxes, o.Moved, o.Invalid = p.report.Scroll, p.report.Boxes, p.report.Moved, p.report.Invalid
}

// actPolicy is an action's policy as the commands set it.
var actPolicy = Policy{React: 700 * time.Millisecond, Quiet: 50 * time.Millisecond, Cap: 3 * time.Second,
	FrameMore: 5 * time.Second, FrameQuiet: 600 * time.Millisecond, LoadGrace: 4 * time.Second,
	LongPoll: 2 * time.Second, Popups: 3 * time.Second, Downloads: 30 * time.Second, Poll: 20 * time.Millisecond}

// settlePolicy is a navigation's: no reaction to wait for, a longer quiet.
var settlePolicy = func() Policy {
	p := actPolicy
	p.React, p.Quiet, p.AppShell = 0, 300*time.Millisecond, true
	return p
}()

func (r *recording) watch(p Policy) Result {
	return Watch(context.Background(), r.log, Mark{Seq: r.log.Mark().Seq, At: t0, Doc: r.log.Doc()}, p, r.page)
}

func req(id, host string, kind ReqKind) Event {
	return Event{Kind: RequestStart, ID: id, Host: host, Req: kind}
}

func end(id string) Event { return Event{Kind: RequestEnd, ID: id} }

// within reports d in [lo, hi].
func within(d, lo, hi time.Duration) bool { return d >= lo && d <= hi }
