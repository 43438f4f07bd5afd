package read_test

import (
	"strings"
	"testing"
)

// mainLines extracts a testdata page's main content and returns its lines.
func mainLines(t *testing.T, path string) []string {
	t.Helper()
	m, ok := extractPage(t, path, false)
	if !ok {
		t.Fatalf("%s: no main content", path)
	}
	return strings.Split(m.Markdown, "\n")
}

// The heading is the story's headline (the h1 outside the page's header,
// not the site's name in it), though the document's title words it
// otherwise; the byline keeps its whole date.
func TestRead41HeadlineAndByline(t *testing.T) {
	lines := mainLines(t, "/read41_headline.html")
	md := strings.Join(lines, "\n")
	if lines[0] != "# Big orchard cooperative layoffs begin today" {
		t.Errorf("title line = %q:\n%s", lines[0], md)
	}
	if len(lines) < 2 || lines[1] != "By Sam Ortiz · November 20, 2026" {
		t.Errorf("byline:\n%s", md)
	}
	if strings.Count(md, "Sam Ortiz") != 1 || strings.Contains(md, "cut staff this week") {
		t.Errorf("byline or title printed twice:\n%s", md)
	}
}
