package commands

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/snapshot"
	"github.com/tact-browser/tact/internal/verdict"
)

// Snap prints the page as an agent needs it.
type Snap struct {
	URL       string `arg:"" optional:"" help:"Open this URL first (scheme optional)."`
	Focus     string `help:"Only this part: a CSS selector, @eN, a locator (text=Tasks >> xpath=..) or dialog (the open one)." placeholder:"TARGET"`
	MaxTokens int    `name:"max-tokens" default:"5000" help:"Cap output at about N tokens (chars/4); 0 = no limit."`
	// Interactive is accepted for agent-browser's "snapshot -i"; tact's snap
	// already lists interactive elements and keeps section text.
	Interactive bool `short:"i" hidden:"" help:"Accepted for compatibility; snap is always interactive-first."`
	Locators    bool `help:"Add loc=<best verified locator> to each element (durable, unlike @eN)."`
	Diff        bool `help:"Only what changed since the last snap or action."`
	Raw         bool `help:"Every element as JSON with box, frame, action, verified locators (with --focus: the target, any element)."`
	HTML        bool `help:"--raw with each element's outer HTML (first 300 characters)."`
	Full        bool `help:"Fold nothing: navigation, menus, footers, link lists, docs, code, long tables."`
	Boxes       bool `help:"Add box=x,y,w,h (CSS px) to each element, and list canvases, images, svg, video."`
}

// Run navigates if asked, snapshots and renders.
func (c *Snap) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := open(ctx, env, c.URL)
	if err != nil {
		return nil, err
	}
	snapshotOf := t.Snapshot
	if c.Boxes {
		snapshotOf = t.SnapshotBoxes
	}
	page, err := snapshotOf(ctx, c.Focus)
	if err != nil {
		return nil, err
	}
	var prev *snapshot.Page
	same := false
	if c.Focus == "" {
		prev, same = t.SwapLastSnap(page.WithoutBoxes())
	} else {
		seenWhole(ctx, t)
	}
	if c.HTML {
		c.Raw = true // --html only has a place in --raw's JSON
	}
	if c.Locators || c.Raw {
		return snapLocators(ctx, t, page, c)
	}
	if c.Diff && c.Focus == "" && prev != nil && (same || sameDocumentURL(prev.URL, page.URL)) {
		d := diffText(prev, page)
		if d == "" {
			// The one wording of nothing happening (issue 38).
			d = "(" + verdict.NoChange + ")\n"
		}
		return &Output{Text: d, Data: page.Folded(snapshot.Changed(prev, page)), Stderr: diffStats(d)}, nil
	}
	if !c.Full {
		page = page.Folded(snapshot.Changed(prev, page))
	}
	// Text that appeared since the previous snap (an action run with
	// --no-snap) prints whole.
	page = page.WithNew(prev)
	so := snapOutput(page, c.MaxTokens)
	so.Text += loadingNote(t, page.Loading)
	return so, nil
}

// seenWhole makes the page as it is now the base of the next diff after
// a snap of a part of it (--focus): what the agent saw last, not an older
// whole snap whose removed refs it would be told about again. The whole
// page is walked for it (nothing printed).
func seenWhole(ctx context.Context, t snapTab) {
	if p, err := t.Snapshot(ctx, ""); err == nil {
		t.SwapLastSnap(p)
	}
}

// loadingNote tells a reader that the page's load event has not fired, so
// what they see may still grow: other sites' subresources (or a request
// that never ends) are still loading.
func loadingNote(t navTab, loading bool) string {
	if !loading {
		return ""
	}
	return stillLoading(t) + "\n"
}

// stillLoading is the note for a page shown before its load event.
func stillLoading(t navTab) string {
	if n := t.PendingRequests(); n > 0 {
		return requestsLoading(n)
	}
	return "(page still loading)"
}

// requestsLoading says n (> 0) requests are still loading.
func requestsLoading(n int) string {
	if n == 1 {
		return "(still loading 1 request)"
	}
	return fmt.Sprintf("(still loading %d requests)", n)
}

// loadingNoteRE matches the note at the end of a step's output: replay
// leaves it out, so a replay prints the same content as its recording
// however many requests happened to be in flight.
var loadingNoteRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\n?\((page still loading|still loading \d+ requests?)\)\n$`)
})

func withoutLoadingNote(s string) string {
	if loc := loadingNoteRE().FindStringIndex(s); loc != nil {
		return s[:loc[0]] + "\n"
	}
	return s
}

func snapOutput(page *snapshot.Page, maxTokens int) *Output {
	text, st := render.Text(page, render.Options{MaxTokens: maxTokens})
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	foot := fmt.Sprintf("%d %s, ~%d tokens", st.Elements, plural(st.Elements, "element", "elements"), st.Tokens)
	if page.FramesLoading > 0 {
		// Never a bare "(0 elements)" while the frames that hold them load.
		foot += "; " + strings.Trim(render.FramesLoading(page.FramesLoading), "()")
	}
	return &Output{
		Text:   text,
		Data:   page,
		Lines:  ndjsonLines(page),
		Stderr: "(" + foot + ")\n",
	}
}

// ndjsonLines is one JSON object per element, each naming its section.
func ndjsonLines(p *snapshot.Page) []any {
	var out []any
	for _, s := range p.Sections {
		for _, e := range s.Elements {
			out = append(out, struct {
				snapshot.Element
				Section string `json:"section,omitempty"`
			}{e, s.Heading})
		}
	}
	return out
}

// Snapshot is agent-browser's name for snap ("snapshot -i").
type Snapshot struct {
	Snap
}
