package read

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// After a story's last paragraph, sites put what to read next under a
// heading of its own ("Related", "Das könnte Sie auch interessieren"); the
// extractor keeps it when it sits in the article's container. Such a
// heading after the story's first part ends the article: it and all
// that follows it go.
var moreRe = regexp.MustCompile(`(?i)^(?:related(?: (?:articles?|posts?|stories|content|news|topics))?|(?:you|we think you) (?:may|might) (?:also )?(?:like|enjoy|be interested)[^.]*|read (?:also|more|next)|more (?:from|on|about|stories|articles|news)\b.*|recommended(?: for you| articles| stories)?|popular (?:posts|stories|articles)|most (?:read|popular)|(?:das|dies(?:es|er)?) (?:thema |artikel )?könnte (?:sie|dich) (?:auch )?interessieren|auch interessant|weitere (?:artikel|themen|beiträge|nachrichten|news|meldungen)|mehr (?:zum thema|themen|artikel|dazu|aus|von)\b.*|lesen sie (?:auch|mehr|weiter)\b.*|schon gelesen|empfohlene (?:beiträge|artikel)|neueste (?:artikel|beiträge)|ähnliche (?:artikel|beiträge|themen)|(?:à )?lire aussi|sur le même sujet|(?:te|le) puede interesar|lea también|más noticias|noticias relacionadas|czytaj (?:też|także|więcej)|zobacz (?:też|także)|polecane)\s*[:!?.…»>]*$`)

// trimMore removes from root the first heading or short line that
// announces more to read, once the story has told at least half its text
// or moreAfter bytes of it, and everything after it.
func trimMore(root *html.Node) {
	total := len(fold(unmark(textOf(root))))
	seen := 0
	var cut *html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil && cut == nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				seen += len(fold(c.Data))
				continue
			}
			if c.Type != html.ElementNode {
				continue
			}
			if leafBlock(c) {
				t := fold(unmark(textOf(c)))
				if (seen*2 >= total || seen >= moreAfter) && len(t) <= 60 && moreRe.MatchString(t) {
					cut = c
					return
				}
				seen += len(t)
				continue
			}
			walk(c)
		}
	}
	walk(root)
	if cut == nil {
		return
	}
	// A story that goes on after the box (a long paragraph follows) loses
	// the box only: its heading and the block after it.
	if longAfter(cut, root) {
		if next := nextElement(cut); next != nil && !longIn(next) {
			next.Parent.RemoveChild(next)
		}
		cut.Parent.RemoveChild(cut)
		return
	}
	// cut and what follows it, up to the root.
	for n := cut; n != nil && n != root; n = n.Parent {
		for s := n.NextSibling; s != nil; {
			next := s.NextSibling
			n.Parent.RemoveChild(s)
			s = next
		}
		if n == cut {
			defer cut.Parent.RemoveChild(cut)
		}
	}
}

// moreAfter is how much text a story has before such a heading when what
// follows outweighs it (a long list of other stories after a short one).
var moreAfter = 1000

// moreLong is the length of a paragraph that is the story going on.
const moreLong = 250

// longAfter reports whether a block after n (within root) is a paragraph
// of at least moreLong.
func longAfter(n, root *html.Node) bool {
	found := false
	walk := func(n *html.Node) {
		for c := n; c != nil && !found; c = c.NextSibling {
			found = longIn(c)
		}
	}
	for p := n; p != nil && p != root && !found; p = p.Parent {
		walk(p.NextSibling)
	}
	return found
}

// longIn reports whether n is or holds a paragraph of at least moreLong.
func longIn(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if n.Data == "p" && len(fold(unmark(textOf(n)))) >= moreLong {
		return true
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if longIn(c) {
			return true
		}
	}
	return false
}

// nextElement is the element after n in document order, outside n.
func nextElement(n *html.Node) *html.Node {
	for p := n; p != nil; p = p.Parent {
		for s := p.NextSibling; s != nil; s = s.NextSibling {
			if s.Type == html.ElementNode {
				return s
			}
		}
	}
	return nil
}

// recirculation reports whether n is a "read more" box: a block holding
// first a heading trimMore would match, then links (70% of its text).
func recirculation(n *html.Node) bool {
	t := fold(textOf(n))
	if t == "" || leafBlock(n) || linkText(n)*10 < len(t)*7 {
		return false
	}
	var first *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && first == nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode && strings.TrimSpace(c.Data) != "":
				first = c
			case c.Type == html.ElementNode && leafBlock(c) && fold(textOf(c)) != "":
				first = c
			case c.Type == html.ElementNode:
				find(c)
			}
		}
	}
	find(n)
	if first == nil || first.Type != html.ElementNode {
		return false
	}
	h := fold(unmark(textOf(first)))
	return len(h) <= 60 && moreRe.MatchString(h)
}

// recirculationLines lists the lines (folded, by letters) of the page's
// "read more" boxes outside chrome regions: their heading and each link.
// They are noted before extraction, where links are still links, and taken
// out of the article after (dropLines), wherever they sit: between the
// parts of a story as well as after it. (Taking the boxes out of the page
// first would change what the extractor picks.)
func recirculationLines(doc *html.Node) map[string]bool {
	lines := map[string]bool{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c.DataAtom == atom.Head || kindOf(c) != "" {
				continue
			}
			if len(fold(textOf(c))) <= 800 && recirculation(c) {
				var leaves func(n *html.Node)
				leaves = func(n *html.Node) {
					for k := n.FirstChild; k != nil; k = k.NextSibling {
						if k.Type != html.ElementNode {
							continue
						}
						if leafBlock(k) {
							if t := textKey(textOf(k)); t != "" {
								lines[t] = true
							}
							continue
						}
						leaves(k)
					}
				}
				leaves(c)
				continue
			}
			walk(c)
		}
	}
	walk(doc)
	return lines
}

// dropLines removes from root the leaf blocks whose text is one of lines,
// and the lists they leave empty.
func dropLines(root *html.Node, lines map[string]bool) {
	if len(lines) == 0 {
		return
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			if c.Type == html.ElementNode {
				if leafBlock(c) {
					if lines[textKey(textOf(c))] {
						n.RemoveChild(c)
					}
				} else {
					walk(c)
					if (c.DataAtom == atom.Ul || c.DataAtom == atom.Ol || c.Data == "ul" || c.Data == "ol") && strings.TrimSpace(textOf(c)) == "" {
						n.RemoveChild(c)
					}
				}
			}
			c = next
		}
	}
	walk(root)
}
