package snapshot_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/inpage"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/snapshot"
)

// locate finds loc in the page as a target does (the Go parser's steps
// run by locator.js, which reads names as the walker gives them) and
// returns what expr (of el, the one match) says, or how many matched.
func locate(t testing.TB, tab *browsertest.Tab, loc, expr string) string {
	t.Helper()
	l, err := locator.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(l.Steps)
	var r struct {
		Count int    `json:"count"`
		Got   string `json:"got"`
	}
	tab.Eval(t, inpage.Source(snapshot.Module, locator.Module)+fmt.Sprintf(`;(() => { const r = __tact.locate(%s); const el = r.count === 1 ? __tact.lastMatch : null; return {count: r.count, got: el ? String(%s) : ""}; })()`, b, expr), &r)
	if r.Count != 1 {
		return fmt.Sprintf("(%d matches)", r.Count)
	}
	return r.Got
}

// locateID is the id of the one element loc matches.
func locateID(t testing.TB, tab *browsertest.Tab, loc string) string {
	t.Helper()
	return locate(t, tab, loc, "el.id")
}

// An unlabelled field is named by the last short block of text before it,
// its words kept apart: not the page's instructions further up, not the
// cells of a table before it, not every line of a header; a paragraph
// just beside it still names it. label= finds the field by that name.
func TestNamesFromTextBefore(t *testing.T) {
	tab, out := openSnap(t, "names_near.html")
	has(t, "snap", out,
		`[input:text] id="search-text"`, // the instructions two boxes up are no label
		`[input:text] id="tt"`,          // a table's cells name fields inside it only
		`[input:text] "Dis urna proin placerat neque, lectus turpis." id="answer"`,
		`[textarea] "subject: Re: Lunch on Friday" id="reply-text"`, // the header's last line
		`[input:text] "City (where you live)" id="city"`,            // a label's blocks apart
	)
	if id := locateID(t, tab, `label=subject: Re: Lunch on Friday`); id != "reply-text" {
		t.Errorf("label= by the near name finds %s", id)
	}
}

// Unlabelled fields are named by the text a person reads with them: the
// column header of their cell, their placeholder, else the text just
// before them (a login label, a question over code boxes); text CSS
// draws in ::before/::after counts in a name.
func TestNamesAPersonReads(t *testing.T) {
	tab, out := openSnap(t, "snap_names.html")
	has(t, "snap", out,
		`[input:text] "Username" id="username"`,
		`[input:password] "Password" id="pw"`,
		`[input:text] "What day comes 3 days after Monday?"`,
		`[input:text] "Month"`,       // the placeholder, which nearby text cannot change
		`[input:email] "Your email"`, // a heading before it is no label
		`[input:number] "Quantity"`,
		`[input:text] "Note" placeholder="optional"`, // the column header first
		`[button] "Remove user"`,                     // ::before with attr()
		`[button] "Delete Alice"`,                    // an icon-font glyph is no name
	)
	if n := strings.Count(out, `[input:text] "Enter the 6-digit code we sent you"`); n != 6 {
		t.Errorf("%d of 6 code boxes named by the question:\n%s", n, out)
	}
	// The name is what locators find it by.
	if id := locateID(t, tab, `role=textbox[name="Username"]`); id != "username" {
		t.Errorf("role= by the near name finds %s", id)
	}
}

// The text before a group of unlabelled radios is the group's question,
// not each radio's name (it stays in the summary); a choice is named by
// its value. A field in a table is named by its row's header cell, and
// label= finds it by that name. A text field's value is printed as it
// is: edge spaces and line breaks (escaped) kept.
func TestChoicesAndValuesAsTheyAre(t *testing.T) {
	tab, out := openSnap(t, "names_choices.html")
	has(t, "snap", out, `> Check the 1st radio button and enter the number "3" into the 2nd textbox.`, `[input:radio] "1"`, `[input:radio] "2"`,
		`value="Rutrum adipiscing. "`, `value="one\n  two"`, `[input:text] "Year"`, `[input:text] "Genre"`)
	if id := locateID(t, tab, "label=Year"); id != "year" {
		t.Errorf("label=Year finds %s", id)
	}
}
