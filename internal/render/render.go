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
//	- @e20 [link] "Item 1" href="/i/1" · @e21 [button] "Delete"
//	- @e22 "Item 2" href="/i/2" · @e23
//
// Consecutive elements of three or more repeated items (rows, list items,
// cards) print one line per item; after the first item, roles are dropped
// when the item has the same role sequence and names are dropped when
// identical in every item. With a budget, output stops before exceeding it
// and ends with a line saying what was left out and how to get it.
func Text(p *snapshot.Page, o Options) (string, Stats) {
	w := &writer{limit: -1}
	if !o.AllHrefs {
		w.hideHref = redundantHrefs(p)
	}
	if o.MaxTokens > 0 {
		w.limit = o.MaxTokens * CharsPerToken
	}
	w.line(header(p))
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

// header is the first line: a short title and the URL.
func header(p *snapshot.Page) string {
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
	sec, lastSkipSec     int             // section being written; last one with a skip
	hideHref             map[string]bool // by ref
}

// redundantHrefs finds the links whose href can be left out of the text:
// those with a name of 3+ characters that no other link with a different
// href shares. "Read more" ×10 keeps its hrefs; "Pricing" does not need one.
func redundantHrefs(p *snapshot.Page) map[string]bool {
	hrefs := map[string]string{} // name -> first href; "\x00" once two differ
	for si := range p.Sections {
		for _, e := range p.Sections[si].Elements {
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
	}
	hide := map[string]bool{}
	for si := range p.Sections {
		for _, e := range p.Sections[si].Elements {
			if h, ok := e.Attrs.Get("href"); ok && utf8.RuneCountInString(e.Name) >= 3 && hrefs[e.Name] == h {
				hide[e.Ref] = true
			}
		}
	}
	return hide
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
	if s.Level > 0 && s.Heading != "" {
		if !w.try(strings.Repeat("#", s.Level) + " " + clean(s.Heading)) {
			w.elemsLeftInSection = len(s.Elements)
			return false
		}
	}
	if s.Summary != "" {
		if !w.try("> " + clean(s.Summary)) {
			w.elemsLeftInSection = len(s.Elements)
			return false
		}
	}
	els := s.Elements
	skippedHere := false
	for i := 0; i < len(els); {
		if n, items := groupRun(els[i:]); n > 0 {
			lines := w.groupLines(items)
			// A long repeated run (a 3,000-row table) may take at most half
			// of the budget left, so what follows it (pagination, footer
			// links) still shows; the rest of the run is summarized in one
			// line with its ref range.
			stop := -1
			if w.limit >= 0 {
				stop = w.used + (w.limit-trailerReserve-w.used)/2
			}
			for k, l := range lines {
				if w.limit >= 0 && k > 0 && w.used+utf8.RuneCountInString(l.text) > stop {
					rest := lines[k:]
					m := 0
					for _, r := range rest {
						m += r.elems
					}
					last := els[i+m-1].Ref
					msg := fmt.Sprintf("- … %s (%s, @%s–@%s) not shown", plural(len(rest), "more item", "more items"),
						plural(m, "element", "elements"), els[i].Ref, last)
					if !w.try(msg) {
						w.elemsLeftInSection = len(els) - i
						return false
					}
					w.skipped += m
					if !skippedHere {
						w.skippedSecs++
						w.lastSkipSec = w.sec
						skippedHere = true
					}
					i += m
					break
				}
				if !w.try(l.text) {
					w.elemsLeftInSection = len(els) - i
					return false
				}
				w.shown += l.elems
				i += l.elems
			}
			continue
		}
		if !w.try(w.elementLine(&els[i], true, true)) {
			w.elemsLeftInSection = len(els) - i
			return false
		}
		w.shown++
		i++
	}
	return true
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

// groupLines renders one line per item. Roles are printed on later items
// only when their role sequence differs from the first item's; a name is
// dropped from later items when that position has the same name in every
// item of the same shape (the "Delete" button of each row).
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
			showName := !(aligned && constName[j])
			parts[j] = w.elementLine(&it[j], !aligned, showName)
		}
		out = append(out, groupLine{text: "- " + strings.Join(parts, " · "), elems: len(it)})
	}
	return out
}

// elementLine is `@e12 [role] "name" key="value" flag`.
func (w *writer) elementLine(e *snapshot.Element, role, name bool) string {
	var b strings.Builder
	b.WriteByte('@')
	b.WriteString(e.Ref)
	if role && e.Role != "" {
		b.WriteString(" [")
		b.WriteString(clean(e.Role))
		b.WriteByte(']')
	}
	if n := clean(e.Name); name && n != "" {
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
			b.WriteByte('=')
			b.WriteString(quote(clean(a.Value)))
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
	if strings.ContainsAny(s, "\x1b\x9b") {
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
