package verdict

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// Every case the issue names and every case the settle tests cover, as
// observations: the outcome, the head and the lines the agent reads.
func TestDecide(t *testing.T) {
	pw := Invalid{Field: "Password", Message: "Please fill out this field."}
	for _, c := range []struct {
		name    string
		o       Observation
		outcome Outcome
		head    string
		lines   []string
		changed bool
	}{
		{name: "page reacted", o: Observation{Page: true}, outcome: Reacted, head: "ok", changed: true},
		{name: "own events only (focus moved)", o: Observation{Own: true}, outcome: Reacted, head: "ok", changed: true},
		{name: "hover never says no change", o: Observation{Unseen: true}, outcome: Reacted, head: "ok", changed: true},
		{name: "already checked", o: Observation{Already: true}, outcome: NoReaction, head: "ok (no change on the page)"},
		{name: "nothing at all", o: Observation{}, outcome: NoReaction, head: "ok (no change on the page)"},
		{name: "nothing while loading", o: Observation{Loading: true}, outcome: NoReaction, head: "ok (no change on the page yet: it is still loading)"},
		{name: "loading does not matter after a reaction", o: Observation{Page: true, Loading: true}, outcome: Reacted, head: "ok", changed: true},
		{name: "new document", o: Observation{Page: true, NewDocument: true, URL: "http://x/b"}, outcome: NewDocument, head: "ok",
			lines: []string{"navigated to http://x/b"}, changed: true},
		{name: "submit stopped by validation", o: Observation{Own: true, Invalid: []Invalid{pw}}, outcome: Blocked,
			head: "not sent: Password: Please fill out this field.", changed: true},
		{name: "two fields stopped it", o: Observation{Own: true, Invalid: []Invalid{pw, {Field: "Email", Message: "Please include an '@'."}}}, outcome: Blocked,
			head: "not sent: Password: Please fill out this field.", lines: []string{"also invalid: Email: Please include an '@'."}, changed: true},
		{name: "a submit that went through after an invalid event", o: Observation{Page: true, NewDocument: true, URL: "http://x/", Invalid: []Invalid{pw}},
			outcome: NewDocument, head: "ok", lines: []string{"navigated to http://x/"}, changed: true},
		{name: "hash navigation", o: Observation{Page: true, SameDocument: true, URL: "http://x/#/active"}, outcome: SameDocument, head: "ok",
			lines: []string{"navigated within the page to http://x/#/active"}, changed: true},
		{name: "scroll with no DOM change", o: Observation{Own: true, Scroll: &Scroll{From: [2]int{0, 0}, To: [2]int{4, 200}, Max: [2]int{100, 3000}}},
			outcome: Reacted, head: "ok", lines: []string{"scrolled 0,0 → 4,200"}, changed: true},
		{name: "scroll past the end", o: Observation{Own: true, Scroll: &Scroll{From: [2]int{0, 88}, To: [2]int{1728, 88}, Max: [2]int{1728, 3000}}},
			outcome: Reacted, head: "ok", lines: []string{"scrolled 0,88 → 1728,88 (the right end of the page)"}, changed: true},
		{name: "scroll back to the top", o: Observation{Scroll: &Scroll{From: [2]int{0, 700}, To: [2]int{0, 0}, Max: [2]int{0, 3000}}},
			outcome: Reacted, head: "ok", lines: []string{"scrolled 0,700 → 0,0 (the top end of the page)"}, changed: true},
		{name: "a scroll that did not move is no scroll", o: Observation{Scroll: &Scroll{From: [2]int{0, 3000}, To: [2]int{0, 3000}, Max: [2]int{0, 3000}}},
			outcome: NoReaction, head: "ok (no change on the page)"},
		{name: "transform pan", o: Observation{Page: true, Moved: 3}, outcome: Reacted, head: "ok", lines: []string{"3 elements moved"}, changed: true},
		{name: "one moved", o: Observation{Page: true, Moved: 1}, outcome: Reacted, head: "ok", lines: []string{"1 element moved"}, changed: true},
		{name: "moved, named", o: Observation{Page: true, Moved: 5, MovedNames: []string{`@e12 "Start"`, "div#ball"}}, outcome: Reacted, head: "ok", lines: []string{`5 elements moved: @e12 "Start", div#ball, …`}, changed: true},
		{name: "all moved named", o: Observation{Page: true, Moved: 1, MovedNames: []string{`"Card 3"`}}, outcome: Reacted, head: "ok", lines: []string{`1 element moved: "Card 3"`}, changed: true},
		{name: "a box scrolled by a key", o: Observation{Own: true, Boxes: []BoxScroll{{Name: "list", To: [2]int{0, 300}}}}, outcome: Reacted, head: "ok",
			lines: []string{"scrolled list to 0,300"}, changed: true},
		{name: "a box scrolled to bring the target into view is not news", o: Observation{Own: true, Targeted: true, Boxes: []BoxScroll{{Name: "list", To: [2]int{0, 300}}}},
			outcome: Reacted, head: "ok", changed: true},
		{name: "drag moved nothing", o: Observation{Own: true, NotMoved: "@e1 and @e2 are as before"}, outcome: Reacted,
			head: "no change (the drag moved nothing: @e1 and @e2 are as before)"},
		{name: "a dialog is a reaction", o: Observation{Effects: Effects{Dialogs: []Dialog{{Type: "alert", Message: "Hi", Action: "accepted"}}}}, outcome: Reacted, head: "ok", changed: true},
		{name: "a popup is a reaction", o: Observation{Effects: Effects{Popup: &Popup{Title: "B", URL: "http://x/b"}}}, outcome: Reacted, head: "ok", changed: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := Decide(c.o)
			if v.Outcome != c.outcome || v.Head() != c.head || !slices.Equal(v.Lines(), c.lines) || v.Changed() != c.changed {
				t.Errorf("got %s %q %q changed=%v, want %s %q %q changed=%v", v.Outcome, v.Head(), v.Lines(), v.Changed(), c.outcome, c.head, c.lines, c.changed)
			}
		})
	}
}

func TestEffectLines(t *testing.T) {
	v := Decide(Observation{Page: true, Effects: Effects{
		Dialogs:       []Dialog{{Type: "confirm", Message: "Sure?", Action: "accepted"}},
		Downloads:     []Download{{Path: "/d/a.csv", Bytes: 12, State: "completed"}, {URL: "http://x/b", State: "canceled"}},
		Refused:       []string{"http://evil/"},
		ConsoleErrors: 2,
		Popup:         &Popup{Title: "Help", URL: "http://x/help", Refused: []string{"http://ads/"}},
		Crashed:       true,
	}})
	want := []string{
		`dialog accepted (confirm): "Sure?"`,
		"download saved: /d/a.csv (12 bytes)",
		"download canceled: http://x/b",
		"refused a navigation to http://evil/ (not in --allowed-domains)",
		"console errors: 2",
		`new tab (now current): "Help" http://x/help`,
		"refused a navigation to http://ads/ (not in --allowed-domains)",
		"the tab crashed",
	}
	if got := v.EffectLines(); !slices.Equal(got, want) {
		t.Errorf("effect lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The JSON carries the decision as data: the outcome word and what
// moved, never a sentence to parse.
func TestVerdictJSON(t *testing.T) {
	v := Decide(Observation{Own: true, Invalid: []Invalid{{Field: "Password", Message: "Please fill out this field."}},
		Scroll: &Scroll{From: [2]int{0, 0}, To: [2]int{0, 5}, Max: [2]int{0, 9}}})
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{`"outcome":"blocked"`, `"invalid":[{"field":"Password","message":"Please fill out this field."}]`, `"scroll":{"from":[0,0],"to":[0,5],"max":[0,9]}`} {
		if !strings.Contains(got, want) {
			t.Errorf("JSON %s lacks %s", got, want)
		}
	}
	if b, _ := json.Marshal(Decide(Observation{})); string(b) != `{"outcome":"no_reaction"}` {
		t.Errorf("no reaction: %s", b)
	}
}

// A page that opens dialogs in a loop gets a few lines, not one per dialog.
func TestDialogLinesBounded(t *testing.T) {
	var ds []Dialog
	for range 40 {
		ds = append(ds, Dialog{Type: "alert", Message: "again", Action: "accepted"})
	}
	ds[39].Action = "open"
	got := DialogLines(ds)
	if len(got) != 5 || got[3] != "… 36 more dialogs …" || got[4] != `dialog open (alert): "again"` {
		t.Errorf("40 dialogs: %q", got)
	}
	if got := DialogLines(ds[:4]); len(got) != 4 {
		t.Errorf("4 dialogs: %q", got)
	}
}
