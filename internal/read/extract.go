package read

import (
	"context"
	"net/url"
	"strings"
	"unicode"

	trafilatura "github.com/markusmobius/go-trafilatura"
	"golang.org/x/net/html"

	"github.com/tact-browser/tact/internal/pagetext"
)

// Main is the main content of a page as markdown, and what was left out
// (internal/pagetext defines it: the daemon hands Extract to the commands
// as a function, so they need not link this package).
type Main = pagetext.Main

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
	if why != "" {
		return Main{NotArticle: m.NotArticle}, false
	}
	return m, true
}

// ExtractWithin is Extract within ctx: a page over MaxHTML has no main
// content, and a deadline that passes first returns ctx's error at once
// (the extraction, bounded by MaxHTML, finishes in the background).
func ExtractWithin(ctx context.Context, page, pageURL string, links bool) (Main, bool, error) {
	if len(page) > pagetext.MaxHTML {
		return Main{}, false, nil
	}
	type result struct {
		m  Main
		ok bool
	}
	done := make(chan result, 1)
	go func() {
		m, ok := Extract(page, pageURL, links)
		done <- result{m, ok}
	}()
	select {
	case r := <-done:
		return r.m, r.ok, nil
	case <-ctx.Done():
		return Main{}, false, ctx.Err()
	}
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
	dropBoilerplate(doc)
	leads := leadsAfterH1(doc)
	card, cardParts := recipeCard(doc)
	recirc := recirculationLines(doc)
	a, why := mainArticle(doc, u, links)
	if why != "" {
		return m, why
	}
	unprotectCode(a.node, false)
	text := fold(unmark(textOf(a.node)))
	if len(leads) > 0 {
		addLeads(a.node, leads, text)
	}
	trimMore(a.node)
	dropLines(a.node, recirc)
	dropCredits(a.node)
	// A recipe's story without (most of) its card: the card follows the
	// story.
	if card != nil {
		have, kept := textKey(textOf(a.node)), 0
		for _, k := range cardParts {
			if strings.Contains(have, k) {
				kept++
			}
		}
		if kept*2 < len(cardParts) {
			a.node.AppendChild(card)
		}
	}
	text = fold(unmark(textOf(a.node)))
	if len(text) < 200 {
		return m, "short article"
	}
	// A list of links (results, an index) is not an article.
	if linkText(a.node)*2 > len(text) {
		return m, "links"
	}
	// Nor is a page of controls whose text holds no sentence: a form's
	// labels and buttons run together (the extractor keeps such a screen
	// as one paragraph, printed after the headings it kept).
	if s.controls >= 3 && !hasSentence(text) {
		m.NotArticle = "a screen of controls"
		return m, "no sentence"
	}
	// Fields beside a table make a screen to work in (filters over a list
	// of orders), whose every part is data, however article-like its text.
	// (Fields elsewhere on the page, a newsletter box or a loan calculator
	// beside a finance article, do not.)
	if s.fields >= 2 && hasTable(a.node) {
		m.NotArticle = "an app screen"
		return m, "app screen"
	}
	words := len(strings.Fields(text))
	for _, d := range s.data {
		// A small table beside a long article is a widget (a calendar, a
		// ticker); one as big as a quarter of the article is the page's data.
		if !strings.Contains(text, d.text) && (d.words == 0 || d.words*4 >= words) {
			m.NotArticle = d.kind
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

	prepare(a.node, links, langs, strings.ToLower(text), strings.ToLower(fold(s.h1)+" "+fold(a.title)))
	md, err := markdown(a.node)
	if err != nil {
		return m, "markdown: " + err.Error()
	}
	md = restorePre(md)
	// The byline from the page's markup (names, then the date), else the
	// extractor's author.
	by := bylineOf(doc, s.bylineNode)
	if by.line == "" {
		by = s.authorLine(doc, a.byline)
	}
	h1 := s.headline
	if h1 == "" {
		h1 = s.h1
	}
	m.Markdown = compact(titled(md, h1, s.headline != "", fold(a.title), dekOf(leads), by))
	return m, ""
}

// hasSentence reports text holding a sentence: six words or more ended
// by a full stop, question or exclamation mark (in scripts written
// without spaces, six characters).
func hasSentence(text string) bool {
	words, in := 0, false
	for _, r := range text {
		switch {
		case strings.ContainsRune(".!?。！？।॥؟۔։።။", r):
			if words+btoi(in) >= 6 {
				return true
			}
			words, in = 0, false
		case unicode.IsSpace(r):
			if in {
				words++
			}
			in = false
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai):
			// Scripts written without spaces: a character is a word.
			words++
		default:
			in = true
		}
	}
	return false
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// article is what the extractor found: the main content's tree, the
// title and byline it gave the page.
type article struct {
	node          *html.Node
	title, byline string
}

// mainArticle finds the main content with go-trafilatura (its own
// extractor, then Readability and DOM Distiller as its fallbacks), or says
// why the page has none. Comments are not content; dates and the
// language are not looked for (nothing prints them, and go.mod replaces
// the date and language modules with internal/nodate and internal/nolang,
// whose init costs nothing).
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
