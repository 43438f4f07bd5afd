package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/page"
)

// A navigation (open, back, forward, reload, tab new and switch) prints
// where the tab is, that it still loads, what the page did on its own,
// then the whole page, or with --diff what changed; its data says the
// same, with no verdict.
func TestNavOutput(t *testing.T) {
	cases := []struct {
		name     string
		o        ActOpts
		loading  bool
		pending  int
		effects  page.Effects
		lines    []string
		whole    bool
		noChange bool // the diff says no change
	}{
		{name: "loaded", lines: []string{"at " + shopURL}, whole: true},
		{name: "still loading two requests", loading: true, pending: 2, lines: []string{"at " + shopURL, "(still loading 2 requests)"}, whole: true},
		{name: "still loading, no request", loading: true, lines: []string{"at " + shopURL, "(page still loading)"}, whole: true},
		{name: "dialogs, tabs and popups of its own", effects: page.Effects{
			Dialogs:      []page.Dialog{{Type: "alert", Message: "Welcome back", Action: "accepted"}},
			Opened:       []string{"CCCCCCCC", "DDDDDDDD"},
			ClosedPopups: 1,
		}, lines: []string{"at " + shopURL, `dialog accepted (alert): "Welcome back"`, "the page opened 2 tabs on its own (tact tab list)", fmt.Sprintf("closed 1 popup the page opened (tact keeps %d per action or page load)", page.MaxPopups)}, whole: true},
		{name: "--diff of the same page", o: ActOpts{Diff: true}, lines: []string{"at " + shopURL}, noChange: true},
		{name: "--no-snap", o: ActOpts{NoSnap: true}, lines: []string{"at " + shopURL}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := shopTab(t)
			f.loading, f.pending, f.effects = []bool{c.loading}, c.pending, c.effects
			out, err := navOutput(context.Background(), f, c.o)
			if err != nil {
				t.Fatal(err)
			}
			d := checkData(t, out)
			if d.Verdict != nil || d.Changed != nil {
				t.Errorf("a navigation has a verdict: %+v, changed %v", d.Verdict, d.Changed)
			}
			if !slices.Equal(d.Effects, c.lines) {
				t.Errorf("lines %q, want %q", d.Effects, c.lines)
			}
			_, _, snap := split(out.Text)
			if whole := strings.Contains(snap, "Check out"); whole != c.whole {
				t.Errorf("whole page %v, want %v:\n%s", whole, c.whole, out.Text)
			}
			if got := strings.Contains(snap, "(no change on the page)"); got != c.noChange {
				t.Errorf("no change %v, want %v:\n%s", got, c.noChange, out.Text)
			}
			if f.called("Drain") != 1 {
				t.Errorf("the effects were not drained once: %q", f.calls)
			}
		})
	}
}
