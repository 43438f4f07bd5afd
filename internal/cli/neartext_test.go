package cli_test

import (
	"strings"
	"testing"
)

// An unlabelled field is named by the last short block of text before it,
// its words kept apart: not the page's instructions further up, not the
// cells of a table before it, not every line of a header; a paragraph
// just beside it still names it. label= finds the field by that name.
func TestNamesFromTextBefore(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("names_near.html"))
	for _, want := range []string{
		`[input:text] id="search-text"`, // the instructions two boxes up are no label
		`[input:text] id="tt"`,          // a table's cells name fields inside it only
		`[input:text] "Dis urna proin placerat neque, lectus turpis." id="answer"`,
		`[textarea] "subject: Re: Lunch on Friday" id="reply-text"`, // the header's last line
		`[input:text] "City (where you live)" id="city"`,            // a label's blocks apart
	} {
		if !strings.Contains(out, want) {
			t.Errorf("snap lacks %s:\n%s", want, out)
		}
	}
	mustOK(t, tact(t, s, "fill", `label=subject: Re: Lunch on Friday`, "hi", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("reply-text").value`); got != "hi" {
		t.Errorf("fill by label=: value %q", got)
	}
}
