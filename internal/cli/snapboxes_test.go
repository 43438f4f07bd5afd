package cli_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// snap --boxes gives each element its box in the viewport (a frame's
// offset added) and lists canvases, images and svg as lines of their own
// with theirs, so an agent aims without a screenshot; a 12 px icon is
// left out. The canvas's ref clicks its centre, and the next action's
// diff is not the boxes' difference.
func TestSnapBoxes(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", "--no-snap", page("snap_boxes.html")))
	r := tact(t, s, "snap", "--boxes")
	mustOK(t, r)
	for _, want := range []string{
		`[button] "Start" id="go" box=400,10,100,30`,
		`[button] "Inner" box=50,450,90,24`,
		`[canvas] id="board" box=50,120,300,200`,
		`[img] "Target map" box=0,352,64,48`,
		`[svg] "Pie chart" box=68,320,120,80`,
	} {
		if !strings.Contains(r.out, want) {
			t.Errorf("snap --boxes lacks %q:\n%s", want, r.out)
		}
	}
	if n := strings.Count(r.out, "[img]"); n != 1 {
		t.Errorf("snap --boxes lists %d images, want 1 (the icon is decoration):\n%s", n, r.out)
	}
	if plain := tact(t, s, "snap"); strings.Contains(plain.out, "box=") || strings.Contains(plain.out, "[canvas]") {
		t.Errorf("snap without --boxes:\n%s", plain.out)
	}
	j := tact(t, s, "-o", "json", "snap", "--boxes")
	mustOK(t, j)
	var p struct {
		Elements []struct {
			Name string
			Box  []int
		}
		Sections []struct{ Drawn []struct{ Role string } }
	}
	if err := json.Unmarshal([]byte(j.out), &p); err != nil || len(p.Elements) == 0 || len(p.Elements[0].Box) != 4 || len(p.Sections) == 0 || len(p.Sections[0].Drawn) != 3 {
		t.Errorf("-o json snap --boxes: %v\n%s", err, j.out)
	}
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
