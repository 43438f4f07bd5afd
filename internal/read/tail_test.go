package read

import (
	"strings"
	"testing"
)

// morePage is boilerPage's article with tail at the end of its container.
func morePage(tail string) string {
	return strings.Replace(boilerPage(""), "</article>", tail+"</article>", 1)
}

// TestMoreTrimmed: a "read next" heading after the story ends it; one in
// the middle of a story that goes on takes only its box; a heading that
// does not announce other stories stays.
func TestMoreTrimmed(t *testing.T) {
	teasers := `<ul><li><a href="/a">Tunnel plan shelved again after costs double</a></li><li><a href="/b">Ferry service to resume in spring</a></li></ul>`
	long := "<p>The engineers' report, released on Friday, found the old bridge sound for ten more years." + strings.Repeat(" It recommends repairs to the deck and railings.", 5) + "</p>"
	cases := []struct {
		name, tail string
		gone, kept []string
	}{
		{"end", `<h2>Das könnte Sie auch interessieren</h2>` + teasers + `<p>Ferry operators welcomed the delay in a statement on Monday.</p>`,
			[]string{"Das könnte Sie auch", "Tunnel plan shelved", "Ferry operators welcomed"}, nil},
		{"english", `<h3>You may also like:</h3>` + teasers, []string{"You may also like", "Ferry service"}, nil},
		{"middle", `<h4>Related</h4>` + teasers + long, []string{"Related", "Tunnel plan shelved"}, []string{"found the old bridge sound"}},
		{"not more", `<h2>What happens next</h2>` + long, nil, []string{"What happens next", "found the old bridge sound"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, ok := Extract(morePage(c.tail), "http://127.0.0.1/story", false)
			if !ok {
				t.Fatal("no main content")
			}
			if !strings.Contains(m.Markdown, "A final decision is now expected") {
				t.Errorf("story cut:\n%s", m.Markdown)
			}
			for _, g := range c.gone {
				if strings.Contains(m.Markdown, g) {
					t.Errorf("%q printed:\n%s", g, m.Markdown)
				}
			}
			for _, k := range c.kept {
				if !strings.Contains(m.Markdown, k) {
					t.Errorf("%q missing:\n%s", k, m.Markdown)
				}
			}
		})
	}
}

// TestMoreNotEarly: such a heading before the story has told much is the
// page's own (a list of sources, say), not the end of the article.
func TestMoreNotEarly(t *testing.T) {
	page := strings.Replace(morePage(""), "<h1>Bridge vote delayed</h1>", "<h1>Bridge vote delayed</h1><h2>Read more</h2>", 1)
	m, ok := Extract(page, "http://127.0.0.1/story", false)
	if !ok {
		t.Fatal("no main content")
	}
	if !strings.Contains(m.Markdown, "A final decision is now expected") {
		t.Errorf("story cut:\n%s", m.Markdown)
	}
}
