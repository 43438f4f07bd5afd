package cli_test

import (
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// APG-like example pages (a widget, then long documentation): the default
// snap keeps every element of the widget, folds the documentation's links
// behind one --focus each and costs at most 1,800 characters (the median;
// issue 28). Everything --full prints is in the snap or one --focus away.
func TestDocPagesFold(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	pages := []struct {
		file   string
		widget []string
	}{
		{"eff_apg.html", []string{`[tab] "Maria Ahlefeldt" id="tab-1" selected`, `[tab] "Carl Andersen"`, `[tab] "Ida da Fonseca"`, `[tab] "Peter Müller"`, `"Maria Ahlefeldt" id="tabpanel-1"`}},
		{"eff_apg_combobox.html", []string{`[combobox] "State"`, `[button] "States"`}},
		{"eff_apg_disclosure.html", []string{`[button] "What do I do if my car is towed?" collapsed`, `[button] "Can I pay a parking ticket online?"`, `[button] "Where can I park for free?"`, `[button] "How do I get a resident permit?"`}},
	}
	refRE := regexp.MustCompile(`@e[0-9]+`)
	handleRE := regexp.MustCompile(`\(snap --focus (@e[0-9]+)\)`)
	var sizes []int
	for _, pg := range pages {
		r := tact(t, s, "snap", page(pg.file))
		mustOK(t, r)
		sizes = append(sizes, utf8.RuneCountInString(r.out))
		has(t, pg.file, r.out, append(pg.widget, "## Read This First", "## Keyboard Support", `[button] "Open In CodePen"`, "links within the page (snap --focus @e")...)
		seen := map[string]bool{}
		for _, ref := range refRE.FindAllString(r.out, -1) {
			seen[ref] = true
		}
		for _, h := range handleRE.FindAllStringSubmatch(r.out, -1) {
			f := tact(t, s, "snap", "--focus", h[1])
			mustOK(t, f)
			for _, ref := range refRE.FindAllString(f.out, -1) {
				seen[ref] = true
			}
		}
		full := tact(t, s, "snap", "--full")
		mustOK(t, full)
		var lost []string
		for _, l := range strings.Split(full.out, "\n") {
			for _, ref := range refRE.FindAllString(l, -1) {
				if !seen[ref] {
					lost = append(lost, l)
				}
			}
		}
		if len(lost) > 0 {
			t.Errorf("%s: not in the snap nor one --focus away: %q\nsnap:\n%s", pg.file, lost, r.out)
		}
	}
	sort.Ints(sizes)
	if m := sizes[len(sizes)/2]; m > 1800 {
		t.Errorf("median snap of the documentation pages: %d characters (%v), want at most 1,800", m, sizes)
	}
}
