package read

import (
	"strings"

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

// leadsAfterH1 lists the text blocks that follow the page's first h1 in
// document order (at most leadLook), each with whether it could be a lead.
func leadsAfterH1(doc *html.Node) []leadBlock {
	var out []leadBlock
	seen := false
	var walk func(n *html.Node, chrome bool)
	walk = func(n *html.Node, chrome bool) {
		for c := n.FirstChild; c != nil && len(out) < leadLook; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch c.DataAtom {
			case atom.Head, atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Form, atom.Button, atom.Select, atom.Figure, atom.Table:
				continue
			case atom.H1:
				if !seen {
					seen = true
					continue
				}
			}
			ch := chrome || kindOf(c) != ""
			if !seen {
				walk(c, ch)
				continue
			}
			if !leafBlock(c) {
				walk(c, ch)
				continue
			}
			t := fold(textOf(c))
			if t == "" {
				continue
			}
			ok := !ch && len(t) >= leadMin && !isByline(c) && linkText(c)*10 < len(t)*3 &&
				leadTag(c.DataAtom)
			out = append(out, leadBlock{text: t, lead: ok})
		}
	}
	walk(doc, false)
	return out
}

type leadBlock struct {
	text string
	lead bool
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
// before the first block it kept; text is the article's folded text.
func addLeads(root *html.Node, blocks []leadBlock, text string) {
	var leads []string
	found := false
	for _, b := range blocks {
		if strings.Contains(text, b.text) {
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
