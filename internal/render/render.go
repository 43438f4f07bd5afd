// Package render prints a snapshot.Page for an agent: a compact text form
// (the default, with a token budget) and JSON / NDJSON for scripts.
package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/snapshot"
)

// Options tune the text renderer.
type Options struct {
	// MaxTokens caps the output at about this many tokens (4 characters
	// each); 0 means no limit.
	MaxTokens int
	// AllHrefs prints href= on every link. By default a link whose name
	// already identifies it (unique on the page, 3+ characters) goes without:
	// on the readability corpus hrefs were nearly half of all output, and
	// the agent clicks by ref anyway. JSON output always has them.
	AllHrefs bool
}

// Stats describe what Text printed.
type Stats struct {
	Elements  int  // element refs printed
	Tokens    int  // size of the output, characters/4 rounded up
	Truncated bool // the budget cut something
}

// CharsPerToken is the estimate used for budgets and stats.
const CharsPerToken = 4

// trailerReserve keeps room, in characters, for the final "cut" line.
const trailerReserve = 170

// Text renders p as:
//
//	Title — url
//	# Heading
//	> summary of the section's text
//	@e12 [role] "name" key="value" flag
//	@e13 "Home"
//	@e14 "News"
//	@e15 (same as @e14)
//	## Story title @e16
//	- @e20 "Item 1" href="/i/1" · @e21 [button] "Delete"
//	- @e22 "Item 2" href="/i/2" · @e23
//
// Links never print their role (a quoted name without a role is a link,
// the same in every snap); any other element shows its role. A heading
// whose text is an element's name carries that element's ref (and role,
// unless a link) instead of a separate line. A link to where a nearby
// link goes prints "(same as @eN)" when that is shorter than its name and
// href. Consecutive elements of three or more repeated items (rows, list
// items, cards) print one line per item; later items drop a name that is
// identical in every item, and such an element without state prints as
// its bare ref. Names are cut at NameMax characters, headings
// at HeadingMax, hrefs shortened (see shortHref). With a budget, output
// stops before exceeding it and ends with a line saying what was left out
// and how to get it.
func Text(p *snapshot.Page, o Options) (string, Stats) {
	long := p.IsFolded() && longPage(p)
	p = docFolds(p, long)
	w := &writer{limit: -1, folded: foldedRefs(p), long: long}
	if !o.AllHrefs {
		w.hideHref = redundantHrefs(p)
		w.alias = w.sameTargets(p)
	}
	if o.MaxTokens > 0 {
		w.limit = o.MaxTokens * CharsPerToken
	}
	w.line(Header(p))
	if p.Note != "" {
		w.line(p.Note)
	}
	if p.FramesLoading > 0 {
		w.line(FramesLoading(p.FramesLoading))
	}
	cutAt := -1
	for si := range p.Sections {
		s := &p.Sections[si]
		w.sec = si
		if !w.section(s) {
			cutAt = si
			break
		}
	}
	if cutAt >= 0 || w.skipped > 0 {
		w.trailer(p, cutAt)
	}
	out := w.b.String()
	return out, Stats{Elements: w.shown, Tokens: (utf8.RuneCountInString(out) + CharsPerToken - 1) / CharsPerToken, Truncated: w.cutDone}
}

// Header is the page line: a short title and the URL.
func Header(p *snapshot.Page) string {
	t := snapshot.Cut(clean(p.Title), 80)
	u := clean(p.URL)
	if len(u) > 160 {
		u = snapshot.Cut(u, 160)
	}
	switch {
	case t == "":
		return u
	case u == "":
		return t
	}
	return t + " — " + u
}

type writer struct {
	b       strings.Builder
	used    int // characters written (runes)
	limit   int // characters allowed, -1 for none
	shown   int
	cutDone bool
	// position reached when the budget ran out, for the trailer
	elemsLeftInSection int
	// elements left out of long repeated runs, and in how many sections
	skipped, skippedSecs int
	sec, lastSkipSec     int               // section being written; last one with a skip
	skippedHere          bool              // a long run of the current section was cut
	hideHref             map[string]bool   // by ref
	alias                map[string]string // ref -> ref of a nearby link to the same URL
	folded               map[string]bool   // refs of elements in folded regions (not printed)
	dialog               string            // ref of the dialog whose sections are being written
	long                 bool              // a folded long document (see longPage)
}

// DocSummaryMax is the longest summary, in characters, of a section with
// nothing to act on in a long document (the text of an APG example's
// "Keyboard Support" table): what the section is about, not its content,
// which tact read --from HEADING prints whole.
const DocSummaryMax = 60

// LongPage is how many headed sections make a page a long document.
const LongPage = 8

// longPage reports whether p is a long document: one whose sections of
// text cost more than they tell an agent acting on the page.
func longPage(p *snapshot.Page) bool {
	n := 0
	for i := range p.Sections {
		if p.Sections[i].Level > 0 {
			n++
		}
	}
	return n >= LongPage
}

// nothingToAct reports whether s shows nothing to act on but links (the
// rest folded away): its text is documentation, not the label of a
// control or the result of an action.
func nothingToAct(s *snapshot.Section) bool {
	if len(s.New) > 0 {
		return false
	}
	in := map[int]bool{}
	for _, f := range s.Folds {
		for i := f.At; i < f.At+f.Count; i++ {
			in[i] = true
		}
	}
	for i := range s.Elements {
		if !in[i] && s.Elements[i].Role != "link" {
			return false
		}
	}
	return true
}

// restHint says how to read the rest of a cut summary: the section from
// its heading (the first words of it, which read --from finds), or the
// page's text when the section has none.
func restHint(s *snapshot.Section) string {
	h := strings.TrimSuffix(snapshot.Cut(clean(s.Heading), 40), "…")
	if h == "" {
		return "(read)"
	}
	return "(read --from " + strconv.Quote(h) + ")"
}

// onlyNames reports whether a summary is little more than the names of
// els (labels around a list of file links): under 20 letters are left
// when their names are taken out.
func onlyNames(sum string, els []snapshot.Element) bool {
	if sum == "" || strings.HasSuffix(sum, "…") {
		return false
	}
	for i := range els {
		if n := clean(els[i].Name); n != "" {
			sum = strings.ReplaceAll(sum, n, "")
		}
	}
	letters := 0
	for _, r := range sum {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters < 20
}

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

// redundantHrefs finds the links whose href can be left out of the text:
// those with a name of 3+ characters that no other link of the same
// section with a different href shares. "Read more" ×10 in one list keeps
// its hrefs; "Pricing" does not need one, nor does the "Read more" under
// each teaser's own heading (the section tells them apart).
func redundantHrefs(p *snapshot.Page) map[string]bool {
	hide := map[string]bool{}
	folded := foldedRefs(p)
	for si := range p.Sections {
		els := p.Sections[si].Elements
		if folded != nil {
			var shown []snapshot.Element
			for _, e := range els {
				if !folded[e.Ref] {
					shown = append(shown, e)
				}
			}
			els = shown
		}
		hrefs := map[string]string{} // name -> first href; "\x00" once two differ
		for _, e := range els {
			h, ok := e.Attrs.Get("href")
			if !ok {
				continue
			}
			if prev, seen := hrefs[e.Name]; !seen {
				hrefs[e.Name] = h
			} else if prev != h {
				hrefs[e.Name] = "\x00"
			}
		}
		for _, e := range els {
			if h, ok := e.Attrs.Get("href"); ok && utf8.RuneCountInString(e.Name) >= 3 && hrefs[e.Name] == h {
				hide[e.Ref] = true
			}
		}
	}
	return hide
}

// AliasWindow is how far apart (in elements) two links to the same URL
// may be for the later one to print as "(same as @eN)".
const AliasWindow = 4

// sameTargets finds links that go where a nearby link goes (a card's image
// link and its title link, a nameless icon next to its text link) and
// whose own name and href would cost more than pointing at that link. The
// one kept in full is the link a heading names, else the first with a name.
func (w *writer) sameTargets(p *snapshot.Page) map[string]string {
	type pos struct {
		e       *snapshot.Element
		sec     int
		heading bool
	}
	var all []pos
	for si := range p.Sections {
		s := &p.Sections[si]
		m := -1
		if s.Level > 0 && s.Heading != "" {
			m = headingElement(s)
		}
		for i := range s.Elements {
			if w.folded[s.Elements[i].Ref] {
				continue // not printed: nothing can point at it
			}
			all = append(all, pos{&s.Elements[i], si, i == m})
		}
	}
	target := func(e *snapshot.Element) string {
		if e.Role != "link" || len(e.Attrs) != 1 {
			return "" // flags (selected, expanded) make it different
		}
		h, _ := e.Attrs.Get("href")
		if h == "" || h == "#" {
			return ""
		}
		return h
	}
	alias := map[string]string{}
	for i := 0; i < len(all); {
		h := target(all[i].e)
		if h == "" {
			i++
			continue
		}
		// The cluster: links to h, each within AliasWindow of the previous.
		members := []int{i}
		last := i
		for j := i + 1; j < len(all) && j-last <= AliasWindow; j++ {
			if target(all[j].e) == h {
				members = append(members, j)
				last = j
			}
		}
		if len(members) > 1 {
			primary := -1
			for _, k := range members {
				if all[k].heading {
					primary = k
					break
				}
			}
			for _, k := range members {
				if primary < 0 && all[k].e.Name != "" {
					primary = k
				}
			}
			if primary >= 0 {
				pr := all[primary].e.Ref
				for _, k := range members {
					if k == primary {
						continue
					}
					e := all[k].e
					if all[k].sec != all[primary].sec && !all[primary].heading {
						continue // only a heading is plain to see from another section
					}
					full := utf8.RuneCountInString(w.elementLine(e, noRole, true))
					short := len(e.Ref) + len(" (same as @)") + len(pr) + 1
					if full > short+2 {
						alias[e.Ref] = pr
					}
				}
			}
		}
		i = last + 1
	}
	return alias
}

// NameMax is the longest element name printed in text, in characters:
// enough to choose an element, not a teaser paragraph. JSON has the
// walker's full name.
const NameMax = 50

// HeadingMax is the longest heading printed in text, in characters.
const HeadingMax = 100

// HrefMax is the longest href printed in text, in characters.
const HrefMax = 60

// shortHref drops the scheme and "www." of an absolute URL and shortens a
// long one to its host and the end of its path, which is what tells an
// agent where a link goes (it clicks by ref; JSON has the whole URL).
func shortHref(h string) string {
	for _, p := range []string{"https://", "http://"} {
		if strings.HasPrefix(h, p) {
			h = strings.TrimPrefix(h[len(p):], "www.")
			break
		}
	}
	if q := strings.IndexByte(h, '?'); q >= 0 && len(h)-q > 20 {
		h = h[:q] + "?…" // tracking parameters, mostly
	}
	r := []rune(h)
	if len(r) <= HrefMax {
		return h
	}
	head := 0 // keep the host (or a relative path's first segment)
	for head < len(r) && head < HrefMax/2 && (head == 0 || r[head] != '/') {
		head++
	}
	tail := len(r) - (HrefMax - head - 2)
	cut := -1
	for k := tail; k < len(r)-8 && cut < 0; k++ {
		if r[k] == '/' {
			cut = k
		}
	}
	for k := tail; k < len(r)-8 && cut < 0; k++ {
		if r[k] == '-' || r[k] == '_' {
			cut = k
		}
	}
	if cut >= 0 {
		tail = cut
	}
	return string(r[:head]) + "/…" + string(r[tail:])
}

// fits reports whether a line of n characters still fits, keeping room for
// the trailer.
func (w *writer) fits(s string) bool {
	if w.limit < 0 {
		return true
	}
	return w.used+utf8.RuneCountInString(s)+1 <= w.limit-trailerReserve
}

func (w *writer) line(s string) {
	w.b.WriteString(s)
	w.b.WriteByte('\n')
	w.used += utf8.RuneCountInString(s) + 1
}

// try writes s if it fits and reports whether it did.
func (w *writer) try(s string) bool {
	if !w.fits(s) {
		return false
	}
	w.line(s)
	return true
}

// section writes one section; false when the budget ran out inside it (w
// then knows how many of its elements were not printed).
func (w *writer) section(s *snapshot.Section) bool {
	els := s.Elements
	if !w.dialogLine(s) {
		w.elemsLeftInSection = len(els)
		return false
	}
	if s.Level > 0 && s.Heading != "" {
		h := strings.Repeat("#", s.Level) + " " + snapshot.Cut(clean(s.Heading), HeadingMax)
		m := headingElement(s)
		if m >= 0 {
			// The heading is the element's name (a teaser title link, an
			// accordion button): one line instead of two.
			h += " " + w.elementLine(&els[m], withRole, false)
		}
		if !w.try(h) {
			w.elemsLeftInSection = len(els)
			return false
		}
		if m >= 0 {
			w.shown++
			els = append(els[:m:m], els[m+1:]...)
		}
	}
	doc := w.long && s.Level > 0 && nothingToAct(s)
	if s.Summary != "" {
		sum := clean(s.Summary)
		if doc {
			sum = snapshot.Cut(sum, DocSummaryMax)
		}
		if doc && onlyNames(sum, s.Elements) {
			sum = "" // "CSS: a.css | JavaScript: b.js": the links say it
		}
		if !doc && strings.HasSuffix(sum, "…") {
			// Not on a long docs page, whose summaries are cut short on
			// purpose, one per section: hints would cost more than text.
			sum += " " + restHint(s)
		}
		if sum != "" && !w.try("> "+sum) {
			w.elemsLeftInSection = len(els)
			return false
		}
	}
	// Text the last action made appear, whole (see snapshot.MarkNew).
	for _, t := range s.New {
		if !w.try("> " + clean(t)) {
			w.elemsLeftInSection = len(els)
			return false
		}
	}
	if s.Level > 0 && s.Heading != "" {
		// els lost the heading's element: fold positions after it move up.
		if m := headingElement(s); m >= 0 {
			s = shiftFolds(s, m)
		}
	}
	for _, c := range s.Code {
		if !w.try(codeLine(c)) {
			w.elemsLeftInSection = len(els)
			return false
		}
	}
	w.skippedHere = false
	done := 0
	for _, seg := range segments(els, s.Folds) {
		if seg.fold != nil && seg.n == 0 && doc {
			continue // rows of a documentation table: text, which read prints
		}
		if seg.fold != nil {
			if !w.try(w.foldLine(s, seg.fold, els[done:done+seg.n])) {
				w.elemsLeftInSection = len(els) - done
				return false
			}
			done += seg.n
			continue
		}
		if !w.elements(els[done:done+seg.n], len(els)-done-seg.n) {
			return false
		}
		done += seg.n
	}
	return true
}

// FramesLoading is the note on a page snapped while n (> 0) of its frames
// were still loading.
func FramesLoading(n int) string {
	if n == 1 {
		return "(1 frame still loading)"
	}
	return fmt.Sprintf("(%d frames still loading)", n)
}

// RestOfPage is the line between open dialogs, which lead a snap, and
// the rest of the page.
const RestOfPage = "# (the rest of the page)"

// dialogLine writes `# [dialog] "Name" @e17` before the first section of
// an open dialog, and a line where the page after the dialogs starts;
// false when the budget ran out.
func (w *writer) dialogLine(s *snapshot.Section) bool {
	d := s.Dialog
	if d == nil {
		if w.dialog == "" {
			return true
		}
		w.dialog = ""
		return w.try(RestOfPage)
	}
	if d.Ref == w.dialog {
		return true
	}
	w.dialog = d.Ref
	line := "# [" + d.Role + "]"
	if n := snapshot.Cut(clean(d.Name), HeadingMax); n != "" {
		line += " " + quote(n)
	}
	return w.try(line + " @" + clean(d.Ref))
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

// codeLine is a code block's first line and size.
func codeLine(c snapshot.Code) string {
	first := snapshot.Cut(clean(c.First), 80)
	if c.Lines <= 1 {
		return "> code: " + first
	}
	return fmt.Sprintf("> code, %s: %s", plural(c.Lines, "line", "lines"), first)
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

// elements writes a run of a section's elements (after which the section
// has left more); false when the budget ran out.
func (w *writer) elements(els []snapshot.Element, left int) bool {
	i := 0
	for _, bl := range w.blocks(els) {
		// A long run (a 3,000-row table, a page of links) may take at most
		// half of the budget left, so what follows it (pagination, footer
		// links) still shows; the rest of the run is summarized in one line
		// with its ref range.
		stop := -1
		if bl.run && w.limit >= 0 {
			stop = w.used + (w.limit-trailerReserve-w.used)/2
		}
		for k, l := range bl.lines {
			if stop >= 0 && k > 0 && w.used+utf8.RuneCountInString(l.text) > stop {
				rest := bl.lines[k:]
				m := 0
				for _, r := range rest {
					m += r.elems
				}
				var msg string
				if bl.links {
					msg = fmt.Sprintf("… %s (@%s–@%s) not shown", plural(m, "more link", "more links"), els[i].Ref, els[i+m-1].Ref)
				} else {
					msg = fmt.Sprintf("- … %s (%s, @%s–@%s) not shown", plural(len(rest), "more item", "more items"),
						plural(m, "element", "elements"), els[i].Ref, els[i+m-1].Ref)
				}
				if !w.try(msg) {
					w.elemsLeftInSection = len(els) - i + left
					return false
				}
				w.skipped += m
				if !w.skippedHere {
					w.skippedSecs++
					w.lastSkipSec = w.sec
					w.skippedHere = true
				}
				i += m
				break
			}
			if !w.try(l.text) {
				w.elemsLeftInSection = len(els) - i + left
				return false
			}
			w.shown += l.elems
			i += l.elems
		}
	}
	return true
}

// headingElement returns the index of the section's element that the
// heading names (same text), or -1. Elements of repeated rows stay in their
// rows.
func headingElement(s *snapshot.Section) int {
	h := clean(s.Heading)
	if h == "" {
		return -1
	}
	for i := 0; i < len(s.Elements); {
		if f := foldAt(s, i); f > 0 {
			i += f // folded elements print on no line
			continue
		}
		if n, _ := groupRun(s.Elements[i:]); n > 0 {
			i += n
			continue
		}
		if strings.EqualFold(clean(s.Elements[i].Name), h) {
			return i
		}
		i++
	}
	return -1
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

// A block is a run of output lines: one element, the rows of a repeated
// structure, or a list of links.
type block struct {
	lines []groupLine
	run   bool // rows or links: a long one gives way to what follows
	links bool
}

// blocks splits a section's elements into blocks. Consecutive links (two
// or more, including lists of one link per item) print one per line
// without roles; repeated rows one line per item; anything else one line
// per element.
func (w *writer) blocks(els []snapshot.Element) []block {
	var out []block
	for i := 0; i < len(els); {
		j := i
		for j < len(els) && els[j].Role == "link" {
			n, items := groupRun(els[j:])
			if n == 0 {
				j++
				continue
			}
			if !singleLinks(items) {
				break
			}
			j += n
		}
		if j-i >= 2 {
			out = append(out, block{lines: w.linkLines(els[i:j]), run: true, links: true})
			i = j
			continue
		}
		if n, items := groupRun(els[i:]); n > 0 {
			out = append(out, block{lines: w.groupLines(items), run: true})
			i += n
			continue
		}
		out = append(out, block{lines: []groupLine{{text: w.elementLine(&els[i], withRole, true), elems: 1}}})
		i++
	}
	return out
}

// singleLinks reports whether every item is exactly one link (a menu, a
// list of articles).
func singleLinks(items [][]snapshot.Element) bool {
	for _, it := range items {
		if len(it) != 1 || it[0].Role != "link" {
			return false
		}
	}
	return true
}

// linkLines prints a run of links one per line without their role:
// `@e3 "Home"`. (A newline costs less than a " · " separator, and one
// element per line keeps grep and line-based tools working.)
func (w *writer) linkLines(els []snapshot.Element) []groupLine {
	out := make([]groupLine, len(els))
	for i := range els {
		out[i] = groupLine{text: w.elementLine(&els[i], withRole, true), elems: 1}
	}
	return out
}

// trailer says what the budget left out: the rest of the page from
// section si on (si < 0: nothing was cut at the end) plus the parts of long
// repeated runs that were skipped.
func (w *writer) trailer(p *snapshot.Page, si int) {
	w.cutDone = true
	left, secs := w.skipped, w.skippedSecs
	if si >= 0 {
		left += w.elemsLeftInSection
		for _, s := range p.Sections[si+1:] {
			left += len(s.Elements)
		}
		secs += len(p.Sections) - si
		if w.skipped > 0 && w.lastSkipSec == si {
			secs-- // counted once as skipped already
		}
	}
	what := plural(left, "more element", "more elements")
	w.line(fmt.Sprintf("… cut at ~%s tokens: %s in %s not shown; use --focus CSS or --max-tokens 0",
		thousands(w.limit/CharsPerToken), what, plural(secs, "section", "sections")))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return thousands(n) + " " + many
}

// thousands formats n with comma separators: 2,950.
// Thousands formats n with comma separators (3,000).
func Thousands(n int) string { return thousands(n) }

func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// groupRun returns how many leading elements of els form a run of one
// repeated structure with at least 3 items, and those elements split into
// items. Group ids are "g<container>:<item>" (prefixed with the frame for
// child frames); the part before the last ':' names the container.
func groupRun(els []snapshot.Element) (int, [][]snapshot.Element) {
	g0 := els[0].Group
	if g0 == "" {
		return 0, nil
	}
	c0 := container(g0)
	var items [][]snapshot.Element
	n := 0
	prev := ""
	for n < len(els) && els[n].Group != "" && container(els[n].Group) == c0 {
		if els[n].Group != prev {
			items = append(items, nil)
			prev = els[n].Group
		}
		items[len(items)-1] = append(items[len(items)-1], els[n])
		n++
	}
	if len(items) < 3 {
		return 0, nil
	}
	return n, items
}

func container(g string) string {
	if i := strings.LastIndexByte(g, ':'); i >= 0 {
		return g[:i]
	}
	return g
}

type groupLine struct {
	text  string
	elems int
}

// groupLines renders one line per item. A role is dropped from later
// items when that position has the same name in every item of the same
// shape (the "Delete" button of each row): such an element without
// attributes prints as its ref and name, aligned with the first row. Every
// other element keeps its role (but "link") and state: a checkbox in row
// 40 must not read as the row's label.
func (w *writer) groupLines(items [][]snapshot.Element) []groupLine {
	first := items[0]
	sameRoles := func(it []snapshot.Element) bool {
		if len(it) != len(first) {
			return false
		}
		for j := range it {
			if it[j].Role != first[j].Role {
				return false
			}
		}
		return true
	}
	// Items of another shape (a row without its button) print in full and
	// do not count against a constant name.
	constName := make([]bool, len(first))
	for j := range first {
		constName[j] = true
		for _, it := range items[1:] {
			if sameRoles(it) && it[j].Name != first[j].Name {
				constName[j] = false
				break
			}
		}
	}
	out := make([]groupLine, 0, len(items))
	for i, it := range items {
		aligned := i > 0 && sameRoles(it)
		parts := make([]string, len(it))
		for j := range it {
			// Every element keeps its name (a bare `@e93` says nothing of
			// what it does); a constant one drops its role instead.
			mode := withRole
			if aligned && constName[j] && len(it[j].Attrs) == 0 {
				mode = noRole
			}
			parts[j] = w.elementLine(&it[j], mode, true)
		}
		out = append(out, groupLine{text: "- " + strings.Join(parts, " · "), elems: len(it)})
	}
	return out
}

// Which roles elementLine prints. A link never prints its role: a quoted
// name without one is a link, so a link reads the same in every snap
// whether it stands alone or in a run of links.
const (
	withRole = iota // every role but "link"
	noRole          // bare refs in rows, alias length estimates
)

// elementLine is `@e12 [role] "name" key="value" flag`.
func (w *writer) elementLine(e *snapshot.Element, roles int, name bool) string {
	var b strings.Builder
	b.WriteByte('@')
	b.WriteString(e.Ref)
	if a := w.alias[e.Ref]; a != "" {
		b.WriteString(" (same as @")
		b.WriteString(a)
		b.WriteByte(')')
		return b.String()
	}
	if e.Role != "" && roles == withRole && e.Role != "link" {
		b.WriteString(" [")
		b.WriteString(clean(e.Role))
		b.WriteByte(']')
	}
	if n := snapshot.Cut(clean(e.Name), NameMax); name && n != "" {
		b.WriteByte(' ')
		b.WriteString(quote(n))
	}
	for _, a := range e.Attrs {
		k := clean(a.Key)
		if k == "" || (k == "href" && w.hideHref[e.Ref]) {
			continue
		}
		b.WriteByte(' ')
		b.WriteString(k)
		if a.Value != "" {
			v := clean(a.Value)
			if k == "href" {
				v = shortHref(v)
			}
			b.WriteByte('=')
			b.WriteString(quote(v))
		}
	}
	return b.String()
}

// quote wraps s in double quotes, escaping Go-style only when s holds a
// quote, a backslash or something unprintable (the common case costs no
// extra characters).
func quote(s string) string {
	for _, r := range s {
		if r == '"' || r == '\\' || !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return `"` + s + `"`
}

// Terminal escape sequences (CSI, OSC) that a hostile page could put in a
// name to rewrite what a human watching the agent's terminal sees.
var ansiRE = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.?|\x9b[0-9;?]*[ -/]*[@-~]`)

// clean removes escape sequences, control characters and bidi overrides,
// and folds whitespace.
func clean(s string) string {
	if s == "" {
		return s
	}
	if strings.ContainsAny(s, "\x1b\u009b") {
		s = ansiRE.ReplaceAllString(s, "")
	}
	dirty := false
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) || isBidi(r) || r == utf8.RuneError {
			dirty = true
			break
		}
	}
	if dirty {
		s = strings.Map(func(r rune) rune {
			switch {
			case r == '\t' || r == '\n' || r == '\r':
				return ' '
			case r < 0x20 || (r >= 0x7f && r < 0xa0) || isBidi(r) || r == utf8.RuneError:
				return -1
			}
			return r
		}, s)
	}
	return snapshot.Fold(s)
}

func isBidi(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f
}

// JSON renders the page as one object:
// {url, title, sections: [{heading, level, summary, elements: [{ref, role,
// name, tag, attrs, action, frame}]}]}; attrs is an object with flags as
// true (see snapshot.Attrs).
func JSON(p *snapshot.Page) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "<" stays "<": shorter and readable
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ndjsonElement is one NDJSON line: an element with its section.
type ndjsonElement struct {
	snapshot.Element
	Section string `json:"section,omitempty"`
	Level   int    `json:"level,omitempty"`
}

// NDJSON renders one element per line, each with its section heading and
// level, for streaming through jq or grep.
func NDJSON(p *snapshot.Page) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, s := range p.Sections {
		for _, e := range s.Elements {
			// Encoding plain strings and string maps cannot fail.
			_ = enc.Encode(ndjsonElement{Element: e, Section: s.Heading, Level: s.Level})
		}
	}
	return b.Bytes()
}
