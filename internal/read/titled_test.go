package read

import (
	"strings"
	"testing"
)

func TestTitled(t *testing.T) {
	body := "First paragraph.\n\nSecond paragraph."
	for _, c := range []struct {
		name, md, h1, title string
		by                  byline
		want                string
		sure                bool // h1 is the story's headline
	}{
		{"h1 demoted in the article", "## Headline\n\n" + body, "Headline", "Headline | Site", byline{}, "# Headline\nFirst paragraph.\nSecond paragraph.", false},
		// The document's title is the h1 and more: the h1 is the title.
		{"title is h1 and more", body, "Headline", "Headline | Jane Roe | Site", byline{line: "Jane Roe"}, "# Headline\nJane Roe\nFirst paragraph.\nSecond paragraph.", false},
		// The article has the title as a heading; the h1 is a site logo.
		{"logo h1", "# Headline\n\n" + body, "Site", "Headline", byline{}, "# Headline\nFirst paragraph.\nSecond paragraph.", false},
		{"logo h1, no heading", body, "Site", "Headline", byline{}, "# Headline\nFirst paragraph.\nSecond paragraph.", false},
		// The byline goes under the title, and only there.
		{"byline in the text already", "## Headline\n\nBy Jane Roe\n\n" + body, "Headline", "", byline{line: "By Jane Roe"}, "# Headline\nBy Jane Roe\nFirst paragraph.\nSecond paragraph.", false},
		{"byline in a table cell", "| BY: Jane Roe, MS, RDN |\n\n## Headline\n\n" + body, "Headline", "", byline{line: "By Jane Roe, MS, RDN", raw: []string{"jane roe, ms, rdn"}}, "# Headline\nBy Jane Roe, MS, RDN\nFirst paragraph.\nSecond paragraph.", false},
		// Nothing above the title: a standing intro printed again below
		// goes; a kicker follows the title.
		{"intro above the title", "Welcome to Daily Deals, your source for bargains.\n\nDeals\n\n## Headline\n\n## Today\n\nWelcome to Daily Deals, your source for bargains.\n\n" + body, "Headline", "", byline{}, "# Headline\nDeals\n\n## Today\nWelcome to Daily Deals, your source for bargains.\nFirst paragraph.\nSecond paragraph.", false},
		// The headline (an h1 outside the page's chrome) is the title, even
		// where the document's title says something else.
		{"headline not the title", body, "Headline", "Staff to be cut this week | Site", byline{}, "# Headline\nFirst paragraph.\nSecond paragraph.", true},
		{"nothing known", body, "", "", byline{}, "First paragraph.\nSecond paragraph.", false},
	} {
		got := compact(titled(c.md, c.h1, c.sure, c.title, "", c.by))
		if got != c.want {
			t.Errorf("%s:\ngot  %q\nwant %q", c.name, got, c.want)
		}
		if n := strings.Count(got, "Headline"); c.title+c.h1 != "" && n != 1 {
			t.Errorf("%s: title printed %d times", c.name, n)
		}
	}
}

func TestRepeatedParagraphOnce(t *testing.T) {
	md := "# T\nA paragraph that the page prints twice, word for word.\nReply\nReply\n```\nA paragraph that the page prints twice, word for word.\n```\nA paragraph that the page prints twice, word for word."
	want := "# T\nA paragraph that the page prints twice, word for word.\nReply\nReply\n```\nA paragraph that the page prints twice, word for word.\n```"
	if got := compact(md); got != want {
		t.Errorf("compact:\ngot  %q\nwant %q", got, want)
	}
}
