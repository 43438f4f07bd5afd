package read

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	trafilatura "github.com/markusmobius/go-trafilatura"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

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

// titled gives the markdown its title: the heading that was the page's h1
// (or is the document's title) becomes "# " again (extractors demote or
// drop it), else the title is put first — the page's h1 when it is the
// story's headline (sure: an h1 outside the page's chrome that is not the
// site's name) or when the document's title is that h1 and more
// ("Headline | Author | Site"), the document's title otherwise (an h1 in
// the page's header that the title lacks is a site logo).
// The byline follows the title; its other copies (a table cell, a line of
// the text) go. Nothing is printed above the title: what the article had
// there (a column's standing intro, a kicker, a hero image) follows the
// byline, unless the text prints it again below.
func titled(md, h1 string, sure bool, title, dek string, by byline) string {
	lines := strings.Split(md, "\n")
	if k := textKey(dek); k != "" {
		lines = slices.DeleteFunc(lines, func(l string) bool { return textKey(l) == k })
	}
	at := -1
	for i, l := range lines {
		if lv, t := pagetext.HeadingOf(l); lv > 0 && t != "" && (strings.EqualFold(t, h1) || strings.EqualFold(t, title)) {
			lines[i] = "# " + t
			at = i
			break
		}
	}
	var head []string
	if at < 0 {
		if h1 != "" && (sure || strings.Contains(strings.ToLower(title), strings.ToLower(h1))) {
			title = h1
		}
		if title != "" {
			head = append(head, "# "+title)
		}
	} else {
		head = append(head, lines[at])
	}
	if dek != "" {
		head = append(head, "> "+dek)
	}
	if by.line != "" {
		head = append(head, by.line)
	}
	var above, below []string
	if at >= 0 {
		above, below = lines[:at], lines[at+1:]
	} else {
		below = lines
	}
	below = by.dropCopies(below)
	if len(head) > 0 {
		rest := strings.ToLower(fold(strings.Join(below, " ")))
		again := map[string]bool{}
		for _, l := range below {
			again[strings.ToLower(fold(l))] = true
		}
		var kept []string
		for _, l := range by.dropCopies(above) {
			// Said again below: a paragraph anywhere in the text, a short
			// line as a line of its own.
			if t := strings.ToLower(fold(l)); t != "" && (len(t) >= 40 && strings.Contains(rest, t) || again[t]) {
				continue
			}
			kept = append(kept, l)
		}
		above = kept
	}
	return strings.Join(slices.Concat(head, above, below), "\n")
}

// byline is the line printed under the title, and what the page's own
// copies of it say, so that they are not printed again.
type byline struct {
	line string
	raw  []string // folded, lower case
}

// copyOf reports whether a markdown line is the byline again: its text
// (table pipes, a "By" and separators aside) is the byline's.
func (b byline) copyOf(l string) bool {
	if b.line == "" {
		return false
	}
	t := strings.ToLower(bylineText(l))
	if t == "" {
		return false
	}
	for _, r := range append(b.raw, strings.ToLower(bylineText(b.line))) {
		if t == r {
			return true
		}
	}
	return false
}

// dropCopies removes the byline's copies from lines, with the header rule
// of a table that held only the byline.
func (b byline) dropCopies(lines []string) []string {
	out := lines[:0:0]
	for i := 0; i < len(lines); i++ {
		if b.copyOf(lines[i]) {
			if i+1 < len(lines) && tableRule.MatchString(strings.TrimSpace(lines[i+1])) {
				i++
			}
			continue
		}
		out = append(out, lines[i])
	}
	return out
}

var tableRule = regexp.MustCompile(`^\|(?:\s*:?-+:?\s*\|)+$`)

// bylineText is a byline's words without table pipes, a leading "By" or
// "By:", or separators at either end.
func bylineText(s string) string {
	s = fold(strings.ReplaceAll(s, "|", " "))
	if len(s) > 3 && strings.EqualFold(s[:2], "by") && (s[2] == ' ' || s[2] == ':') {
		s = s[3:]
	}
	return strings.Trim(s, " :·•,;-–—/")
}

// cleanByline is an author line as one clean line: no table pipes, no
// separators at the ends.
func cleanByline(s string) string {
	return strings.Trim(fold(strings.ReplaceAll(s, "|", " ")), " ·•,;-–—/")
}

// authorLine is the byline when the page marks no byline box but the
// extractor found an author: the page's author element that holds the
// author's name, as the page prints it. The extractor's own author is
// cut at the first digit ("Sam Ortiz · November" from "By Sam Ortiz ·
// November 20, 2026"), so it is used only when no such element is found.
func (s pageSurvey) authorLine(doc *html.Node, author string) byline {
	author = cleanByline(author)
	if author == "" {
		return byline{}
	}
	name := regexp.MustCompile(`(?i)` + regexp.QuoteMeta(author))
	for _, t := range s.authors {
		// The element as printed from the author's name on ("Posted by"
		// and such left out), when it adds a date at most (not a
		// biography).
		at := name.FindStringIndex(t)
		if at == nil || at[0] > 20 {
			continue
		}
		// What follows the name is a date, or nothing.
		if rest := t[at[1]:]; len(rest) > 20 || rest != "" && !hasDigit(rest) {
			continue
		}
		from := t[at[0]:]
		b := byline{line: "By " + bylineText(from), raw: []string{strings.ToLower(bylineText(t)), strings.ToLower(bylineText(from))}}
		if d := publishedDate(doc); d != "" && !hasDigit(from) {
			b.line += " · " + d
		}
		return b
	}
	return byline{line: author}
}

func hasDigit(s string) bool { return strings.ContainsFunc(s, unicode.IsDigit) }

// bylineOf builds the byline from the page's byline element: "By" and the
// names (the elements marked as authors in it, else its text without the
// date), then the date (a <time> in or just around it, else the page's
// published date), so that names, the paper and the date no longer run
// together.
func bylineOf(doc, n *html.Node) byline {
	if n == nil {
		return byline{}
	}
	// A name marked inside a byline box: the box is the byline.
	for p, k := n.Parent, 0; p != nil && k < 3; p, k = p.Parent, k+1 {
		if bylineRe.MatchString(attrOf(p, "class")) && len(fold(textOf(p))) <= 200 {
			n = p
		}
	}
	raw := fold(textOf(n))
	b := byline{raw: []string{strings.ToLower(bylineText(raw))}}
	date, dateNode := dateNear(n)
	if date == "" {
		date = publishedDate(doc)
	}
	var names []string
	var find func(*html.Node)
	find = func(c *html.Node) {
		for k := c.FirstChild; k != nil; k = k.NextSibling {
			if k.Type != html.ElementNode {
				continue
			}
			if k != dateNode && (attrOf(k, "rel") == "author" || attrOf(k, "itemprop") == "author" || authorRe.MatchString(attrOf(k, "class"))) {
				if t := bylineText(textOf(k)); t != "" && len(t) <= 80 && !slices.Contains(names, t) {
					names = append(names, t)
				}
				continue
			}
			find(k)
		}
	}
	find(n)
	who := strings.Join(names, ", ")
	if who == "" {
		who = raw
		if dateNode != nil && isAncestor(n, dateNode) {
			if t := fold(textOf(dateNode)); t != "" {
				who = strings.Replace(who, t, " ", 1)
			}
		}
		who = bylineText(who)
	}
	if who == "" {
		return byline{}
	}
	b.line = "By " + who
	if date != "" && !strings.Contains(who, date) {
		b.line += " · " + date
	}
	return b
}

var authorRe = regexp.MustCompile(`(?i)(?:^|[\s_-])(?:author|authors|author-?name|byline__author|contributor)(?:$|[\s_-])`)

// dateNear finds the date of a byline: a <time> (or itemprop
// datePublished) in it, or in its parent or grandparent while those are a
// small box around it.
func dateNear(n *html.Node) (string, *html.Node) {
	for k, p := 0, n; p != nil && k < 3; k, p = k+1, p.Parent {
		if k > 0 && len(fold(textOf(p))) > 300 {
			break
		}
		if d := findDate(p); d != nil {
			t := fold(textOf(d))
			if t == "" {
				t = shortDate(attrOf(d, "datetime"))
			}
			if t != "" {
				return t, d
			}
		}
	}
	return "", nil
}

func findDate(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.Data == "time" || attrOf(c, "itemprop") == "datePublished" {
			return c
		}
		if d := findDate(c); d != nil {
			return d
		}
	}
	return nil
}

// publishedDate is the page's published date from its metadata
// (article:published_time), as YYYY-MM-DD, or "".
func publishedDate(doc *html.Node) string {
	d := ""
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil && d == ""; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "meta" && attrOf(c, "property") == "article:published_time" {
				d = shortDate(attrOf(c, "content"))
				return
			}
			if c.Data != "body" {
				walk(c)
			}
		}
	}
	walk(doc)
	return d
}

var isoDate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}`)

func shortDate(s string) string { return isoDate.FindString(strings.TrimSpace(s)) }

func isAncestor(a, n *html.Node) bool {
	for p := n; p != nil; p = p.Parent {
		if p == a {
			return true
		}
	}
	return false
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

// recipeLD finds a Recipe among the types of a page's JSON-LD.
var recipeLD = regexp.MustCompile(`"@type"\s*:\s*(?:\[[^\]]*)?"(?:https?://schema\.org/)?Recipe"`)

// isRecipe reports whether the page says it is a recipe: a Recipe in its
// JSON-LD, or a recipe's microdata (its ingredients, yield or steps).
func isRecipe(doc *html.Node) bool {
	found := false
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil && !found; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch {
			case c.DataAtom == atom.Script:
				found = attrOf(c, "type") == "application/ld+json" && recipeLD.MatchString(textOf(c))
				continue
			case recipeProp[attrOf(c, "itemprop")]:
				found = true
				return
			}
			walk(c)
		}
	}
	walk(doc)
	return found
}

var recipeProp = map[string]bool{"recipeIngredient": true, "ingredients": true, "recipeYield": true, "recipeInstructions": true}

// recipeCard is a copy of a recipe's card (its ingredients, servings and
// steps), when the page is a recipe: the box around its ingredients list
// that the page names a recipe's, else that list. The extractor often
// keeps the story told above a recipe and leaves its card out; the card is
// then added after the story (see extract).
func recipeCard(doc *html.Node) (card *html.Node, items []string) {
	if !isRecipe(doc) {
		return nil, nil
	}
	var list *html.Node
	var walk func(n *html.Node, chrome bool)
	walk = func(n *html.Node, chrome bool) {
		for c := n.FirstChild; c != nil && list == nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c.DataAtom == atom.Head {
				continue
			}
			ch := chrome || kindOf(c) != ""
			if !ch && ingredients(c) {
				list = c
				return
			}
			walk(c, ch)
		}
	}
	walk(doc, false)
	if list == nil {
		return nil, nil
	}
	// The ingredients (a list's items, a table's rows, else the box's
	// parts) say whether the story kept the card.
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for _, c := range childElements(n) {
			if c.DataAtom == atom.Li || c.DataAtom == atom.Tr {
				if k := textKey(textOf(c)); k != "" {
					items = append(items, k)
				}
				continue
			}
			find(c)
		}
	}
	find(list)
	if len(items) == 0 {
		for _, c := range childElements(list) {
			if k := textKey(textOf(c)); k != "" {
				items = append(items, k)
			}
		}
	}
	card = list
	for p := list.Parent; p != nil && p.DataAtom != atom.Body && p.DataAtom != atom.Main && p.DataAtom != atom.Article; p = p.Parent {
		if recipeRe.MatchString(attrOf(p, "class") + " " + attrOf(p, "id")) {
			card = p
		}
	}
	if len(fold(textOf(card))) > 20000 {
		card = list
	}
	return clone(card), items
}

var (
	recipeRe     = regexp.MustCompile(`(?i)recipe|rezept|recette|receta|ricetta`)
	ingredientRe = regexp.MustCompile(`(?i)ingredient|zutat`)
)

// ingredients reports whether n holds a recipe's ingredients: a list or
// table of them marked up so, or a box of at least two that the page
// names so.
func ingredients(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Ul, atom.Ol, atom.Table, atom.Tbody:
		for _, c := range childElements(n) {
			if recipeProp[attrOf(c, "itemprop")] {
				return true
			}
		}
	}
	return ingredientRe.MatchString(attrOf(n, "class")+" "+attrOf(n, "id")) && len(childElements(n)) >= 2
}

func childElements(n *html.Node) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			out = append(out, c)
		}
	}
	return out
}

// clone is a deep copy of n, detached.
func clone(n *html.Node) *html.Node {
	c := &html.Node{Type: n.Type, DataAtom: n.DataAtom, Data: n.Data, Namespace: n.Namespace, Attr: slices.Clone(n.Attr)}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c.AppendChild(clone(k))
	}
	return c
}

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

// findByline is the page's first byline outside chrome regions, a table
// cell's included.
func findByline(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.DataAtom == atom.Head || kindOf(c) != "" {
			continue
		}
		if isByline(c) {
			if t := fold(textOf(c)); t != "" && len(t) <= 200 {
				return c
			}
		}
		if b := findByline(c); b != nil {
			return b
		}
	}
	return nil
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
//
// text is the article's text and title its title lines (both lower case),
// for the images that say nothing more.
func prepare(root *html.Node, links bool, langs map[string]string, text, title string) {
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
					if t := altText(c, text, title); t != "" {
						n.InsertBefore(&html.Node{Type: html.TextNode, Data: t}, c)
					}
					n.RemoveChild(c)
				}
			}
			c = next
		}
	}
	walk(root)
	mergeText(root)
}

// mergeText joins runs of adjacent text nodes (left by unwrapping links
// and emphasis) into one, in linear time: the converter joins them pairwise,
// which is quadratic in a run's length (minutes for a list of 100k links).
func mergeText(root *html.Node) {
	stack := []*html.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				stack = append(stack, c)
				continue
			}
			if c.Type != html.TextNode || c.NextSibling == nil || c.NextSibling.Type != html.TextNode {
				continue
			}
			var sb strings.Builder
			sb.WriteString(c.Data)
			for s := c.NextSibling; s != nil && s.Type == html.TextNode; s = c.NextSibling {
				sb.WriteString(s.Data)
				n.RemoveChild(s)
			}
			c.Data = sb.String()
		}
	}
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

// altText is what an image prints: its TeX when it is a formula, its
// ![alt] when the alt says something the text does not, else nothing. An
// alt that the text or the title already has (a caption equal to it, a
// hero image named after the headline) says nothing more, nor does a
// print-only image's (a "print header logo").
func altText(img *html.Node, text, title string) string {
	alt := fold(attrOf(img, "alt"))
	if m := texAlt.FindStringSubmatch(alt); m != nil {
		return "$" + strings.TrimSpace(m[1]) + "$"
	}
	if len(alt) < 2 || genericAlt.MatchString(alt) || printOnly.MatchString(alt+" "+attrOf(img, "class")+" "+attrOf(img, "id")) {
		return ""
	}
	low := strings.ToLower(alt)
	if strings.Contains(text, low) || strings.Contains(title, low) || mostlyIn(low, captionOf(img)) {
		return ""
	}
	return " ![" + alt + "] "
}

// printOnly matches the names of images meant for print ("print-logo",
// "logo print header"), not those kept off print ("no-print").
var printOnly = regexp.MustCompile(`(?i)(?:^|[^a-z-])print(?:$|[^a-z])`)

// captionOf is the lower-case text of the figure caption of an image's
// <figure>, or "".
func captionOf(img *html.Node) string {
	for p := img.Parent; p != nil; p = p.Parent {
		if p.Data != "figure" {
			continue
		}
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "figcaption" {
				return strings.ToLower(fold(textOf(c)))
			}
		}
		return ""
	}
	return ""
}

// mostlyIn reports whether nearly every word of alt is in caption (a
// caption that says the alt in other order, or more).
func mostlyIn(alt, caption string) bool {
	if caption == "" {
		return false
	}
	have := map[string]bool{}
	for _, w := range strings.FieldsFunc(caption, notWordRune) {
		have[w] = true
	}
	words, found := 0, 0
	for _, w := range strings.FieldsFunc(alt, notWordRune) {
		words++
		if have[w] {
			found++
		}
	}
	return words > 0 && found*5 >= words*4
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

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
// a blank line only before headings; code blocks are left as they are. A
// paragraph the article repeats (an extractor can keep a block twice, a
// page can print a standing intro twice) is printed once.
func compact(md string) string {
	lines := strings.Split(md, "\n")
	out := make([]string, 0, len(lines))
	seen := map[string]bool{}
	pagetext.EachLine(lines, func(i int, l string, code bool) {
		if !code && repeatable(l) {
			k := strings.ToLower(fold(l))
			if seen[k] {
				return
			}
			seen[k] = true
		}
		if code || strings.TrimSpace(l) != "" {
			out = append(out, l)
			return
		}
		// i is 1-based: lines[i] is the next line.
		if i < len(lines) && strings.HasPrefix(lines[i], "#") {
			out = append(out, "")
		}
	})
	return pagetext.Clean(strings.Join(out, "\n"))
}

// repeatable: a line long enough that printing it twice is a repeat, not
// two items that happen to read alike ("Reply", a table's row of dashes).
func repeatable(l string) bool {
	t := strings.TrimSpace(l)
	return len(t) >= 40 && !strings.HasPrefix(t, "|") && !strings.HasPrefix(t, "#")
}
