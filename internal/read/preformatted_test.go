package read_test

import (
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/pagetext"
)

// read keeps <pre>, white-space: pre-wrap blocks and textarea values
// exactly: line breaks, blank lines, indentation, < and >; the default
// read (the article, else the page's text, as tact read chooses) and
// --all alike, cleaned as tact read prints them.
func TestPreformattedKeptExactly(t *testing.T) {
	code := "if (a < b && c > d) {\n    return \"<ok>\";\n\n        // indented twice, after a blank line\n}"
	poem := "Roses  are red,\n  violets are <blue>.\n\nSugar is sweet."
	ta := "first line\n    indented <tag>\n\nafter blank"
	m, ok := extractPage(t, "/read_pre.html", false)
	def := m.Markdown
	if !ok {
		def = mustRead(t, "/read_pre.html", "{page: true}")
	}
	for what, md := range map[string]string{"read": def, "read --all": mustRead(t, "/read_pre.html", "{all: true}")} {
		md = pagetext.Clean(md)
		for _, want := range []string{code, poem, ta} {
			if !strings.Contains(md, want) {
				t.Errorf("%s lacks\n%s\nin:\n%s", what, want, md)
			}
		}
		if strings.Contains(md, "&lt;") {
			t.Errorf("%s escapes <:\n%s", what, md)
		}
	}
}
