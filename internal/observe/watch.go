package observe

import (
	"context"
	"time"

	"github.com/tact-browser/tact/internal/verdict"
)

// Until waits until done reports true or an error, waking at every event
// of the log (at most four times a poll) and every poll (for what no event
// announces: a condition in the page, a request ageing past its cutoff). It reports false when limit
// (on the log's clock; 0: none) passed first, and ctx's error when ctx
// ended. Every wait of tact is this loop or Watch.
func Until(ctx context.Context, l *Log, limit, poll time.Duration, done func(now time.Time) (bool, error)) (bool, error) {
	var end time.Time
	if limit > 0 {
		end = l.clock.Now().Add(limit)
	}
	for {
		ch := l.Changed()
		now := l.clock.Now()
		ok, err := done(now)
		if ok || err != nil {
			return ok, err
		}
		if !end.IsZero() && !now.Before(end) {
			return false, nil
		}
		var tick <-chan time.Time
		if poll > 0 {
			if !end.IsZero() {
				poll = min(poll, end.Sub(now))
			}
			tick = l.clock.After(poll)
		} else if !end.IsZero() {
			tick = l.clock.After(end.Sub(now))
		}
		select {
		case <-ch:
			// An event wakes the check early, but a page that sends
			// events in a storm (a load of many requests) gets at most
			// four checks per poll: a check may be a lookup in the page.
			if rest := poll/4 - l.clock.Now().Sub(now); rest > 0 {
				select {
				case <-l.clock.After(rest):
				case <-ctx.Done():
					return false, ctx.Err()
				}
			}
		case <-tick:
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
}

// Probe is what the engine asks the page itself: what the in-page library
// sees (DOM mutations, the action's own events, scroll and moves) and
// whether the tab can take calls. The page package implements it over
// CDP; the tests over a recording.
type Probe interface {
	// Usable is nil, or why the tab cannot take calls (it crashed, a
	// dialog is open).
	Usable() error
	// Reaction waits, up to window in page time, for the page's first
	// reaction to the action: page (a DOM mutation, in any frame the
	// mark watches) and own (the action's own input, change, scroll or
	// focus events). An error counts as a reaction (the document went
	// away, a dialog or a busy script holds the page).
	Reaction(ctx context.Context, window time.Duration) (page, own bool, err error)
	// Quiet waits until the DOM has not changed for quiet, at most
	// limit; an error is a document that went away.
	Quiet(ctx context.Context, quiet, limit time.Duration) error
	// Bare reports a page that shows nothing to act on and next to no
	// text (an app shell whose script adds its content a moment after
	// load), after giving it a moment to build.
	Bare(ctx context.Context) bool
	// Report is what scrolled, moved, and which fields' validation
	// stopped a submit, since the mark.
	Report(ctx context.Context, o *verdict.Observation)
}

// Policy is what a watch waits for and how long: one value per command
// kind, so every rule and bound of "what did the page do" is here.
type Policy struct {
	// React: wait up to this long (page time) for a first reaction; 0
	// settles at once (after a navigation, where there is no "did the
	// page react").
	React time.Duration
	// Quiet is how long the DOM must stay unchanged; Cap bounds the
	// settle, which FrameMore extends while same-site frames build.
	Quiet, Cap, FrameMore time.Duration
	// FrameQuiet is how long after a same-site frame started or stopped
	// loading the page may still add the next one.
	FrameQuiet time.Duration
	// LoadGrace: how long after DOMContentLoaded the load event may hold.
	LoadGrace time.Duration
	// LongPoll: a request to the page's own site in flight longer is a
	// long-poll or stream, and holds nothing.
	LongPoll time.Duration
	// AppShell: look once for a page still building from an app shell.
	// An action's watch looks only after it navigated.
	AppShell bool
	// Popups and Downloads hold the watch (up to these) for a window the
	// page opened to attach and a download it started to finish.
	Popups, Downloads time.Duration
	// Poll is how often a hold is looked at again.
	Poll time.Duration
}

// Hold names what kept a watch waiting after the page went quiet.
type Hold string

const (
	HoldLoad     Hold = "load"      // the document's load (its own site's requests)
	HoldRequests Hold = "requests"  // requests that hold the page
	HoldFrames   Hold = "frames"    // same-site frames loading or being added
	HoldAppShell Hold = "app shell" // a bare page given a moment to build
	HoldPopup    Hold = "popup"     // a window the page opened, not attached yet
	HoldDownload Hold = "download"  // a download in progress
)

// Result is what a watch saw: the observation the verdict is decided
// from, what held it, whether it stopped at its cap, and how long it took.
type Result struct {
	verdict.Observation
	Holds  []Hold
	Capped bool
	Took   time.Duration
}

// Verdict is the decision on what the page did.
func (r Result) Verdict() verdict.Verdict { return verdict.Decide(r.Observation) }

func (r *Result) hold(h Hold) {
	for _, x := range r.Holds {
		if x == h {
			return
		}
	}
	r.Holds = append(r.Holds, h)
}

// Watch waits for what the page does after the mark, as p says, and
// reports it. With p.React it first waits for a reaction and returns at
// once when none comes; then it waits for the page to settle (a load it
// started is usable, the DOM quiet, no request or frame holding it, up to
// the cap), then for popups and downloads (p.Popups, p.Downloads).
func Watch(ctx context.Context, l *Log, m Mark, p Policy, pg Probe) Result {
	start := l.clock.Now()
	var r Result
	if p.React > 0 {
		r.Page, r.Own = react(ctx, l, m, p.React, pg)
	}
	if p.React == 0 || r.Page {
		settle(ctx, l, m, p, pg, &r)
	}
	HoldFor(ctx, l, m, p, &r)
	d := l.Doc()
	r.NewDocument, r.SameDocument = d.Navs > m.Doc.Navs, d.SameDocs > m.Doc.SameDocs
	if !r.NewDocument && (r.Page || r.Own) {
		// What the library reads (a scroll, a move, a submit the browser
		// stopped) comes with a reaction or the action's own events:
		// without one there is nothing to read.
		pg.Report(ctx, &r.Observation)
	}
	r.Took = l.clock.Now().Sub(start)
	return r
}

// react waits up to window for the page's first reaction: an event of the
// log (a request, a navigation, a dialog…) or one the probe reports.
func react(ctx context.Context, l *Log, m Mark, window time.Duration, pg Probe) (page, own bool) {
	if l.Reacted(m) {
		return true, false
	}
	// The probe waits in page time; this bound only stops a page that
	// no longer answers.
	ctx, cancel := context.WithTimeout(ctx, window+time.Second)
	defer cancel()
	type answer struct{ page, own bool }
	res := make(chan answer, 1)
	go func() {
		p, o, err := pg.Reaction(ctx, window)
		res <- answer{p || err != nil, o}
	}()
	for {
		ch := l.Changed()
		if l.Reacted(m) {
			return true, false
		}
		select {
		case a := <-res:
			if a.page {
				l.Add(Event{Kind: Mutation})
			}
			return a.page || l.Reacted(m), a.own
		case <-ch:
		case <-ctx.Done():
			return true, false
		}
	}
}

// settle waits for the page to be quiet (see Watch).
func settle(ctx context.Context, l *Log, m Mark, p Policy, pg Probe, r *Result) {
	// The bound of the page's own waits (a load, the DOM's quiet), which
	// the clock's checks below do not interrupt.
	ctx, cancel := context.WithTimeout(ctx, p.Cap+p.FrameMore)
	defer cancel()
	start := l.clock.Now()
	appShell, bare := p.AppShell, false
	for ctx.Err() == nil {
		now := l.clock.Now()
		if pg.Usable() != nil {
			return
		}
		building := l.FramesBuilding(now, p.FrameQuiet, p.LoadGrace)
		if over := now.Sub(start); over >= p.Cap+p.FrameMore || over >= p.Cap && !building {
			r.Capped = true
			return
		}
		if l.Doc().Loading {
			_ = Loaded(ctx, l, p, pg.Usable)
		}
		if err := pg.Quiet(ctx, p.Quiet, p.Cap); err != nil {
			// The document changed under us (navigation): wait for its load.
			if l.Doc().Loading {
				_ = Loaded(ctx, l, p, pg.Usable)
				continue
			}
			return
		}
		// The DOM may have been quiet long before the action; watch at
		// least one quiet window after it, so a navigation or render the
		// action schedules (a form submit, a setTimeout) is seen.
		if rest := p.Quiet - l.clock.Now().Sub(start); rest > 0 {
			sleep(ctx, l.clock, rest)
			continue
		}
		now = l.clock.Now()
		held := false
		if l.InFlight(now, Holding, p.LongPoll, start) > 0 {
			r.hold(HoldRequests)
			held = true
		}
		if d := l.Doc(); d.Loading && !d.DOMReady {
			r.hold(HoldLoad)
			held = true
		}
		if l.FramesBuilding(now, p.FrameQuiet, p.LoadGrace) {
			r.hold(HoldFrames)
			held = true
		}
		if !held {
			// Only after a navigation can the page be an app shell
			// still building: an action that stayed on the page does
			// not pay for the look.
			appShell = appShell || l.Doc().Navs > m.Doc.Navs
			if bare || !appShell || !pg.Bare(ctx) {
				r.Capped = l.clock.Now().Sub(start) >= p.Cap
				return
			}
			r.hold(HoldAppShell)
			bare = true
			continue
		}
		sleep(ctx, l.clock, p.Poll)
	}
}

// Loaded waits until a load in progress is done or its document usable
// (see Log.Usable: DOMContentLoaded and its own site's requests done, or
// p.LoadGrace after it). usable's error (the tab crashed, a dialog) ends
// it; so does ctx.
func Loaded(ctx context.Context, l *Log, p Policy, usable func() error) error {
	base := l.Doc()
	if !base.Loading {
		return nil
	}
	if base.DOMReady {
		base.DOMReadies-- // this document's DOMContentLoaded counts
	}
	return LoadedSince(ctx, l, base, p, usable)
}

// LoadedSince waits until the document loading after base (the log's
// Doc before a navigation) is usable, or loading stopped.
func LoadedSince(ctx context.Context, l *Log, base Doc, p Policy, usable func() error) error {
	_, err := Until(ctx, l, 0, p.Poll, func(now time.Time) (bool, error) {
		if l.Usable(now, base, p.LoadGrace, p.LongPoll) {
			return true, nil
		}
		return false, usable()
	})
	return err
}

// HoldFor waits, as p says, for the windows the page opened since m to
// attach and the downloads it started to finish, noting the holds in r.
func HoldFor(ctx context.Context, l *Log, m Mark, p Policy, r *Result) {
	for _, h := range []struct {
		limit time.Duration
		hold  Hold
		n     func(Mark) int
	}{{p.Popups, HoldPopup, l.PopupsPending}, {p.Downloads, HoldDownload, l.DownloadsActive}} {
		if h.limit <= 0 || h.n(m) == 0 {
			continue
		}
		r.hold(h.hold)
		_, _ = Until(ctx, l, h.limit, p.Poll, func(time.Time) (bool, error) { return h.n(m) == 0, nil })
	}
}

// sleep waits d on clock, or until ctx ends.
func sleep(ctx context.Context, c Clock, d time.Duration) {
	select {
	case <-c.After(d):
	case <-ctx.Done():
	}
}
