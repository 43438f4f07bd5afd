package snapshot

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func el(ref int, role, name string, attrs ...[2]string) Item {
	return Item{K: KindElement, Ref: ref, Role: role, Name: name, Tag: "a", Action: "click", Attrs: attrs}
}

func TestBuild(t *testing.T) {
	long := strings.Repeat("word ", 100)
	tests := []struct {
		name  string
		items []Item
		want  []Section
	}{
		{
			name:  "empty page",
			items: nil,
			want:  []Section{},
		},
		{
			name: "text before first heading is a level-0 section",
			items: []Item{
				{K: KindText, Text: "  Intro   text "},
				el(1, "link", "Home"),
				{K: KindHeading, Level: 1, Text: "Title"},
				{K: KindText, Text: "Body."},
				{K: KindText, Text: "More"},
			},
			want: []Section{
				{Level: 0, Summary: "Intro text", Elements: []Element{{Ref: "e1", Role: "link", Name: "Home", Tag: "a", Action: "click"}}},
				{Heading: "Title", Level: 1, Summary: "Body. More", Elements: []Element{}},
			},
		},
		{
			name: "no level-0 section when nothing precedes the first heading",
			items: []Item{
				{K: KindHeading, Level: 2, Text: "A"},
				{K: KindHeading, Level: 7, Text: "B"},
				{K: KindHeading, Level: 0, Text: "C"},
			},
			want: []Section{
				{Heading: "A", Level: 2, Elements: []Element{}},
				{Heading: "B", Level: 6, Elements: []Element{}},
				{Heading: "C", Level: 2, Elements: []Element{}},
			},
		},
		{
			name: "texts equal to an element name or desc are dropped",
			items: []Item{
				{K: KindHeading, Level: 2, Text: "Login"},
				{K: KindText, Text: "Email"},
				{K: KindText, Text: "We never share it"},
				{K: KindText, Text: "Sign in"},
				{K: KindText, Text: "8 characters"},
				el(1, "input:email", "Email", [2]string{"desc", "8 characters"}),
				el(2, "button", "Sign in"),
			},
			want: []Section{{Heading: "Login", Level: 2, Summary: "We never share it", Elements: []Element{
				{Ref: "e1", Role: "input:email", Name: "Email", Tag: "a", Action: "click", Attrs: Attrs{{"desc", "8 characters"}}},
				{Ref: "e2", Role: "button", Name: "Sign in", Tag: "a", Action: "click"},
			}}},
		},
		{
			name: "summary joins runs and is cut at a word boundary",
			items: []Item{
				{K: KindText, Text: "A"},
				{K: KindText, Text: "B"},
				{K: KindText, Text: long},
			},
			want: []Section{{Summary: Cut("A | B | "+strings.TrimSpace(long), SummaryMax), Elements: []Element{}}},
		},
		{
			name: "frame items keep their frame and frame-scoped groups",
			items: []Item{
				{K: KindElement, Ref: 5, Role: "button", Name: "Pay", Tag: "button", Action: "click", Group: "g1:2", Frame: "F1",
					Attrs: [][2]string{{"id", "pay"}, {"disabled", ""}}},
			},
			want: []Section{{Elements: []Element{{Ref: "e5", Role: "button", Name: "Pay", Tag: "button", Action: "click", Frame: "F1",
				Group: "F1/g1:2", Attrs: Attrs{{"id", "pay"}, {"disabled", ""}}}}}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := Build("http://x/", "X", tc.items)
			if p.URL != "http://x/" || p.Title != "X" {
				t.Errorf("url/title = %q %q", p.URL, p.Title)
			}
			if !reflect.DeepEqual(p.Sections, tc.want) {
				t.Errorf("sections:\n got %+v\nwant %+v", p.Sections, tc.want)
			}
		})
	}
}

func TestSummaryLength(t *testing.T) {
	p := Build("", "", []Item{{K: KindText, Text: strings.Repeat("abcdefghi ", 60)}})
	s := p.Sections[0].Summary
	if n := len([]rune(s)); n > SummaryMax || !strings.HasSuffix(s, "…") {
		t.Errorf("summary %d runes: %q", n, s)
	}
	if strings.HasSuffix(strings.TrimSuffix(s, "…"), " ") || strings.Contains(s, "abcde…") {
		t.Errorf("summary not cut at a word boundary: %q", s)
	}
}

func TestCut(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"short", 10, "short"},
		{"hello world again", 12, "hello world…"},
		{"abcdefghijklmnop", 8, "abcdefg…"},
		{"héllo wörld ünïcode", 12, "héllo wörld…"},
	}
	for _, tc := range tests {
		if got := Cut(tc.in, tc.max); got != tc.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
	}
}

func TestAttrsJSON(t *testing.T) {
	a := Attrs{{"href", "/x?a=1&b=<2>"}, {"disabled", ""}, {"value", "v"}}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"href":"/x?a=1\u0026b=\u003c2\u003e","disabled":true,"value":"v"}`; string(b) != want {
		t.Errorf("marshal = %s, want %s", b, want)
	}
	var back Attrs
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, a) {
		t.Errorf("round trip = %+v", back)
	}
	if err := json.Unmarshal([]byte(`{"x":1}`), &back); err == nil {
		t.Error("number value accepted")
	}
	if v, ok := a.Get("value"); !ok || v != "v" {
		t.Errorf("Get = %q %v", v, ok)
	}
}

func TestResultDecodes(t *testing.T) {
	// The walker's JSON shape, as returned by Runtime.evaluate.
	raw := `{"url":"u","title":"t","nextRef":3,"items":[{"k":"h","level":1,"text":"H"},{"k":"t","text":"x"},
	{"k":"e","ref":1,"role":"link","name":"n","tag":"a","attrs":[["href","/a"],["selected",""]],"action":"click","group":"g1:1"},
	{"k":"f","index":0}]}`
	var r Result
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatal(err)
	}
	if r.NextRef != 3 || len(r.Items) != 4 || r.Items[2].Attrs[0] != [2]string{"href", "/a"} || r.Items[2].Group != "g1:1" || r.Items[3].K != KindFrame {
		t.Errorf("decoded %+v", r)
	}
}

// Page text that is really markup (a script tag a page printed as text)
// is skipped for the section's first real sentence.
func TestSummarySkipsMarkup(t *testing.T) {
	p := Build("", "", []Item{
		{K: KindText, Text: `<script type="text/javascript" src="http://contextual.media.net/bidexchange.js"></script>`},
		{K: KindText, Text: "<!-- ad slot -->"},
		{K: KindText, Text: "The sanctions end on Friday."},
		{K: KindText, Text: "<3 for the team, and a < b > c stays."},
	})
	if got, want := p.Sections[0].Summary, "The sanctions end on Friday. <3 for the team, and a < b > c stays."; got != want {
		t.Errorf("summary = %q, want %q", got, want)
	}
}

// Fold's shortcut for strings already folded agrees with folding them.
func TestFoldShortcut(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "a\nb", "a\u00a0b", "a\u3000b", "\u2003", "día uno", "a \u0085b", "a\xffb", "ab c d e"} {
		if got, want := Fold(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("Fold(%q) = %q, want %q", s, got, want)
		}
	}
}
