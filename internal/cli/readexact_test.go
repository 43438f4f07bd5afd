package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// read --focus T --exact prints the text as the page has it
// (internal/page's TestExactText tests which), with no newline added, in
// text and in -o json; a password is a usage error that prints nothing,
// and so is --exact without --focus.
func TestReadExact(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", "--no-snap", page("read_exact.html")))
	want := "Total:  42  "
	r := tact(t, s, "read", "--focus", "css=#spaced", "--exact")
	mustOK(t, r)
	if r.out != want {
		t.Errorf("read --focus css=#spaced --exact = %q, want %q", r.out, want)
	}
	r = tact(t, s, "-o", "json", "read", "--focus", "css=#spaced", "--exact")
	mustOK(t, r)
	var j struct{ Markdown, Mode string }
	if err := json.Unmarshal([]byte(r.out), &j); err != nil || j.Markdown != want || j.Mode != "exact" {
		t.Errorf("-o json read --focus css=#spaced --exact = %s (%v)", r.out, err)
	}
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
