package read

import (
	"regexp"
	"strings"
	"unicode"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/tact-browser/tact/internal/pagetext"
)

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
