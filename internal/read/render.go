package read

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/tact-browser/tact/internal/pagetext"
)

// Render turns a page serialized by html.js into markdown: every visible
// text of the part o.Scope names, in document order (pagetext documents
// the layout). It is `tact read --all`, `--focus` and the reading of a
// page without an article; Extract reads the article of the same
// serialization. What the layout needs of the computed style, html.js
// wrote in data-tact-* attributes.
//
// Scopes: "all", the whole body; "page", the body without navigation,
// consent banners and small ad or share boxes; "focus", the <div
// data-tact-root> boxes html.js wrote for the matches, as they are;
// "main" (or ""), the page's content root (its biggest main, else a
// dominant article or the container of several, else the body) without
// the page's chrome, after the page's h1 when the root has none.
// Same-origin frames inlined for the extractor (<div data-tact-frame>)
// are left out: the daemon reads every frame on its own.
func Render(page string, o pagetext.RenderOptions) string {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return ""
	}
	body := findBody(doc)
	if body == nil {
		return ""
	}
	root, auto := body, false
	switch o.Scope {
	case "all", "focus":
	case "page":
		auto = true
	default:
		auto = true
		root = contentRoot(body)
	}
	w := &walker{out: &out{}, auto: auto, links: o.Links, headings: map[string]bool{}, marked: auto && root != body}
	// When the content root sits below the page header, the page's h1 is
	// often outside it: printed first, the reader knows where they are.
	if w.marked && find(root, func(n *html.Node) bool { return n.DataAtom == atom.H1 }) == nil {
		if h := find(body, func(n *html.Node) bool {
			return n.DataAtom == atom.H1 && !isAncestor(root, n) && closest(n.Parent, func(a *html.Node) bool {
				return a.DataAtom == atom.Nav || a.DataAtom == atom.Footer || attrOf(a, "role") == "navigation"
			}) == nil
		}); h != nil {
			w.element(h)
		}
	}
	w.element(root)
	w.out.flush()
	return strings.TrimRight(strings.TrimLeft(strings.Join(w.out.lines, "\n"), "\n"), " \t\n\r\f\v")
}

// RenderWithin is Render within ctx: a deadline that passes first returns
// ctx's error at once (the rendering, bounded by the serializer's text
// cap, finishes in the background).
func RenderWithin(ctx context.Context, page string, o pagetext.RenderOptions) (string, error) {
	done := make(chan string, 1)
	go func() {
		defer func() {
			// A bug on an odd tree costs the text, never the daemon.
			if recover() != nil {
				done <- ""
			}
		}()
		done <- Render(page, o)
	}()
	select {
	case md := <-done:
		return md, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func findBody(doc *html.Node) *html.Node {
	return find(doc, func(n *html.Node) bool { return n.DataAtom == atom.Body })
}

// find returns the first element under n (n excluded) in document order
// for which ok holds, without entering the elements ok holds for.
func find(n *html.Node, ok func(*html.Node) bool) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if ok(c) {
			return c
		}
		if f := find(c, ok); f != nil {
			return f
		}
	}
	return nil
}

// findAll lists the elements under n for which ok holds, in document order
// (descending into them too).
func findAll(n *html.Node, ok func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				if ok(c) {
					out = append(out, c)
				}
				walk(c)
			}
		}
	}
	walk(n)
	return out
}

// closest is n or its nearest element ancestor for which ok holds.
func closest(n *html.Node, ok func(*html.Node) bool) *html.Node {
	for ; n != nil; n = n.Parent {
		if n.Type == html.ElementNode && ok(n) {
			return n
		}
	}
	return nil
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

// textLen is the length of n's text as the DOM counts it (UTF-16 units).
func textLen(n *html.Node) int {
	l := 0
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			for _, r := range n.Data {
				l += utf16.RuneLen(r)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return l
}

// contentRoot picks the element holding the page's main content: the
// biggest main/[role=main]; else a dominant <article>, or the common
// ancestor of several (a feed); else the body.
func contentRoot(body *html.Node) *html.Node {
	var best *html.Node
	bestLen := 0
	for _, el := range findAll(body, func(n *html.Node) bool { return n.DataAtom == atom.Main || attrOf(n, "role") == "main" }) {
		if l := textLen(el); l > bestLen {
			best, bestLen = el, l
		}
	}
	if best != nil {
		return best
	}
	isArticle := func(n *html.Node) bool { return n.DataAtom == atom.Article || attrOf(n, "role") == "article" }
	var arts []*html.Node
	for _, el := range findAll(body, isArticle) {
		if closest(el.Parent, isArticle) == nil {
			arts = append(arts, el)
		}
	}
	if len(arts) == 0 {
		return body
	}
	total := 0
	for _, el := range arts {
		l := textLen(el)
		total += l
		if l > bestLen {
			best, bestLen = el, l
		}
	}
	if float64(bestLen) >= float64(total)*0.66 {
		if best == nil {
			return body
		}
		return best
	}
	lca := arts[0]
	for _, el := range arts {
		for lca != nil && !isAncestor(lca, el) {
			lca = lca.Parent
		}
	}
	if lca == nil || lca.Type != html.ElementNode {
		return body
	}
	return lca
}

// inlineTags are the tags whose default box is inline; html.js marks a
// box laid out otherwise (data-tact-d) against the same list.
var inlineTags = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields(`a abbr b bdi bdo big br button cite code data del dfn em font i img input ins kbd
		label mark math meter nobr output progress q rp rt ruby s samp select small span strike strong sub sup
		textarea time tt u var wbr`) {
		m[t] = true
	}
	return m
}()

// isBlock says whether n's box starts and ends a line.
func isBlock(n *html.Node) bool {
	switch attrOf(n, "data-tact-d") {
	case "b":
		return true
	case "i":
		return false
	}
	return !inlineTags[n.Data]
}

var (
	// Class and id words of ad slots, sponsored-content widgets and share
	// buttons. Only small boxes are dropped (see skipAuto), so a page that
	// calls its article "share-story" keeps it.
	fillerRe  = regexp.MustCompile(`(?i)(?:^|[\s_-])(?:ad|ads|adslot|adunit|advert|advertisement|sponsored|taboola|outbrain|share|sharing|sharebar|social-share)(?:$|[\s_-])`)
	ariaTable = regexp.MustCompile(`^(?:grid|treegrid|table)$`)
	preLang   = regexp.MustCompile(`(?:^|\s)(?:lang(?:uage)?-|highlight-source-)([\w+#.-]+)`)
	notLang   = regexp.MustCompile(`[^\w+#.-]`)
)

// skipTags are never text, or text read elsewhere (head, frames).
var skipTags = map[string]bool{
	"script": true, "style": true, "noscript": true, "template": true, "head": true, "title": true, "meta": true, "link": true,
	"base": true, "iframe": true, "frame": true, "frameset": true, "object": true, "embed": true, "canvas": true,
	"video": true, "audio": true, "map": true, "svg": true, "datalist": true,
}

// ctxItem is a line prefix: a blockquote's "> ", or a list item's marker
// (on its first line, same-width indent on later ones).
type ctxItem struct {
	quote  bool
	marker string
	used   bool
}

// out accumulates markdown lines. buf is the current line's inline text;
// space records a collapsible space written only if more text follows on
// the line (CSS white-space folding).
type out struct {
	lines []string
	buf   strings.Builder
	space bool
	ctx   []*ctxItem
	flat  bool // a one-line capture (heading, cell): no room for markers
}

// foldSpace replaces each run of HTML white space in s with one space.
func foldSpace(s string) string {
	if !strings.ContainsAny(s, "\t\n\r\f") && !strings.Contains(s, "  ") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r', '\f':
			if !space {
				b.WriteByte(' ')
			}
			space = true
		default:
			b.WriteByte(c)
			space = false
		}
	}
	return b.String()
}

func (o *out) text(s string) {
	t := foldSpace(s)
	if t == "" {
		return
	}
	if t == " " {
		if o.buf.Len() > 0 {
			o.space = true
		}
		return
	}
	if t[0] == ' ' {
		if o.buf.Len() > 0 {
			o.space = true
		}
		t = t[1:]
	}
	trail := false
	if t[len(t)-1] == ' ' {
		trail = true
		t = t[:len(t)-1]
	}
	o.raw(t)
	o.space = trail
}

// raw appends text verbatim (after any pending space).
func (o *out) raw(t string) {
	if t == "" {
		return
	}
	if o.space && o.buf.Len() > 0 {
		o.buf.WriteByte(' ')
	}
	o.space = false
	o.buf.WriteString(t)
}

func (o *out) prefix() string {
	if o.flat {
		return ""
	}
	p := ""
	for _, c := range o.ctx {
		switch {
		case c.quote:
			p += "> "
		case c.used:
			p += strings.Repeat(" ", len(c.marker))
		default:
			p += c.marker
			c.used = true
		}
	}
	return p
}

// line emits a complete line with the current prefixes.
func (o *out) line(s string) { o.lines = append(o.lines, o.prefix()+s) }

func (o *out) flush() {
	// nbsp is kept by folding but reads as a space; zero-width spaces and
	// BOMs are invisible noise.
	s := o.buf.String()
	if strings.ContainsAny(s, "\u200b\ufeff\u00a0") {
		var b strings.Builder
		space := false
		for _, r := range s {
			switch r {
			case '\u200b', '\ufeff':
				continue
			case ' ', '\u00a0':
				if !space {
					b.WriteByte(' ')
				}
				space = true
				continue
			}
			b.WriteRune(r)
			space = false
		}
		s = b.String()
	}
	s = strings.TrimSpace(s)
	o.buf.Reset()
	o.space = false
	if s != "" {
		o.line(s)
	}
}

func (o *out) blank() {
	if len(o.ctx) == 0 && len(o.lines) > 0 && o.lines[len(o.lines)-1] != "" {
		o.lines = append(o.lines, "")
	}
}

// inline returns everything written as one line (blocks joined by
// spaces): a heading's, a cell's or a link's text.
func (o *out) inline() string {
	o.flush()
	return strings.Join(strings.Fields(strings.Join(o.lines, " ")), " ")
}

type walker struct {
	out    *out
	auto   bool // page chrome is left out (skipAuto)
	links  bool
	marked bool // the content root is the page's main or article
	inPre  int
	fold   bool // whitespace is folded whatever white-space says
	ws     bool // the current block's white-space keeps line breaks
	// Heading texts so far: a lead image whose alt repeats the headline
	// adds nothing.
	headings map[string]bool
	numbers  map[*html.Node]map[*html.Node]int
}

// children walks n's children. Whether text keeps its line breaks is
// marked on blocks (data-tact-ws); an inline box takes its block's.
func (w *walker) children(n *html.Node) {
	saved := w.ws
	if hasAttr(n, "data-tact-ws") {
		w.ws = true
	} else if isBlock(n) {
		w.ws = false
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.ElementNode:
			w.element(c)
		case html.TextNode:
			w.textNode(c.Data, w.ws)
		}
	}
	w.ws = saved
}

// textNode writes text, keeping its line breaks where its box's
// white-space does (pre-line, pre-wrap outside <pre>).
func (w *walker) textNode(s string, ws bool) {
	if w.fold || !ws || !strings.Contains(s, "\n") {
		w.out.text(s)
		return
	}
	for i, p := range strings.Split(s, "\n") {
		if i > 0 {
			w.out.flush()
		}
		w.out.text(p)
	}
}

// skipAuto reports page chrome left out when tact chose what to read
// (never under --focus or --all).
func (w *walker) skipAuto(n *html.Node) bool {
	role := attrOf(n, "role")
	if n.DataAtom == atom.Nav || role == "navigation" || role == "search" {
		return true
	}
	// Banner, footer and sidebar go only when the page marked its content
	// (main/article): without that mark, a <header> is as likely to hold
	// a landing page's hero text as boilerplate.
	if w.marked {
		if role == "banner" || role == "contentinfo" || role == "complementary" || n.DataAtom == atom.Aside {
			return true
		}
		// header/footer are page banners only when not scoped to a section
		// of content (HTML-AAM); an article's own header holds its title.
		if (n.DataAtom == atom.Header || n.DataAtom == atom.Footer) && n.Parent != nil && n.Parent.Type == html.ElementNode &&
			closest(n.Parent, func(a *html.Node) bool {
				switch a.DataAtom {
				case atom.Article, atom.Aside, atom.Main, atom.Nav, atom.Section:
					return true
				}
				r := attrOf(a, "role")
				return r == "main" || r == "article"
			}) == nil {
			return true
		}
	}
	if isBlock(n) {
		cls, id := attrOf(n, "class"), attrOf(n, "id")
		if (fillerRe.MatchString(cls) || fillerRe.MatchString(id)) && textLen(n) < 400 {
			return true
		}
	}
	// Consent banners float over the page or are dialogs (html.js marks them).
	return hasAttr(n, "data-tact-cookie")
}

var headingLevel = map[atom.Atom]int{atom.H1: 1, atom.H2: 2, atom.H3: 3, atom.H4: 4, atom.H5: 5, atom.H6: 6}

func (w *walker) element(n *html.Node) {
	if skipTags[n.Data] || hasAttr(n, "data-tact-frame") {
		return
	}
	if w.auto && w.skipAuto(n) {
		return
	}
	block := isBlock(n)
	o := w.out
	switch n.DataAtom {
	case atom.Br:
		if !hasAttr(n, "data-tact-hidden") {
			o.flush()
		}
		return
	case atom.Hr:
		if hasAttr(n, "data-tact-hidden") {
			return
		}
		o.flush()
		// Not "---": under a paragraph line that would make a setext heading.
		o.line("***")
		return
	case atom.Img:
		w.image(n)
		return
	case atom.Input, atom.Select:
		if v := attrOf(n, "data-tact-value"); v != "" {
			o.text(" " + v + " ")
		}
		return
	case atom.Textarea:
		// Its value follows as a <pre data-tact-field>.
		return
	case atom.Math:
		w.math(n, block)
		return
	case atom.Pre:
		o.flush()
		w.pre(n)
		return
	case atom.Table:
		if dataTable(n) {
			o.flush()
			w.table(n)
			return
		}
	case atom.Div, atom.Section, atom.Ul, atom.Ol:
		// An ARIA grid or table (a calendar, a board) keeps its rows and
		// columns, as a <table> does.
		if ariaTable.MatchString(attrOf(n, "role")) {
			if rows := ariaRows(n); len(rows) > 1 {
				o.flush()
				w.ariaTable(rows)
				return
			}
		}
	}
	level := headingLevel[n.DataAtom]
	if level == 0 && attrOf(n, "role") == "heading" {
		level, _ = strconv.Atoi(attrOf(n, "aria-level"))
		if level <= 0 {
			level = 2
		}
	}
	if level > 0 && block {
		o.flush()
		if t := w.capture(n, false); t != "" {
			o.blank()
			o.line(strings.Repeat("#", min(level, 6)) + " " + t)
			w.headings[strings.ToLower(t)] = true
		}
		return
	}
	if n.DataAtom == atom.Code && !block && w.inPre == 0 {
		if t := w.capture(n, true); t != "" {
			// Code holding a backtick needs a longer, space-padded fence.
			if strings.Contains(t, "`") {
				o.raw("`` " + t + " ``")
			} else {
				o.raw("`" + t + "`")
			}
		}
		return
	}
	if href := attrOf(n, "href"); n.DataAtom == atom.A && w.links && href != "" && !block {
		if t := w.capture(n, false); t != "" {
			// The surrounding whitespace decides spacing, as for any inline.
			o.raw("[" + t + "](" + href + ")")
		}
		return
	}
	if block {
		o.flush()
	}
	var pushed *ctxItem
	switch {
	case n.DataAtom == atom.Blockquote && block:
		pushed = &ctxItem{quote: true}
	case n.DataAtom == atom.Li && block:
		pushed = &ctxItem{marker: w.marker(n)}
	}
	if pushed != nil {
		o.ctx = append(o.ctx, pushed)
	}
	w.children(n)
	if block {
		o.flush()
	}
	if pushed != nil {
		o.ctx = o.ctx[:len(o.ctx)-1]
	}
}

// marker returns "- " or "N. " for a list item, honouring ol start,
// reversed and li value. An ol's numbers are computed once, on its first
// item, so long lists stay linear.
func (w *walker) marker(li *html.Node) string {
	list := li.Parent
	if list == nil || list.DataAtom != atom.Ol {
		return "- "
	}
	if w.numbers == nil {
		w.numbers = map[*html.Node]map[*html.Node]int{}
	}
	nums, ok := w.numbers[list]
	if !ok {
		nums = map[*html.Node]int{}
		var items []*html.Node
		for c := list.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.Li {
				items = append(items, c)
			}
		}
		step := 1
		if hasAttr(list, "reversed") {
			step = -1
		}
		n, err := strconv.Atoi(strings.TrimSpace(attrOf(list, "start")))
		if err != nil {
			n = 1
			if step < 0 {
				n = len(items)
			}
		}
		n -= step
		for _, c := range items {
			if v, err := strconv.Atoi(strings.TrimSpace(attrOf(c, "value"))); err == nil {
				n = v
			} else {
				n += step
			}
			nums[c] = n
		}
		w.numbers[list] = nums
	}
	if n, ok := nums[li]; ok {
		return strconv.Itoa(n) + ". "
	}
	return "- "
}

// capture renders an element's content into one line; fold folds
// whitespace whatever white-space says (inline code, table cells).
func (w *walker) capture(n *html.Node, fold bool) string {
	saved, savedFold := w.out, w.fold
	w.out = &out{flat: true}
	if fold {
		w.fold = true
	}
	w.children(n)
	s := w.out.inline()
	w.out, w.fold = saved, savedFold
	return s
}

// Reader is what the daemon reads pages with (cli.Linked, commands.Env).
var Reader = pagetext.Reader{Extract: ExtractWithin, Render: RenderWithin, PDFText: PDFText}
