package render

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/snapshot"
)

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
		// A nested menu's items are indented by their level.
		out = append(out, block{lines: []groupLine{{text: strings.Repeat("  ", els[i].Depth) + w.elementLine(&els[i], withRole, true), elems: 1}}})
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
	// Rows whose controls read the same as another row's (Edit · Delete)
	// are told apart by the row's own words.
	byRow := false
	seen := map[string]bool{}
	for _, it := range items {
		var k strings.Builder
		for j := range it {
			k.WriteString(it[j].Role + "\x00" + it[j].Name + "\x00")
		}
		byRow = byRow || seen[k.String()]
		seen[k.String()] = true
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
		head := "- "
		if byRow && it[0].Row != "" {
			head += quote(clean(it[0].Row)) + ": "
		}
		out = append(out, groupLine{text: head + strings.Join(parts, " · "), elems: len(it)})
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
			switch k {
			case "href":
				v = shortHref(v)
			case "value":
				v = cleanValue(a.Value)
			}
			b.WriteByte('=')
			b.WriteString(quote(v))
		}
	}
	writeBox(&b, e.Box)
	return b.String()
}

// writeBox adds ` box=x,y,w,h` (snap --boxes: CSS pixels of the viewport).
func writeBox(b *strings.Builder, box []int) {
	if len(box) != 4 {
		return
	}
	fmt.Fprintf(b, " box=%d,%d,%d,%d", box[0], box[1], box[2], box[3])
}

// drawnLine is a canvas, image, svg or video of snap --boxes:
// `@e9 [canvas] "Board" box=0,60,800,600`.
func drawnLine(e *snapshot.Element) string {
	var b strings.Builder
	b.WriteString("@" + e.Ref + " [" + clean(e.Role) + "]")
	if n := snapshot.Cut(clean(e.Name), NameMax); n != "" {
		b.WriteString(" " + quote(n))
	}
	for _, a := range e.Attrs {
		b.WriteString(" " + clean(a.Key) + "=" + quote(clean(a.Value)))
	}
	writeBox(&b, e.Box)
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

// gridLines prints a board of cells: a head line with its refs, the
// colour legend, then one line per row of cell states, padded to columns:
//
//	@e21 [grid] "Board" 3x3, cells @e22…@e30 row by row (row 2, column 1 is @e25)
//	  a=black b=white
//	  1: a b a
func gridLines(g *snapshot.Grid) []string {
	head := "@" + g.Ref + " [grid]"
	if n := snapshot.Cut(clean(g.Name), NameMax); n != "" {
		head += " " + quote(n)
	}
	last := g.CellRef(g.Rows, g.Cols)
	head += fmt.Sprintf(" %dx%d, cells @%s…@%s row by row (row 2, column 1 is @%s)", g.Rows, g.Cols, g.First, last, g.CellRef(2, 1))
	out := []string{head}
	if len(g.Legend) > 0 {
		keys := make([]string, 0, len(g.Legend))
		for k := range g.Legend {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		b.WriteString(" ")
		for _, k := range keys {
			b.WriteString(" " + k + "=" + clean(g.Legend[k]))
		}
		out = append(out, b.String())
	}
	width := 1
	for _, row := range g.Cells {
		for _, c := range row {
			width = max(width, utf8.RuneCountInString(clean(c)))
		}
	}
	num := len(strconv.Itoa(len(g.Cells)))
	for i, row := range g.Cells {
		var b strings.Builder
		fmt.Fprintf(&b, "  %*d:", num, i+1)
		for _, c := range row {
			c = clean(c)
			b.WriteString(" " + c + strings.Repeat(" ", width-utf8.RuneCountInString(c)))
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}
