package snapshot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/render"
)

// Targets snap used to leave out: file inputs behind a label or a button,
// a draggable card, icon-only buttons, a long textarea's value; each is
// listed once (cli's TestUploadThroughStandIns uploads through them).
func TestTargetsNoneLeftOut(t *testing.T) {
	tab, out := openSnap(t, "snap_targets.html")
	has(t, "snap", out,
		`[button] "Choose photo" upload`,
		`[button] "Upload CV" id="cvbtn" upload`,
		`[button] "Attach document" upload`,
		`[clickable] "Open report"`,
		`[clickable] "Legacy action"`,
		`[draggable] "Write tests"`,
		`[button] "✕"`, `[button] "Close panel"`, `[button] "Settings"`, `[button] "Delete row"`,
		`Line 10: the quick brown fox`, `valuelen="646"`)
	// Listed once: the hidden inputs are not listed beside their stand-ins.
	lacks(t, "snap", out, "[input:file]")
	// JSON has the drag action and the long value.
	j, err := render.JSON(snapPage(t, tab, again(), false).page)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Elements []struct {
			Name, Action string
			Attrs        map[string]any
		}
	}
	if err := json.Unmarshal(j, &p); err != nil {
		t.Fatal(err)
	}
	for _, e := range p.Elements {
		if e.Name == "Write tests" && e.Action != "drag" {
			t.Errorf("draggable card: action %q", e.Action)
		}
		if v, ok := e.Attrs["value"].(string); ok && strings.HasPrefix(v, "Line 1:") && len([]rune(v)) != 600 {
			t.Errorf("textarea value in JSON: %d chars", len([]rune(v)))
		}
	}
}
