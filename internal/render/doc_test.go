package render

import (
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/snapshot"
)

// docText is a paragraph longer than any summary.
const docText = "This paragraph explains at some length what the example does, why, and what to read before reusing any of it in production."

// docItems is an APG-like page as the walker gives it: a table of
// contents (handle e90), a section of text and four spec links (handle
// e91), the widget's section, text-only sections with a long table
// (rows handle e92), and a section of three short file links (handle
// e93): eight headed sections, a long document.
func docItems() []snapshot.Item {
	link := func(ref int, name string) snapshot.Item {
		return snapshot.Item{K: snapshot.KindElement, Ref: ref, Role: "link", Name: name, Tag: "a", Action: "click"}
	}
	items := []snapshot.Item{
		{K: snapshot.KindHeading, Level: 1, Text: "Tabs Example"},
		{K: snapshot.KindRegion, Ref: 90, Role: "contents", Name: "Page Contents"},
		{K: snapshot.KindHeading, Level: 2, Text: "Page Contents"},
		link(1, "About"), link(2, "Example"), link(3, "Keyboard Support"),
		{K: snapshot.KindRegionEnd},
		{K: snapshot.KindRegion, Ref: 91, Role: "doc"},
		{K: snapshot.KindHeading, Level: 2, Text: "About"},
		{K: snapshot.KindText, Text: docText},
		link(4, "ARIA specification"), link(5, "Assistive technology support"), link(6, "Semantic HTML"), link(7, "No ARIA is better than bad ARIA"),
		{K: snapshot.KindRegionEnd},
		{K: snapshot.KindHeading, Level: 2, Text: "Example"},
		{K: snapshot.KindText, Text: docText},
		{K: snapshot.KindElement, Ref: 8, Role: "tab", Name: "One", Tag: "button", Action: "click", Attrs: [][2]string{{"selected", ""}}},
		{K: snapshot.KindElement, Ref: 9, Role: "tab", Name: "Two", Tag: "button", Action: "click"},
		{K: snapshot.KindHeading, Level: 2, Text: "Keyboard Support"},
		{K: snapshot.KindText, Text: docText},
		{K: snapshot.KindHeading, Level: 2, Text: "Attributes"},
		{K: snapshot.KindText, Text: docText},
		{K: snapshot.KindRegion, Ref: 92, Role: "rows", N: 6},
		{K: snapshot.KindRegionEnd},
		{K: snapshot.KindRegion, Ref: 93, Role: "doc"},
		{K: snapshot.KindHeading, Level: 2, Text: "Source Code"},
		{K: snapshot.KindText, Text: "Styles: a.css | JavaScript: b.js, c.js"},
		link(10, "a.css"), link(11, "b.js"), link(12, "c.js"),
		{K: snapshot.KindRegionEnd},
		{K: snapshot.KindHeading, Level: 2, Text: "Notes"},
		{K: snapshot.KindText, Text: docText},
		{K: snapshot.KindHeading, Level: 2, Text: "Changes"},
		{K: snapshot.KindText, Text: docText},
	}
	return items
}

func TestDocFolds(t *testing.T) {
	p := snapshot.Build("http://x/", "X", docItems()).Folded(nil)
	out, st := Text(p, Options{})
	short := "> " + snapshot.Cut(docText, DocSummaryMax) + "\n"
	for _, want := range []string{
		// The contents' names are the headings below.
		"# Tabs Example\n## Page Contents — 3 links within the page (snap --focus @e90)\n",
		// A documentation section keeps its heading and a short summary.
		"## About\n" + short + "4 links: ARIA specification, Assistive technology…, … (snap --focus @e91)\n",
		// The widget's section is whole.
		"## Example\n> " + snapshot.Cut(docText, snapshot.SummaryMax) + "\n@e8 [tab] \"One\" selected\n@e9 [tab] \"Two\"\n",
		"## Keyboard Support\n" + short,
		// Rows of a documentation table: text, left to read.
		"## Attributes\n" + short + "## Source Code\n",
		// Three short links cost less than a fold line; the summary
		// that only names them goes.
		"## Source Code\n@e10 \"a.css\"\n@e11 \"b.js\"\n@e12 \"c.js\"\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "@e92") || strings.Contains(out, "@e93") || strings.Contains(out, "@e4 ") {
		t.Errorf("a fold printed that should not be:\n%s", out)
	}
	if st.Elements != 5 {
		t.Errorf("%d elements printed, want 5 (two tabs, three files)", st.Elements)
	}
	// Every element is in the JSON, folded or not.
	if n := len(p.Flat()); n != 12 {
		t.Errorf("the folded page lists %d elements, want 12", n)
	}
}

// A short page keeps its summaries whole (a confirmation's text is the
// result an agent came for) and its links in sight (three links under a
// heading may be what the page is for); so does --full on a long one.
func TestDocShortPage(t *testing.T) {
	items := docItems()[:16] // the contents, "About" and "Example"
	out, _ := Text(snapshot.Build("http://x/", "X", items).Folded(nil), Options{})
	if !strings.Contains(out, "## About\n> "+snapshot.Cut(docText, snapshot.SummaryMax)+"\n@e4 \"ARIA specification\"\n") ||
		strings.Contains(out, "--focus") || !strings.Contains(out, `@e3 "Keyboard Support"`) {
		t.Errorf("short page:\n%s", out)
	}
	full, _ := Text(snapshot.Build("http://x/", "X", docItems()), Options{})
	if !strings.Contains(full, "## Keyboard Support\n> "+docText+"\n") {
		t.Errorf("--full of a long page:\n%s", full)
	}
}

// A documentation section's text stays its own: the unfolded page (--full)
// and the folded one put the same heading over the same summary.
func TestDocFoldKeepsSection(t *testing.T) {
	full := snapshot.Build("http://x/", "X", docItems())
	folded := full.Folded(nil)
	byHeading := map[string]snapshot.Section{}
	for _, s := range full.Sections {
		byHeading[s.Heading] = s
	}
	for _, b := range folded.Sections[1:] { // the first holds the contents' links
		a, ok := byHeading[b.Heading]
		if !ok || a.Summary != b.Summary || len(a.Elements) != len(b.Elements) {
			t.Errorf("section %q: folded %q, %d elements; unfolded %q, %d", b.Heading, b.Summary, len(b.Elements), a.Summary, len(a.Elements))
		}
	}
	about := folded.Sections[1]
	if about.Heading != "About" || len(about.Folds) != 1 || about.Folds[0].At != 0 || about.Folds[0].Count != 4 || about.Folds[0].Kind != "doc" {
		t.Errorf("About: %+v", about)
	}
}
