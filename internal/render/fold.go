package render

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/snapshot"
)

// docFolds returns p without the folds of documentation (a table of
// contents, a section's links) that are not worth it: all of them on a
// page that is not a long document (there, three links under a heading
// are likely what the page is for), and those that would cost more than
// the links' own lines (three short file names). p itself is not changed.
func docFolds(p *snapshot.Page, long bool) *snapshot.Page {
	var q *snapshot.Page
	for si := range p.Sections {
		s := &p.Sections[si]
		var keep []snapshot.FoldedRegion
		changed := false
		for _, f := range s.Folds {
			doc := f.Kind == "doc" || f.Kind == "contents"
			if doc && (!long || f.Kind == "doc" && f.At >= 0 && f.At+f.Count <= len(s.Elements) && !worthFolding(&f, s.Elements[f.At:f.At+f.Count])) {
				changed = true
				continue
			}
			keep = append(keep, f)
		}
		if !changed {
			continue
		}
		if q == nil {
			c := *p
			c.Sections = append([]snapshot.Section(nil), p.Sections...)
			q = &c
		}
		q.Sections[si].Folds = keep
	}
	if q == nil {
		return p
	}
	return q
}

// worthFolding reports whether f's line is shorter than its links' lines
// (estimated without hrefs, which a named link rarely prints).
func worthFolding(f *snapshot.FoldedRegion, els []snapshot.Element) bool {
	lines := 0
	for i := range els {
		lines += len(els[i].Ref) + 5 + utf8.RuneCountInString(snapshot.Cut(clean(els[i].Name), NameMax))
	}
	return utf8.RuneCountInString(docFoldLine(f, els)) < lines
}

// foldedRefs are the refs of the elements in p's folded regions.
func foldedRefs(p *snapshot.Page) map[string]bool {
	var m map[string]bool
	for si := range p.Sections {
		s := &p.Sections[si]
		for _, f := range s.Folds {
			for i := f.At; i < f.At+f.Count && i < len(s.Elements); i++ {
				if m == nil {
					m = map[string]bool{}
				}
				m[s.Elements[i].Ref] = true
			}
		}
	}
	return m
}

// A segment of a section's elements: a run printed as usual, or a folded
// region printed as one line.
type segment struct {
	n    int
	fold *snapshot.FoldedRegion
}

// segments splits n elements at the folds (in order, not overlapping).
func segments(els []snapshot.Element, folds []snapshot.FoldedRegion) []segment {
	var out []segment
	at := 0
	for i := range folds {
		f := &folds[i]
		if f.At < at || f.At+f.Count > len(els) {
			continue
		}
		if f.At > at {
			out = append(out, segment{n: f.At - at})
		}
		out = append(out, segment{n: f.Count, fold: f})
		at = f.At + f.Count
	}
	if at < len(els) {
		out = append(out, segment{n: len(els) - at})
	}
	return out
}

// shiftFolds returns s with its folds renumbered for its elements without
// element m (printed on the heading line).
func shiftFolds(s *snapshot.Section, m int) *snapshot.Section {
	if len(s.Folds) == 0 {
		return s
	}
	c := *s
	c.Folds = append([]snapshot.FoldedRegion(nil), s.Folds...)
	for i := range c.Folds {
		if c.Folds[i].At > m {
			c.Folds[i].At--
		}
	}
	return &c
}

// FoldNames is how many element names a folded region's line shows.
const FoldNames = 4

// regionNames are the default names of folded regions, by kind.
var regionNames = map[string]string{
	"navigation": "Navigation", "menu": "Menu", "header": "Header", "footer": "Footer", "sidebar": "Sidebar", "links": "Links",
	"contents": "Contents",
}

// foldLine is one folded region: `## Name — 72 links: World, U.S., … (snap
// --focus @e135)`, or for a long table's rows `… 12 more rows (snap --focus
// @e40)`.
func (w *writer) foldLine(s *snapshot.Section, f *snapshot.FoldedRegion, els []snapshot.Element) string {
	open := "(snap --focus @" + clean(f.Ref) + ")"
	if f.Kind == "rows" {
		return fmt.Sprintf("… %s %s", plural(f.Rows, "more row", "more rows"), open)
	}
	if f.Kind == "doc" {
		return docFoldLine(f, els)
	}
	name := snapshot.Cut(clean(f.Name), 60)
	if name == "" {
		name = regionNames[f.Kind]
	}
	if name == "" {
		name = "Region"
	}
	links := true
	for i := range els {
		if els[i].Role != "link" {
			links = false
		}
	}
	count := plural(len(els), "element", "elements")
	if links {
		count = plural(len(els), "link", "links")
	}
	level := s.Level + 1
	if level < 2 {
		level = 2
	}
	if level > 6 {
		level = 6
	}
	line := strings.Repeat("#", level) + " " + name + " — " + count
	if f.Kind == "contents" {
		// Their names are the headings that follow.
		line += " within the page"
	} else if names := foldNames(els, 60); names != "" {
		line += ": " + names
	}
	return line + " " + open
}

// docFoldLine is a documentation section's links in one line, under its
// heading and summary: `5 links: Spec, Examples, … (snap --focus @e40)`.
func docFoldLine(f *snapshot.FoldedRegion, els []snapshot.Element) string {
	return fmt.Sprintf("%s: %s (snap --focus @%s)", plural(len(els), "link", "links"), foldNames(els, DocNames), clean(f.Ref))
}

// DocNames is how many characters of link names a documentation
// section's fold line shows.
const DocNames = 40

// foldNames lists the first different names of els, at most FoldNames of
// them and about size characters, each cut at 24: "World, U.S., …".
func foldNames(els []snapshot.Element, size int) string {
	var names []string
	seen := map[string]bool{}
	used := 0
	for i := range els {
		n := snapshot.Cut(clean(els[i].Name), 24)
		if n == "" || seen[n] || len(names) >= FoldNames || used > size {
			continue
		}
		seen[n] = true
		names = append(names, n)
		used += len(n) + 2
	}
	out := strings.Join(names, ", ")
	if len(names) > 0 && len(names) < len(els) {
		out += ", …"
	}
	return out
}

// foldAt is the size of the fold starting at element i of s, or 0.
func foldAt(s *snapshot.Section, i int) int {
	for _, f := range s.Folds {
		if f.At == i {
			return f.Count
		}
	}
	return 0
}
