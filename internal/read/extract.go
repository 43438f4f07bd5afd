package read

import (
	_ "embed"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	trafilatura "github.com/markusmobius/go-trafilatura"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/tact-browser/tact/internal/inpage"
)

//go:embed html.js
var htmlSrc string

// HTMLModule defines __tact.readHTML() in the page: the rendered document
// (hidden parts removed, open shadow roots and same-origin iframes inlined)
// as an HTML string, decoded into a Page.
var HTMLModule = inpage.New(htmlSrc)

// Page is the value returned by __tact.readHTML.
type Page struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	HTML  string `json:"html"`
	Error string `json:"error,omitempty"`
}

// Main is the main content of a page as markdown, and what was left out.
type Main struct {
	Markdown string
	// LeftOut names the parts of the page not printed, outermost first in
	// document order and counted by kind: "navigation", "2 sidebars", …
	LeftOut []string
}

// Extract finds the main content of a serialized page (a Page's HTML) with
// go-trafilatura and renders it as markdown. ok is false when the page has no
// clear main content — an app screen, a dashboard, a list of results, a
// form — or when keeping only the article would drop data of the page (a
// table, a marked-up price outside the page's chrome) that an agent could
// need; the caller then prints all visible text instead.
func Extract(page, pageURL string, links bool) (m Main, ok bool) {
	// The libraries work on whatever the page was; a bug of theirs on an
	// odd tree costs the main-content mode, never the read.
	defer func() {
		if recover() != nil {
			m, ok = Main{}, false
		}
	}()
	m, why := extract(page, pageURL, links)
	return m, why == ""
}

// extract is Extract saying why a page has no main content ("" when it
// has one).
func extract(page, pageURL string, links bool) (m Main, why string) {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return m, "unparsable"
	}
	u, _ := url.Parse(pageURL)
	// The extractors take their article out of the tree they are given;
	// what the rest of the page held is surveyed first, on the same tree.
	s := survey(doc)
	langs := codeLanguages(doc)
	protectPre(doc, false)
	mathAsTeX(doc)
	a, why := mainArticle(doc, u, links)
	if why != "" {
		return m, why
	}
	unprotectCode(a.node, false)
	text := fold(unmark(textOf(a.node)))
	if len(text) < 200 {
		return m, "short article"
	}
	// A list of links (results, an index) is not an article.
	if linkText(a.node)*2 > len(text) {
		return m, "links"
	}
	// Fields beside a table make a screen to work in (filters over a list
	// of orders), whose every part is data, however article-like its text.
	// (Fields elsewhere on the page, a newsletter box or a loan calculator
	// beside a finance article, do not.)
	if s.fields >= 2 && hasTable(a.node) {
		return m, "app screen"
	}
	words := len(strings.Fields(text))
	for _, d := range s.data {
		// A small table beside a long article is a widget (a calendar, a
		// ticker); one as big as a quarter of the article is the page's data.
		if !strings.Contains(text, d.text) && (d.words == 0 || d.words*4 >= words) {
			return m, "data left out: " + d.text
		}
	}
	counts := map[string]int{}
	var kinds []string
	for _, r := range s.regions {
		if r.text == "" || strings.Contains(text, r.text) {
			continue
		}
		if counts[r.kind] == 0 {
			kinds = append(kinds, r.kind)
		}
		counts[r.kind]++
	}
	for _, k := range kinds {
		m.LeftOut = append(m.LeftOut, countKind(counts[k], k))
	}
	if len(m.LeftOut) == 0 && s.words > 0 {
		if left := s.words - words; left > s.words/10 {
			m.LeftOut = append(m.LeftOut, "other text")
		}
	}

	prepare(a.node, links, langs)
	md, err := markdown(a.node)
	if err != nil {
		return m, "markdown: " + err.Error()
	}
	md = restorePre(md)
	// The byline as the page words it (titled skips it when the article
	// has it already), else the extractor's author.
	byline := s.byline
	if byline == "" {
		byline = fold(a.byline)
	}
	m.Markdown = compact(titled(md, s.h1, fold(a.title), byline))
	return m, ""
}

// article is what the extractor found: the main content's tree, the
// title and byline it gave the page.
type article struct {
	node          *html.Node
	title, byline string
}

// mainArticle finds the main content with go-trafilatura (its own
// extractor, then Readability and DOM Distiller as its fallbacks), or says
// why the page has none. Comments are not content; dates are not looked
// for (nothing prints them, and go.mod replaces the date module with
// internal/nodate, whose init costs nothing).
func mainArticle(doc *html.Node, u *url.URL, links bool) (article, string) {
	res, err := trafilatura.ExtractDocument(doc, trafilatura.Options{
		OriginalURL:     u,
		EnableFallback:  true,
		ExcludeComments: true,
		IncludeImages:   true,
		IncludeLinks:    links,
		HtmlDateMode:    trafilatura.Disabled,
	})
	if err != nil || res.ContentNode == nil {
		return article{}, "no article"
	}
	dropRepeats(res.ContentNode)
	return article{res.ContentNode, res.Metadata.Title, res.Metadata.Author}, ""
}

// dropRepeats removes the paragraphs go-trafilatura repeats after a block
// of <br>-separated lines (it keeps the block and also emits each line
// after the first break as a paragraph of its own): a run of <p> siblings
// right after a block with a <br>, each of whose text is in that block's.
// (Its tree names elements by Data only, without atoms.)
func dropRepeats(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		if c.Type != html.ElementNode {
			c = c.NextSibling
			continue
		}
		dropRepeats(c)
		if !hasBr(c) {
			c = c.NextSibling
			continue
		}
		block := fold(textOf(c))
		for next := c.NextSibling; next != nil; {
			if next.Type == html.TextNode && strings.TrimSpace(next.Data) == "" {
				next = next.NextSibling
				continue
			}
			t := fold(textOf(next))
			if next.Type != html.ElementNode || next.Data != "p" || t == "" || !strings.Contains(block, t) {
				break
			}
			gone := next
			next = next.NextSibling
			n.RemoveChild(gone)
		}
		c = c.NextSibling
	}
}

// mathAsTeX replaces each MathML formula with its TeX ($…$, as read --all
// prints it): the extractor drops <math>, which would take the formula out
// of its sentence.
func mathAsTeX(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode && c.Data == "math" {
			if tex := texOf(c); tex != "" {
				n.InsertBefore(&html.Node{Type: html.TextNode, Data: " $" + tex + "$ "}, c)
			}
			n.RemoveChild(c)
		} else {
			mathAsTeX(c)
		}
		c = next
	}
}

// texOf is a formula's TeX source when the page gives it (alttext, a TeX
// annotation), else its text.
func texOf(m *html.Node) string {
	tex := attrOf(m, "alttext")
	if tex == "" {
		var find func(*html.Node)
		find = func(n *html.Node) {
			for c := n.FirstChild; c != nil && tex == ""; c = c.NextSibling {
				if c.Type == html.ElementNode && c.Data == "annotation" && attrOf(c, "encoding") == "application/x-tex" {
					tex = textOf(c)
				}
				find(c)
			}
		}
		find(m)
	}
	if s := texAlt.FindStringSubmatch(strings.TrimSpace(tex)); s != nil {
		tex = s[1]
	}
	if tex = fold(tex); tex == "" {
		tex = fold(textOf(m))
	}
	return tex
}

func hasBr(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "br" {
			return true
		}
	}
	return false
}

// titled gives the markdown its title: the heading that was the page's h1
// (or is the document's title) becomes "# " again (extractors demote or
// drop it), else the title is put first — the page's h1 when the
// document's title is that h1 and more ("Headline | Author | Site"), the
// document's title otherwise (an h1 that is not in it is a site logo).
// The byline, which extractors take out of the text, follows the title.
func titled(md, h1, title, byline string) string {
	lines := strings.Split(md, "\n")
	found := false
	for i, l := range lines {
		if lv, t := headingOf(l); lv > 0 && t != "" && (strings.EqualFold(t, h1) || strings.EqualFold(t, title)) {
			lines[i] = "# " + t
			found = true
			break
		}
	}
	head := ""
	if !found && title != "" {
		if h1 != "" && strings.Contains(strings.ToLower(title), strings.ToLower(h1)) {
			title = h1
		}
		head = "# " + title + "\n"
	}
	if byline != "" && !strings.Contains(md, byline) {
		head += byline + "\n"
	}
	if found && head != "" {
		// The byline goes under the title line.
		for i, l := range lines {
			if strings.HasPrefix(l, "# ") {
				lines[i] = l + "\n" + strings.TrimSuffix(head, "\n")
				return strings.Join(lines, "\n")
			}
		}
	}
	return head + "\n" + strings.Join(lines, "\n")
}

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
	// byline is the text of the page's first byline (class byline, rel or
	// itemprop author) outside chrome regions, as the page words it.
	byline string
	// fields counts form fields outside chrome regions (not buttons,
	// hidden or search inputs) beside a data table: their form (or, outside
	// a form, their parent) has the same parent as the table.
	fields int
}

// datum is a text of the page that must not be dropped: a data table's
// row (words: the table's size) or a price (words 0: always).
type datum struct {
	text  string
	words int
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
						s.data = append(s.data, datum{d, len(strings.Fields(textOf(n)))})
						tables[n.Parent] = true
					}
					chrome = true
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
				if s.byline == "" && isByline(n) {
					if t := fold(textOf(n)); len(t) <= 100 {
						s.byline = t
					}
				}
				// A price marked up for shops and search engines (a product
				// page's, not a related product's in a sidebar).
				if attrOf(n, "itemprop") == "price" {
					if d := fold(textOf(n)); d != "" {
						s.data = append(s.data, datum{text: firstRunes(d, 40)})
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, chrome)
		}
	}
	walk(doc, false)
	for _, p := range spots {
		if p != nil && tables[p] {
			s.fields++
		}
	}
	return s
}

var bylineRe = regexp.MustCompile(`(?i)(?:^|[\s_-])byline(?:$|[\s_-])`)

func isByline(n *html.Node) bool {
	return attrOf(n, "rel") == "author" || attrOf(n, "itemprop") == "author" || bylineRe.MatchString(attrOf(n, "class"))
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

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// linkText is the length of the folded text inside links under n.
func linkText(n *html.Node) int {
	total := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "a" {
				total += len(fold(textOf(c)))
				continue
			}
			walk(c)
		}
	}
	walk(n)
	return total
}

// fold collapses whitespace runs to one space and trims.
func fold(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

func firstRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

var (
	genericAlt = regexp.MustCompile(`(?i)^(image|img|photo|picture|pic|logo|icon|spacer|banner|thumbnail|thumb|avatar|placeholder|null|undefined|untitled|graphic|figure|\d+)$|\.(jpe?g|png|gif|webp|svg|avif|bmp)$`)
	texAlt     = regexp.MustCompile(`^\{\\(?:display|text)style\s*([\s\S]*)\}$`)
)

// codeLanguages maps the start of each code block's text to the language
// its class names ("language-go", "lang-toml"): the extractor keeps the
// code but not its classes.
func codeLanguages(doc *html.Node) map[string]string {
	langs := map[string]string{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.DataAtom == atom.Pre {
				cls := attrOf(c, "class")
				for k := c.FirstChild; k != nil; k = k.NextSibling {
					if k.DataAtom == atom.Code {
						cls += " " + attrOf(k, "class")
					}
				}
				if m := langRe.FindStringSubmatch(cls); m != nil {
					langs[codeKey(textOf(c))] = m[1]
				}
				continue
			}
			walk(c)
		}
	}
	walk(doc)
	return langs
}

var langRe = regexp.MustCompile(`(?:^|\s)(?:language|lang)-([\w+#-]+)`)

func codeKey(text string) string { return firstRunes(fold(text), 60) }

// prepare rewrites the article tree into what the markdown should say:
// links become their text unless asked for, images their ![alt] when the
// alt says something (a formula image its $TeX$), emphasis plain text,
// and the extractor's block <code> a <pre> block again, with the language
// of langs.
func prepare(root *html.Node, links bool, langs map[string]string) {
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			walk(c)
			if c.Type == html.ElementNode {
				switch c.Data {
				case "code":
					if n.Data != "pre" && blockCode(c) {
						pre := &html.Node{Type: html.ElementNode, Data: "pre", DataAtom: atom.Pre}
						n.InsertBefore(pre, c)
						n.RemoveChild(c)
						pre.AppendChild(c)
						c.Attr = nil
						if l := langs[codeKey(unmark(textOf(c)))]; l != "" {
							c.Attr = []html.Attribute{{Key: "class", Val: "language-" + l}}
						}
					}
				case "a":
					if !links || strings.HasPrefix(attrOf(c, "href"), "#") {
						unwrap(c)
					}
				case "b", "strong", "i", "em", "u", "mark", "small", "abbr":
					unwrap(c)
				case "img":
					if t := altText(c); t != "" {
						n.InsertBefore(&html.Node{Type: html.TextNode, Data: t}, c)
					}
					n.RemoveChild(c)
				}
			}
			c = next
		}
	}
	walk(root)
}

// blockCode reports whether a <code> outside <pre> is a block of code: it
// spans lines, or it is the only thing in its parent.
func blockCode(c *html.Node) bool {
	if strings.Contains(textOf(c), "\n") {
		return true
	}
	for s := c.Parent.FirstChild; s != nil; s = s.NextSibling {
		if s != c && (s.Type == html.ElementNode || strings.TrimSpace(s.Data) != "") {
			return false
		}
	}
	return c.Parent.Data == "body" || c.Parent.Data == "div"
}

func altText(img *html.Node) string {
	alt := fold(attrOf(img, "alt"))
	if m := texAlt.FindStringSubmatch(alt); m != nil {
		return "$" + strings.TrimSpace(m[1]) + "$"
	}
	if len(alt) < 2 || genericAlt.MatchString(alt) {
		return ""
	}
	return " ![" + alt + "] "
}

// unwrap replaces n by its children.
func unwrap(n *html.Node) {
	p := n.Parent
	for c := n.FirstChild; c != nil; c = n.FirstChild {
		n.RemoveChild(c)
		p.InsertBefore(c, n)
	}
	p.RemoveChild(n)
}

var conv = htmltomarkdown.NewConverter(
	htmltomarkdown.WithEscapeMode(htmltomarkdown.EscapeModeDisabled),
	htmltomarkdown.WithPlugins(
		base.NewBasePlugin(),
		// No "<!--THE END-->" between adjacent lists: it keeps them apart
		// for a markdown renderer, and is noise to an agent reading.
		commonmark.NewCommonmarkPlugin(commonmark.WithHorizontalRule("***"), commonmark.WithListEndComment(false)),
		table.NewTablePlugin(
			table.WithCellPaddingBehavior(table.CellPaddingBehaviorMinimal),
			table.WithHeaderPromotion(true),
			table.WithSpanCellBehavior(table.SpanBehaviorEmpty),
		),
	),
)

func markdown(n *html.Node) (string, error) {
	b, err := conv.ConvertNode(n)
	return string(b), err
}

// compact applies tact's layout to converted markdown: one block per line,
// a blank line only before headings; code blocks are left as they are.
func compact(md string) string {
	lines := strings.Split(md, "\n")
	out := make([]string, 0, len(lines))
	eachLine(lines, func(i int, l string, code bool) {
		if code || strings.TrimSpace(l) != "" {
			out = append(out, l)
			return
		}
		// i is 1-based: lines[i] is the next line.
		if i < len(lines) && strings.HasPrefix(lines[i], "#") {
			out = append(out, "")
		}
	})
	return Clean(strings.Join(out, "\n"))
}
