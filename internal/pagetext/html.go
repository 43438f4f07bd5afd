package pagetext

import (
	"context"
	_ "embed"

	"github.com/tact-browser/tact/internal/inpage"
)

//go:embed html.js
var htmlSrc string

// HTMLModule defines __tact.readHTML(opts) in the page: the rendered
// document (hidden parts removed, open shadow roots and same-origin iframes
// inlined, what the renderer needs of the computed style in data-tact-*
// attributes) as an HTML string, decoded into a Page. html.js documents
// opts.
var HTMLModule = inpage.New(htmlSrc)

// JS is the serializer with what it needs, ready to evaluate on its own.
var JS = inpage.Source(HTMLModule)

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

// RenderOptions say what Renderer reads of a serialized page: Scope
// "page" (all but navigation, consent banners and ads: a page without an
// article), "all" (--all), "focus" (the --focus matches) or "main" (the
// content root: main, a dominant article, else the body), and Links
// prints links as [text](href).
type RenderOptions struct {
	Scope string
	Links bool
}

// Renderer renders a serialized page as markdown within ctx
// (internal/read's RenderWithin); err is ctx's when its deadline came
// first.
type Renderer func(ctx context.Context, page string, o RenderOptions) (string, error)

// Reader is how the daemon reads a serialized page: internal/read's
// ExtractWithin and RenderWithin (read.Reader).
type Reader struct {
	Extract Extractor
	Render  Renderer
	// PDFText is a PDF's text (internal/read's PDFText).
	PDFText func(pdf []byte) (string, error)
}

// Extractor finds the main content of a serialized page within ctx
// (internal/read's ExtractWithin); ok is false when the page has none, err
// is ctx's when its deadline came first.
type Extractor func(ctx context.Context, page, pageURL string, links bool) (m Main, ok bool, err error)

// Text is the markdown of a page read strictly (md, rendered from its
// serialization) or, when that leaves almost nothing, from loose (a
// serialization that ignores aria-hidden and visibility:hidden, html.js's
// loose option; "" when the page holds little text anyway) when that says
// much more. Two page states hide text a person still gets to read:
// opening a modal often sets aria-hidden on the whole app behind it, and
// anti-flicker snippets keep <body> visibility:hidden until some script
// (maybe one that never loads) reveals it.
func Text(md string, loose func() string, render func(html string) string) string {
	if len(md) >= 200 {
		return md
	}
	if h := loose(); h != "" {
		if again := render(h); len(again) > len(md)*4 {
			return again
		}
	}
	return md
}
