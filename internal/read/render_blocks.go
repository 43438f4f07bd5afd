package read

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The walker's blocks that are not plain text: formulas, images and
// preformatted code.

// math writes a formula as $TeX$ (MathML token soup reads badly), its
// text when the page gives no TeX.
func (w *walker) math(n *html.Node, block bool) {
	tex := strings.TrimSpace(attrOf(n, "data-tact-tex"))
	if m := texAlt.FindStringSubmatch(tex); m != nil {
		tex = m[1]
	}
	if tex = strings.Join(strings.Fields(tex), " "); tex == "" {
		var b strings.Builder
		for _, t := range findText(n) {
			b.WriteString(t)
		}
		tex = strings.Join(strings.Fields(b.String()), " ")
	}
	if tex == "" {
		return
	}
	if block {
		w.out.flush()
	}
	w.out.raw("$" + tex + "$")
	if block {
		w.out.flush()
	}
}

func (w *walker) image(n *html.Node) {
	alt := strings.Join(strings.Fields(attrOf(n, "alt")), " ")
	if m := texAlt.FindStringSubmatch(alt); m != nil {
		w.out.raw("$" + strings.TrimSpace(m[1]) + "$")
		return
	}
	if len([]rune(alt)) < 2 || genericAlt.MatchString(alt) {
		return
	}
	// Tiny images are icons; their alt usually repeats nearby text.
	wd, _ := strconv.Atoi(attrOf(n, "width"))
	ht, _ := strconv.Atoi(attrOf(n, "height"))
	if wd > 0 && ht > 0 && wd < 24 && ht < 24 {
		return
	}
	if fig := closest(n.Parent, func(a *html.Node) bool { return a.DataAtom == atom.Figure }); fig != nil {
		if c := find(fig, func(a *html.Node) bool { return a.DataAtom == atom.Figcaption }); c != nil && strings.Contains(textOf(c), alt) {
			return
		}
	}
	if w.headings[strings.ToLower(alt)] {
		return
	}
	w.out.raw("![" + alt + "]")
	w.out.space = true
}

func (w *walker) pre(n *html.Node) {
	var buf []string
	w.inPre++
	preText(n, &buf)
	w.inPre--
	text := strings.ReplaceAll(strings.Join(buf, ""), "\u00a0", " ")
	text = strings.TrimRight(strings.TrimPrefix(text, "\n"), " \t\n\r\f\v")
	if strings.TrimSpace(text) == "" {
		return
	}
	// The language, from the usual highlighter conventions: class
	// language-x / lang-x on pre or code, data-lang, or GitHub's
	// highlight-source-x wrapper. A field's value has none.
	lang := ""
	if !hasAttr(n, "data-tact-field") {
		code := find(n, func(a *html.Node) bool { return a.DataAtom == atom.Code })
		for _, c := range []*html.Node{n, code, n.Parent} {
			if c == nil || c.Type != html.ElementNode {
				continue
			}
			if m := preLang.FindStringSubmatch(attrOf(c, "class")); m != nil {
				lang = m[1]
			} else {
				lang = attrOf(c, "data-lang")
			}
			if lang != "" {
				break
			}
		}
	}
	w.fence(text, notLang.ReplaceAllString(lang, ""))
}

// fence writes text as a fenced block, its lines exactly.
func (w *walker) fence(text, lang string) {
	f := "```"
	for strings.Contains(text, f) {
		f += "`"
	}
	w.out.line(f + lang)
	for _, l := range strings.Split(text, "\n") {
		w.out.line(strings.TrimRight(l, " \t\n\r\f\v\u00a0"))
	}
	w.out.line(f)
}

// preText collects preformatted text verbatim, a line break around each
// block inside.
func preText(n *html.Node, buf *[]string) {
	endsLine := func() bool { return len(*buf) == 0 || strings.HasSuffix((*buf)[len(*buf)-1], "\n") }
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			*buf = append(*buf, c.Data)
		case c.Type != html.ElementNode || skipTags[c.Data]:
		case c.DataAtom == atom.Br:
			*buf = append(*buf, "\n")
		default:
			block := isBlock(c)
			if block && !endsLine() {
				*buf = append(*buf, "\n")
			}
			preText(c, buf)
			if block && !endsLine() {
				*buf = append(*buf, "\n")
			}
		}
	}
}

// findText lists the text under n, in document order.
func findText(n *html.Node) []string {
	var out []string
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			out = append(out, c.Data)
		} else {
			out = append(out, findText(c)...)
		}
	}
	return out
}
