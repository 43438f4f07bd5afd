package read

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A story's lead (the standfirst, a summary paragraph under the headline)
// often sits in the page's header block between the h1 and the body's
// container, where the extractor, which keeps one container, leaves it
// out. The paragraphs that follow the h1 are noted before extraction; those
// before the first one the extractor kept are put back at the article's
// start.

// leadMin is the shortest lead kept (folded, in bytes): shorter lines under
// a headline are kickers, dates, labels and buttons.
const leadMin = 80

// leadLook bounds how many blocks after the h1 are noted.
const leadLook = 20

// leadsAfterH1 lists the text blocks that follow the story's headline (the
// first h1 outside the page's chrome that is not the site's name, else the
// first h1) in document order (at most leadLook), each with whether it
// could be a lead, and before them the leads just above the headline in
// its header block (a standing intro).
func leadsAfterH1(doc *html.Node) []leadBlock {
	h1 := headlineNode(doc)
	if h1 == nil {
		return nil
	}
	out := leadsBefore(h1)
	title := textKey(textOf(h1))
	after := 0
	seen := false
	var walk func(n *html.Node, chrome bool)
	walk = func(n *html.Node, chrome bool) {
		for c := n.FirstChild; c != nil && after < leadLook; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c == h1 {
				seen = true
				continue
			}
			if skipLead(c.DataAtom) {
				continue
			}
			ch := chrome || kindOf(c) != ""
			if !seen || !leafBlock(c) {
				walk(c, ch)
				continue
			}
			t := blockText(c)
			if t == "" || textKey(t) == title {
				// The headline again (a kicker and title set twice) says
				// nothing of where the article starts.
				continue
			}
			b := leadBlock{text: t, lead: !ch && isLead(c, t)}
			if after < 3 && !ch && isDek(c, t) {
				b.lead, b.dek = false, true
			}
			out = append(out, b)
			after++
		}
	}
	walk(doc, false)
	return out
}

// leadsBefore lists the leads above the headline: leaf blocks before it
// in its parent and its parent's parent, in document order (at most 4).
func leadsBefore(h1 *html.Node) []leadBlock {
	var out []leadBlock
	for p, k := h1, 0; p != nil && p.Parent != nil && k < 2 && len(out) < 4; p, k = p.Parent, k+1 {
		for s := p.PrevSibling; s != nil && len(out) < 4; s = s.PrevSibling {
			if s.Type != html.ElementNode || skipLead(s.DataAtom) || kindOf(s) != "" {
				continue
			}
			var blocks []*html.Node
			var walk func(n *html.Node)
			walk = func(n *html.Node) {
				if leafBlock(n) {
					blocks = append(blocks, n)
					return
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.ElementNode && !skipLead(c.DataAtom) && kindOf(c) == "" {
						walk(c)
					}
				}
			}
			walk(s)
			for i := len(blocks) - 1; i >= 0 && len(out) < 4; i-- {
				// Above the headline, only sentences without links are an
				// intro (not a breadcrumb trail or an address box).
				if t := blockText(blocks[i]); isLead(blocks[i], t) && linkText(blocks[i]) == 0 && sentenceEnd.MatchString(t) {
					out = append([]leadBlock{{text: t, lead: true, before: true}}, out...)
				}
			}
		}
	}
	return out
}

// headlineNode is the story's h1: the first outside the page's chrome
// that is not the site's name, else the first.
func headlineNode(doc *html.Node) *html.Node {
	var first, best *html.Node
	var walk func(n *html.Node, chrome bool)
	walk = func(n *html.Node, chrome bool) {
		for c := n.FirstChild; c != nil && best == nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c.DataAtom == atom.Head {
				continue
			}
			ch := chrome || kindOf(c) != ""
			if c.DataAtom == atom.H1 {
				if first == nil {
					first = c
				}
				if !ch && !siteName(c) {
					best = c
				}
				continue
			}
			walk(c, ch)
		}
	}
	walk(doc, false)
	if best == nil {
		return first
	}
	return best
}

func skipLead(a atom.Atom) bool {
	switch a {
	case atom.Head, atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Form, atom.Button, atom.Select, atom.Figure, atom.Table:
		return true
	}
	return false
}

// isLead: a block long enough to be a lead, not a byline, not mostly links.
func isLead(n *html.Node, t string) bool {
	return len(t) >= leadMin && !isByline(n) && linkText(n)*10 < len(t)*3 && leadTag(n.DataAtom)
}

// isDek reports whether a block just under the headline is its dek (the
// subheading that sums the story up): the page names it so, or sets it
// in the headline's <hgroup>.
func isDek(n *html.Node, t string) bool {
	if len(t) < 40 || len(t) > 400 || isByline(n) || besideImage(n) || captionRe.MatchString(attrOf(n, "class")+" "+attrOf(n.Parent, "class")) {
		return false
	}
	if dekRe.MatchString(attrOf(n, "class") + " " + attrOf(n, "id")) {
		return true
	}
	return n.Parent != nil && n.Parent.DataAtom == atom.Hgroup
}

var sentenceEnd = regexp.MustCompile(`[.!?…:"”»)]$`)

var dekRe = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:dek|deck|sub-?title|sub-?head(?:line|ing)?|subhed|strap-?line)(?:[^a-z]|$)`)

// blockText is a leaf block's text as it reads: its text nodes joined as
// they are (a link's text and the full stop after it stay together), <br>
// a space, whitespace folded.
func blockText(n *html.Node) string {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				b.WriteString(c.Data)
			case c.Type == html.ElementNode && c.DataAtom == atom.Br:
				b.WriteByte(' ')
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return fold(b.String())
}

// textKey is s lower case with only its letters and digits: the same words
// however the page spaced them around links and punctuation.
func textKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

type leadBlock struct {
	text   string
	lead   bool
	dek    bool // the headline's dek
	before bool // above the headline
}

// dekOf is the headline's dek among blocks, or "".
func dekOf(blocks []leadBlock) string {
	for _, b := range blocks {
		if b.dek {
			return b.text
		}
	}
	return ""
}

// leafBlock reports whether n is an element with text and no block
// elements inside.
func leafBlock(n *html.Node) bool {
	var block func(n *html.Node) bool
	block = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch c.DataAtom {
			case atom.P, atom.Div, atom.Section, atom.Article, atom.Main, atom.Header, atom.Footer, atom.Aside, atom.Nav,
				atom.Ul, atom.Ol, atom.Li, atom.Table, atom.Figure, atom.Blockquote, atom.Pre, atom.Form,
				atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Dl, atom.Hr:
				return true
			}
			if block(c) {
				return true
			}
		}
		return false
	}
	return !block(n)
}

// addLeads puts back at the start of the article root the leads that came
// before the first block it kept, those above the headline first; text is
// the article's folded text. A lead the article has already (a teaser
// that repeats the first paragraph, spaced otherwise) is not put back.
func addLeads(root *html.Node, blocks []leadBlock, text string) {
	have := textKey(text)
	var leads []string
	found := false
	for _, b := range blocks {
		// Letters alone match a block spaced otherwise; a short block must
		// match as it is ("Drucken" is in "ausdrucken").
		k := textKey(b.text)
		in := strings.Contains(text, b.text) || len(k) >= 30 && strings.Contains(have, k)
		if b.before {
			if b.lead && !in {
				leads = append(leads, b.text)
			}
			continue
		}
		if in {
			found = true
			break
		}
		if b.lead {
			leads = append(leads, b.text)
		}
	}
	if !found {
		return
	}
	for i := len(leads) - 1; i >= 0; i-- {
		p := &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P}
		p.AppendChild(&html.Node{Type: html.TextNode, Data: leads[i]})
		root.InsertBefore(p, root.FirstChild)
	}
}

// leadTag: the elements a lead is set in. A heading as long as a lead is a
// standfirst set large, not a section's title.
func leadTag(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.Section, atom.Span, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}
