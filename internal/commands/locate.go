package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/snapshot"
)

// Locate prints what a target resolves to and its durable locators.
type Locate struct {
	Target string `arg:"" help:"@eN or a locator: css=, xpath=, text=, role=, label=, placeholder=, testid= (A >> B scopes)."`
}

// Run resolves the target (waiting up to --timeout for a match) and
// generates its verified locators.
func (c *Locate) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	if err := t.WaitLoaded(ctx); err != nil {
		return nil, err
	}
	el, err := t.Resolve(ctx, c.Target)
	if err != nil {
		return nil, err
	}
	defer el.Release(context.WithoutCancel(ctx))
	li, err := t.Locators(ctx, el)
	if err != nil {
		return nil, err
	}
	text := locateText(li)
	if v, ok := el.WholeValue(ctx); ok && v != "" {
		li.Value = &v
		text += valueBlock(v)
	}
	return &Output{Text: text, Data: li}, nil
}

// valueBlock prints a field's whole value after a header line, exactly
// (line breaks, indentation), so a long textarea is read in one call.
func valueBlock(v string) string {
	return fmt.Sprintf("value (%d chars):\n%s\n", len([]rune(v)), strings.TrimSuffix(v, "\n"))
}

// locateText is the element line, then one "strategy: locator" line per
// verified locator, best first.
func locateText(li *page.LocInfo) string {
	var b strings.Builder
	if li.Ref != "" {
		b.WriteString("@" + li.Ref)
	} else {
		b.WriteString("(no ref)")
	}
	role := li.Role
	if role == "" {
		role = li.Tag
	}
	fmt.Fprintf(&b, " [%s]", role)
	if li.Name != "" {
		fmt.Fprintf(&b, " %q", li.Name)
	}
	b.WriteByte('\n')
	if bx := li.Box; bx != nil {
		// Where it is, for mouse and drag at points (centre first).
		fmt.Fprintf(&b, "box: centre %d,%d; %d,%d to %d,%d (%dx%d)\n", bx.X+bx.Width/2, bx.Y+bx.Height/2, bx.X, bx.Y, bx.X+bx.Width, bx.Y+bx.Height, bx.Width, bx.Height)
	}
	for _, l := range li.Locators {
		s := l.Strategy
		if l.Fragile {
			s += ", fragile"
		}
		fmt.Fprintf(&b, "%s: %s\n", s, l.Locator)
	}
	if !li.Stable {
		b.WriteString("unstable: nothing but position identifies it\n")
	}
	return b.String()
}

// snapLocators renders a snap with loc= on every element line (--locators)
// or as the full structured JSON (--raw).
func snapLocators(ctx context.Context, t *page.Tab, page *snapshot.Page, c *Snap) (*Output, error) {
	if !c.Raw {
		return locatorLines(ctx, t, page, c.MaxTokens)
	}
	start := time.Now()
	html := 0
	if c.HTML {
		html = rawHTMLCap
	}
	locs, err := t.PageLocators(ctx, page, true, html, nil)
	if err != nil {
		return nil, err
	}
	took := time.Since(start)
	raw := rawSnap(page, locs)
	if c.Focus != "" {
		if raw.Focus, err = focusRaw(ctx, t, c.Focus); err != nil {
			return nil, err
		}
	}
	capRaw(raw, c.MaxTokens)
	b, err := json.MarshalIndent(raw, "", "  ")
	if err != nil {
		return nil, err
	}
	stderr := fmt.Sprintf("(%d elements, locators in %d ms)\n", len(raw.Elements), took.Milliseconds())
	if raw.Cut != "" {
		stderr = fmt.Sprintf("(%d elements, ~%d tokens, locators in %d ms; %s)\n", len(raw.Elements), (len(b)+render.CharsPerToken-1)/render.CharsPerToken, took.Milliseconds(), raw.Cut)
	}
	return &Output{Text: string(b) + "\n", Data: raw, Stderr: stderr}, nil
}

// locatorLines renders a snap with loc= on every element line (--locators).
func locatorLines(ctx context.Context, t snapTab, page *snapshot.Page, maxTokens int) (*Output, error) {
	start := time.Now()
	// Lazily: with a token budget, only the elements the text will show
	// (those of the plain render; locators only make lines longer).
	var only map[string]bool
	if maxTokens > 0 {
		plain, _ := render.Text(page, render.Options{MaxTokens: maxTokens})
		only = shownRefs(plain)
	}
	locs, err := t.PageLocators(ctx, page, false, 0, only)
	if err != nil {
		return nil, err
	}
	took := time.Since(start)
	// JSON gets a proper "loc" attribute; the text renderer prints an
	// attribute key with an empty value as is, which gives `loc=<locator>`
	// unquoted (the locator's own quotes stay readable).
	withLoc := func(key func(best string) snapshot.Attr) *snapshot.Page {
		p := *page
		p.Sections = make([]snapshot.Section, len(page.Sections))
		for si, s := range page.Sections {
			els := make([]snapshot.Element, len(s.Elements))
			for i, e := range s.Elements {
				if li := locs[e.Ref]; li != nil && li.Best() != "" {
					e.Attrs = append(append(snapshot.Attrs(nil), e.Attrs...), key(li.Best()))
					if !li.Stable {
						e.Attrs = append(e.Attrs, snapshot.Attr{Key: "unstable"})
					}
				}
				els[i] = e
			}
			s.Elements = els
			p.Sections[si] = s
		}
		return &p
	}
	textPage := withLoc(func(best string) snapshot.Attr { return snapshot.Attr{Key: "loc=" + best} })
	out := snapOutput(textPage, maxTokens)
	jp := withLoc(func(best string) snapshot.Attr { return snapshot.Attr{Key: "loc", Value: best} })
	out.Data = jp
	out.Lines = ndjsonLines(jp)
	// What the locators cost, measured on the lines they were added to.
	shown := shownRefs(out.Text)
	added := 0
	for _, s := range textPage.Sections {
		for _, e := range s.Elements {
			if shown[e.Ref] && len(e.Attrs) > 0 && strings.HasPrefix(e.Attrs[len(e.Attrs)-1].Key, "loc=") {
				added += len([]rune(e.Attrs[len(e.Attrs)-1].Key)) + 1
			} else if shown[e.Ref] && len(e.Attrs) > 1 && e.Attrs[len(e.Attrs)-1].Key == "unstable" {
				added += len([]rune(e.Attrs[len(e.Attrs)-2].Key)) + len(" unstable") + 1
			}
		}
	}
	out.Stderr = strings.TrimSuffix(out.Stderr, "\n") + fmt.Sprintf(" (locators: ~%d tokens for %d elements, generated for %d in %d ms)\n",
		(added+render.CharsPerToken-1)/render.CharsPerToken, len(shown), len(locs), took.Milliseconds())
	return out, nil
}

var refRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`@(e[0-9]+)`) })

// shownRefs lists the refs a rendered snap prints.
func shownRefs(text string) map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasSuffix(line, " not shown") {
			continue // "- … 2,900 more items (…, @e40–@e5840) not shown"
		}
		for _, r := range refRE().FindAllStringSubmatch(line, -1) {
			m[r[1]] = true
		}
	}
	return m
}

// RawSnap is snap --raw: every element with everything tact knows of it.
type RawSnap struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	// Focus is the --focus target itself, actionable or not (a <p>, a
	// map's <div>): its box, tag and locators.
	Focus    *RawElement  `json:"focus,omitempty"`
	Elements []RawElement `json:"elements"`
	// Cut says which elements --max-tokens left out ("" = none).
	Cut string `json:"cut,omitempty"`
}

// capRaw keeps the elements of r that fit in about maxTokens tokens of
// indented JSON (at least one), and says in r.Cut what it left out.
// maxTokens <= 0 keeps everything.
func capRaw(r *RawSnap, maxTokens int) {
	if maxTokens <= 0 || len(r.Elements) == 0 {
		return
	}
	limit := maxTokens * render.CharsPerToken
	head, _ := json.MarshalIndent(RawSnap{URL: r.URL, Title: r.Title, Elements: []RawElement{}, Cut: "…, elements @e000000–@e000000 (000000 of 000000) not shown: raise --max-tokens or use --focus"}, "", "  ")
	used := len(head)
	keep := 0
	for i, e := range r.Elements {
		b, _ := json.MarshalIndent(e, "    ", "  ")
		n := len(b) + len("\n    ,")
		if i > 0 && used+n > limit {
			break
		}
		used += n
		keep++
	}
	if keep == len(r.Elements) {
		return
	}
	first, last := r.Elements[keep].Ref, r.Elements[len(r.Elements)-1].Ref
	r.Cut = fmt.Sprintf("elements @%s–@%s (%d of %d) not shown: raise --max-tokens or use --focus", first, last, len(r.Elements)-keep, len(r.Elements))
	r.Elements = r.Elements[:keep]
}

// RawElement is one element of snap --raw.
type RawElement struct {
	Ref      string            `json:"ref"`
	Role     string            `json:"role"`
	Name     string            `json:"name"`
	Tag      string            `json:"tag"`
	Attrs    snapshot.Attrs    `json:"attrs,omitempty"`
	Action   string            `json:"action"`
	Section  string            `json:"section,omitempty"`
	Box      *page.Box         `json:"box,omitempty"`
	Frame    []string          `json:"frame,omitempty"`
	FrameID  string            `json:"frameId,omitempty"`
	Locators []page.GenLocator `json:"locators"`
	Stable   bool              `json:"stable"`
	HTML     string            `json:"html,omitempty"`
}

// rawHTMLCap is how much of each element's outerHTML snap --raw --html
// shows, in characters.
const rawHTMLCap = 300

// focusRaw is snap --raw's entry for its --focus target, whatever it is.
func focusRaw(ctx context.Context, t *page.Tab, focus string) (*RawElement, error) {
	el, err := t.FocusElement(ctx, focus)
	if err == nil && el == nil {
		el, err = t.Resolve(ctx, "css="+focus) // a plain CSS selector
	}
	if err != nil {
		return nil, err
	}
	li, err := t.Locators(ctx, el)
	el.Release(context.WithoutCancel(ctx))
	if err != nil {
		return nil, err
	}
	re := &RawElement{Ref: li.Ref, Role: li.Role, Name: li.Name, Tag: li.Tag, Action: li.Action,
		Box: li.Box, Frame: li.Frame, Locators: li.Locators, Stable: li.Stable}
	for _, kv := range li.Attrs {
		re.Attrs = append(re.Attrs, snapshot.Attr{Key: kv[0], Value: kv[1]})
	}
	return re, nil
}

func rawSnap(p *snapshot.Page, locs map[string]*page.LocInfo) *RawSnap {
	r := &RawSnap{URL: p.URL, Title: p.Title, Elements: []RawElement{}}
	for _, s := range p.Sections {
		for _, e := range s.Elements {
			re := RawElement{Ref: e.Ref, Role: e.Role, Name: e.Name, Tag: e.Tag, Attrs: e.Attrs, Action: e.Action,
				Section: s.Heading, FrameID: e.Frame, Locators: []page.GenLocator{}}
			if li := locs[e.Ref]; li != nil {
				re.Box, re.Frame, re.Locators, re.Stable, re.HTML = li.Box, li.Frame, li.Locators, li.Stable, li.HTML
			}
			r.Elements = append(r.Elements, re)
		}
	}
	return r
}
