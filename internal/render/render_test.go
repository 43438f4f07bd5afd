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
@e1 "Home" href="/"
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
			want: "Tred — u\n# Heading\n> a bc\n@e1 [button] \"Say \\\"hi\\\" \\\\ now\" value=\"x\\ny\"\n",
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
@e1 "Pricing"
@e2 "Read more" href="/a"
@e3 "Read more" href="/b"
@e4 "»" href="/next"
@e5 href="/x"
@e6 "Home"
@e7 "Home"
`,
		},
		{
			name: "repeated groups: constant names dropped after the first item, other roles kept",
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
@e1 "Top"
- @e2 "A" href="/a" · @e3 [button] "Delete"
- @e4 "B" · @e5 "Delete"
- @e6 "C" · @e7 "Delete"
- @e8 "D"
@e9 "Two groups of two"
@e10 "are not a list"
`,
		},
		{
			name: "links never print their role; other roles do",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{{Elements: []snapshot.Element{
				e(1, "link", "Home"),
				e(2, "button", "Menu"),
				e(3, "link", "Alone"),
				e(4, "input:text", "Search"),
				grouped("g1:1", e(5, "link", "News")),
				grouped("g1:2", e(6, "link", "Sport")),
				grouped("g1:3", e(7, "link", "Weather")),
				e(8, "link", strings.Repeat("Long name ", 3)),
				e(9, "link", strings.Repeat("Another long name ", 2)),
				e(10, "link", "Contact us"),
				e(11, "link", strings.Repeat("A very long link name ", 4), snapshot.Attr{Key: "selected"}),
			}}}},
			want: `u
@e1 "Home"
@e2 [button] "Menu"
@e3 "Alone"
@e4 [input:text] "Search"
@e5 "News"
@e6 "Sport"
@e7 "Weather"
@e8 "Long name Long name Long name"
@e9 "Another long name Another long name"
@e10 "Contact us"
@e11 "A very long link name A very long link name A…" selected
`,
		},
		{
			name: "a heading that names an element carries its ref",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{
				{Heading: "Top story", Level: 2, Summary: "Teaser.", Elements: []snapshot.Element{
					e(1, "link", "Photo of a cat"), e(2, "link", "top STORY"), e(3, "link", "Author")}},
				{Heading: "Shipping", Level: 3, Elements: []snapshot.Element{
					e(4, "button", "Shipping", snapshot.Attr{Key: "collapsed"})}},
				{Heading: "Rows", Level: 3, Elements: []snapshot.Element{ // rows stay rows
					grouped("g1:1", e(5, "link", "Rows")), grouped("g1:2", e(6, "link", "b")), grouped("g1:3", e(7, "link", "c"))}},
			}},
			want: `u
## Top story @e2
> Teaser.
@e1 "Photo of a cat"
@e3 "Author"
### Shipping @e4 [button] collapsed
### Rows
@e5 "Rows"
@e6 "b"
@e7 "c"
`,
		},
		{
			name: "links to where a nearby link goes point at it",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{
				{Elements: []snapshot.Element{
					e(1, "link", "A photo of the harbour at dawn", snapshot.Attr{Key: "href", Value: "/story"}),
				}},
				{Heading: "Harbour story", Level: 3, Elements: []snapshot.Element{
					e(2, "link", "Harbour story", snapshot.Attr{Key: "href", Value: "/story"}),
					e(3, "link", "", snapshot.Attr{Key: "href", Value: "https://www.example.com/some/long/path/to/the-story"}),
					e(4, "link", "Comments", snapshot.Attr{Key: "href", Value: "https://www.example.com/some/long/path/to/the-story"}),
					e(5, "link", "Jo", snapshot.Attr{Key: "href", Value: "/jo"}),
					e(6, "link", "Jo", snapshot.Attr{Key: "href", Value: "/jo"}), // no shorter as an alias
					e(7, "link", "", snapshot.Attr{Key: "href", Value: "#"}),
					e(8, "link", "", snapshot.Attr{Key: "href", Value: "#"}),
				}},
				{Heading: "Next", Level: 3, Elements: []snapshot.Element{
					e(9, "link", "Harbour story, the sequel", snapshot.Attr{Key: "href", Value: "/jo"}), // not a heading: no alias across sections
				}},
			}},
			want: `u
@e1 (same as @e2)
### Harbour story @e2
@e3 (same as @e4)
@e4 "Comments"
@e5 "Jo" href="/jo"
@e6 "Jo" href="/jo"
@e7 href="#"
@e8 href="#"
### Next
@e9 "Harbour story, the sequel"
`,
		},
		{
			name: "hrefs: per section, shortened",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{
				{Heading: "One", Level: 2, Elements: []snapshot.Element{
					e(1, "link", "Read more", snapshot.Attr{Key: "href", Value: "/one"})}},
				{Heading: "Two", Level: 2, Elements: []snapshot.Element{
					e(2, "link", "Read more", snapshot.Attr{Key: "href", Value: "/two"}),
					e(3, "link", "", snapshot.Attr{Key: "href", Value: "https://www.news.example.org/world/2019/04/26/a-very-long-story-slug-about-something/?utm_source=x&utm_medium=y"}),
				}},
			}},
			want: `u
## One
@e1 "Read more"
## Two
@e2 "Read more"
@e3 href="news.example.org/…/a-very-long-story-slug-about-something/?…"
`,
		},
		{
			name: "every row keeps its checkbox role and state",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{{Elements: []snapshot.Element{
				grouped("g1:1", e(1, "input:checkbox", "Call bank", snapshot.Attr{Key: "id", Value: "t1"})),
				grouped("g1:1", e(2, "button", "×")),
				grouped("g1:2", e(3, "input:checkbox", "Buy milk", snapshot.Attr{Key: "checked"})),
				grouped("g1:2", e(4, "button", "×")),
				grouped("g1:3", e(5, "input:checkbox", "Walk dog")),
				grouped("g1:3", e(6, "button", "×")),
			}}}},
			want: `u
- @e1 [input:checkbox] "Call bank" id="t1" · @e2 [button] "×"
- @e3 [input:checkbox] "Buy milk" checked · @e4 "×"
- @e5 [input:checkbox] "Walk dog" · @e6 "×"
`,
		},
		{
			name: "names differing in one item are kept everywhere",
			page: &snapshot.Page{URL: "u", Sections: []snapshot.Section{{Elements: []snapshot.Element{
				grouped("f/g1:1", e(1, "button", "Open")),
				grouped("f/g1:2", e(2, "button", "Open")),
				grouped("f/g1:3", e(3, "button", "Close")),
			}}}},
			want: "u\n- @e1 [button] \"Open\"\n- @e2 [button] \"Open\"\n- @e3 [button] \"Close\"\n",
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
	if !strings.Contains(full, "\n- @e5999 \"Item 3000\" · @e6000 \"Delete\"\n") {
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
	if !strings.Contains(out, "## Footer\n@e9999 \"Next page\"\n") {
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

func TestTextBudgetLinks(t *testing.T) {
	// A page-long list of links gives way to what follows it, like rows.
	var els []snapshot.Element
	for i := 1; i <= 2000; i++ {
		els = append(els, e(i, "link", fmt.Sprintf("Article %d", i)))
	}
	p := &snapshot.Page{URL: "u", Sections: []snapshot.Section{
		{Heading: "Archive", Level: 1, Elements: els},
		{Heading: "Footer", Level: 2, Elements: []snapshot.Element{e(9999, "button", "Subscribe")}},
	}}
	out, st := Text(p, Options{MaxTokens: 1000})
	if st.Tokens > 1000 || !strings.Contains(out, "\n## Footer\n@e9999 [button] \"Subscribe\"\n") ||
		!strings.Contains(out, "more links (@e") || !strings.Contains(out, "–@e2000) not shown\n") {
		t.Errorf("got %+v\n%s", st, out)
	}
}

func TestShortHref(t *testing.T) {
	for in, want := range map[string]string{
		"/a":                  "/a",
		"https://www.ex.com/": "ex.com/",
		"http://ex.com/x?q=1": "ex.com/x?q=1",
		"/search?q=a&utm_source=newsletter&utm_medium=mail":                      "/search?…",
		"https://ex.com/" + strings.Repeat("abcdefgh/", 10) + "slug-of-the-page": "ex.com/…/abcdefgh/abcdefgh/abcdefgh/slug-of-the-page",
	} {
		if got := shortHref(in); got != want {
			t.Errorf("shortHref(%q) = %q, want %q", in, got, want)
		}
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
	want := `{"url":"u","title":"T","sections":[{"level":0,"elements":[]},{"heading":"H <1>","level":1,"summary":"s","elements":[{"ref":"e1","role":"link","name":"a&b","tag":"a","attrs":{"href":"/x?a=1&b=2","selected":true},"action":"click","frame":"F"}]}],"elements":[{"ref":"e1","role":"link","name":"a&b","tag":"a","attrs":{"href":"/x?a=1&b=2","selected":true},"action":"click","frame":"F","section":1}]}` + "\n"
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

// A summary cut short says how to read the rest: read from its section's
// heading, or read when the section has none.
func TestCutSummaryHint(t *testing.T) {
	long := snapshot.Cut(strings.Repeat("The password is tucked away in this long paragraph. ", 6), snapshot.SummaryMax)
	p := &snapshot.Page{URL: "u", Title: "T", Sections: []snapshot.Section{
		{Summary: long},
		{Heading: `Stock "report" for the first quarter of the year`, Level: 2, Summary: long},
		{Heading: "Short", Level: 2, Summary: "Whole."},
	}}
	out, _ := Text(p, Options{})
	for _, want := range []string{
		"\n> " + long + " (read)\n",
		"\n> " + long + ` (read --from "Stock \"report\" for the first quarter")` + "\n",
		"\n> Whole.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}

// Output is safe on a terminal: escapes, controls and bidi overrides go,
// lines and tabs stay.
func TestTerminal(t *testing.T) {
	in := "a\x1b[31mRED\x1b[0m\tb\r\nc\u202eevil\x07\x1b]0;title\x07d"
	if got, want := Terminal(in), "aRED\tb\ncevild"; got != want {
		t.Errorf("Terminal(%q) = %q, want %q", in, got, want)
	}
	if s := "plain\ntext"; Terminal(s) != s {
		t.Errorf("plain text changed")
	}
}

// A field's value keeps its edge spaces and line breaks (escaped), while
// escape sequences still go.
func TestValueKeptAsTyped(t *testing.T) {
	p := &snapshot.Page{Title: "T", URL: "http://x/", Sections: []snapshot.Section{{Elements: []snapshot.Element{
		e(1, "textarea", "Notes", snapshot.Attr{Key: "value", Value: "Rutrum adipiscing. "}),
		e(2, "textarea", "Poem", snapshot.Attr{Key: "value", Value: "one\n  two\x1b[31m"}),
	}}}}
	out, _ := Text(p, Options{})
	for _, want := range []string{`@e1 [textarea] "Notes" value="Rutrum adipiscing. "`, `@e2 [textarea] "Poem" value="one\n  two"`} {
		if !strings.Contains(out, want) {
			t.Errorf("want %s in\n%s", want, out)
		}
	}
}
