// Package pagetext is a page's text as `tact read` prints it: the in-page
// serializer, what it returns, and the paging of the markdown (budget,
// --from, --outline). Reading the serialization is internal/read, whose
// libraries are heavy: only the daemon links it, and commands get it as
// functions (commands.Env.Extract and Env.Render), so a CLI process never
// initialises them.
//
// One in-page module, html.js (__tact.readHTML), runs in tact's isolated
// world (page scripts can neither see nor break it; it never modifies the
// DOM) and serializes what the browser shows. In the daemon,
// internal/read reads that serialization two ways:
//   - Extract finds the main content with go-trafilatura
//     (github.com/markusmobius/go-trafilatura, with Readability and DOM
//     Distiller as its fallbacks), converts it with html-to-markdown and
//     lays it out as below; it also names what the page had besides
//     (navigation, sidebars, comments, …) and refuses pages with no clear
//     main content;
//   - Render walks it into markdown itself: for --all, --focus and pages
//     without main content.
//
// pages.go cuts the text to a token budget, resolves --from and lists
// headings for --outline.
//
// Render's output format, chosen for LLM readers where every token counts
// (Extract follows the same layout):
//   - headings as #..######, preceded by one blank line; other blocks
//     (paragraphs, list items, table rows) one per line, without blank
//     lines between them;
//   - lists as "- " / "1. ", nested by indentation; blockquotes as "> ";
//     data tables (and ARIA grids and tables: role=grid/table rows and
//     cells) as "| a | b |" rows with a "|---|" line after the first
//     row; <pre> as ``` fenced blocks; inline <code> in backticks;
//   - links as plain text (agents act on links through `snap` refs, so
//     URLs would mostly be wasted tokens); --links renders [text](href);
//   - images as ![alt] only when the alt text is meaningful; formulas as
//     $TeX$ when the page provides the TeX (MathML annotation, MediaWiki
//     formula images); <hr> as *** (a "---" under a paragraph would turn
//     it into a heading);
//   - a page without an article is read whole but for navigation, consent
//     banners and small ad/share widgets; --focus reads exactly what it
//     selects (every match, in document order), chrome included;
//   - hidden content is left out: display:none, visibility:hidden,
//     aria-hidden, closed <details>, visually-hidden and off-screen boxes,
//     collapsed overflow boxes. When that leaves almost nothing of a
//     text-rich page (a modal set aria-hidden on the app, an anti-flicker
//     style hides <body>), the page is serialized again ignoring
//     aria-hidden and visibility;
//   - identical lines are never merged: two "Reply" items are two lines.
package pagetext

import (
	"strings"
)

// Result is what `tact read -o json` prints once the command has chosen
// what to show.
type Result struct {
	URL      string `json:"url"`
	Title    string `json:"title"`
	Markdown string `json:"markdown"`
	Error    string `json:"error,omitempty"`
	Loading  bool   `json:"loading,omitempty"` // the load event has not fired
	// Mode is what was read: "main" (the page's main content), "page"
	// (all visible text but navigation: no clear main content), "all"
	// (--all), "focus" (--focus), "exact" (--focus --exact: the text as
	// the page has it) or "pdf" (a PDF the tab shows, as text).
	Mode string `json:"mode,omitempty"`
	// LeftOut names what "main" left out of the page ("navigation",
	// "2 sidebars", "comments", …).
	LeftOut []string `json:"left_out,omitempty"`
	// NotArticle is, in "page" mode, why the page's article was not read
	// alone (Main.NotArticle: "a data table", "an app screen", …).
	NotArticle string `json:"not_article,omitempty"`
	// From is the first line printed (--from), Cut where the budget
	// stopped the text (absent when it was printed to the end).
	From    int       `json:"from,omitempty"`
	Cut     *Cut      `json:"cut,omitempty"`
	Outline []Heading `json:"outline,omitempty"` // --outline
}

// Clean normalises extractor output for printing: trailing spaces removed,
// runs of blank lines collapsed to one (outside code fences, where blank
// lines are content), and leading/trailing blank lines dropped.
func Clean(md string) string {
	lines := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	out := make([]string, 0, len(lines))
	fence := ""
	for _, l := range lines {
		l = strings.TrimRight(l, " \t")
		if f := fenceOf(l); f != "" {
			switch {
			case fence == "":
				fence = f
			case strings.HasPrefix(f, fence) && strings.TrimLeft(strings.TrimSpace(stripPrefix(l)), "`") == "":
				fence = ""
			}
		}
		if l == "" && fence == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

// stripPrefix removes list indentation and blockquote markers, which the
// extractor puts in front of every line of a fenced block.
func stripPrefix(l string) string {
	for {
		t := strings.TrimLeft(l, " ")
		if strings.HasPrefix(t, "> ") {
			l = t[2:]
			continue
		}
		if strings.HasPrefix(t, "- ") {
			l = t[2:]
			continue
		}
		return t
	}
}

// fenceOf returns the backtick run opening l if l is a code fence line.
func fenceOf(l string) string {
	t := stripPrefix(l)
	n := 0
	for n < len(t) && t[n] == '`' {
		n++
	}
	if n < 3 {
		return ""
	}
	return t[:n]
}

// Limit keeps the first n lines of text (all of them when n <= 0), a
// piece that starts at line from of the whole, and returns the line a
// read continued with --from would start at (0 when nothing was cut).
func Limit(text string, from, n int) (string, int) {
	if n <= 0 || text == "" {
		return text, 0
	}
	lines := strings.Split(text, "\n")
	if len(lines) <= n {
		return text, 0
	}
	kept := lines[:n]
	// A cut inside a code block would swallow what follows into the code:
	// close the fence first.
	if f := openFence(kept); f != "" {
		kept = append(kept[:n:n], f)
	} else {
		for len(kept) > 0 && kept[len(kept)-1] == "" {
			kept = kept[:len(kept)-1]
		}
	}
	return strings.Join(kept, "\n"), max(from, 1) + n
}

// openFence returns the fence that closes a code block left open at the end
// of lines, or "".
func openFence(lines []string) string {
	fence := ""
	for _, l := range lines {
		f := fenceOf(l)
		switch {
		case f == "":
		case fence == "":
			fence = f
		case strings.HasPrefix(f, fence) && strings.TrimLeft(strings.TrimSpace(stripPrefix(l)), "`") == "":
			fence = ""
		}
	}
	return fence
}
