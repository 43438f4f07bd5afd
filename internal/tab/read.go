package tab

import (
	"context"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/read"
)

// Read extracts the main frame's visible text as markdown.
func (t *Tab) Read(ctx context.Context, focus string) (*read.Result, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	opts := map[string]any{}
	if focus != "" {
		opts["focus"] = focus
	}
	var r read.Result
	if err := t.EvalWorld(ctx, "__tact.read("+mustJSON(opts)+")", &r); err != nil {
		return nil, err
	}
	if r.Error != "" {
		return nil, failure.New(failure.NotFound, "%s", r.Error)
	}
	return &r, nil
}
