package read_test

import (
	"strings"
	"testing"
)

// TestBoilerplatePage reads through the browser an article whose
// container holds a caption and photo credit, a date line, a "read also"
// link, a newsletter box, an author box and an affiliate note: none is
// printed, every paragraph of the story is, the link inside a sentence
// with it.
func TestBoilerplatePage(t *testing.T) {
	m, ok := extractPage(t, "/read_boiler.html", false)
	if !ok {
		t.Fatal("no main content")
	}
	md := m.Markdown
	for _, bad := range []string{"Traffic on the old bridge", "Getty Images", "1 March 2024", "The tunnel that never was", "briefing in your inbox", "has written about bridges", "earn a commission"} {
		if strings.Contains(md, bad) {
			t.Errorf("read has %q:\n%s", bad, md)
		}
	}
	for _, want := range []string{"# Bridge vote delayed", "The vote on the new bridge", "published in May", "Councillors who favour", "A final decision"} {
		if !strings.Contains(md, want) {
			t.Errorf("read lacks %q:\n%s", want, md)
		}
	}
}
