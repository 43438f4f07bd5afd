package read

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// boilerRule is one kind of block an article's container often holds that
// is not the article: a photo caption or credit, a newsletter box, a share
// bar, an author box, a "read also" link. The extractor keeps them when they
// sit inside the node it picks (and its fallbacks keep more); they are taken
// out of the page before it looks, so neither it nor its fallbacks see them.
// Each rule is general (markup and shape, never a site's names), and small:
// a block longer than max is content whatever its names say.
type boilerRule struct {
	name string
	max  int // longest text (folded, in bytes) a match may hold
	is   func(n *html.Node, cls string) bool
}

// noBoiler names rules left out, for measuring each one's effect.
var noBoiler = map[string]bool{}

var boilerRules = []boilerRule{
	// Captions and photo credits: about a picture the reader does not see.
	{"caption", 400, func(n *html.Node, cls string) bool {
		return n.DataAtom == atom.Figcaption || captionRe.MatchString(cls)
	}},
	// A caption not named so: the text set beside its picture in a small
	// box of their own (not a paragraph with an image in it; the picture
	// stays).
	{"image caption", 300, func(n *html.Node, cls string) bool { return besideImage(n) }},
	// An ad slot's label left when the ad did not load.
	{"ad label", 20, func(n *html.Node, cls string) bool { return adLabelRe.MatchString(fold(textOf(n))) }},
	// Boxes that sell, disclose or ask: newsletters, subscriptions,
	// affiliate disclosures, cookie and consent notes.
	{"promo", 800, func(n *html.Node, cls string) bool { return promoRe.MatchString(cls) }},
	// Share bars, likes and ratings.
	{"share", 200, func(n *html.Node, cls string) bool { return shareRe.MatchString(cls) }},
	// The author's box or biography (the byline is printed on its own).
	{"author box", 600, func(n *html.Node, cls string) bool { return authorBoxRe.MatchString(cls) }},
	// What is left of a comments section after the extractor's own
	// pruning: "Comments are closed", the reply form's notes, its heading.
	{"comments", 1500, func(n *html.Node, cls string) bool {
		for _, w := range strings.Fields(strings.ToLower(cls)) {
			if commentsBoxRe.MatchString(w) {
				return true
			}
		}
		return false
	}},
	// A date or time on a line of its own (the byline prints the date); one
	// inside a sentence is the sentence's.
	{"date", 60, func(n *html.Node, cls string) bool {
		if n.DataAtom != atom.Time && !dateRe.MatchString(cls) {
			return false
		}
		p := n.Parent
		return p != nil && len(fold(textOf(p))) <= len(fold(textOf(n)))+30
	}},
	// A short paragraph that is mostly one link ("Read also: …", a teaser
	// for another story), unless the link's text is an address.
	{"link paragraph", 140, func(n *html.Node, cls string) bool {
		if n.DataAtom != atom.P {
			return false
		}
		t := fold(textOf(n))
		return t != "" && !linksAreAddresses(n) && linkText(n)*10 >= len(t)*6
	}},
}

var (
	captionRe     = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:caption|credits?|copyright)(?:[^a-z]|$)`)
	promoRe       = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:newsletter|subscribe|subscription|signup|sign-up|disclaimer|disclosure|affiliate|consent|cookie|content-blocker)`)
	shareRe       = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:share|sharing|social|rating|ratings|likes|sd-block)(?:[^a-z]|$)`)
	authorBoxRe   = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:author-?(?:box|bio|info|card|description|details|profile|about)|about-?(?:the-?)?author|bio|author_?bio)(?:[^a-z]|$)`)
	commentsBoxRe = regexp.MustCompile(`^(?:comments?|comments?[-_](?:area|section|list|form|respond|wrapper|notes|title|message)|respond|commentform|disqus_thread)$`)
	dateRe        = regexp.MustCompile(`(?i)(?:^|[^a-z])(?:date|timestamp|published|posted-on|pubdate|dateline)(?:[^a-z]|$)`)
	addressRe     = regexp.MustCompile(`(?i)^\S*(?:https?://|www\.|@)\S*$`)
	creditRe      = regexp.MustCompile(`(?i)^(?:\(?(?:photo|image|picture|foto|bild|video)s?(?:\s+by|\s+credit)?\s*[:/©]|©|credits?\s*:|\(?(?:AP|AFP|EPA|Reuters|dpa) Photo\b)|(?:^|[\s/(])(?:the )?(?:associated press|reuters|afp|getty images|shutterstock|istock(?:photo)?|epa|dpa|alamy)\)?$`)
	adLabelRe     = regexp.MustCompile(`(?i)^(?:advertisement|advertising|sponsored|anzeige|werbung|publicité|publicidad|pubblicità|reklama)$`)
	trailerRe     = regexp.MustCompile(`(?i)^(?:explore further\b|more information\s*:|journal information\s*:|citation\s*:|provided by\s|this (?:document|article) is subject to copyright)`)
)

// besideImage reports whether n is a text block in a box (not a
// paragraph) that holds a picture and no more text than n's.
func besideImage(n *html.Node) bool {
	p := n.Parent
	if p == nil || n.DataAtom == atom.Img || n.DataAtom == atom.Picture || n.DataAtom == atom.Figcaption ||
		captionRe.MatchString(attrOf(p, "class")+" "+attrOf(p, "id")) {
		return false
	}
	switch p.DataAtom {
	case atom.Div, atom.Span, atom.Section, atom.Figure:
	default:
		return false
	}
	t := fold(textOf(n))
	return t != "" && holdsImage(p) && len(fold(textOf(p))) <= len(t)+2
}

// holdsImage reports whether an image (or a picture) is a child of n, or
// the only element of one of its children.
func holdsImage(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.DataAtom == atom.Img || c.DataAtom == atom.Picture {
			return true
		}
		if k := c.FirstChild; k != nil && k.NextSibling == nil && k.Type == html.ElementNode && (k.DataAtom == atom.Img || k.DataAtom == atom.Picture) {
			return true
		}
	}
	return false
}

// linksAreAddresses reports whether n has links and each one's text is a
// web or mail address (a link worth printing as it is).
func linksAreAddresses(n *html.Node) bool {
	found := false
	var walk func(n *html.Node) bool
	walk = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.A {
				if !addressRe.MatchString(fold(textOf(c))) {
					return false
				}
				found = true
				continue
			}
			if !walk(c) {
				return false
			}
		}
		return true
	}
	return walk(n) && found
}

// dropBoilerplate removes from the page the blocks the rules match.
func dropBoilerplate(doc *html.Node) {
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			if c.Type == html.ElementNode && boilerplate(c) {
				n.RemoveChild(c)
			} else {
				walk(c)
			}
			c = next
		}
	}
	walk(doc)
}

func boilerplate(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Html, atom.Head, atom.Body, atom.Main, atom.Article, atom.H1:
		return false
	}
	cls := attrOf(n, "class") + " " + attrOf(n, "id")
	size := -1
	for _, r := range boilerRules {
		if noBoiler[r.name] || !r.is(n, cls) {
			continue
		}
		if size < 0 {
			size = len(fold(textOf(n)))
		}
		if size <= r.max {
			return true
		}
	}
	return false
}

// A photo or agency credit on a line of its own ("The Associated Press",
// "Photo: Jane Roe", "Jane Roe/Getty Images"), and what a science wire
// puts after the story ("Explore further", "More information:" (the
// paper), "Journal information:", "Provided by", "Citation:", the
// copyright note) are taken out of the article the extractor kept, not
// out of the page before: a page without them can make it pick another
// container.
func dropCredits(root *html.Node) {
	var gone []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if !leafBlock(c) {
				walk(c)
				continue
			}
			t := fold(unmark(textOf(c)))
			if credit(t) || len(t) <= 1500 && trailerRe.MatchString(t) {
				gone = append(gone, c)
				// "Explore further": the story's title it links to follows.
				if next := nextElement(c); strings.HasPrefix(strings.ToLower(t), "explore further") && len(t) <= 20 && next != nil && len(fold(textOf(next))) <= 200 {
					gone = append(gone, next)
				}
			}
		}
	}
	walk(root)
	for _, g := range gone {
		if g.Parent != nil {
			g.Parent.RemoveChild(g)
		}
	}
}

func credit(t string) bool {
	return len(t) <= 80 && len(strings.Fields(t)) <= 8 && creditRe.MatchString(t)
}
