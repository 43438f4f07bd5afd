package cli_test

import (
	"regexp"
	"strings"
	"testing"
)

// A canvas's ref from snap --boxes (internal/page's TestSnapBoxes tests
// the boxes) clicks its centre, and the next action's diff is not the
// boxes' difference.
func TestSnapBoxesCanvasClick(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", "--no-snap", page("snap_boxes.html")))
	r := tact(t, s, "snap", "--boxes")
	mustOK(t, r)
	board := regexp.MustCompile(`@(e\d+) \[canvas\]`).FindStringSubmatch(r.out)
	if board == nil {
		t.Fatalf("no canvas ref:\n%s", r.out)
	}
	r = tact(t, s, "click", "@"+board[1])
	mustOK(t, r)
	if !strings.Contains(r.out, "Hits: 1") || strings.Contains(r.out, `"Start"`) {
		t.Errorf("click on the canvas's ref (its centre holds the target):\n%s", r.out)
	}
}
