package read

import (
	"strings"

	"golang.org/x/net/html"
)

// The main-content extractor folds whitespace in every text node, <pre>
// included, and may turn a <pre> into a paragraph. Preformatted text is
// kept exactly by hiding its line breaks and spaces behind private-use
// characters for the extractor's pass, between start and end marks, and
// restoring it in the markdown as a fenced block.
const (
	keptNewline = "\uE000"
	keptSpace   = "\uE001"
	keptTab     = "\uE002"
	preStart    = "\uE003"
	preEnd      = "\uE004"
)

var (
	keepWS    = strings.NewReplacer("\n", keptNewline, " ", keptSpace, "\t", keptTab)
	restoreWS = strings.NewReplacer(keptNewline, "\n", keptSpace, " ", keptTab, "\t")
	// unescapeMD undoes the converter's escapes of text outside code.
	unescapeMD = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", `\*`, "*", `\_`, "_", `\#`, "#", `\-`, "-", `\[`, "[", `\]`, "]", `\\`, `\`, "\\`", "`", `\.`, ".", `\+`, "+", `\!`, "!", `\|`, "|")
)

// protectPre hides the whitespace of every text node inside a <pre> and
// marks where each outermost <pre> starts and ends.
func protectPre(n *html.Node, inPre bool) {
	if n.Type == html.ElementNode && n.Data == "pre" && !inPre {
		inPre = true
		// The marks go into its first and last text, so the element
		// structure (<pre><code class=language-x>) the converter reads
		// stays as it is.
		var first, last *html.Node
		var find func(*html.Node)
		find = func(c *html.Node) {
			if c.Type == html.TextNode {
				if first == nil {
					first = c
				}
				last = c
			}
			for k := c.FirstChild; k != nil; k = k.NextSibling {
				find(k)
			}
		}
		find(n)
		if first != nil {
			first.Data = preStart + first.Data
			last.Data += preEnd
		}
	}
	if inPre && n.Type == html.TextNode {
		n.Data = keepWS.Replace(n.Data)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		protectPre(c, inPre)
	}
}

// restorePre puts preformatted text back into the markdown: inside the
// converter's code fence as it is, else as a fenced block of its own.
func restorePre(md string) string {
	if !strings.ContainsAny(md, keptNewline+keptSpace+keptTab+preStart+preEnd) {
		return md
	}
	var b strings.Builder
	for {
		i := strings.Index(md, preStart)
		if i < 0 {
			break
		}
		j := strings.Index(md[i:], preEnd)
		if j < 0 {
			break
		}
		before, body := md[:i], md[i+len(preStart):i+j]
		md = md[i+j+len(preEnd):]
		b.WriteString(before)
		if strings.Count(b.String(), "```")%2 == 1 {
			b.WriteString(restoreWS.Replace(body)) // already in a fence
			continue
		}
		text := strings.Trim(restoreWS.Replace(unescapeMD.Replace(body)), "\n")
		fence := "```"
		for strings.Contains(text, fence) {
			fence += "`"
		}
		if !strings.HasSuffix(b.String(), "\n") && b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(fence + "\n" + text + "\n" + fence + "\n")
		md = strings.TrimPrefix(md, "\n")
	}
	b.WriteString(md)
	return strings.NewReplacer(preStart, "", preEnd, "").Replace(restoreWS.Replace(b.String()))
}

// unmark is text with preformatted whitespace restored and no marks, for
// the extractor's word counts and comparisons.
func unmark(s string) string {
	return strings.NewReplacer(preStart, "", preEnd, "").Replace(restoreWS.Replace(s))
}

// unprotectCode restores the whitespace of text the extractor left in a
// <pre> or <code> (the converter fences it and keeps it); text it turned
// into paragraphs stays hidden for restorePre.
func unprotectCode(n *html.Node, inCode bool) {
	if n.Type == html.ElementNode && (n.Data == "pre" || n.Data == "code") {
		inCode = true
	}
	if inCode && n.Type == html.TextNode {
		n.Data = restoreWS.Replace(n.Data)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		unprotectCode(c, inCode)
	}
}
