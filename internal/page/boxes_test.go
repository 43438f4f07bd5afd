package page_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/render"
)

// snap --boxes gives each element its box in the tab's viewport (a
// frame's offset added) and lists canvases, images and svg as lines of
// their own with theirs, so an agent aims without a screenshot; a 12 px
// icon is left out. A snap without --boxes has none of it.
func TestSnapBoxes(t *testing.T) {
	tab := newTab(t, "snap_boxes.html")
	p, err := tab.SnapshotBoxes(ctxOf(t), "")
	if err != nil {
		t.Fatal(err)
	}
	out, _ := render.Text(p.Folded(nil), render.Options{MaxTokens: 5000})
	has(t, "snap --boxes", out,
		`[button] "Start" id="go" box=400,10,100,30`,
		`[button] "Inner" box=50,450,90,24`,
		`[canvas] id="board" box=50,120,300,200`,
		`[img] "Target map" box=0,352,64,48`,
		`[svg] "Pie chart" box=68,320,120,80`)
	if n := strings.Count(out, "[img]"); n != 1 {
		t.Errorf("snap --boxes lists %d images, want 1 (the icon is decoration):\n%s", n, out)
	}
	if plain := snapText(t, tab); strings.Contains(plain, "box=") || strings.Contains(plain, "[canvas]") {
		t.Errorf("snap without --boxes:\n%s", plain)
	}
	j, err := render.JSON(p)
	if err != nil {
		t.Fatal(err)
	}
	var pj struct {
		Elements []struct {
			Name string
			Box  []int
		}
		Sections []struct{ Drawn []struct{ Role string } }
	}
	if err := json.Unmarshal(j, &pj); err != nil || len(pj.Elements) == 0 || len(pj.Elements[0].Box) != 4 || len(pj.Sections) == 0 || len(pj.Sections[0].Drawn) != 3 {
		t.Errorf("JSON of snap --boxes: %v\n%s", err, j)
	}
}
