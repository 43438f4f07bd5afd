package read_test

import (
	"strings"
	"testing"
)

// The title comes first: a column's standing intro above the headline is
// printed once, under it; the byline from a table cell is one clean line;
// images print only what the text does not say.
func TestReadTitleFirstImagesByline(t *testing.T) {
	m, ok := extractPage(t, "/read_title_intro.html", false)
	if !ok {
		t.Fatal("no main content")
	}
	md := m.Markdown
	lines := strings.Split(md, "\n")
	if lines[0] != "# Best laptop deals today" || len(lines) < 2 || lines[1] != "By Jane Roe, MS, RDN" {
		t.Errorf("title and byline are not the first lines:\n%s", md)
	}
	if n := strings.Count(md, "Welcome to Daily Deals"); n != 1 {
		t.Errorf("the standing intro is printed %d times:\n%s", n, md)
	}
	if n := strings.Count(md, "A silver laptop on a desk"); n != 1 {
		t.Errorf("alt equal to the caption printed %d times:\n%s", n, md)
	}
	for _, bad := range []string{"|", "masthead", "print header logo", "![Best laptop deals today]", "BY:"} {
		if strings.Contains(md, bad) {
			t.Errorf("read has %q:\n%s", bad, md)
		}
	}
	if !strings.Contains(md, "![Chart of laptop prices falling by a fifth since May]") {
		t.Errorf("an image that says something new is missing:\n%s", md)
	}
}

// Byline, paper and date run together in the page: the byline is the
// name, then the date.
func TestReadBylineNameThenDate(t *testing.T) {
	m, ok := extractPage(t, "/read_byline.html", false)
	if !ok {
		t.Fatal("no main content")
	}
	lines := strings.Split(m.Markdown, "\n")
	if len(lines) < 3 || lines[0] != "# Harbour seals return" || lines[1] != "By Eric Song · March 2, 2024" {
		t.Errorf("byline:\n%s", m.Markdown)
	}
	if strings.Count(m.Markdown, "Eric Song") != 1 {
		t.Errorf("byline printed twice:\n%s", m.Markdown)
	}
}
