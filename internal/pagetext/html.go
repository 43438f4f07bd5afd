package pagetext

import (
	"context"
	_ "embed"

	"github.com/tact-browser/tact/internal/inpage"
)

//go:embed html.js
var htmlSrc string

// HTMLModule defines __tact.readHTML() in the page: the rendered document
// (hidden parts removed, open shadow roots and same-origin iframes inlined)
// as an HTML string, decoded into a Page.
var HTMLModule = inpage.New(htmlSrc)

// Page is the value returned by __tact.readHTML.
type Page struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	HTML  string `json:"html"`
	Error string `json:"error,omitempty"`
	// TooBig: the page serializes to more than MaxHTML; HTML is empty.
	TooBig bool `json:"tooBig,omitempty"`
}

// MaxHTML bounds the serialized page the extractor is given: a bigger one
// (100k links, a 50 MB text) is read as all its visible text instead,
// which costs time in proportion to the page, where the extractor and the
// markdown converter can take minutes.
const MaxHTML = 4 << 20

// Main is the main content of a page as markdown, and what was left out:
// what internal/read's Extract returns.
type Main struct {
	Markdown string
	// LeftOut names the parts of the page not printed, outermost first in
	// document order and counted by kind: "navigation", "2 sidebars", …
	LeftOut []string
	// NotArticle says, when the page has an article that is not all of
	// it, what keeping only the article would drop ("a data table", "a
	// price", "an app screen"); the page is then read whole.
	NotArticle string
}

// PDFText is a PDF's text (internal/read's PDFText), set by that package,
// which only the daemon links; nil in a binary without it.
var PDFText func(pdf []byte) (string, error)

// Extractor finds the main content of a serialized page within ctx
// (internal/read's ExtractWithin); ok is false when the page has none, err
// is ctx's when its deadline came first.
type Extractor func(ctx context.Context, page, pageURL string, links bool) (m Main, ok bool, err error)
