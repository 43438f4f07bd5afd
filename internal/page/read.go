package page

import (
	"context"
	"strconv"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/pagetext"
)

// maxReadFrames bounds how many iframes `read` appends.
const maxReadFrames = 16

// Read reads the main frame's visible text as markdown (html.js
// serializes it, render lays it out), followed by the text of each visible
// iframe (in- or out-of-process) under its own heading. --focus applies to
// the main frame only. scope "all" reads every visible text, page chrome
// included; "page" all but navigation, consent banners and ads (render.go
// in internal/read documents both). p, when not nil, is the main frame's
// serialization the caller already has (its same-origin frames inlined,
// which the rendering leaves out).
func (t *Tab) Read(ctx context.Context, focus string, links bool, scope string, p *pagetext.Page, render pagetext.Renderer) (*pagetext.Result, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	opts := map[string]any{"text": pagetext.MaxText, "lean": true, "links": links}
	ro := pagetext.RenderOptions{Scope: scope, Links: links}
	if focus != "" {
		opts["focus"] = focus
		ro.Scope = "focus"
	}
	el, err := t.FocusElement(ctx, focus)
	if err != nil {
		return nil, err
	}
	if el != nil {
		defer el.Release(ctx)
		delete(opts, "focus")
	}
	serialize := func() (*pagetext.Page, error) {
		var p pagetext.Page
		var err error
		if el != nil {
			err = t.ownWork(ctx, el.tg, el.frameID, "read", func(pageSize) error {
				return el.Call(ctx, `function (o) { o.focusEl = this; return __tact.readHTML(o); }`, &p, opts)
			})
		} else {
			err = t.ownWork(ctx, t.main, t.id, "read", func(pageSize) error {
				return t.EvalWorld(ctx, "__tact.readHTML("+mustJSON(opts)+")", &p)
			})
		}
		if err == nil && p.Error != "" {
			err = failure.New(failure.NotFound, "%s", p.Error)
		}
		return &p, err
	}
	if p == nil {
		if p, err = serialize(); err != nil {
			return nil, err
		}
	}
	md, err := t.render(ctx, render, p.HTML, ro)
	if err != nil {
		return nil, err
	}
	md = pagetext.Text(md, func() string {
		opts["loose"] = true
		defer delete(opts, "loose")
		q, err := serialize()
		if err != nil {
			return ""
		}
		return q.HTML
	}, func(html string) string {
		md, _ := render(ctx, html, ro)
		return md
	})
	r := pagetext.Result{URL: p.URL, Title: p.Title, Markdown: md}
	if el != nil {
		if v, ok := el.WholeValue(ctx); ok {
			r.Markdown = v // a field: its value, exactly
		}
	}
	if focus == "" {
		var sb strings.Builder
		sb.WriteString(r.Markdown)
		t.readFrames(ctx, &sb, opts, ro, render)
		r.Markdown = sb.String()
	}
	r.Loading = t.StillLoading()
	return &r, nil
}

// render lays out a serialization; a deadline that passes first fails
// the read as tact's own work.
func (t *Tab) render(ctx context.Context, render pagetext.Renderer, html string, o pagetext.RenderOptions) (string, error) {
	md, err := render(ctx, html, o)
	if err != nil {
		return "", OwnWorkTimeout("rendering of the text", strconv.Itoa(len(html)/1024)+" KB of text and markup")
	}
	return md, nil
}

// readFrames appends the text of visible child frames, depth first.
func (t *Tab) readFrames(ctx context.Context, sb *strings.Builder, opts map[string]any, ro pagetext.RenderOptions, render pagetext.Renderer) {
	n := 0
	var walk func(host *Target, frame string, depth int)
	walk = func(host *Target, frame string, depth int) {
		if depth >= maxFrameDepth {
			return
		}
		for _, k := range t.childFrames(ctx, host, frame, maxReadFrames) {
			if n >= maxReadFrames || ctx.Err() != nil {
				return
			}
			var fr pagetext.Page
			if err := t.evalIn(ctx, k.host, k.frame, "__tact.readHTML("+mustJSON(opts)+")", &fr); err != nil || fr.Error != "" {
				continue
			}
			md, err := render(ctx, fr.HTML, ro)
			if md = strings.TrimSpace(md); err == nil && md != "" {
				n++
				title := fr.Title
				if title == "" {
					title = trim(fr.URL, 80)
				}
				sb.WriteString("\n\n---\nframe: " + title + "\n\n" + md + "\n")
			}
			walk(k.host, k.frame, depth+1)
		}
	}
	walk(t.main, t.id, 0)
}

// ReadHTML serializes what the main frame shows (hidden parts left out,
// open shadow roots and same-origin iframes inlined) for the main-content
// extractor, without changing the page; a page over pagetext.MaxHTML comes
// back TooBig.
func (t *Tab) ReadHTML(ctx context.Context) (*pagetext.Page, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	var p pagetext.Page
	if err := t.ownWork(ctx, t.main, t.id, "read", func(pageSize) error {
		return t.EvalWorld(ctx, "__tact.readHTML({max: "+strconv.Itoa(pagetext.MaxHTML)+", frames: true})", &p)
	}); err != nil {
		return nil, err
	}
	if p.Error != "" {
		return nil, failure.New(failure.JSError, "%s", p.Error)
	}
	return &p, nil
}
