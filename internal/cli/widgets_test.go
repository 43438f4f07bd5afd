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
	s := env.Pooled(t)
	out := openPage(t, s, page("widgets_drag.html"))
	// The items the library marks are listed as things to drag.
	if !strings.Contains(out, `[draggable] "Gerda"`) {
		t.Fatalf("snap lacks the sortable's items:\n%s", out)
	}
	r := tact(t, s, "drag", refOf(t, out, `"Gerda"`), refOf(t, out, `"Alvera"`))
	mustOK(t, r)
	if got := evalIn(t, s, `[...document.querySelectorAll("#sortable li")].map((l) => l.textContent).join(",")`); got != "Willa,Alvera,Gerda,Marcille,Terza" {
		t.Fatalf("order after dragging Gerda onto Alvera: %s\n%s", got, r.out)
	}
	// What changed shows the moved lines in their new order (below the
	// verdict, which names what moved).
	changed := r.out[strings.Index(r.out, "\n---\n")+1:]
	if a, g := strings.Index(changed, `"Alvera"`), strings.Index(changed, `"Gerda"`); !strings.HasPrefix(r.out, "ok\n") || a < 0 || g < a {
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

// A slider drawn without ARIA shows as a slider with its position, fill
// drives it by percent and press steps it; hover waits for the submenu
// a menu item announces and shows its items.
func TestWidgetsWithoutARIA(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("widgets_noaria.html"))
	// The page states no value: the handle's place prints as a place,
	// never as value= (an agent read a position as the page's number).
	if !strings.Contains(out, `[slider] at="40%"`) || strings.Contains(out, `value="40%"`) {
		t.Fatalf("snap lacks the slider with its position:\n%s", out)
	}
	slider := refOf(t, out, `[slider]`)
	r := tact(t, s, "fill", slider, "70%")
	mustOK(t, r)
	if got := evalIn(t, s, `document.getElementById("val").textContent`); got != "7" || !strings.Contains(r.out, "position: 70%") {
		t.Errorf("fill 70%%: the page shows %q; output:\n%s", got, r.out)
	}
	if r := tact(t, s, "fill", slider, "7"); r.code != 2 || !strings.Contains(r.err, "percentage") {
		t.Errorf("fill with a bare number: exit %d, %s", r.code, r.err)
	}
	mustOK(t, tact(t, s, "press", slider, "ArrowLeft", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("val").textContent`); got != "6" {
		t.Errorf("press ArrowLeft: the page shows %q", got)
	}
	r = tact(t, s, "hover", refOf(t, out, `"Playback"`))
	mustOK(t, r)
	if !strings.Contains(r.out, `[menuitem] "Prev"`) || !strings.Contains(r.out, "its popup opened") {
		t.Errorf("hover output lacks the submenu:\n%s", r.out)
	}
}
