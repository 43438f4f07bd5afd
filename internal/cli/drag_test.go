package cli_test

import (
	"strings"
	"testing"
)

// drag reorders a pointer-driven list and an HTML5 drag-and-drop list.
func TestDragReorders(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	openPage(t, s, page("drag.html"))
	mustOK(t, tact(t, s, "drag", "text=Gamma", "text=Alpha"))
	mustOK(t, tact(t, s, "drag", "text=Three", "text=One"))
	got := evalIn(t, s, `document.body.dataset.order`)
	if got != "Gamma,Alpha,Beta | Three,One,Two" {
		t.Errorf("order after the drags: %q", got)
	}
	if r := tact(t, s, "drag", "text=Alpha", ""); r.code != 2 {
		t.Errorf("empty drop target: exit %d", r.code)
	}
	if !strings.Contains(tact(t, s, "drag", "--help").out, "Drag an element") {
		t.Error("drag --help")
	}
}
