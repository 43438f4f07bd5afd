package read

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func countKind(n int, kind string) string {
	if n == 1 {
		return kind
	}
	switch kind {
	case "navigation", "comments", "related links", "other text":
		return kind
	}
	return fmt.Sprintf("%d %ss", n, kind)
}

// pageSurvey is what the page holds outside any article: landmark regions
// by kind, the signature of each data table, the page's h1 and word count.
type pageSurvey struct {
	regions []region
	// data must appear in the extracted article for it to be printed
	// alone: a row of each data table and each itemprop=price outside
	// chrome regions.
	// (Forms are not: an article's login, newsletter or report box is for
	// snap, and an app screen's form rarely comes with an article.)
	data  []datum
	words int
	h1    string // the text of the page's first h1
	// headline is the story's headline: the first h1 (or itemprop
	// headline) outside chrome regions that is not the site's name.
	headline string
	// authors are the texts (folded, at most 200 bytes) of the elements
	// outside chrome regions that the page marks as an author's.
	authors []string
	// bylineNode is the page's first byline (class byline, rel or
	// itemprop author) outside chrome regions.
	bylineNode *html.Node
	// fields counts form fields outside chrome regions (not buttons,
	// hidden or search inputs) beside a data table: their form (or, outside
	// a form, their parent) has the same parent as the table.
	fields int
	// controls counts buttons and form fields outside chrome regions.
	controls int
}

// datum is a text of the page that must not be dropped: a data table's
// row (words: the table's size) or a price (words 0: always).
type datum struct {
	text  string
	words int
	kind  string // what the page is then: "a data table", "a price"
}

type region struct {
	kind string
	text string // its first words, folded
}

var (
	commentsRe = regexp.MustCompile(`(?i)(?:^|[\s_-])(?:comments?|comment-?list|disqus(?:_thread)?|discussion|responses)(?:$|[\s_-])`)
	relatedRe  = regexp.MustCompile(`(?i)(?:^|[\s_-])(?:related|recommended|recommendations|more-stories|read-more|trending|most-popular|outbrain|taboola)(?:$|[\s_-])`)
)

// kindOf names a chrome region, or "" for content.
func kindOf(n *html.Node) string {
	role := attrOf(n, "role")
	switch {
	case n.DataAtom == atom.Nav || role == "navigation" || role == "search":
		return "navigation"
	case n.DataAtom == atom.Aside || role == "complementary":
		return "sidebar"
	case (n.DataAtom == atom.Header && !scoped(n)) || role == "banner":
		return "header"
	case (n.DataAtom == atom.Footer && !scoped(n)) || role == "contentinfo":
		return "footer"
	}
	cls := attrOf(n, "id") + " " + attrOf(n, "class")
	switch {
	case commentsRe.MatchString(cls):
		return "comments"
	case relatedRe.MatchString(cls):
		return "related links"
	}
	return ""
}

// scoped reports whether a header/footer belongs to a piece of content
// (HTML-AAM: then it is not the page's banner or contentinfo).
func scoped(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.DataAtom {
		case atom.Article, atom.Aside, atom.Main, atom.Nav, atom.Section:
			return true
		}
		if r := attrOf(p, "role"); r == "main" || r == "article" {
			return true
		}
	}
	return false
}

func survey(doc *html.Node) pageSurvey {
	var s pageSurvey
	tables := map[*html.Node]bool{} // data tables' parents
	var spots []*html.Node          // where each field sits
	field := func(n *html.Node) {
		spot := n.Parent
		for p := n.Parent; p != nil; p = p.Parent {
			if p.DataAtom == atom.Form {
				spot = p
				break
			}
		}
		if spot != nil {
			spots = append(spots, spot.Parent)
		}
	}
	var walk func(n *html.Node, chrome bool)
	walk = func(n *html.Node, chrome bool) {
		if n.Type == html.TextNode {
			s.words += len(strings.Fields(n.Data))
			return
		}
		if n.Type == html.ElementNode {
			if n.DataAtom == atom.Head {
				return
			}
			if n.DataAtom == atom.H1 && s.h1 == "" {
				s.h1 = fold(textOf(n))
			}
			if !chrome && kindOf(n) == "" {
				if s.headline == "" && (n.DataAtom == atom.H1 || attrOf(n, "itemprop") == "headline") && !siteName(n) {
					s.headline = fold(textOf(n))
				}
				if authorRe.MatchString(attrOf(n, "class")) || attrOf(n, "id") == "author" {
					if t := fold(textOf(n)); t != "" && len(t) <= 200 {
						s.authors = append(s.authors, t)
					}
				}
			}
			if !chrome {
				if k := kindOf(n); k != "" {
					if t := fold(textOf(n)); t != "" {
						s.regions = append(s.regions, region{kind: k, text: firstRunes(t, 60)})
					}
					chrome = true
				}
			}
			if !chrome {
				switch n.DataAtom {
				case atom.Table:
					if d := tableRow(n); d != "" {
						s.data = append(s.data, datum{d, len(strings.Fields(textOf(n))), "a data table"})
						tables[n.Parent] = true
					}
					chrome = true
				}
				switch n.DataAtom {
				case atom.Button, atom.Select, atom.Textarea, atom.Input:
					if attrOf(n, "type") != "hidden" {
						s.controls++
					}
				}
				switch n.DataAtom {
				case atom.Select, atom.Textarea:
					field(n)
				case atom.Input:
					switch attrOf(n, "type") {
					case "hidden", "submit", "button", "image", "reset", "search":
					default:
						field(n)
					}
				}
				// An ARIA grid or table (a calendar's weeks, a board) is a
				// data table.
				if d, words := gridRow(n); d != "" {
					s.data = append(s.data, datum{d, words, "a data table"})
				}
				// A price marked up for shops and search engines (a product
				// page's, not a related product's in a sidebar).
				if attrOf(n, "itemprop") == "price" {
					if d := fold(textOf(n)); d != "" {
						s.data = append(s.data, datum{text: firstRunes(d, 40), kind: "a price"})
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, chrome)
		}
	}
	walk(doc, false)
	s.bylineNode = findByline(doc)
	for _, p := range spots {
		if p != nil && tables[p] {
			s.fields++
		}
	}
	return s
}

// siteName reports whether a heading is the site's name rather than a
// story's: named as a logo or brand, or all of it one link to the site's
// front page.
func siteName(h *html.Node) bool {
	if logoRe.MatchString(attrOf(h, "class") + " " + attrOf(h, "id")) {
		return true
	}
	t := fold(textOf(h))
	if t == "" {
		return true
	}
	var link *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && link == nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.A {
				link = c
				return
			}
			find(c)
		}
	}
	find(h)
	if link == nil || fold(textOf(link)) != t {
		return false
	}
	u, err := url.Parse(attrOf(link, "href"))
	return err == nil && (u.Path == "" || u.Path == "/") && u.RawQuery == "" && u.Fragment == ""
}

var logoRe = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:logo|brand|branding|site-?(?:name|title|logo))(?:[^a-z]|$)`)

// gridRow is the text of an ARIA grid's or table's second row (role
// grid, treegrid or table on an element that is not a <table>) and the
// grid's word count, or "" when it has fewer than two rows of two cells.
func gridRow(g *html.Node) (string, int) {
	switch attrOf(g, "role") {
	case "grid", "treegrid", "table":
	default:
		return "", 0
	}
	if g.DataAtom == atom.Table {
		return "", 0
	}
	var rows []*html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && attrOf(c, "role") == "row" {
				rows = append(rows, c)
				continue
			}
			find(c)
		}
	}
	find(g)
	// A grid of links (a file list) is a menu, not data.
	if len(rows) < 2 || cellCount(rows[1]) < 2 || linkText(g)*2 > len(fold(textOf(g))) {
		return "", 0
	}
	return firstRunes(fold(textOf(rows[1])), 40), len(strings.Fields(textOf(g)))
}

// cellCount counts the ARIA cells of a row.
func cellCount(r *html.Node) int {
	k := 0
	for c := r.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch attrOf(c, "role") {
		case "gridcell", "cell", "columnheader", "rowheader":
			k++
		default:
			k += cellCount(c)
		}
	}
	return k
}

// hasTable reports whether the article holds a table of at least three
// rows.
func hasTable(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "table" && rowCount(c) >= 3 {
			return true
		}
		if hasTable(c) {
			return true
		}
	}
	return false
}

func rowCount(n *html.Node) int {
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Data {
		case "tr":
			k++
		case "thead", "tbody", "tfoot":
			k += rowCount(c)
		}
	}
	return k
}

// tableRow returns the text of a data table's second row (the first is
// often a header that Readability turns into something else), or "" for a
// small or layout table.
func tableRow(t *html.Node) string {
	var rows []*html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.DataAtom {
			case atom.Tr:
				rows = append(rows, c)
			case atom.Table:
				// nested: a layout table
				rows = append(rows, nil, nil, nil, nil)
			case atom.Thead, atom.Tbody, atom.Tfoot:
				find(c)
			}
		}
	}
	find(t)
	if len(rows) < 3 || rows[1] == nil || attrOf(t, "role") == "presentation" {
		return ""
	}
	cells := 0
	for c := rows[1].FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Td || c.DataAtom == atom.Th {
			cells++
		}
	}
	if cells < 2 {
		return ""
	}
	return firstRunes(fold(textOf(rows[1])), 40)
}
