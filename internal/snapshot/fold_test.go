package snapshot_test

import (
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/render"
)

// again is the options of a later snap of the same document: refs the
// walker gave keep their numbers, new ones come after.
func again() map[string]any { return map[string]any{"nextRef": 100000} }

// foldRef is the ref number of the handle of the folded line that
// contains needle.
func foldRef(t *testing.T, out, needle string) int {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, needle) {
			if m := regexp.MustCompile(`\(snap --focus @e([0-9]+)\)$`).FindStringSubmatch(l); m != nil {
				n, _ := strconv.Atoi(m[1])
				return n
			}
		}
	}
	t.Fatalf("no folded line with %q in:\n%s", needle, out)
	return 0
}

// A news page: the sections menu and the footer's site index fold to a
// line each; the article, and the search form of the menu, do not.
func TestFoldNavFooterArticle(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "fold_site.html")
	s := snapPage(t, tab, nil, false)
	out := s.text
	has(t, "snap", out,
		"## Sections — 16 links: World, U.S., Politics, N.Y., … (snap --focus @e",
		"## Site Index Navigation — 36 links: News 1, News 2, News 3, News 4, … (snap --focus @e",
		`[input:search] "Search"`, `[button] "Go"`,
		"# Council approves the river park", "> The city council voted on Tuesday", `"full plan"`, `[button] "Share"`)
	lacks(t, "snap", out, `"Business"`, `"Opinion 3"`, "### Arts")

	// One --focus opens a region in full.
	f := snapFocusRef(t, tab, foldRef(t, out, "## Sections"), false).text
	has(t, "snap --focus (sections)", f, `"World"`, `"Business"`, `"Magazine"`)
	f = snapFocusRef(t, tab, foldRef(t, out, "## Site Index"), false).text
	has(t, "snap --focus (site index)", f, "### Arts", `"Arts 9"`, `"Living 1"`)

	// --full folds nothing.
	full := snapPage(t, tab, again(), true).text
	has(t, "snap --full", full, `"Business"`, "### Opinion", `"Living 9"`)
	lacks(t, "snap --full", full, "snap --focus")

	// JSON lists every element, folded or not, and says what is folded.
	j, err := render.JSON(s.page)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Sections []struct {
			Folds []struct {
				Ref, Kind string
				Count     int
			}
		}
		Elements []struct{ Name string }
	}
	if err := json.Unmarshal(j, &p); err != nil {
		t.Fatalf("%v\n%s", err, j)
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
	if href := locate(t, tab, "text=Business", "el.getAttribute('href')"); !strings.Contains(href, "/section/business") {
		t.Errorf("text=Business finds %s", href)
	}
}

// A documentation page: code listings show their first line and size, the
// long keyboard table its first rows and how many more.
func TestFoldCodeAndTable(t *testing.T) {
	tab, out := openSnap(t, "fold_doc.html")
	has(t, "snap", out,
		`> code, 41 lines: <div role="tablist" aria-label="Entertainment">`,
		"> code, 47 lines: function activate(tab) {",
		"## Keyboard Support", "Key 1", "… 10 more rows (snap --focus @e", `"Open In CodePen"`,
		"## Patterns — 20 links")
	lacks(t, "snap", out, "step1(tab)", "Key 14")
	full := snapPage(t, tab, again(), true).text
	has(t, "snap --full", full, "step1(tab)", `"Pattern 20"`)
	lacks(t, "snap --full", full, "more rows", "code, ")

	tab.Navigate(t, "fold_table.html")
	out = snapPage(t, tab, again(), false).text
	has(t, "snap", out, `"Order 1"`, `"Order 4"`, "… 36 more rows (snap --focus @e", "## After", `"More orders"`)
	lacks(t, "snap", out, `"Order 5"`, `"Order 40"`)
	f := snapFocusRef(t, tab, foldRef(t, out, "more rows"), false).text
	has(t, "snap --focus (the table)", f, `"Order 5"`, `"Order 40"`)
	lacks(t, "snap --focus (the table)", f, "more rows")
}

// APG-like example pages (a widget, then long documentation): the default
// snap keeps every element of the widget, folds the documentation's links
// behind one --focus each and costs at most 1,800 characters (the median;
// issue 28). Everything --full prints is in the snap or one --focus away.
func TestDocPagesFold(t *testing.T) {
	pages := []struct {
		file   string
		widget []string
	}{
		{"eff_apg.html", []string{`[tab] "Maria Ahlefeldt" id="tab-1" selected`, `[tab] "Carl Andersen"`, `[tab] "Ida da Fonseca"`, `[tab] "Peter Müller"`, `"Maria Ahlefeldt" id="tabpanel-1"`}},
		{"eff_apg_combobox.html", []string{`[combobox] "State"`, `[button] "States"`}},
		{"eff_apg_disclosure.html", []string{`[button] "What do I do if my car is towed?" collapsed`, `[button] "Can I pay a parking ticket online?"`, `[button] "Where can I park for free?"`, `[button] "How do I get a resident permit?"`}},
	}
	refRE := regexp.MustCompile(`@e[0-9]+`)
	handleRE := regexp.MustCompile(`\(snap --focus @e([0-9]+)\)`)
	tab := browsertest.NewTab(t)
	var sizes []int
	for _, pg := range pages {
		tab.Navigate(t, pg.file)
		out := snapPage(t, tab, nil, false).text
		sizes = append(sizes, utf8.RuneCountInString(out))
		has(t, pg.file, out, append(pg.widget, "## Read This First", "## Keyboard Support", `[button] "Open In CodePen"`, "links within the page (snap --focus @e")...)
		seen := map[string]bool{}
		for _, ref := range refRE.FindAllString(out, -1) {
			seen[ref] = true
		}
		for _, h := range handleRE.FindAllStringSubmatch(out, -1) {
			n, _ := strconv.Atoi(h[1])
			f := snapFocusRef(t, tab, n, false).text
			for _, ref := range refRE.FindAllString(f, -1) {
				seen[ref] = true
			}
		}
		full := snapPage(t, tab, again(), true).text
		var lost []string
		for _, l := range strings.Split(full, "\n") {
			for _, ref := range refRE.FindAllString(l, -1) {
				if !seen[ref] {
					lost = append(lost, l)
				}
			}
		}
		if len(lost) > 0 {
			t.Errorf("%s: not in the snap nor one --focus away: %q\nsnap:\n%s", pg.file, lost, out)
		}
	}
	sort.Ints(sizes)
	if m := sizes[len(sizes)/2]; m > 1800 {
		t.Errorf("median snap of the documentation pages: %d characters (%v), want at most 1,800", m, sizes)
	}
}
