package render

import (
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/snapshot"
)

// foldItems is a page with a navigation of n links (handle e100), an
// article and a code block.
func foldItems(n int, renamed string) []snapshot.Item {
	items := []snapshot.Item{{K: snapshot.KindRegion, Ref: 100, Role: "navigation", Name: "Sections", N: n}}
	for i := 1; i <= n; i++ {
		name := "Link " + string(rune('A'+i-1))
		if i == 2 && renamed != "" {
			name = renamed
		}
		items = append(items, snapshot.Item{K: snapshot.KindElement, Ref: i, Role: "link", Name: name, Tag: "a", Action: "click"})
	}
	items = append(items, snapshot.Item{K: snapshot.KindHeading, Level: 3, Text: "Inside the menu"},
		snapshot.Item{K: snapshot.KindRegionEnd},
		snapshot.Item{K: snapshot.KindHeading, Level: 1, Text: "Story"},
		snapshot.Item{K: snapshot.KindText, Text: "The story's text."},
		snapshot.Item{K: snapshot.KindCode, Text: "func main() {", N: 12},
		snapshot.Item{K: snapshot.KindText, Text: "func main() { fmt.Println() }"},
		snapshot.Item{K: snapshot.KindCodeEnd},
		snapshot.Item{K: snapshot.KindElement, Ref: 50, Role: "button", Name: "Share", Tag: "button", Action: "click"})
	return items
}

func TestFoldedText(t *testing.T) {
	p := snapshot.Build("http://x/", "X", foldItems(9, ""))
	full, _ := Text(p, Options{})
	folded, st := Text(p.Folded(nil), Options{})
	if !strings.Contains(full, `@e5 "Link E"`) || !strings.Contains(full, "### Inside the menu") || !strings.Contains(full, "fmt.Println") {
		t.Errorf("unfolded:\n%s", full)
	}
	want := "X — http://x/\n## Sections — 9 links: Link A, Link B, Link C, Link D, … (snap --focus @e100)\n# Story\n> The story's text.\n> code, 12 lines: func main() {\n@e50 [button] \"Share\"\n"
	if folded != want || st.Elements != 1 {
		t.Errorf("folded (%d elements):\n%s\nwant:\n%s", st.Elements, folded, want)
	}
	if fp := p.Folded(nil); len(fp.Flat()) != 10 {
		t.Errorf("a folded page lists %d elements, want all 10", len(fp.Flat()))
	}
}

func TestFoldedKeepsChangedRegions(t *testing.T) {
	prev := snapshot.Build("http://x/", "X", foldItems(9, ""))
	cur := snapshot.Build("http://x/", "X", foldItems(9, "Link B (3 new)"))
	keep := snapshot.Changed(prev, cur)
	if keep == nil || !keep("e100") {
		t.Fatal("a region whose link changed is not kept open")
	}
	out, _ := Text(cur.Folded(keep), Options{})
	if !strings.Contains(out, `"Link B (3 new)"`) || strings.Contains(out, "snap --focus") {
		t.Errorf("changed region:\n%s", out)
	}
	if snapshot.Changed(prev, prev) != nil {
		t.Error("an unchanged page keeps regions open")
	}
	// A new document at the same URL (all refs new) changed nothing.
	items := foldItems(9, "")
	for i := range items {
		if items[i].K == snapshot.KindElement {
			items[i].Ref += 1000
		}
	}
	if snapshot.Changed(prev, snapshot.Build("http://x/", "X", items)) != nil {
		t.Error("a reloaded page keeps regions open")
	}
	// A page not built from walker items stays as it is.
	lit := &snapshot.Page{URL: "http://x/", Sections: []snapshot.Section{{Heading: "H", Level: 1}}}
	if lit.Folded(nil) != lit {
		t.Error("a page without items changed by Folded")
	}
}
