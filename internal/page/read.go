package page

import (
	"context"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/read"
)

// maxReadFrames bounds how many iframes `read` appends.
const maxReadFrames = 16

// Read extracts the main frame's visible text as markdown, followed by the
// text of each visible iframe (in- or out-of-process) under its own
// heading. --focus applies to the main frame only.
func (t *Tab) Read(ctx context.Context, focus string, links bool) (*read.Result, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	opts := map[string]any{}
	if focus != "" {
		opts["focus"] = focus
	}
	if links {
		opts["links"] = true
	}
	var r read.Result
	el, err := t.FocusElement(ctx, focus)
	if err != nil {
		return nil, err
	}
	if el != nil {
		delete(opts, "focus")
		err = el.Call(ctx, `function (o) { o.focusEl = this; return __tact.read(o); }`, &r, opts)
		el.Release(ctx)
	} else {
		err = t.EvalWorld(ctx, "__tact.read("+mustJSON(opts)+")", &r)
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
		t.readFrames(ctx, &sb, links)
		r.Markdown = sb.String()
	}
	r.Loading = t.StillLoading()
	return &r, nil
}

// readFrames appends the text of visible child frames, depth first.
func (t *Tab) readFrames(ctx context.Context, sb *strings.Builder, links bool) {
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
			var fr read.Result
			if err := t.evalIn(ctx, k.host, k.frame, "__tact.read("+mustJSON(map[string]any{"links": links})+")", &fr); err != nil || fr.Error != "" {
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
