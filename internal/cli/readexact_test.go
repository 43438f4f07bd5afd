package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// read --focus T --exact prints the element's text or a field's value as
// the page has it: line breaks, tabs, blank lines, trailing spaces and a
// trailing newline kept, nothing added (a copy task checks byte for byte).
func TestReadExact(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", "--no-snap", page("read_exact.html")))
	for _, c := range []struct{ target, want string }{
		{"css=#answer", "Dear Sir,\n\n  yours truly  \n"},
		{"css=#src", "first line  \n\tsecond line (tab before)\nlast line ends here \n"},
		{"css=#spaced", "Total:  42  "},
	} {
		r := tact(t, s, "read", "--focus", c.target, "--exact")
		mustOK(t, r)
		if r.out != c.want {
			t.Errorf("read --focus %s --exact = %q, want %q", c.target, r.out, c.want)
		}
		r = tact(t, s, "-o", "json", "read", "--focus", c.target, "--exact")
		mustOK(t, r)
		var j struct{ Markdown, Mode string }
		if err := json.Unmarshal([]byte(r.out), &j); err != nil || j.Markdown != c.want || j.Mode != "exact" {
			t.Errorf("-o json read --focus %s --exact = %s (%v)", c.target, r.out, err)
		}
	}
	// A password is never printed; --exact without --focus is a usage error.
	if r := tact(t, s, "read", "--focus", "css=#pw", "--exact"); r.code != 2 || r.out != "" {
		t.Errorf("--exact on a password: exit %d, %q %s", r.code, r.out, r.err)
	}
	if r := tact(t, s, "read", "--exact"); r.code != 2 {
		t.Errorf("--exact without --focus: exit %d %s", r.code, r.err)
	}
}

// read --focus on a textarea prints its value exactly: line breaks,
// blank lines, indentation, < and > (internal/read tests the serializer
// and renderer, the default read and --all, on the same page).
func TestReadFocusFieldExactly(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	ta := "first line\n    indented <tag>\n\nafter blank"
	r := tact(t, s, "read", page("read_pre.html"), "--focus", "css=#ta")
	mustOK(t, r)
	if strings.TrimRight(r.out, "\n") != ta {
		t.Errorf("read --focus on the textarea:\n%q", r.out)
	}
}
