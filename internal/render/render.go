// Package render prints a snapshot.Page for an agent: a compact text form
// (the default, with a token budget) and JSON / NDJSON for scripts.
package render

import (
	"fmt"
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
	for i := range s.Grids {
		for _, l := range gridLines(&s.Grids[i]) {
			if !w.try(l) {
				return false
			}
		}
	}
	for i := range s.Drawn {
		if !w.try(drawnLine(&s.Drawn[i])) {
			return false
		}
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
