package commands

import "testing"

// A list a drag reordered prints its moved lines in their new order; a
// summary whose blocks moved counts as reordered.
func TestDiffShowsReorder(t *testing.T) {
	prev := "# List\n@e1 \"Willa\"\n@e2 \"Gerda\"\n@e3 \"Alvera\"\n@e4 \"Marcille\"\n"
	cur := "# List\n@e1 \"Willa\"\n@e3 \"Alvera\"\n@e2 \"Gerda\"\n@e4 \"Marcille\"\n"
	if got, want := changedLines(prev, cur), "# List\n@e3 \"Alvera\"\n@e2 \"Gerda\"\n"; got != want {
		t.Errorf("changedLines of a reorder:\n%s\nwant:\n%s", got, want)
	}
	if got := changedLines(prev, prev); got != "# List\n" {
		t.Errorf("changedLines of the same text: %q", got)
	}
	if !reordered("Order: a | Willa | Gerda | Alvera", "Willa | Alvera | Gerda") {
		t.Error("a summary whose blocks moved is not reordered")
	}
	if reordered("Willa | Gerda | Alvera", "Willa | Gerda | Alvera | New") {
		t.Error("a summary with a block added counts as reordered")
	}
}
