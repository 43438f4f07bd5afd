package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/render"
)

// Read prints the page's main content (or all its visible text) as
// markdown, in pieces that fit a token budget.
type Read struct {
	URL       string `arg:"" optional:"" help:"Open this URL first (scheme optional)."`
	Focus     string `help:"Only this part: a CSS selector, @eN, a locator (text=Tasks >> xpath=..) or dialog (the open one)." placeholder:"TARGET"`
	All       bool   `help:"Every visible text, navigation and footer included (default: the main content)."`
	MaxTokens int    `name:"max-tokens" default:"3000" help:"Cap at about N tokens (chars/4), then the --from that goes on; 0 = no limit."`
	From      string `help:"Start at line N (of a cut or --outline), or the first heading (else line) containing TEXT." placeholder:"N|TEXT"`
	Outline   bool   `help:"Only the headings, each with its line for --from."`
	MaxLines  int    `name:"max-lines" default:"0" help:"Keep the first N lines, then the --from that goes on; 0 = all."`
	Links     bool   `help:"Print links as [text](href)."`
	Exact     bool   `help:"With --focus: its text or field value byte for byte (no newline added)."`
	OutputAs
}

// Help for read (kong prints it after the flags).
func (c *Read) Help() string {
	return `Examples:
  tact read --outline                   # headings and their lines
  tact read --from "Installation"       # start at a heading (or a line number)`
}

// Run navigates if asked, extracts the text and prints the part asked for.
func (c *Read) Run(ctx context.Context, env *Env) (*Output, error) {
	if c.MaxTokens < 0 || c.MaxLines < 0 {
		return nil, failure.New(failure.Usage, "--max-tokens and --max-lines take 0 or more")
	}
	if c.All && c.Focus != "" {
		return nil, failure.New(failure.Usage, "--all and --focus do not go together")
	}
	if c.Exact && (c.Focus == "" || c.All || c.Outline || c.From != "" || c.Links) {
		return nil, failure.New(failure.Usage, "--exact takes --focus TARGET and no --all, --outline, --from or --links")
	}
	t, err := open(ctx, env, c.URL)
	if err != nil {
		return nil, err
	}
	if c.Exact {
		// As the page has it: no markdown, no cleaning, no budget, and
		// no newline added, so a trailing one is the element's own.
		v, err := t.ExactText(ctx, c.Focus)
		if err != nil {
			return nil, err
		}
		return &Output{Text: v, Data: &pagetext.Result{URL: t.URL(), Markdown: v, Mode: "exact"}}, nil
	}
	r, err := c.extract(ctx, env, t)
	if err != nil {
		return nil, err
	}
	md := pagetext.Clean(r.Markdown)
	// The text is numbered as the default view prints it: the note (what
	// was read: the article, or the page's text when keeping only its
	// article would drop its data) is line 1 and the title line 2, so a
	// line number read off that view (or off a cut line or the outline) is
	// what --from takes. The note is said once: a read continued with
	// --from starts past it.
	note := 0
	switch r.Mode {
	case "main":
		var nb strings.Builder
		nb.WriteString("(article")
		if len(r.LeftOut) > 0 {
			nb.WriteString("; left out: " + strings.Join(r.LeftOut, ", "))
		}
		nb.WriteString(" — tact read --all)")
		md = nb.String() + "\n" + md
		note = 1
	case "page":
		if r.NotArticle != "" {
			md = "(not an article but " + r.NotArticle + ": the page's text, navigation left out — tact read --all)\n" + md
			note = 1
		}
	}
	loading := ""
	if r.Loading {
		loading = readLoadingNote(t)
		r.Loading = loading != ""
	}
	var sb strings.Builder
	if c.Outline {
		r.Outline = pagetext.Outline(md)
		r.Markdown = ""
		if note == 1 {
			sb.WriteString(md[:strings.IndexByte(md, '\n')+1])
		}
		lines := strings.Count(md, "\n") + 1
		fmt.Fprintf(&sb, "(outline: %d headings in %s lines, ~%s tokens; open one with tact read%s --from N)\n",
			len(r.Outline), render.Thousands(lines), render.Thousands(len(md)/render.CharsPerToken), c.flags())
		for _, h := range r.Outline {
			fmt.Fprintf(&sb, "%d %s %s\n", h.Line, strings.Repeat("#", h.Level), h.Text)
		}
		sb.WriteString(loading)
		return &Output{Text: sb.String(), Data: r}, nil
	}
	from, err := pagetext.FromLine(md, c.From, note)
	if err != nil {
		return nil, err
	}
	if c.From != "" {
		r.From = from
	}
	text, cut := pagetext.Window(md, from, c.MaxTokens)
	text, next := pagetext.Limit(text, from, c.MaxLines)
	if next > 0 {
		lines := strings.Count(md, "\n") + 1
		if cut != nil {
			lines = cut.Lines
		}
		cut = &pagetext.Cut{Next: next, Lines: lines}
	}
	sb.WriteString(text)
	if text != "" {
		sb.WriteString("\n")
	}
	switch {
	case cut != nil && cut.InLine > 0:
		// One line over the budget (a page's whole text in one node).
		fmt.Fprintf(&sb, "… cut at %s tokens inside line %d, which is %s bytes long (its rest is not printed)",
			render.Thousands(cut.Tokens), cut.Next-1, render.Thousands(cut.InLine))
		if cut.Next <= cut.Lines {
			fmt.Fprintf(&sb, ": tact read%s --from %d (of %s lines)", c.flags(), cut.Next, render.Thousands(cut.Lines))
		}
		sb.WriteString("\n")
	case cut != nil && cut.Tokens > 0:
		fmt.Fprintf(&sb, "… cut at %s tokens: tact read%s --from %d (of %s lines)\n",
			render.Thousands(cut.Tokens), c.flags(), cut.Next, render.Thousands(cut.Lines))
	case cut != nil:
		fmt.Fprintf(&sb, "… cut at %d lines: tact read%s --from %d (of %s lines)\n",
			c.MaxLines, c.flags(), cut.Next, render.Thousands(cut.Lines))
	}
	// JSON keeps the text alone; the note is in mode and left_out.
	if from <= note {
		text = strings.TrimPrefix(text[strings.IndexByte(text+"\n", '\n'):], "\n")
	}
	r.Markdown, r.Cut = text, cut
	sb.WriteString(loading)
	return &Output{Text: sb.String(), Data: r}, nil
}

// readLoadingNote is the note after a read of a page whose load event has
// not fired, when something still in flight could change the text (a
// frame, the page's own fetches or scripts); "" when only images, styles
// or other sites' scripts are.
func readLoadingNote(t *page.Tab) string {
	if n := t.TextPending(); n > 0 {
		return requestsLoading(n) + "\n"
	}
	return ""
}

// extract reads the page: the main content when the page has one, else
// (or with --all/--focus) the visible text, rendered from the same
// serialization when there is one.
func (c *Read) extract(ctx context.Context, env *Env, t *page.Tab) (*pagetext.Result, error) {
	if env.Read.Render == nil {
		return nil, failure.New(failure.Internal, "this process cannot read pages (only tact-daemon links the reader)")
	}
	if c.Focus == "" && env.Read.PDFText != nil {
		// A PDF in Chrome's viewer: its text, read like a page's.
		b, ok, err := t.PDFBytes(ctx)
		if err != nil {
			return nil, err
		}
		if ok {
			text, err := env.Read.PDFText(b)
			if err != nil {
				return nil, failure.New(failure.Internal, "%v", err)
			}
			return &pagetext.Result{URL: t.URL(), Markdown: text, Mode: "pdf"}, nil
		}
	}
	notArticle := ""
	var seen *pagetext.Page
	if c.Focus == "" && !c.All && env.Read.Extract != nil {
		p, err := t.ReadHTML(ctx)
		// A page the serializer fails on (a JS error) is still read below.
		if err != nil && failure.From(err).Code != failure.JSError {
			return nil, err
		}
		// A page too big for the extractor is read whole (p.TooBig).
		if err == nil && !p.TooBig {
			seen = p
			m, ok, err := env.Read.Extract(ctx, p.HTML, p.URL, c.Links)
			if err != nil {
				return nil, page.OwnWorkTimeout("extraction of the main content", render.Thousands(len(p.HTML)/1024)+" KB of text and markup")
			}
			if ok {
				return &pagetext.Result{URL: p.URL, Title: p.Title, Markdown: m.Markdown, Mode: "main", LeftOut: m.LeftOut, Loading: t.StillLoading()}, nil
			}
			notArticle = m.NotArticle
		}
	}
	mode := "page"
	switch {
	case c.Focus != "":
		mode = "focus"
	case c.All:
		mode = "all"
	}
	scope := mode
	if mode == "focus" {
		scope = ""
	}
	r, err := t.Read(ctx, c.Focus, c.Links, scope, seen, env.Read.Render)
	if err != nil {
		return nil, err
	}
	r.Mode = mode
	if mode == "page" {
		r.NotArticle = notArticle
	}
	return r, nil
}

// flags are the options a continuation command must repeat.
func (c *Read) flags() string {
	var f []string
	if c.All {
		f = append(f, "--all")
	}
	if c.Focus != "" {
		f = append(f, "--focus "+quoteWords([]string{c.Focus})[0])
	}
	if c.Links {
		f = append(f, "--links")
	}
	if c.MaxTokens != 3000 {
		f = append(f, "--max-tokens "+strconv.Itoa(c.MaxTokens))
	}
	if c.MaxLines > 0 {
		f = append(f, "--max-lines "+strconv.Itoa(c.MaxLines))
	}
	if len(f) == 0 {
		return ""
	}
	return " " + strings.Join(f, " ")
}
