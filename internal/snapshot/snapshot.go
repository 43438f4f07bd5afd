// Package snapshot holds the in-page walker (JS) that lists a page's
// headings, text and actionable elements in one pass, and the Go model that
// turns its flat item list into sections for the renderers.
//
// Flow: the daemon evaluates JS once per frame in an isolated world, then
// calls __tact.snap({focus, nextRef}) and decodes the value into Result.
// Child-frame items are spliced in at their "f" placeholder (with
// Item.Frame set), and Build groups the result by heading.
package snapshot

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/inpage"
)

//go:embed snapshot.js
var src string

// Module is the walker module: it defines __tact.snap, __tact.byRef,
// __tact.refFor and the ref maps, and exports probe/refOf to other
// modules. Re-evaluating it keeps existing refs.
var Module = inpage.New(src)

// JS is the walker with what it needs (the loader and dom), ready to
// evaluate on its own.
var JS = inpage.Source(Module)

// Item kinds returned by the walker.
const (
	KindHeading = "h" // Level, Text
	KindText    = "t" // Text: one block-ish run of visible text outside actionable elements
	KindElement = "e" // Ref, Role, Name, Tag, Attrs, Action, Group
	KindFrame   = "f" // Index: T.frames[Index] is the iframe element, to be replaced by its frame's items
	// KindFrameEnd follows a spliced frame's items: what comes after the
	// iframe belongs to the section around it, not to the frame's last
	// heading.
	KindFrameEnd = "f>"
	// KindRegion opens a region the text may fold into one line (Role:
	// navigation, menu, header, footer, sidebar, links, or rows for the rest of a
	// long table; in the main content contents for a table of contents and
	// doc for a section of text and links, whose heading and text stay
	// its section's; Ref: its handle for --focus; Name: its label; N: its
	// elements, or the rows left for rows). KindRegionEnd closes it.
	KindRegion    = "r"
	KindRegionEnd = "r>"
	// KindCode opens a <pre> block (Text: its first line, N: its lines);
	// its text follows, then KindCodeEnd.
	KindCode    = "c"
	KindCodeEnd = "c>"
	// KindDialog opens an open dialog (Role: dialog or alertdialog, Ref:
	// its --focus handle, Name); its content follows, then KindDialogEnd.
	// Build puts a dialog's sections before the rest of the page.
	KindDialog    = "d"
	KindDialogEnd = "d>"
	// KindDrawn is a canvas, image, svg or video region (snap --boxes
	// only): Ref, Role (its tag, or img/application), Name, Box.
	KindDrawn = "g"
	// KindGrid is a board of cells (Ref: its container, Name, Rows, Cols,
	// First: the first cell's ref, the rest following row by row; Cells:
	// each cell's state; Legend: the colour each letter stands for).
	KindGrid = "G"
)

// Item is one entry of the walker's flat, document-ordered list.
type Item struct {
	K     string      `json:"k"`
	Level int         `json:"level,omitempty"`
	Text  string      `json:"text,omitempty"`
	Ref   int         `json:"ref,omitempty"`
	Role  string      `json:"role,omitempty"`
	Name  string      `json:"name,omitempty"`
	Tag   string      `json:"tag,omitempty"`
	Attrs [][2]string `json:"attrs,omitempty"`
	// Action is what an agent does with the element: click, type, select,
	// check or upload.
	Action string `json:"action,omitempty"`
	// Group is "g<container>:<item>" for elements inside repeated siblings
	// (table rows, list items, same-class cards); empty otherwise.
	Group string `json:"group,omitempty"`
	Index int    `json:"index,omitempty"`
	// N is a region's or code block's size (see KindRegion, KindCode).
	N int `json:"n,omitempty"`
	// Keep marks an element of a region that is never folded (a field, a
	// form's button): a folded page prints it after the region's line.
	Keep bool `json:"keep,omitempty"`
	// URL is a link's full address when its href attr is shortened.
	URL string `json:"url,omitempty"`
	// A grid's shape, cells and legend (KindGrid).
	Rows   int         `json:"rows,omitempty"`
	Cols   int         `json:"cols,omitempty"`
	First  int         `json:"first,omitempty"`
	Cells  [][]string  `json:"cells,omitempty"`
	Legend [][2]string `json:"legend,omitempty"`
	// Row is the name of the repeated row an element is in (its first
	// words outside controls), Depth a menu item's nesting level.
	Row   string `json:"row,omitempty"`
	Depth int    `json:"depth,omitempty"`
	// Box is x,y,w,h in CSS pixels of the tab's viewport (snap --boxes;
	// the daemon adds a child frame's offset).
	Box []int `json:"box,omitempty"`
	// Frame is set by the daemon on items that came from a child frame.
	Frame string `json:"-"`
}

// Result is the value returned by __tact.snap.
type Result struct {
	URL     string `json:"url"`
	Title   string `json:"title"`
	NextRef int    `json:"nextRef"`
	Items   []Item `json:"items"`
	// Error is set instead of the rest when the focus selector is invalid
	// or matched nothing.
	Error string `json:"error,omitempty"`
}

// Page is a snapshot grouped into sections, ready to render.
type Page struct {
	URL      string    `json:"url"`
	Title    string    `json:"title"`
	Sections []Section `json:"sections"`
	// Elements is every element of Sections in order, each with the index
	// of its section, so a script can read them without walking sections
	// (jq '.elements[].ref'). It is filled when the page is marshalled.
	Elements []PageElement `json:"elements"`
	// Loading: the load event has not fired (a subresource never finished);
	// the page is shown as it is.
	Loading bool `json:"loading,omitempty"`
	// FramesLoading counts the page's frames still loading when it was
	// snapped: what they will show is not in it yet.
	FramesLoading int `json:"framesLoading,omitempty"`
	// Note says how the snap differs from what was asked (a --focus main
	// on a page without <main>); printed under the header line.
	Note string `json:"note,omitempty"`
	// items are what the page was built from, for Folded.
	items []Item
	// folded: built by Folded.
	folded bool
	// runs are each section's text blocks its Summary was made from.
	runs [][]string
}

// PageElement is an element of the flat list: the element and the index
// of its section in Sections.
type PageElement struct {
	Element
	Section int `json:"section"`
}

// Flat lists every element of p's sections in order, with its section.
func (p *Page) Flat() []PageElement {
	out := []PageElement{}
	for si, s := range p.Sections {
		for _, e := range s.Elements {
			out = append(out, PageElement{e, si})
		}
	}
	return out
}

// MarshalJSON writes the page with Elements computed from Sections, so the
// two never disagree, whoever built or edited the page.
func (p Page) MarshalJSON() ([]byte, error) {
	type plain Page
	q := plain(p)
	q.Sections = fullURLs(p.Sections)
	q.Elements = (&Page{Sections: q.Sections}).Flat()
	// No HTML escaping here: the caller's encoder escapes if it wants to.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(q); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// fullURLs returns sections whose links' href attrs are their full
// addresses, copying only what changes (p stays as the text shows it).
func fullURLs(secs []Section) []Section {
	out := secs
	for si, s := range secs {
		copied := false
		for ei, e := range s.Elements {
			if e.URL == "" {
				continue
			}
			if !copied {
				if &out[0] == &secs[0] {
					out = append([]Section(nil), secs...)
				}
				out[si].Elements = append([]Element(nil), s.Elements...)
				copied = true
			}
			attrs := append(Attrs(nil), e.Attrs...)
			for i := range attrs {
				if attrs[i].Key == "href" {
					attrs[i].Value = e.URL
				}
			}
			out[si].Elements[ei].Attrs = attrs
		}
	}
	return out
}

// Section is a heading (none for the level-0 section holding what comes
// before the first heading), a summary of its text and its elements.
type Section struct {
	Heading  string    `json:"heading,omitempty"`
	Level    int       `json:"level"`
	Summary  string    `json:"summary,omitempty"`
	Elements []Element `json:"elements"`
	// Code lists the section's code blocks (only in a folded page: an
	// unfolded one has their text in Summary).
	Code []Code `json:"code,omitempty"`
	// Folds are the folded regions among Elements (a folded page only).
	Folds []FoldedRegion `json:"folds,omitempty"`
	// New is the section's text that was not on the page at the previous
	// snap (what an action made appear or change), each block whole up
	// to NewTextMax characters; set by MarkNew, printed instead of being
	// cut into Summary.
	New []string `json:"new,omitempty"`
	// Dialog is set on the sections of an open dialog (role=dialog or
	// alertdialog, <dialog open>), which lead the page.
	Dialog *Dialog `json:"dialog,omitempty"`
	// Drawn are the section's canvases, images, svg and videos with their
	// boxes (snap --boxes): Role is the tag (or img), Action empty.
	Drawn []Element `json:"drawn,omitempty"`
	// Grids are the section's boards of cells, each printed as rows of
	// cell states instead of a line per cell.
	Grids []Grid `json:"grids,omitempty"`
}

// Grid is a board of repeated cells (a game board, a colour grid): its
// container's ref (for --focus), its shape and each cell's state: its
// short text, "✓" when checked, a letter for its colour (Legend says
// which), else ".". The cells are refs First, First+1, … row by row:
// row r, column c (from 1) is First + (r-1)*Cols + (c-1).
type Grid struct {
	Ref    string            `json:"ref"`
	Name   string            `json:"name,omitempty"`
	Rows   int               `json:"rows"`
	Cols   int               `json:"cols"`
	First  string            `json:"first"`
	Cells  [][]string        `json:"cells"`
	Legend map[string]string `json:"legend,omitempty"`
}

// CellRef is the ref of the cell at row r, column c (from 1).
func (g *Grid) CellRef(r, c int) string {
	n, _ := strconv.Atoi(strings.TrimPrefix(g.First, "e"))
	return RefString(n + (r-1)*g.Cols + (c - 1))
}

// Dialog is the open dialog a section belongs to.
type Dialog struct {
	Ref  string `json:"ref"`  // its --focus handle, "e17"
	Role string `json:"role"` // dialog or alertdialog
	Name string `json:"name,omitempty"`
}

// Code is a <pre> block as a folded page shows it: its first line and
// its size.
type Code struct {
	First string `json:"first"`
	Lines int    `json:"lines"`
}

// FoldedRegion is a region the text prints as one line: Elements[At :
// At+Count] of its section are in it (they keep their refs and JSON lists
// them), and snap --focus @Ref shows it in full.
type FoldedRegion struct {
	Ref   string `json:"ref"`
	Kind  string `json:"kind"` // navigation, menu, header, footer, sidebar, links, rows, contents, doc
	Name  string `json:"name,omitempty"`
	At    int    `json:"at"`
	Count int    `json:"count"`
	// Rows is how many rows of a table are folded (kind rows).
	Rows int `json:"rows,omitempty"`
}

// Element is one actionable element.
type Element struct {
	Ref    string `json:"ref"` // "e12"
	Role   string `json:"role"`
	Name   string `json:"name"`
	Tag    string `json:"tag"`
	Attrs  Attrs  `json:"attrs,omitempty"`
	Action string `json:"action"`
	Frame  string `json:"frame,omitempty"`
	// Group is used by the text renderer to fold repeated rows; it is not
	// part of the JSON output.
	Group string `json:"-"`
	// URL is a link's full address when Attrs' href is the short form the
	// text shows; JSON's href is always the full one.
	URL string `json:"-"`
	// Box is x,y,w,h in CSS pixels of the viewport (snap --boxes).
	Box []int `json:"box,omitempty"`
	// Row names the repeated row the element is in ("Grace Hopper" for
	// its Edit button), when the row's own words are not its name.
	Row string `json:"row,omitempty"`
	// Depth is a nested menu item's level (1: in a submenu).
	Depth int `json:"depth,omitempty"`
}

// Attr is one element attribute. Flags (disabled, checked, ...) have an
// empty Value.
type Attr struct {
	Key, Value string
}

// Attrs keeps the walker's attribute order. In JSON it is an object
// ({"href":"/x","disabled":true}): flags are true, everything else a string.
type Attrs []Attr

// Get returns the value of key and whether it is present.
func (a Attrs) Get(key string) (string, bool) {
	for _, x := range a {
		if x.Key == key {
			return x.Value, true
		}
	}
	return "", false
}

// SummaryMax is the longest section summary, in characters: a sentence
// or two, enough to tell what a section is about and whether to read it
// (tact read has the whole text). 150 rather than 200 is what brought the
// corpus median under 0.6x agent-browser's snapshot -i (TestCorpusSnap).
const SummaryMax = 150

// RefString formats a walker ref number as the user-facing "e12".
func RefString(n int) string { return fmt.Sprintf("e%d", n) }

// Build groups items into sections. Text before the first heading goes
// into a level-0 section without heading (kept only when it has content).
// Empty headed sections are kept: they tell the agent the page structure.
func Build(url, title string, items []Item) *Page {
	return build(url, title, items, nil)
}

// Folded returns p with its regions folded (see FoldedRegion) and its code
// blocks shortened, except the regions keep reports true for (by ref,
// "e12"). A page not built from walker items (or already folded) is
// returned as it is.
func (p *Page) Folded(keep func(ref string) bool) *Page {
	if p == nil || p.items == nil || p.folded {
		return p
	}
	if keep == nil {
		keep = func(string) bool { return false }
	}
	q := build(p.URL, p.Title, p.items, keep)
	q.Loading, q.Note, q.FramesLoading = p.Loading, p.Note, p.FramesLoading
	return q
}

// WithoutBoxes is p as a snap without --boxes shows it (no boxes, no
// drawn regions): what the next diff compares with, so boxes alone never
// read as a change.
func (p *Page) WithoutBoxes() *Page {
	if p == nil || p.items == nil || p.folded || !slices.ContainsFunc(p.items, func(it Item) bool { return it.K == KindDrawn || it.Box != nil }) {
		return p // nothing to take out (a snap without --boxes): p as it is
	}
	items := make([]Item, 0, len(p.items))
	for _, it := range p.items {
		if it.K == KindDrawn {
			continue
		}
		it.Box = nil
		items = append(items, it)
	}
	q := build(p.URL, p.Title, items, nil)
	q.Loading, q.Note, q.FramesLoading = p.Loading, p.Note, p.FramesLoading
	return q
}

// IsFolded reports whether p was made by Folded (a --full snap is not).
func (p *Page) IsFolded() bool { return p != nil && p.folded }

// Changed reports the regions of cur holding an element that is new or
// different since prev (what the last action changed, never folded); nil
// when prev is another page.
func Changed(prev, cur *Page) func(ref string) bool {
	if prev == nil || cur == nil || prev.URL != cur.URL || cur.items == nil {
		return nil
	}
	before := map[string]*Element{}
	for si := range prev.Sections {
		for ei := range prev.Sections[si].Elements {
			e := &prev.Sections[si].Elements[ei]
			before[e.Ref] = e
		}
	}
	// By ref: sections are not in document order (dialogs lead).
	now := map[string]*Element{}
	kept := false
	for si := range cur.Sections {
		for ei := range cur.Sections[si].Elements {
			e := &cur.Sections[si].Elements[ei]
			now[e.Ref] = e
			kept = kept || before[e.Ref] != nil
		}
	}
	if !kept {
		return nil // a new document at the same URL (a reload): all new, nothing "changed"
	}
	changed := map[string]bool{}
	var open []string // region refs, innermost last
	for _, it := range cur.items {
		switch it.K {
		case KindRegion:
			open = append(open, RefString(it.Ref))
		case KindRegionEnd:
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case KindElement:
			ref := RefString(it.Ref)
			if e := now[ref]; e != nil && len(open) > 0 {
				if b := before[ref]; b == nil || !sameElement(b, e) {
					for _, r := range open {
						changed[r] = true
					}
				}
			}
		}
	}
	if len(changed) == 0 {
		return nil
	}
	return func(ref string) bool { return changed[ref] }
}

func sameElement(a, b *Element) bool {
	if a.Name != b.Name || a.Role != b.Role || len(a.Attrs) != len(b.Attrs) {
		return false
	}
	for i := range a.Attrs {
		if a.Attrs[i] != b.Attrs[i] {
			return false
		}
	}
	return true
}

// build groups items into sections; with keep (folding) set, regions it
// does not keep fold and code blocks shorten.
func build(url, title string, items []Item, keep func(string) bool) *Page {
	p := &Page{URL: url, Title: title, items: items, folded: keep != nil}
	cur := &Section{}
	var texts []string
	var reg *FoldedRegion // the region being folded
	var regions []bool    // open regions: whether each is the folded one
	var pulled []Element  // elements of the folded region kept out of it
	code := 0             // >0: inside a shortened code block
	var dialogs []*Dialog // open dialogs, innermost last
	// The section each open dialog interrupted, and its text so far: it
	// goes on after the dialog (which moves to the top anyway).
	type paused struct {
		sec   *Section
		texts []string
	}
	var inDialog []paused
	var opening *Section // a dialog's first section, kept even when empty
	done := func() {
		runs := keptRuns(texts, cur.Elements)
		cur.Summary = summarize(runs)
		if cur.Heading != "" || cur.Summary != "" || len(cur.Elements) > 0 || len(cur.Code) > 0 || len(cur.Drawn) > 0 || len(cur.Grids) > 0 || cur == opening {
			if cur.Elements == nil {
				cur.Elements = []Element{}
			}
			p.Sections = append(p.Sections, *cur)
			p.runs = append(p.runs, runs)
		}
		texts = texts[:0]
	}
	var outer []*Section // the section each open frame was spliced into
	for _, it := range items {
		switch it.K {
		case KindFrame:
			outer = append(outer, cur)
		case KindFrameEnd:
			if len(outer) == 0 {
				continue
			}
			o := outer[len(outer)-1]
			outer = outer[:len(outer)-1]
			if o != cur {
				// The frame had headings: resume the section around it.
				done()
				cur = &Section{Heading: o.Heading, Level: o.Level, Dialog: o.Dialog}
			}
		case KindDialog:
			d := &Dialog{Ref: RefString(it.Ref), Role: it.Role, Name: Fold(it.Name)}
			dialogs = append(dialogs, d)
			inDialog = append(inDialog, paused{cur, append([]string(nil), texts...)})
			cur, texts = &Section{Level: 1, Dialog: d}, nil
			opening = cur
		case KindDialogEnd:
			if len(dialogs) == 0 {
				continue
			}
			o := inDialog[len(inDialog)-1]
			dialogs, inDialog = dialogs[:len(dialogs)-1], inDialog[:len(inDialog)-1]
			done()
			cur, texts = o.sec, o.texts
		case KindRegion:
			f := keep != nil && reg == nil && !keep(RefString(it.Ref))
			regions = append(regions, f)
			if f {
				reg = &FoldedRegion{Ref: RefString(it.Ref), Kind: it.Role, Name: Fold(it.Name), At: len(cur.Elements)}
				if it.Role == "rows" {
					reg.Rows = it.N
				}
			}
		case KindRegionEnd:
			if len(regions) == 0 {
				continue
			}
			f := regions[len(regions)-1]
			regions = regions[:len(regions)-1]
			if f && reg != nil {
				reg.Count = len(cur.Elements) - reg.At
				if reg.Count > 0 || reg.Kind == "rows" {
					cur.Folds = append(cur.Folds, *reg)
				}
				cur.Elements = append(cur.Elements, pulled...)
				pulled = pulled[:0]
				reg = nil
			}
		case KindCode:
			if keep != nil && (reg == nil || reg.Kind == "doc") {
				if code == 0 {
					cur.Code = append(cur.Code, Code{First: Fold(it.Text), Lines: it.N})
				}
				code++
			}
		case KindCodeEnd:
			if code > 0 {
				code--
			}
		case KindHeading:
			if reg != nil && reg.Kind == "doc" && reg.At == len(cur.Elements) {
				// A documentation section's own heading: the section starts
				// here and only its links fold.
				done()
				cur = &Section{Heading: Fold(it.Text), Level: clampLevel(it.Level)}
				reg.At = 0
				continue
			}
			if reg != nil {
				if reg.Name == "" {
					reg.Name = Fold(it.Text) // a region is named by its first heading
				}
				continue
			}
			var d *Dialog
			if len(dialogs) > 0 {
				d = dialogs[len(dialogs)-1]
				// The heading that names the dialog is its section's line.
				if cur == opening && len(cur.Elements) == 0 && len(texts) == 0 && Fold(it.Text) == d.Name {
					continue
				}
			}
			done()
			cur = &Section{Heading: Fold(it.Text), Level: clampLevel(it.Level), Dialog: d}
		case KindText:
			if (reg != nil && reg.Kind != "doc") || code > 0 {
				continue
			}
			if t := Fold(it.Text); t != "" {
				texts = append(texts, t)
			}
		case KindElement:
			e := Element{
				Ref:    RefString(it.Ref),
				Role:   it.Role,
				Name:   it.Name,
				Tag:    it.Tag,
				Action: it.Action,
				Frame:  it.Frame,
				Group:  it.Group,
				URL:    it.URL,
				Box:    it.Box,
				Row:    Fold(it.Row),
				Depth:  it.Depth,
			}
			if e.Frame != "" && e.Group != "" {
				// Group ids are per document; keep frames apart.
				e.Group = e.Frame + "/" + e.Group
			}
			for _, kv := range it.Attrs {
				e.Attrs = append(e.Attrs, Attr{Key: kv[0], Value: kv[1]})
			}
			if reg != nil && it.Keep {
				pulled = append(pulled, e)
				continue
			}
			cur.Elements = append(cur.Elements, e)
		case KindGrid:
			g := Grid{Ref: RefString(it.Ref), Name: Fold(it.Name), Rows: it.Rows, Cols: it.Cols, First: RefString(it.First), Cells: it.Cells}
			if len(it.Legend) > 0 {
				g.Legend = map[string]string{}
				for _, l := range it.Legend {
					g.Legend[l[0]] = l[1]
				}
			}
			cur.Grids = append(cur.Grids, g)
		case KindDrawn:
			d := Element{Ref: RefString(it.Ref), Role: it.Role, Name: it.Name, Tag: it.Tag, Frame: it.Frame, Box: it.Box}
			for _, kv := range it.Attrs {
				d.Attrs = append(d.Attrs, Attr{Key: kv[0], Value: kv[1]})
			}
			cur.Drawn = append(cur.Drawn, d)
		}
	}
	done()
	if p.Sections == nil {
		p.Sections = []Section{}
	}
	dialogsFirst(p)
	return p
}

// dialogsFirst moves the sections of open dialogs before the rest of the
// page, keeping their order: a dialog is what a person deals with first.
func dialogsFirst(p *Page) {
	n := 0
	for _, s := range p.Sections {
		if s.Dialog != nil {
			n++
		}
	}
	if n == 0 || n == len(p.Sections) {
		return
	}
	secs := make([]Section, 0, len(p.Sections))
	runs := make([][]string, 0, len(p.runs))
	for _, first := range []bool{true, false} {
		for i, s := range p.Sections {
			if (s.Dialog != nil) == first {
				secs = append(secs, s)
				runs = append(runs, p.runs[i])
			}
		}
	}
	p.Sections, p.runs = secs, runs
}

func clampLevel(l int) int {
	if l < 1 {
		return 2 // a heading the walker could not level
	}
	if l > 6 {
		return 6
	}
	return l
}

// keptRuns are the text runs a section's summary is made of: runs equal
// to an element's name or description (a label, a field hint) are
// dropped, the element line already says it; so are repeats and markup.
func keptRuns(texts []string, els []Element) []string {
	if len(texts) == 0 {
		return nil
	}
	names := make(map[string]bool, len(els))
	for _, e := range els {
		if e.Name != "" {
			names[e.Name] = true
		}
		if d, ok := e.Attrs.Get("desc"); ok && d != "" {
			names[d] = true // a hint shown as the element's desc=
		}
	}
	var out []string
	last := ""
	for _, t := range texts {
		if names[t] || t == last || looksLikeMarkup(t) {
			continue
		}
		out = append(out, t)
		last = t
	}
	return out
}

// summarize joins a section's text runs with " | " unless the previous
// one ends a sentence, so separate blocks stay distinguishable without
// costing much, and cuts the result at SummaryMax.
func summarize(runs []string) string {
	var b strings.Builder
	last := ""
	for _, t := range runs {
		if b.Len() > 0 {
			if strings.ContainsRune(".!?:;…", lastRune(last)) {
				b.WriteByte(' ')
			} else {
				b.WriteString(" | ")
			}
		}
		b.WriteString(t)
		last = t
		if b.Len() > SummaryMax*2 {
			break // enough to cut from; don't build a huge string for a long article
		}
	}
	return Cut(b.String(), SummaryMax)
}

// markupStart matches text that opens with an HTML tag or comment.
var markupStart = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^<(?:!--|/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]*)?/?>)`) })

// looksLikeMarkup reports page text that is really HTML source (a script
// tag a page's document.write printed as text): true to the page, but no
// summary of it.
func looksLikeMarkup(t string) bool { return markupStart().MatchString(t) }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// Fold collapses runs of whitespace into one space and trims the ends.
// Most strings it is given are folded already, and come back as they are,
// with nothing allocated (a big page's snap folds thousands).
func Fold(s string) string {
	if folded(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// folded reports whether Fold would leave s unchanged: no white space at
// either end, and none between words but one ' '.
func folded(s string) bool {
	space := true // a space first is not folded
	for _, r := range s {
		if unicode.IsSpace(r) {
			if space || r != ' ' {
				return false
			}
			space = true
			continue
		}
		space = false
	}
	return !space || s == ""
}

// Cut shortens s to at most max characters (runes), at a word boundary
// when one is reasonably close, ending with "…".
func Cut(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	if max < 2 {
		return "…"
	}
	r := []rune(s)[:max-1]
	cut := len(r)
	for i := len(r) - 1; i > len(r)*2/3; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return strings.TrimRight(string(r[:cut]), " ,;:|-") + "…"
}
