package cli_test

import (
	"testing"
)

// An added row is marked "+", a removed element names its row (rows and
// menus as snap shows them: internal/snapshot's TestRowsAndMenus), and
// after a --focus snap the next diff is against that moment: a row it
// showed removed is not reported removed again.
func TestDiffRowsAndWhatWasSeen(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "open", page("diff_rows.html"))
	mustOK(t, r)
	r = tact(t, s, "click", "css=#add")
	mustOK(t, r)
	has(t, "add a row", r.out, "\n+ \"Barbara Liskov\": @e")
	r = tact(t, s, "click", "css=.del >> nth=0")
	mustOK(t, r)
	has(t, "delete a row", r.out, `- removed @`, `[button] "Delete" in row "Ada Lovelace"`)
	r = tact(t, s, "click", "css=.del >> nth=0", "--focus", "css=#users")
	mustOK(t, r)
	lacks(t, "delete with --focus", r.out, "Grace Hopper\": @e")
	r = tact(t, s, "click", "css=.edit >> nth=0")
	mustOK(t, r)
	has(t, "edit after a focused action", r.out, "\"Alan Turing\": @e", `"Save"`)
	lacks(t, "edit after a focused action", r.out, "removed")
}
