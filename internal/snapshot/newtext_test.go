package snapshot

import (
	"strings"
	"testing"
)

func TestWithNew(t *testing.T) {
	preamble := strings.Repeat("You worked through every step of the puzzle with care. ", 4)
	prev := Build("http://x/", "X", []Item{
		{K: KindHeading, Level: 1, Text: "Puzzle"},
		{K: KindText, Text: preamble},
		el(1, "button", "Solve"),
	})
	secret := "Congratulations! " + preamble + "The secret password is swordfish."
	cur := Build("http://x/", "X", []Item{
		{K: KindHeading, Level: 1, Text: "Puzzle"},
		{K: KindText, Text: preamble},
		el(1, "button", "Solve"),
		{K: KindText, Text: secret},
	})
	got := cur.WithNew(prev)
	s := got.Sections[0]
	if len(s.New) != 1 || s.New[0] != secret {
		t.Fatalf("new = %q, want the whole paragraph", s.New)
	}
	if s.Summary != Cut(preamble, SummaryMax) {
		t.Errorf("summary = %q, want only the text that was there", s.Summary)
	}
	if cur.Sections[0].New != nil || !strings.Contains(cur.Sections[0].Summary, "You worked") {
		t.Errorf("WithNew changed its receiver: %+v", cur.Sections[0])
	}
	if again := cur.WithNew(cur); again != cur {
		t.Errorf("nothing new: want the page itself")
	}
	if other := cur.WithNew(Build("http://y/", "Y", nil)); other != cur {
		t.Errorf("another page: want the page itself")
	}

	long := strings.Repeat("abcdefghi ", 100)
	big := Build("http://x/", "X", []Item{{K: KindHeading, Level: 1, Text: "Puzzle"}, {K: KindText, Text: long}})
	n := big.WithNew(prev).Sections[0].New
	if len(n) != 1 || !strings.HasSuffix(n[0], "more characters: tact read)") || len([]rune(n[0])) > NewTextMax+40 {
		t.Errorf("long new text: %q", n)
	}
}
