package commands

import (
	"context"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/snapshot"
)

// unfocusedSnap is an action's page when its --focus fails (matched
// nothing, a stale ref): the action has happened, so its caller still
// gets the page, whole, under one line saying why.
func unfocusedSnap(ctx context.Context, t snapTab, o ActOpts, focusErr error) (string, *snapshot.Page, string) {
	note := "(--focus " + o.Focus + ": " + oneLine(failure.From(focusErr).Message) + "; the whole page follows)\n"
	o.Focus = ""
	text, p, stderr := freshSnap(ctx, t, o, false, false)
	return note + text, p, stderr
}
