package read

import (
	"strings"
	"testing"
)

func TestTitled(t *testing.T) {
	body := "First paragraph.\n\nSecond paragraph."
	for _, c := range []struct {
		name, md, h1, title, byline, want string
	}{
		{"h1 demoted in the article", "## Headline\n\n" + body, "Headline", "Headline | Site", "", "# Headline\n\n" + body},
		// The document's title is the h1 and more: the h1 is the title.
		{"title is h1 and more", body, "Headline", "Headline | Jane Roe | Site", "Jane Roe", "# Headline\nJane Roe\n\n" + body},
		// The article has the title as a heading; the h1 is a site logo.
		{"logo h1", "# Headline\n\n" + body, "Site", "Headline", "", "# Headline\n\n" + body},
		{"logo h1, no heading", body, "Site", "Headline", "", "# Headline\n\n" + body},
		{"byline in the text already", "## Headline\n\nBy Jane Roe\n\n" + body, "Headline", "", "Jane Roe", "# Headline\n\nBy Jane Roe\n\n" + body},
		{"nothing known", body, "", "", "", body},
	} {
		// Leading blank lines go in compact.
		got := strings.TrimLeft(titled(c.md, c.h1, c.title, c.byline), "\n")
		if got != c.want {
			t.Errorf("%s:\ngot  %q\nwant %q", c.name, got, c.want)
		}
		if n := strings.Count(got, "Headline"); c.want != body && n != 1 {
			t.Errorf("%s: title printed %d times", c.name, n)
		}
	}
}
