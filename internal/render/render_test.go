package render

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/snapshot"
)

func e(ref int, role, name string, attrs ...snapshot.Attr) snapshot.Element {
	return snapshot.Element{Ref: snapshot.RefString(ref), Role: role, Name: name, Tag: "x", Action: "click", Attrs: attrs}
}

func grouped(g string, x snapshot.Element) snapshot.Element {
	x.Group = g
	return x
}

// table builds a page with a heading, n rows of (link "Item i", button
// "Delete") and a footer section with one link.
func table(n int) *snapshot.Page {
	var els []snapshot.Element
	for i := 1; i <= n; i++ {
		g := fmt.Sprintf("g1:%d", i)
		els = append(els,
			grouped(g, e(2*i-1, "link", fmt.Sprintf("Item %d", i), snapshot.Attr{Key: "href", Value: fmt.Sprintf("/item/%d", i)})),
			grouped(g, e(2*i, "button", "Delete")))
	}
	return &snapshot.Page{URL: "http://127.0.0.1/t", Title: "Big table", Sections: []snapshot.Section{
		{Heading: "Items", Level: 1, Summary: "Rows.", Elements: els},
		{Heading: "Footer", Level: 2, Elements: []snapshot.Element{e(9999, "link", "Next page")}},
	}}
}

func TestText(t *testing.T) {
	tests := []struct {
		name string
		page *snapshot.Page
		opts Options
		want string
	}{
		{
			name: "level-0 section, flags, values, empty names",
			page: &snapshot.Page{URL: "https://ex.com/", Title: "Example", Sections: []snapshot.Section{
				{Level: 0, Summary: "Intro text", Elements: []snapshot.Element{e(1, "link", "Home", snapshot.Attr{Key: "href", Value: "/"})}},
				{Heading: "Form", Level: 2, Elements: []snapshot.Element{
					e(2, "input:text", "", snapshot.Attr{Key: "placeholder", Value: "Search"}, snapshot.Attr{Key: "required"}),
					e(3, "input:checkbox", "Remember", snapshot.Attr{Key: "checked"}, snapshot.Attr{Key: "disabled"}),
				}},
				{Heading: "Empty", Level: 3, Elements: []snapshot.Element{}},
			}},
			opts: Options{AllHrefs: true},
			want: `Example — https://ex.com/
> Intro text
@e1 [link] "Home" href="/"
## Form
@e2 [input:text] placeholder="Search" required
@e3 [input:checkbox] "Remember" checked disabled
### Empty
`,
		},
		{
			name: "sanitizing: control chars, ANSI escapes, bidi, quotes",
			page: &snapshot.Page{URL: "u", Title: "T\x1b[31mred\x1b[0m", Sections: []snapshot.Section{
				{Heading: "H\x07ead\x1b]0;evil\x07ing", Level: 1, Summary: "a\tb\u202Ec", Elements: []snapshot.Element{
					e(1, "button", "Say \"hi\"\x00 \\ now", snapshot.Attr{Key: "value", Value: "x\ny"}),
				}},
			}},
			want: "Tred — u\n# Heading\n> a bc\n@e1 [button] \"Say \\\"hi\\\" \\\\ now\" value=\"x y\"\n",
		},
		{
			name: "hrefs only where the name does not identify the link",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{{Elements: []snapshot.Element{
				e(1, "link", "Pricing", snapshot.Attr{Key: "href", Value: "/pricing"}),
				e(2, "link", "Read more", snapshot.Attr{Key: "href", Value: "/a"}),
				e(3, "link", "Read more", snapshot.Attr{Key: "href", Value: "/b"}),
				e(4, "link", "»", snapshot.Attr{Key: "href", Value: "/next"}),
				e(5, "link", "", snapshot.Attr{Key: "href", Value: "/x"}),
				e(6, "link", "Home", snapshot.Attr{Key: "href", Value: "/"}),
				e(7, "link", "Home", snapshot.Attr{Key: "href", Value: "/"}),
			}}}},
			want: `u
@e1 [link] "Pricing"
@e2 [link] "Read more" href="/a"
@e3 [link] "Read more" href="/b"
@e4 [link] "»" href="/next"
@e5 [link] href="/x"
@e6 [link] "Home"
@e7 [link] "Home"
`,
		},
		{
			name: "repeated groups: roles and constant names dropped after the first item",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{{Elements: []snapshot.Element{
				e(1, "link", "Top"),
				grouped("g1:1", e(2, "link", "A", snapshot.Attr{Key: "href", Value: "/a"})), // short name: href kept
				grouped("g1:1", e(3, "button", "Delete")),
				grouped("g1:2", e(4, "link", "B")),
				grouped("g1:2", e(5, "button", "Delete")),
				grouped("g1:3", e(6, "link", "C")),
				grouped("g1:3", e(7, "button", "Delete")),
				grouped("g1:4", e(8, "link", "D")),
				grouped("g2:1", e(9, "link", "Two groups of two")),
				grouped("g2:2", e(10, "link", "are not a list")),
			}}}},
			want: `u
@e1 [link] "Top"
- @e2 [link] "A" href="/a" · @e3 [button] "Delete"
- @e4 "B" · @e5
- @e6 "C" · @e7
- @e8 [link] "D"
@e9 [link] "Two groups of two"
@e10 [link] "are not a list"
`,
		},
		{
			name: "names differing in one item are kept everywhere",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{{Elements: []snapshot.Element{
				grouped("f/g1:1", e(1, "button", "Open")),
				grouped("f/g1:2", e(2, "button", "Open")),
				grouped("f/g1:3", e(3, "button", "Close")),
			}}}},
			want: "u\n- @e1 [button] \"Open\"\n- @e2 \"Open\"\n- @e3 \"Close\"\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, st := Text(tc.page, tc.opts)
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
			if st.Truncated || st.Tokens != (utf8.RuneCountInString(got)+3)/4 {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

func TestTextBudget(t *testing.T) {
	p := table(3000)
	full, st := Text(p, Options{})
	if st.Truncated || st.Elements != 6001 {
		t.Fatalf("full stats %+v", st)
	}
	if n := strings.Count(full, "\n"); n != 3000+5 {
		t.Errorf("full: %d lines, want one per row plus title, heading, summary, footer heading and link", n)
	}
	if !strings.Contains(full, "\n- @e5999 \"Item 3000\" · @e6000\n") {
		t.Errorf("full output lacks the short last row")
	}

	for _, max := range []int{60, 300, 1000, 5000} {
		out, st := Text(p, Options{MaxTokens: max})
		if !st.Truncated {
			t.Errorf("%d: not truncated", max)
		}
		if st.Tokens > max {
			t.Errorf("%d: %d tokens", max, st.Tokens)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		last := lines[len(lines)-1]
		if !strings.HasPrefix(last, fmt.Sprintf("… cut at ~%s tokens: ", thousands(max))) || !strings.HasSuffix(last, "use --focus CSS or --max-tokens 0") {
			t.Errorf("%d: trailer %q", max, last)
		}
		if !strings.HasPrefix(out, "Big table — http://127.0.0.1/t\n") {
			t.Errorf("%d: no header", max)
		}
		// Elements printed + elements announced as missing = all of them.
		var left, secs int
		fmt.Sscanf(strings.ReplaceAll(last[strings.Index(last, ": ")+2:], ",", ""), "%d more elements in %d", &left, &secs)
		if st.Elements+left != 6001 {
			t.Errorf("%d: shown %d + left %d != 6001 (%q)", max, st.Elements, left, last)
		}
	}

	// With room, a long run gives way to what follows it.
	out, st := Text(p, Options{MaxTokens: 2000})
	if !strings.Contains(out, "## Footer\n@e9999 [link] \"Next page\"\n") {
		t.Errorf("footer not shown after a skipped run:\n%s", out[len(out)-400:])
	}
	if !strings.Contains(out, "more items (") || !strings.Contains(out, "–@e6000) not shown") {
		t.Errorf("no skip line")
	}
	if !strings.Contains(out, "in 1 section not shown") {
		t.Errorf("trailer: %q", out[strings.LastIndex(out, "…"):])
	}
	if st.Tokens > 2000 {
		t.Errorf("tokens %d", st.Tokens)
	}
}

func TestTextBudgetTiny(t *testing.T) {
	// Smaller than the trailer: still a header and the trailer.
	out, st := Text(table(10), Options{MaxTokens: 5})
	if !st.Truncated || st.Elements != 0 || !strings.Contains(out, "21 more elements in 2 sections not shown") {
		t.Errorf("got %+v\n%s", st, out)
	}
}

func TestJSON(t *testing.T) {
	p := &snapshot.Page{URL: "u", Title: "T", Sections: []snapshot.Section{
		{Level: 0, Elements: []snapshot.Element{}},
		{Heading: "H <1>", Level: 1, Summary: "s", Elements: []snapshot.Element{
			{Ref: "e1", Role: "link", Name: "a&b", Tag: "a", Action: "click", Frame: "F", Group: "g1:1",
				Attrs: snapshot.Attrs{{Key: "href", Value: "/x?a=1&b=2"}, {Key: "selected"}}},
		}},
	}}
	b, err := JSON(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"url":"u","title":"T","sections":[{"level":0,"elements":[]},{"heading":"H <1>","level":1,"summary":"s","elements":[{"ref":"e1","role":"link","name":"a&b","tag":"a","attrs":{"href":"/x?a=1&b=2","selected":true},"action":"click","frame":"F"}]}]}` + "\n"
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var back snapshot.Page
	if err := json.Unmarshal(b, &back); err != nil || back.Sections[1].Elements[0].Attrs[1].Key != "selected" {
		t.Errorf("round trip: %v %+v", err, back)
	}

	nd := NDJSON(p)
	want = `{"ref":"e1","role":"link","name":"a&b","tag":"a","attrs":{"href":"/x?a=1&b=2","selected":true},"action":"click","frame":"F","section":"H <1>","level":1}` + "\n"
	if string(nd) != want {
		t.Errorf("ndjson got  %s\nwant %s", nd, want)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 2950: "2,950", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
