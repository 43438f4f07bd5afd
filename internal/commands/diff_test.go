package commands

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/snapshot"
)

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

// A few removed elements keep a line each; a list replaced (a page turn)
// is one line that counts them by role and name (issue 39).
func TestRemovedLinesGrouped(t *testing.T) {
	el := func(ref, role, name string) snapshot.Element {
		return snapshot.Element{Ref: ref, Role: role, Name: name}
	}
	few := removedLines([]snapshot.Element{el("e1", "button", "Delete"), el("e2", "link", "Next")})
	if few != "- removed @e1 [button] \"Delete\"\n- removed @e2 [link] \"Next\"\n" {
		t.Errorf("few: %q", few)
	}
	var many []snapshot.Element
	for i := range 8 {
		many = append(many, el(fmt.Sprintf("e%d", i+10), "link", fmt.Sprintf("Product %d", i)), el(fmt.Sprintf("e%d", i+30), "button", "Add to Cart"))
	}
	got := removedLines(many)
	if !strings.HasPrefix(got, `- removed 16 elements: [link] "Product 0", [button] "Add to Cart" ×8, [link] "Product 1"`) || strings.Count(got, "\n") != 1 || !strings.Contains(got, "… 3 more") {
		t.Errorf("many: %q", got)
	}
	// Unnamed icons are told apart as their snap lines told them apart.
	var icons []snapshot.Element
	for i := range 4 {
		trash := snapshot.Element{Ref: fmt.Sprintf("e%d", 50+2*i), Role: "clickable", Attrs: snapshot.Attrs{{Key: "class", Value: "trash"}, {Key: "icon", Value: "delete.png"}}}
		star := snapshot.Element{Ref: fmt.Sprintf("e%d", 51+2*i), Role: "clickable", Attrs: snapshot.Attrs{{Key: "class", Value: "star"}}}
		icons = append(icons, trash, star)
	}
	if got := removedLines(icons); got != `- removed 8 elements: [clickable] icon="delete.png" ×4, [clickable] class="star" ×4`+"\n" {
		t.Errorf("unnamed icons: %q", got)
	}
}

// A select whose value changed prints its new value, not its options
// again (issue 39).
func TestChangedSelectWithoutOptions(t *testing.T) {
	prev := "## Choices\n@e5 [select] \"Colour\" value=\"Red\" options=\"Red|Green|Blue\"\n"
	changed := "## Choices\n@e5 [select] \"Colour\" value=\"Green\" options=\"Red|Green|Blue\"\n@e6 [select] \"Size\" value=\"S\" options=\"S|M\"\n"
	want := "## Choices\n@e5 [select] \"Colour\" value=\"Green\"\n@e6 [select] \"Size\" value=\"S\" options=\"S|M\"\n"
	if got := sameOptionsOut(prev, changed); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
