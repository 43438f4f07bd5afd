package page

import (
	"context"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/render"
)

// pageSize is how big a frame's document is, for the error of a walk that
// ran out of time. Counting is cheap; its text's length is not (a page's
// scripts can hold megabytes of it), so it is not asked.
type pageSize struct {
	Elements int `json:"elements"`
	Frames   int `json:"frames"`
}

// ownWork runs one of tact's walks over a frame (what: "snap", "read").
// The page answers a trivial evaluation first; when the walk then runs out
// of time, the slow part was tact's own work on a big page, not a busy
// script of the page's, and the error says so, with the page's size and
// how to ask for less. A page that does not answer first keeps the walk's
// own error. The walk gets the size (zero when the page did not answer):
// a snap's listener scan needs the element count too.
func (t *Tab) ownWork(ctx context.Context, tg *Target, frameID, what string, walk func(size pageSize) error) error {
	var size pageSize
	answered := t.evalIn(ctx, tg, frameID, `({elements: document.getElementsByTagName('*').length,
		frames: document.getElementsByTagName('iframe').length + document.getElementsByTagName('frame').length})`, &size) == nil
	err := walk(size)
	if err == nil || !answered || ctx.Err() == nil || failure.From(err).Code != failure.Timeout {
		return err
	}
	return OwnWorkTimeout(what, size.String())
}

func (s pageSize) String() string {
	out := render.Thousands(s.Elements) + " elements"
	if s.Frames > 0 {
		out += ", " + render.Thousands(s.Frames) + " frames"
	}
	return out
}

// OwnWorkTimeout is the error of a command whose own work on a big page
// (a walk, the extraction of its main content) did not finish within
// --timeout; size says how big the page is.
func OwnWorkTimeout(what, size string) error {
	return failure.New(failure.Timeout, "tact's %s of this big page (%s) did not finish within --timeout; the page itself answered", what, size).
		WithHint("ask for less: --focus TARGET (a part of the page), --max-tokens, or a longer --timeout")
}
