package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Targets snap used to leave out: file inputs behind a label or a button,
// a draggable card, icon-only buttons, a long textarea's value.
func TestTargetsNoneLeftOut(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("snap_targets.html"))
	for _, want := range []string{
		`[button] "Choose photo" upload`,
		`[button] "Upload CV" id="cvbtn" upload`,
		`[button] "Attach document" upload`,
		`[clickable] "Open report"`,
		`[clickable] "Legacy action"`,
		`[draggable] "Write tests"`,
		`[button] "✕"`, `[button] "Close panel"`, `[button] "Settings"`, `[button] "Delete row"`,
		`Line 10: the quick brown fox`, `valuelen="646"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("snap lacks %s:\n%s", want, out)
		}
	}
	// Listed once: the hidden inputs are not listed beside their stand-ins.
	if strings.Contains(out, "[input:file]") {
		t.Errorf("a file input is listed beside its stand-in:\n%s", out)
	}
	f := filepath.Join(t.TempDir(), "cv.txt")
	if err := os.WriteFile(f, []byte("cv"), 0o600); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tact(t, s, "upload", refOf(t, out, `"Upload CV"`), f, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("files").textContent`); got != "cv: cv.txt" {
		t.Errorf("upload through the button: %q", got)
	}
	mustOK(t, tact(t, s, "upload", refOf(t, out, `"Choose photo"`), f, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("files").textContent`); got != "photo: cv.txt" {
		t.Errorf("upload through the label: %q", got)
	}
	// JSON has the drag action and the long value.
	r := tact(t, s, "-o", "json", "snap")
	mustOK(t, r)
	var p struct {
		Elements []struct {
			Name, Action string
			Attrs        map[string]any
		}
	}
	if err := json.Unmarshal([]byte(r.out), &p); err != nil {
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
	// locate and read --focus print the whole value, lines intact.
	for _, args := range [][]string{{"locate", "css=#notes"}, {"read", "--focus", "css=#notes"}} {
		r := tact(t, s, args...)
		mustOK(t, r)
		if !strings.Contains(r.out, "Line 12: the quick brown fox jumps over the lazy dog.\nTHE END") {
			t.Errorf("tact %v lacks the whole value:\n%s", args, r.out)
		}
	}
}
