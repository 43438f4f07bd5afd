package observe

import (
	"testing"
	"time"
)

// TestInFlight: the request rules, one table: what holds a page, what is
// busy, what could change its text.
func TestInFlight(t *testing.T) {
	since := t0.Add(-time.Second) // the action began a second before now
	for _, c := range []struct {
		name                     string
		ev                       Event
		age                      time.Duration
		holding, busy, text, all int
	}{
		{"the main document", req("n", "app.test", MainDocument), 10 * time.Second, 1, 0, 1, 1},
		{"own site's fetch", req("f", "api.app.test", Scripted), 100 * ms, 1, 1, 1, 1},
		{"own site's long-poll", req("f", "app.test", Scripted), 3 * time.Second, 0, 0, 0, 1},
		{"own site's image", req("i", "app.test", Subresource), 100 * ms, 1, 1, 0, 1},
		{"own site's script", req("s", "app.test", Script), 100 * ms, 1, 1, 1, 1},
		{"another site's image", req("i", "cdn.other", Subresource), 100 * ms, 0, 1, 0, 1},
		{"another site's script", req("s", "ads.other", Script), 100 * ms, 0, 1, 0, 1},
		{"another site's fetch since the action", req("f", "api.other", Scripted), 100 * ms, 1, 1, 0, 1},
		{"another site's fetch before the action", req("f", "api.other", Scripted), 1500 * ms, 0, 1, 0, 1},
		{"a frame's document", req("d", "ads.other", FrameDocument), 5 * time.Second, 0, 0, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := NewLog(NewFake(t0), sameSiteForTest)
			l.SetHost("app.test")
			c.ev.At = t0.Add(-c.age)
			l.Add(c.ev)
			got := [4]int{l.InFlight(t0, Holding, 2*time.Second, since), l.InFlight(t0, Busy, 2*time.Second, time.Time{}),
				l.InFlight(t0, Text, 2*time.Second, time.Time{}), l.InFlight(t0, All, 0, time.Time{})}
			if want := [4]int{c.holding, c.busy, c.text, c.all}; got != want {
				t.Errorf("holding, busy, text, all = %v, want %v", got, want)
			}
		})
	}
}

// TestLogNavigation: a new document forgets the requests and frames of
// the one left behind (they never report their end) and what site the
// rules compare with follows the page.
func TestLogNavigation(t *testing.T) {
	l := NewLog(NewFake(t0), sameSiteForTest)
	l.SetHost("app.test")
	l.Add(req("old", "app.test", Scripted))
	l.Add(Event{Kind: FrameLoading, ID: "f"})
	l.Add(Event{Kind: RequestStart, ID: "nav", Host: "shop.test", Req: MainDocument, Loader: "L2"})
	l.Add(Event{Kind: NavCross, Host: "shop.test", Loader: "L2"})
	if n := l.InFlight(t0, All, 0, time.Time{}); n != 1 {
		t.Errorf("%d requests in flight after the navigation, want its own", n)
	}
	if l.FramesLoading() != 0 {
		t.Errorf("the old document's frame still loading")
	}
	l.Add(req("api", "shop.test", Scripted))
	if n := l.InFlight(t0, Holding, 2*time.Second, time.Time{}); n != 2 {
		t.Errorf("holding %d, want 2 (the navigation and the new site's fetch)", n)
	}
	m := l.Mark()
	l.Add(Event{Kind: Input})
	if l.Reacted(m) || len(l.Since(m)) != 1 {
		t.Errorf("input delivered: reacted %v, since %v", l.Reacted(m), l.Since(m))
	}
	for i := 0; i < maxRecent+10; i++ {
		l.Add(Event{Kind: RequestEnd, ID: "x"})
	}
	if n := len(l.Since(m)); n > maxRecent {
		t.Errorf("the log keeps %d events", n)
	}
}

// TestUsable: when a loading document can be used.
func TestUsable(t *testing.T) {
	for _, c := range []stateCase{
		{"still parsing", []Event{{Kind: Loading}}, 0, false},
		{"loaded", []Event{{Kind: Loading}, {Kind: DOMReady}, {Kind: Load}}, 0, true},
		{"became a download", []Event{{Kind: Loading}, {Kind: DownloadStart, ID: "g"}}, 0, true},
		{"DOMContentLoaded, own requests done", []Event{{Kind: Loading}, {Kind: DOMReady}, req("i", "cdn.other", Subresource)}, 0, true},
		{"DOMContentLoaded, own request pending", []Event{{Kind: Loading}, {Kind: DOMReady}, req("x", "app.test", Scripted)}, time.Second, false},
		{"DOMContentLoaded, the grace passed", []Event{{Kind: Loading}, {Kind: DOMReady}, req("x", "app.test", Subresource)}, 5 * time.Second, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := logOf(c.events)
			if got := l.Usable(t0.Add(c.at), Doc{}, 4*time.Second, 10*time.Second); got != c.want {
				t.Errorf("usable %v, want %v", got, c.want)
			}
		})
	}
}

// TestFramesBuilding: a same-site frame loading (for less than the grace),
// or one that just loaded (its page may add the next), holds; others not.
func TestFramesBuilding(t *testing.T) {
	for _, c := range []stateCase{
		{"same-site frame loading", []Event{{Kind: FrameLoading, ID: "f"}}, time.Second, true},
		{"same-site frame loading past the grace", []Event{{Kind: FrameLoading, ID: "f"}}, 5 * time.Second, false},
		{"just loaded", []Event{{Kind: FrameLoading, ID: "f"}, {Kind: FrameStopped, ID: "f"}}, 300 * ms, true},
		{"loaded a while ago", []Event{{Kind: FrameLoading, ID: "f"}, {Kind: FrameStopped, ID: "f"}}, time.Second, false},
		{"another site's frame", []Event{{Kind: FrameMoved, ID: "ad", Host: "ads.other"}, {Kind: FrameLoading, ID: "ad"}}, 0, false},
		{"detached", []Event{{Kind: FrameLoading, ID: "f"}, {Kind: FrameGone, ID: "f"}}, time.Second, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := logOf(c.events).FramesBuilding(t0.Add(c.at), 600*ms, 4*time.Second); got != c.want {
				t.Errorf("building %v, want %v", got, c.want)
			}
		})
	}
}

// stateCase is a log's events and what a query answers some time after.
type stateCase struct {
	name   string
	events []Event
	at     time.Duration
	want   bool
}

// logOf is a log of app.test with events, all at t0.
func logOf(events []Event) *Log {
	l := NewLog(NewFake(t0), sameSiteForTest)
	l.SetHost("app.test")
	for _, ev := range events {
		ev.At = t0
		l.Add(ev)
	}
	return l
}
