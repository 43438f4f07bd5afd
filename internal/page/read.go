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

// Read extracts the main frame's visible text as markdown, followed by the
// text of each visible iframe (in- or out-of-process) under its own
// heading. --focus applies to the main frame only. scope "all" reads every
// visible text, page chrome included; "page" all but navigation, consent
// banners and ads (read.js documents both).
func (t *Tab) Read(ctx context.Context, focus string, links bool, scope string) (*pagetext.Result, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	opts := map[string]any{"max": pagetext.MaxText}
	if focus != "" {
		opts["focus"] = focus
	}
	if links {
		opts["links"] = true
	}
	if scope != "" {
		opts[scope] = true
	}
	var r pagetext.Result
	el, err := t.FocusElement(ctx, focus)
	if err != nil {
		return nil, err
	}
	if el != nil {
		delete(opts, "focus")
		err = t.ownWork(ctx, el.tg, el.frameID, "read", func() error {
			return el.Call(ctx, `function (o) { o.focusEl = this; return __tact.read(o); }`, &r, opts)
		})
		if v, ok := el.WholeValue(ctx); ok && err == nil && r.Error == "" {
			r.Markdown = v // a field: its value, exactly
		}
		el.Release(ctx)
	} else {
		err = t.ownWork(ctx, t.main, t.id, "read", func() error {
			return t.EvalWorld(ctx, "__tact.read("+mustJSON(opts)+")", &r)
		})
	}
	if err != nil {
		return nil, err
	}
	if r.Error != "" {
		return nil, failure.New(failure.NotFound, "%s", r.Error)
	}
	if focus == "" {
		var sb strings.Builder
		sb.WriteString(r.Markdown)
		delete(opts, "focus")
		t.readFrames(ctx, &sb, opts)
		r.Markdown = sb.String()
	}
	r.Loading = t.StillLoading()
	return &r, nil
}

// readFrames appends the text of visible child frames, depth first.
func (t *Tab) readFrames(ctx context.Context, sb *strings.Builder, opts map[string]any) {
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
			var fr pagetext.Result
			if err := t.evalIn(ctx, k.host, k.frame, "__tact.read("+mustJSON(opts)+")", &fr); err != nil || fr.Error != "" {
				continue
			}
			if md := strings.TrimSpace(fr.Markdown); md != "" {
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
// extractor, without changing the page.
func (t *Tab) ReadHTML(ctx context.Context) (*pagetext.Page, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	var p pagetext.Page
	if err := t.ownWork(ctx, t.main, t.id, "read", func() error { return t.EvalWorld(ctx, "__tact.readHTML("+strconv.Itoa(pagetext.MaxHTML)+")", &p) }); err != nil {
		return nil, err
	}
	if p.Error != "" {
		return nil, failure.New(failure.JSError, "%s", p.Error)
	}
	return &p, nil
}
