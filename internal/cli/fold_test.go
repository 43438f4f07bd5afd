package cli_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// foldRef is the handle of the folded line that contains needle.
func foldRef(t *testing.T, out, needle string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, needle) {
			if m := regexp.MustCompile(`\(snap --focus @(e[0-9]+)\)$`).FindStringSubmatch(l); m != nil {
				return "@" + m[1]
			}
		}
	}
	t.Fatalf("no folded line with %q in:\n%s", needle, out)
	return ""
}

// A news page: the sections menu and the footer's site index fold to a
// line each; the article, and the search form of the menu, do not.
func TestFoldNavFooterArticle(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("fold_site.html"))
	mustOK(t, r)
	has(t, "snap", r.out,
		"## Sections — 16 links: World, U.S., Politics, N.Y., … (snap --focus @e",
		"## Site Index Navigation — 36 links: News 1, News 2, News 3, News 4, … (snap --focus @e",
		`[input:search] "Search"`, `[button] "Go"`,
		"# Council approves the river park", "> The city council voted on Tuesday", `"full plan"`, `[button] "Share"`)
	lacks(t, "snap", r.out, `"Business"`, `"Opinion 3"`, "### Arts")
	nav := foldRef(t, r.out, "## Sections")

	// One --focus opens a region in full.
	f := tact(t, s, "snap", "--focus", nav)
	mustOK(t, f)
	has(t, "snap --focus "+nav, f.out, `"World"`, `"Business"`, `"Magazine"`)
	idx := foldRef(t, r.out, "## Site Index")
	f = tact(t, s, "snap", "--focus", idx)
	mustOK(t, f)
	has(t, "snap --focus "+idx, f.out, "### Arts", `"Arts 9"`, `"Living 1"`)

	// --full folds nothing.
	full := tact(t, s, "snap", "--full")
	mustOK(t, full)
	has(t, "snap --full", full.out, `"Business"`, "### Opinion", `"Living 9"`)
	lacks(t, "snap --full", full.out, "snap --focus")

	// JSON lists every element, folded or not, and says what is folded.
	j := tact(t, s, "-o", "json", "snap")
	mustOK(t, j)
	var p struct {
		Sections []struct {
			Folds []struct {
				Ref, Kind string
				Count     int
			}
		}
		Elements []struct{ Name string }
	}
	if err := json.Unmarshal([]byte(j.out), &p); err != nil {
		t.Fatalf("%v\n%s", err, j.out)
	}
	names := map[string]bool{}
	for _, e := range p.Elements {
		names[e.Name] = true
	}
	folds := 0
	for _, sec := range p.Sections {
		folds += len(sec.Folds)
	}
	if !names["Business"] || !names["Living 9"] || folds != 2 {
		t.Errorf("JSON: %d folds, Business %v, Living 9 %v", folds, names["Business"], names["Living 9"])
	}

	// A folded element is reachable by locator without unfolding.
	c := tact(t, s, "click", "text=Business", "--no-snap")
	mustOK(t, c)
	eventually(t, "the click on the folded link navigated", func() bool {
		u := tact(t, s, "eval", "location.pathname")
		return strings.Contains(u.out, "/section/business")
	})
}

// A documentation page: code listings show their first line and size, the
// long keyboard table its first rows and how many more.
func TestFoldCodeAndTable(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("fold_doc.html"))
	mustOK(t, r)
	has(t, "snap", r.out,
		`> code, 41 lines: <div role="tablist" aria-label="Entertainment">`,
		"> code, 47 lines: function activate(tab) {",
		"## Keyboard Support", "Key 1", "… 10 more rows (snap --focus @e", `"Open In CodePen"`,
		"## Patterns — 20 links")
	lacks(t, "snap", r.out, "step1(tab)", "Key 14")
	full := tact(t, s, "snap", "--full")
	mustOK(t, full)
	has(t, "snap --full", full.out, "step1(tab)", `"Pattern 20"`)
	lacks(t, "snap --full", full.out, "more rows", "code, ")

	r = tact(t, s, "snap", page("fold_table.html"))
	mustOK(t, r)
	has(t, "snap", r.out, `"Order 1"`, `"Order 4"`, "… 36 more rows (snap --focus @e", "## After", `"More orders"`)
	lacks(t, "snap", r.out, `"Order 5"`, `"Order 40"`)
	tbl := foldRef(t, r.out, "more rows")
	f := tact(t, s, "snap", "--focus", tbl)
	mustOK(t, f)
	has(t, "snap --focus "+tbl, f.out, `"Order 5"`, `"Order 40"`)
	lacks(t, "snap --focus "+tbl, f.out, "more rows")
}

// A dialog opened over folded regions is printed in full; the menu behind
// it stays folded.
func TestFoldDialogNeverFolded(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("fold_dialog.html"))
	mustOK(t, r)
	has(t, "snap", r.out, "## Main menu — 12 links", "## Footer — 12 links")
	lacks(t, "snap", r.out, `"Plan 1"`)
	c := tact(t, s, "click", "text=Choose a plan", "--snap")
	mustOK(t, c)
	has(t, "click", c.out, "## Main menu — 12 links", "## Pick a plan", `"Plan 1"`, `"Plan 10"`, `[button] "Close"`)
}

// An action whose effect is inside a folded region: the region shows in
// full after it, in the action's snap and in its --diff.
func TestFoldActionEffectShows(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("fold_effect.html"))
	mustOK(t, r)
	has(t, "snap", r.out, "## Catalog — 11 elements: Category 1")
	lacks(t, "snap", r.out, `"Extra 1"`, `"More categories"`)
	// The button is folded, but a locator finds it.
	c := tact(t, s, "click", "text=More categories")
	mustOK(t, c)
	has(t, "click", c.out, `"Extra 1"`, `"Extra 3"`, `"Category 1"`, `"More categories" id="more" expanded`)
	lacks(t, "click", c.out, "## Catalog — ")
	// Nothing changed since: the next snap folds it again.
	r = tact(t, s, "snap")
	mustOK(t, r)
	has(t, "snap", r.out, "## Catalog — 14 elements")

	// --diff: only the region that changed, not the unchanged article.
	r = tact(t, s, "snap", page("fold_effect.html"))
	mustOK(t, r)
	d := tact(t, s, "click", "text=More categories", "--diff")
	mustOK(t, d)
	has(t, "click --diff", d.out, `"Extra 1"`)
	lacks(t, "click --diff", d.out, "# Catalog\n", "Pick a category")
}
