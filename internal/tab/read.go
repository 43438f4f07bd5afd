package tab

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
	type node struct {
		Frame struct {
			ID  string `json:"id"`
			URL string `json:"url"`
		} `json:"frame"`
		ChildFrames []node `json:"childFrames"`
	}
	var tree struct {
		FrameTree node `json:"frameTree"`
	}
	if err := t.main.sess.Call(ctx, "Page.getFrameTree", nil, &tree); err != nil {
		return
	}
	n := 0
	var walk func(parent *target, parentFrame string, kids []node)
	walk = func(parent *target, parentFrame string, kids []node) {
		for _, k := range kids {
			if n >= maxReadFrames || ctx.Err() != nil {
				return
			}
			host, frame := parent, k.Frame.ID
			if c := t.child(frame); c != nil {
				host = c
			}
			if !t.ownerVisible(ctx, parent, parentFrame, frame) {
				continue
			}
			var fr read.Result
			if err := t.evalIn(ctx, host, frame, "__tact.read("+mustJSON(map[string]any{"links": links})+")", &fr); err != nil || fr.Error != "" {
				continue
			}
			if md := strings.TrimSpace(fr.Markdown); md != "" {
				n++
				title := fr.Title
				if title == "" {
					title = fr.URL
				}
				sb.WriteString("\n\n---\nframe: " + title + "\n\n" + md + "\n")
			}
			walk(host, frame, k.ChildFrames)
		}
	}
	walk(t.main, t.id, tree.FrameTree.ChildFrames)
}

// ownerVisible reports whether the iframe element hosting frameID is
// rendered with a usable size (skips tracking pixels and hidden ads).
func (t *Tab) ownerVisible(ctx context.Context, parent *target, parentFrame, frameID string) bool {
	el, err := t.frameOwner(ctx, parent, parentFrame, frameID)
	if err != nil {
		return false
	}
	defer el.Release(ctx)
	var ok bool
	_ = el.callLib(ctx, "frameShown", &ok)
	return ok
}
