package cli_test

import (
	"strings"
	"testing"
)

// Seed conformance (issue 18 §4): a dry run checks what a real run checks
// first and changes nothing — no navigation, no option picked.
func TestDryRunChangesNothing(t *testing.T) {
	t.Parallel()
	s := "seed-dry"
	r := tact(t, s, "open", page("seed_marks.html"))
	mustOK(t, r)
	for _, args := range [][]string{
		{"open", page("hello.html"), "--dry-run"},
		{"reload", "--dry-run"},
		{"back", "--dry-run"},
		{"tab", "new", page("other.html"), "--dry-run"},
	} {
		d := tact(t, s, args...)
		mustOK(t, d)
		if !strings.HasPrefix(d.out, "dry run: would ") {
			t.Errorf("%v: %q", args, d.out)
		}
	}
	if d := tact(t, s, "forward", "--dry-run"); d.code != 4 || !strings.Contains(d.err, "no next page") {
		t.Errorf("forward --dry-run with no next page: exit %d %s", d.code, d.err)
	}
	if u := tact(t, s, "eval", "location.pathname"); !strings.Contains(u.out, "seed_marks.html") {
		t.Fatalf("a dry run navigated: now at %s", u.out)
	}
	if l := tact(t, s, "tab", "list"); strings.Count(l.out, "\n") != 1 {
		t.Fatalf("tab new --dry-run opened a tab:\n%s", l.out)
	}
	size := refOf(t, r.out, `"size"`)
	if d := tact(t, s, "select", size, "Nope", "--dry-run"); d.code != 8 || !strings.Contains(d.err, "no option matches") {
		t.Errorf("select a missing option --dry-run: exit %d %s", d.code, d.err)
	}
	d := tact(t, s, "select", size, "Medium", "--dry-run")
	mustOK(t, d)
	if v := tact(t, s, "eval", "document.getElementById('size').value"); strings.TrimSpace(v.out) != "s" {
		t.Errorf("select --dry-run changed the value to %q", v.out)
	}
}

// §5: an action that does not fit the element's action mark is refused
// before it touches the page, naming the mark; §6: text=<label> reaches
// the labelled control.
func TestActionMarksAndLabelText(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	mustOK(t, tact(t, s, "open", page("seed_marks.html")))
	r := tact(t, s, "check", "css=#submit-btn")
	if r.code != 10 || !strings.Contains(r.err, "its action is click") {
		t.Fatalf("check on a button: exit %d %s", r.code, r.err)
	}
	if v := tact(t, s, "eval", "document.getElementById('out').textContent"); strings.TrimSpace(v.out) != "idle" {
		t.Fatalf("the refused check still clicked the button: %q", v.out)
	}
	if r := tact(t, s, "type", "css=#lnk", "hello"); r.code != 10 || !strings.Contains(r.err, "its action is click") {
		t.Errorf("type into a link: exit %d %s", r.code, r.err)
	}
	if r := tact(t, s, "select", "css=#user", "x"); r.code != 10 || !strings.Contains(r.err, "its action is type") {
		t.Errorf("select on a text field: exit %d %s", r.code, r.err)
	}
	mustOK(t, tact(t, s, "fill", "text=Username", "neo", "--no-snap"))
	mustOK(t, tact(t, s, "check", "text=Accept the terms", "--no-snap"))
	v := tact(t, s, "eval", "document.getElementById('user').value + '|' + document.getElementById('terms').checked")
	if strings.TrimSpace(v.out) != "neo|true" {
		t.Fatalf("text=<label> did not reach the controls: %q", v.out)
	}
}

// §9: closing the current tab makes the next one current and visible.
func TestCloseActivatesNextTab(t *testing.T) {
	t.Parallel()
	s := "seed-closetab"
	mustOK(t, tact(t, s, "open", page("hello.html"), "--no-snap"))
	mustOK(t, tact(t, s, "tab", "new", page("other.html"), "--no-snap"))
	mustOK(t, tact(t, s, "close"))
	l := tact(t, s, "tab", "list")
	mustOK(t, l)
	if !strings.Contains(l.out, "* ") || !strings.Contains(l.out, "hello.html") {
		t.Fatalf("no current tab after close:\n%s", l.out)
	}
	if v := tact(t, s, "eval", "document.visibilityState"); strings.TrimSpace(v.out) != "visible" {
		t.Fatalf("the tab tact fell back to is %q", v.out)
	}
}

// §10: text and controls after an iframe belong to the section around
// the iframe, not to the frame's last heading.
func TestTextAfterFrameKeepsSection(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("seed_marks.html"))
	mustOK(t, r)
	i := strings.Index(r.out, "Card details")
	j := strings.Index(r.out, `"Pay now"`)
	if i < 0 || j < i {
		t.Fatalf("snap:\n%s", r.out)
	}
	if !strings.Contains(r.out[i:j], "# Checkout") {
		t.Fatalf("Pay now is filed under the frame's heading:\n%s", r.out)
	}
}

// §11: screenshot --annotate with no snap of the page takes one and says
// how many labels it drew.
func TestAnnotateWithoutSnap(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	mustOK(t, tact(t, s, "open", page("seed_marks.html"), "--no-snap"))
	mustOK(t, tact(t, s, "reload", "--no-snap")) // no snap of this document
	r := tact(t, s, "screenshot", "--annotate", "--file", t.TempDir()+"/a.png")
	mustOK(t, r)
	if !strings.Contains(r.err, "ref labels (took a snap") || strings.Count(r.out, "\n") != 1 {
		t.Fatalf("annotate without a snap:\n%s%s", r.out, r.err)
	}
}
