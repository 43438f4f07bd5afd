package observe

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/verdict"
)

const ms = time.Millisecond

// TestWatchReaction: whether the page reacted to an action, from the log
// and the library, and how long the watch took (fake time).
func TestWatchReaction(t *testing.T) {
	for _, c := range []struct {
		name    string
		events  []at
		page    fakePage
		want    verdict.Outcome
		took    [2]time.Duration
		moved   int
		invalid bool
	}{
		{name: "DOM changes at once (Save now)", page: fakePage{mutations: []time.Duration{5 * ms}},
			want: verdict.Reacted, took: [2]time.Duration{50 * ms, 100 * ms}},
		{name: "nothing happens: the window, no settle", want: verdict.NoReaction, took: [2]time.Duration{700 * ms, 700 * ms}},
		{name: "toast 400 ms later", page: fakePage{mutations: []time.Duration{400 * ms}},
			want: verdict.Reacted, took: [2]time.Duration{400 * ms, 500 * ms}},
		{name: "a change after the window is not this action's", page: fakePage{mutations: []time.Duration{900 * ms}},
			want: verdict.NoReaction, took: [2]time.Duration{700 * ms, 700 * ms}},
		{name: "a mutation before the mark does not count", page: fakePage{mutations: []time.Duration{-100 * ms}},
			want: verdict.NoReaction},
		{name: "a request and no DOM change", events: []at{{100 * ms, req("1", "app.test", Scripted)}, {150 * ms, end("1")}},
			want: verdict.Reacted, took: [2]time.Duration{150 * ms, 250 * ms}},
		{name: "only the action's own events (focus)", page: fakePage{own: true}, want: verdict.Reacted},
		{name: "a dialog", events: []at{{10 * ms, Event{Kind: Dialog}}}, want: verdict.Reacted},
		{name: "the renderer crashed", events: []at{{10 * ms, Event{Kind: Crash}}}, want: verdict.Reacted},
		{name: "the probe failed: the document went away", page: fakePage{reactErr: true}, want: verdict.Reacted},
		{name: "input delivered is no reaction", events: []at{{1 * ms, Event{Kind: Input}}}, want: verdict.NoReaction},
		{name: "a new document", events: []at{{20 * ms, Event{Kind: Loading}}, {30 * ms, Event{Kind: NavCross, Host: "app.test", Loader: "L2"}},
			{60 * ms, Event{Kind: DOMReady}}, {80 * ms, Event{Kind: Load}}},
			want: verdict.NewDocument},
		{name: "a hash or pushState navigation", events: []at{{5 * ms, Event{Kind: NavSame, Host: "app.test"}}},
			page: fakePage{mutations: []time.Duration{6 * ms}}, want: verdict.SameDocument},
		{name: "a submit the browser's validation stopped", page: fakePage{own: true,
			report: verdict.Observation{Invalid: []verdict.Invalid{{Field: "Password", Message: "Please fill out this field."}}}},
			want: verdict.Blocked, invalid: true},
		{name: "a pan: no DOM change, elements moved", page: fakePage{own: true, report: verdict.Observation{Moved: 3}},
			want: verdict.Reacted, moved: 3},
		{name: "a search debounced by 350 ms: its request, then the results", page: fakePage{mutations: []time.Duration{350 * ms, 500 * ms}},
			events: []at{{360 * ms, req("q", "app.test", Scripted)}, {500 * ms, end("q")}},
			want:   verdict.Reacted, took: [2]time.Duration{550 * ms, 600 * ms}},
		{name: "a scroll", page: fakePage{own: true, report: verdict.Observation{Scroll: &verdict.Scroll{To: [2]int{4, 200}, Max: [2]int{4, 900}}}},
			want: verdict.Reacted},
	} {
		t.Run(c.name, func(t *testing.T) {
			pg := c.page
			r := record(c.events, &pg)
			res := r.watch(actPolicy)
			v := res.Verdict()
			if v.Outcome != c.want {
				t.Fatalf("outcome %s, want %s (result %+v)", v.Outcome, c.want, res)
			}
			if c.took != [2]time.Duration{} && !within(res.Took, c.took[0], c.took[1]) {
				t.Errorf("took %v, want %v–%v", res.Took, c.took[0], c.took[1])
			}
			if v.Moved != c.moved || (len(v.Invalid) > 0) != c.invalid {
				t.Errorf("moved %d invalid %v, want %d %v", v.Moved, v.Invalid, c.moved, c.invalid)
			}
			if v.Outcome == verdict.NoReaction && pg.reports > 0 {
				t.Errorf("the library was asked for a report with no reaction")
			}
		})
	}
}

// TestWatchSettle: after a reaction (or a navigation), what holds the
// page and when the watch ends.
func TestWatchSettle(t *testing.T) {
	every := func(step, until time.Duration) []time.Duration {
		var out []time.Duration
		for d := step; d <= until; d += step {
			out = append(out, d)
		}
		return out
	}
	for _, c := range []struct {
		name   string
		events []at
		muts   []time.Duration
		took   [2]time.Duration
		holds  []Hold
		capped bool
	}{
		{name: "renders for a second, then quiet", muts: every(30*ms, time.Second), took: [2]time.Duration{time.Second, 1100 * ms}},
		{name: "animates forever: stops at the cap", muts: every(16*ms, time.Minute), took: [2]time.Duration{3 * time.Second, 3100 * ms}, capped: true},
		{name: "its own site's request holds", muts: []time.Duration{1 * ms},
			events: []at{{2 * ms, req("1", "api.app.test", Scripted)}, {500 * ms, end("1")}},
			took:   [2]time.Duration{500 * ms, 550 * ms}, holds: []Hold{HoldRequests}},
		{name: "another site's image does not hold", muts: []time.Duration{1 * ms},
			events: []at{{2 * ms, req("1", "cdn.other", Subresource)}}, took: [2]time.Duration{50 * ms, 100 * ms}},
		{name: "a fetch to another site the action started holds", muts: []time.Duration{1 * ms},
			events: []at{{2 * ms, req("1", "api.other", Scripted)}, {800 * ms, end("1")}},
			took:   [2]time.Duration{800 * ms, 850 * ms}, holds: []Hold{HoldRequests}},
		{name: "a fetch to another site from before the action does not", muts: []time.Duration{1 * ms},
			events: []at{{-50 * ms, req("1", "api.other", Scripted)}}, took: [2]time.Duration{50 * ms, 100 * ms}},
		{name: "a long-poll of its own site holds until the cutoff", muts: []time.Duration{1 * ms},
			events: []at{{-1500 * ms, req("1", "app.test", Scripted)}}, took: [2]time.Duration{500 * ms, 550 * ms}, holds: []Hold{HoldRequests}},
		{name: "a same-site frame loading holds", muts: []time.Duration{1 * ms},
			events: []at{{2 * ms, Event{Kind: FrameLoading, ID: "f"}}, {1 * time.Second, Event{Kind: FrameStopped, ID: "f"}}},
			took:   [2]time.Duration{1600 * ms, 1700 * ms}, holds: []Hold{HoldFrames}},
		{name: "another site's frame does not", muts: []time.Duration{1 * ms},
			events: []at{{-10 * ms, Event{Kind: FrameMoved, ID: "ad", Host: "ads.other"}}, {2 * ms, Event{Kind: FrameLoading, ID: "ad"}}},
			took:   [2]time.Duration{50 * ms, 100 * ms}},
		{name: "frames built one inside another may pass the cap", muts: []time.Duration{1 * ms},
			events: func() []at {
				var out []at
				for i := time.Duration(0); i < 6; i++ {
					out = append(out, at{i*time.Second/2 + 2*ms, Event{Kind: FrameLoading, ID: "f" + i.String()}},
						at{i*time.Second/2 + 400*ms, Event{Kind: FrameStopped, ID: "f" + i.String()}})
				}
				return out
			}(),
			took: [2]time.Duration{3500 * ms, 3600 * ms}, holds: []Hold{HoldFrames}, capped: true},
		{name: "a frame that never finishes holds no longer than a load", muts: []time.Duration{1 * ms},
			events: []at{{2 * ms, Event{Kind: FrameLoading, ID: "f"}}}, took: [2]time.Duration{3 * time.Second, 4100 * ms}, holds: []Hold{HoldFrames}, capped: true},
		{name: "a form submit loads the next page", muts: []time.Duration{1 * ms},
			events: []at{{20 * ms, Event{Kind: Loading}}, {20 * ms, req("n", "app.test", MainDocument)},
				{200 * ms, Event{Kind: NavCross, Host: "app.test"}}, {400 * ms, Event{Kind: DOMReady}}, {450 * ms, end("n")}, {600 * ms, Event{Kind: Load}}},
			took: [2]time.Duration{400 * ms, 700 * ms}, holds: []Hold{HoldRequests, HoldLoad}},
		{name: "another site's image holds the load, not the page", muts: []time.Duration{1 * ms},
			events: []at{{20 * ms, Event{Kind: Loading}}, {30 * ms, Event{Kind: NavCross, Host: "app.test"}}, {100 * ms, req("img", "cdn.other", Subresource)},
				{150 * ms, Event{Kind: DOMReady}}},
			took: [2]time.Duration{150 * ms, 250 * ms}, holds: []Hold{HoldLoad}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := record(c.events, &fakePage{mutations: c.muts})
			res := r.watch(actPolicy)
			if !within(res.Took, c.took[0], c.took[1]) {
				t.Errorf("took %v, want %v–%v (holds %v)", res.Took, c.took[0], c.took[1], res.Holds)
			}
			for _, h := range c.holds {
				if !slices.Contains(res.Holds, h) {
					t.Errorf("holds %v, want %s among them", res.Holds, h)
				}
			}
			if len(c.holds) == 0 && len(res.Holds) > 0 {
				t.Errorf("held by %v, want nothing", res.Holds)
			}
			if res.Capped != c.capped {
				t.Errorf("capped %v, want %v", res.Capped, c.capped)
			}
		})
	}
}

// TestWatchAppShell: the look for a page still building from an app shell
// is paid only after a navigation (issue 38 item 6).
func TestWatchAppShell(t *testing.T) {
	for _, c := range []struct {
		name  string
		p     Policy
		nav   bool
		bare  bool
		looks int
		hold  bool
	}{
		{name: "an action that stayed on the page does not look", p: actPolicy, bare: true},
		{name: "an action that navigated looks once", p: actPolicy, nav: true, bare: true, looks: 1, hold: true},
		{name: "a navigated page with content looks and goes on", p: actPolicy, nav: true, looks: 1},
		{name: "open looks", p: settlePolicy, bare: true, looks: 1, hold: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var evs []at
			if c.nav {
				evs = []at{{10 * ms, Event{Kind: NavCross, Host: "app.test"}}, {11 * ms, Event{Kind: DOMReady}}, {12 * ms, Event{Kind: Load}}}
			}
			pg := &fakePage{mutations: []time.Duration{1 * ms}, bare: c.bare}
			res := record(evs, pg).watch(c.p)
			if pg.bareLooks != c.looks {
				t.Errorf("looked %d times, want %d", pg.bareLooks, c.looks)
			}
			if slices.Contains(res.Holds, HoldAppShell) != c.hold {
				t.Errorf("holds %v", res.Holds)
			}
		})
	}
}

// TestWatchHolds: popups and downloads hold the watch up to their bounds.
func TestWatchHolds(t *testing.T) {
	for _, c := range []struct {
		name   string
		events []at
		took   [2]time.Duration
		holds  []Hold
	}{
		{name: "a popup attaches after a second", events: []at{{5 * ms, Event{Kind: PopupOpened}}, {time.Second, Event{Kind: PopupAttached}}},
			took: [2]time.Duration{time.Second, 1100 * ms}, holds: []Hold{HoldPopup}},
		{name: "a popup that never attaches", events: []at{{5 * ms, Event{Kind: PopupOpened}}},
			took: [2]time.Duration{3 * time.Second, 3100 * ms}, holds: []Hold{HoldPopup}},
		{name: "a download finishes", events: []at{{5 * ms, Event{Kind: DownloadStart, ID: "g"}}, {2 * time.Second, Event{Kind: DownloadEnd, ID: "g"}}},
			took: [2]time.Duration{2 * time.Second, 2100 * ms}, holds: []Hold{HoldDownload}},
		{name: "a download that never ends", events: []at{{5 * ms, Event{Kind: DownloadStart, ID: "g"}}},
			took: [2]time.Duration{30 * time.Second, 30100 * ms}, holds: []Hold{HoldDownload}},
		{name: "neither", events: []at{{5 * ms, Event{Kind: Dialog}}}, took: [2]time.Duration{50 * ms, 100 * ms}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := record(c.events, nil).watch(actPolicy)
			if !within(res.Took, c.took[0], c.took[1]) {
				t.Errorf("took %v, want %v–%v", res.Took, c.took[0], c.took[1])
			}
			if !slices.Equal(res.Holds, c.holds) {
				t.Errorf("holds %v, want %v", res.Holds, c.holds)
			}
		})
	}
}

// TestWatchUnusable: a tab that cannot take calls (a dialog open) ends the
// settle at once instead of waiting for the page.
func TestWatchUnusable(t *testing.T) {
	pg := &fakePage{mutations: []time.Duration{1 * ms, 2 * time.Second}, unusable: errors.New("a dialog is open")}
	res := record([]at{{2 * ms, req("1", "app.test", Scripted)}}, pg).watch(actPolicy)
	if res.Took > 100*ms || !res.Page {
		t.Errorf("took %v page %v, want a reaction and an end at once", res.Took, res.Page)
	}
}

// TestUntil: the one wait loop: at once, at an event, at its limit, at
// the context's end.
func TestUntil(t *testing.T) {
	r := record([]at{{300 * ms, Event{Kind: NavCross, Host: "app.test"}}}, nil)
	ok, err := Until(context.Background(), r.log, time.Second, 25*ms, func(time.Time) (bool, error) { return r.log.Doc().Navs > 0, nil })
	if !ok || err != nil || !within(r.offset(), 300*ms, 325*ms) {
		t.Errorf("navigation: ok %v err %v at %v", ok, err, r.offset())
	}
	ok, err = Until(context.Background(), r.log, time.Second, 25*ms, func(time.Time) (bool, error) { return false, nil })
	if ok || err != nil || !within(r.offset(), 1300*ms, 1325*ms) {
		t.Errorf("limit: ok %v err %v at %v", ok, err, r.offset())
	}
	boom := errors.New("tab crashed")
	if _, err = Until(context.Background(), r.log, 0, 25*ms, func(time.Time) (bool, error) { return false, boom }); err != boom {
		t.Errorf("condition's error: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err = Until(ctx, r.log, 0, 0, func(time.Time) (bool, error) { return false, nil }); err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}

// TestWatchAfterNavigation: open's watch (no reaction to wait for) settles
// the new page: nested frames its script adds one after another hold it
// (past the cap while they build), and it never asks the library for a
// reaction or a report.
func TestWatchAfterNavigation(t *testing.T) {
	var evs []at
	for i := time.Duration(0); i < 4; i++ {
		id := "f" + i.String()
		evs = append(evs, at{i*400*ms + 10*ms, Event{Kind: FrameLoading, ID: id}}, at{i*400*ms + 300*ms, Event{Kind: FrameStopped, ID: id}})
	}
	pg := &fakePage{mutations: []time.Duration{-10 * ms, 5 * ms}}
	res := record(evs, pg).watch(settlePolicy)
	if !within(res.Took, 2100*ms, 2200*ms) || !slices.Contains(res.Holds, HoldFrames) {
		t.Errorf("took %v holds %v, want the last frame's stop + 600 ms", res.Took, res.Holds)
	}
	if pg.reports != 0 || res.Page {
		t.Errorf("a settle asked for a reaction (%v) or a report (%d)", res.Page, pg.reports)
	}
}

// TestLoadEventOnly: wait --load counts the load event (or a stop without
// one), never DOMContentLoaded.
func TestLoadEventOnly(t *testing.T) {
	r := record([]at{{-time.Second, Event{Kind: Loading}}, {10 * ms, Event{Kind: DOMReady}}, {5 * time.Second, Event{Kind: Load}}}, nil)
	base := r.log.Doc()
	base.DOMReadies = 1 << 30
	if err := LoadedSince(context.Background(), r.log, base, actPolicy, func() error { return nil }); err != nil || !within(r.offset(), 5*time.Second, 5020*ms) {
		t.Errorf("err %v at %v, want the load event at 5s", err, r.offset())
	}
}
