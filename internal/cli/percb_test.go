package cli_test

import (
	"strings"
	"testing"
)

// drag reorders a mouse-event sortable (jQuery UI's manner: it swaps an
// item only once the pointer crossed that item's middle), and a drag
// that moves nothing says so instead of "ok"; the reordered list shows
// in what changed.
func TestDragSortableVerdict(t *testing.T) {
	t.Parallel()
	s := "percb-drag"
	openPage(t, s, page("percb_drag.html"))
	r := tact(t, s, "drag", "css=#sortable li:nth-child(2)", "css=#sortable li:nth-child(3)")
	mustOK(t, r)
	if got := evalIn(t, s, `[...document.querySelectorAll("#sortable li")].map((l) => l.textContent).join(",")`); got != "Willa,Alvera,Gerda,Marcille,Terza" {
		t.Fatalf("order after dragging Gerda onto Alvera: %s\n%s", got, r.out)
	}
	if !strings.HasPrefix(r.out, "ok\n") || !strings.Contains(r.out, "Willa | Alvera | Gerda | Marcille") {
		t.Errorf("drag output lacks ok or the reordered list:\n%s", r.out)
	}
	// Upwards: Terza onto Willa goes first.
	mustOK(t, tact(t, s, "drag", "css=#sortable li:nth-child(5)", "css=#sortable li:nth-child(1)", "--no-snap"))
	if got := evalIn(t, s, `[...document.querySelectorAll("#sortable li")].map((l) => l.textContent).join(",")`); got != "Terza,Willa,Alvera,Gerda,Marcille" {
		t.Errorf("order after dragging Terza onto Willa: %s", got)
	}
	// A list nothing listens to: the drag happened, nothing moved.
	r = tact(t, s, "drag", "text=North", "text=South", "--no-snap")
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "no change (the drag moved nothing") {
		t.Errorf("a drag that moved nothing reads as done:\n%s", r.out)
	}
	r = tact(t, s, "-o", "json", "drag", "text=North", "text=South", "--no-snap")
	if !strings.Contains(r.out, `"changed": false`) {
		t.Errorf("json of a drag that moved nothing lacks changed=false:\n%s", r.out)
	}
}
