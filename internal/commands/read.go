package commands

import (
	"context"

	"github.com/tact-browser/tact/internal/read"
)

// Read prints the page's visible text as markdown.
type Read struct {
	URL      string `arg:"" optional:"" help:"Open this URL first (scheme optional)."`
	Focus    string `help:"Only this part: a CSS selector, @eN or a locator (role=dialog, text=Tasks >> xpath=..)." placeholder:"TARGET"`
	MaxLines int    `name:"max-lines" default:"0" help:"Keep the first N lines; 0 = all."`
	Links    bool   `help:"Print links as [text](href)."`
	OutputAs
}

// Run navigates if asked and extracts the text.
func (c *Read) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := open(ctx, env, c.URL)
	if err != nil {
		return nil, err
	}
	r, err := t.Read(ctx, c.Focus, c.Links)
	if err != nil {
		return nil, err
	}
	md := read.Limit(read.Clean(r.Markdown), c.MaxLines)
	r.Markdown = md
	text := md
	if text != "" && text[len(text)-1] != '\n' {
		text += "\n"
	}
	text += loadingNote(t, r.Loading)
	return &Output{Text: text, Data: r}, nil
}
