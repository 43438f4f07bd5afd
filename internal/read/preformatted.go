package read

import (
	"strings"

	"golang.org/x/net/html"
)

// The main-content extractor folds whitespace in every text node, <pre>
// included. Preformatted text is kept exactly by hiding its line breaks
// and spaces behind private-use characters for the extractor's pass and
// restoring them in the markdown.
const (
	keptNewline = "\uE000"
	keptSpace   = "\uE001"
	keptTab     = "\uE002"
)

var (
	keepWS    = strings.NewReplacer("\n", keptNewline, " ", keptSpace, "\t", keptTab)
	restoreWS = strings.NewReplacer(keptNewline, "\n", keptSpace, " ", keptTab, "\t")
)

// protectPre hides the whitespace of every text node inside a <pre>.
func protectPre(n *html.Node, inPre bool) {
	if n.Type == html.ElementNode && n.Data == "pre" {
		inPre = true
	}
	if inPre && n.Type == html.TextNode {
		n.Data = keepWS.Replace(n.Data)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		protectPre(c, inPre)
	}
}

// restorePre puts preformatted whitespace back into the markdown.
func restorePre(md string) string {
	if !strings.ContainsAny(md, keptNewline+keptSpace+keptTab) {
		return md
	}
	return restoreWS.Replace(md)
}
