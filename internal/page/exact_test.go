package page_test

import (
	"testing"

	"github.com/tact-browser/tact/internal/failure"
)

// read --focus T --exact's text is the element's text or a field's value
// as the page has it: line breaks, tabs, blank lines, trailing spaces and
// a trailing newline kept, nothing added (a copy task checks byte for
// byte). A password is never given: a usage error.
func TestExactText(t *testing.T) {
	tab := newTab(t, "read_exact.html")
	for _, c := range []struct{ target, want string }{
		{"css=#answer", "Dear Sir,\n\n  yours truly  \n"},
		{"css=#src", "first line  \n\tsecond line (tab before)\nlast line ends here \n"},
		{"css=#spaced", "Total:  42  "},
	} {
		if got, err := tab.ExactText(ctxOf(t), c.target); err != nil || got != c.want {
			t.Errorf("ExactText(%s) = %q, %v; want %q", c.target, got, err, c.want)
		}
	}
	if got, err := tab.ExactText(ctxOf(t), "css=#pw"); failure.From(err).Code != failure.Usage || got != "" {
		t.Errorf("ExactText on a password = %q, %v; want a usage error", got, err)
	}
}
