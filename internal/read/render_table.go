package read

import (
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Tables, HTML and ARIA: data tables as markdown, layout tables as their
// cells' blocks.

// elementKids lists n's element children of the given tags.
func elementKids(n *html.Node, tags ...atom.Atom) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (len(tags) == 0 || slices.Contains(tags, c.DataAtom)) {
			out = append(out, c)
		}
	}
	return out
}

// tableRows are a table's rows as the DOM's table.rows lists them: the
// head's first, then the bodies' and the table's own in order, then the
// foot's.
func tableRows(t *html.Node) []*html.Node {
	var head, mid, foot []*html.Node
	for _, c := range elementKids(t) {
		switch c.DataAtom {
		case atom.Tr:
			mid = append(mid, c)
		case atom.Thead:
			head = append(head, elementKids(c, atom.Tr)...)
		case atom.Tbody:
			mid = append(mid, elementKids(c, atom.Tr)...)
		case atom.Tfoot:
			foot = append(foot, elementKids(c, atom.Tr)...)
		}
	}
	return append(append(head, mid...), foot...)
}

// dataTable tells tables of data from tables used for page layout; only
// the former become markdown tables. html.js judged the table on all its
// content (data-tact-layout); what it wrote is judged again the same way.
func dataTable(t *html.Node) bool {
	if r := attrOf(t, "role"); r == "presentation" || r == "none" || hasAttr(t, "data-tact-layout") {
		return false
	}
	if find(t, func(n *html.Node) bool { return n.DataAtom == atom.Table }) != nil {
		return false
	}
	rows := tableRows(t)
	maxCells := 0
	for _, r := range rows {
		maxCells = max(maxCells, len(elementKids(r, atom.Td, atom.Th)))
	}
	if maxCells < 2 {
		return false
	}
	// Cells holding whole sections of a page mean layout (h1-h3, lists,
	// code, quotes, two paragraphs, deep boxes).
	for _, td := range findAll(t, func(n *html.Node) bool { return n.DataAtom == atom.Td }) {
		if textLen(td) > 400 || layoutCell(td) {
			return false
		}
	}
	return true
}

// layoutCell reports a cell holding what only a layout table holds.
func layoutCell(td *html.Node) bool {
	return find(td, func(n *html.Node) bool {
		switch n.DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.Ul, atom.Ol, atom.Pre, atom.Blockquote:
			return true
		case atom.P:
			for s := n.PrevSibling; s != nil; s = s.PrevSibling {
				if s.Type == html.ElementNode {
					return s.DataAtom == atom.P
				}
			}
		case atom.Div:
			d := 0
			for a := n; a != td; a = a.Parent {
				if a.DataAtom == atom.Div {
					d++
				}
			}
			return d >= 3
		}
		return false
	}) != nil
}

func escapeCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func (w *walker) table(t *html.Node) {
	o := w.out
	if c := find(t, func(n *html.Node) bool { return n.DataAtom == atom.Caption }); c != nil && c.Parent == t {
		if s := w.capture(c, true); s != "" {
			o.line(s)
		}
	}
	type row struct {
		cells  []string
		single bool
	}
	var rows []row
	width := 0
	for _, r := range tableRows(t) {
		var cells []string
		real := 0
		for _, c := range elementKids(r, atom.Td, atom.Th) {
			cells = append(cells, escapeCell(w.capture(c, true)))
			real++
			span, _ := strconv.Atoi(strings.TrimSpace(attrOf(c, "colspan")))
			for i := 1; i < span && i < 100; i++ {
				cells = append(cells, "")
			}
		}
		if allEmpty(cells) {
			continue
		}
		rows = append(rows, row{cells, real == 1})
		width = max(width, len(cells))
	}
	// Leading title rows (one cell spanning the table, as in navboxes)
	// read better as a line than as a header padded with empty cells.
	for len(rows) > 1 && rows[0].single && rows[0].cells[0] != "" && width > 1 {
		o.line(rows[0].cells[0])
		rows = rows[1:]
	}
	cells := make([][]string, len(rows))
	for i, r := range rows {
		cells[i] = r.cells
	}
	w.rows(cells, width)
}

func allEmpty(cells []string) bool {
	for _, c := range cells {
		if c != "" {
			return false
		}
	}
	return true
}

// rows prints table rows as "| a | b |", padded to width, the first as
// the header.
func (w *walker) rows(rows [][]string, width int) {
	for i, cells := range rows {
		for len(cells) < width {
			cells = append(cells, "")
		}
		w.out.line("| " + strings.Join(cells, " | ") + " |")
		if i == 0 {
			w.out.line("|" + strings.Repeat("---|", width))
		}
	}
}

// ariaRows lists an ARIA grid's rows that hold at least two cells, each
// as its cells.
func ariaRows(g *html.Node) [][]*html.Node {
	isGrid := func(n *html.Node) bool { return ariaTable.MatchString(attrOf(n, "role")) }
	isRow := func(n *html.Node) bool { return attrOf(n, "role") == "row" }
	var out [][]*html.Node
	for _, r := range findAll(g, isRow) {
		if closest(r.Parent, isGrid) != g {
			continue
		}
		var cells []*html.Node
		for _, c := range findAll(r, func(n *html.Node) bool {
			switch attrOf(n, "role") {
			case "gridcell", "cell", "columnheader", "rowheader":
				return true
			}
			return false
		}) {
			if closest(c.Parent, isRow) == r {
				cells = append(cells, c)
			}
		}
		if len(cells) > 1 {
			out = append(out, cells)
		}
	}
	return out
}

func (w *walker) ariaTable(grid [][]*html.Node) {
	var rows [][]string
	width := 0
	for _, r := range grid {
		var cells []string
		for _, c := range r {
			cells = append(cells, escapeCell(w.capture(c, true)))
		}
		if allEmpty(cells) {
			continue
		}
		rows = append(rows, cells)
		width = max(width, len(cells))
	}
	w.rows(rows, width)
}
