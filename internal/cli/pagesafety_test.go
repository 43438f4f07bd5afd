package cli_test

import (
	"strings"
	"testing"
)

// A page whose load event never fires (one image that never finishes) is
// shown as it is after DOMContentLoaded, with a note, not a TIMEOUT.
func TestNeverFinishingSubresource(t *testing.T) {
	s := "loadhang"
	u := page("load_hang.html")
	for _, args := range [][]string{
		{"open", u}, {"snap", u}, {"snap"}, {"read", u}, {"read"}, {"reload"},
	} {
		r := tact(t, s, append([]string{"--timeout", "20s"}, args...)...)
		if r.code != 0 {
			t.Errorf("%v: exit %d: %s", args, r.code, r.err)
			continue
		}
		want := `"Read more"`
		if args[0] == "read" {
			want = "The article text is here"
		}
		if !strings.Contains(r.out, want) || !strings.Contains(r.out, "(page still loading)") {
			t.Errorf("%v: output lacks the content or the note:\n%s", args, r.out)
		}
	}
	r := tact(t, s, "-o", "json", "snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `"loading": true`) {
		t.Errorf("snap -o json does not say the page is loading:\n%.400s", r.out)
	}
	// A page that loads says nothing.
	r = tact(t, s, "snap", page("hello.html"))
	mustOK(t, r)
	if strings.Contains(r.out, "still loading") {
		t.Errorf("a loaded page is reported as loading:\n%s", r.out)
	}
}
