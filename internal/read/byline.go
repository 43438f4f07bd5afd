package read

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/tact-browser/tact/internal/pagetext"
)

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
