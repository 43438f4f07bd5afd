package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Pointer actions at points are recorded with their coordinates, pass
// lint, and replay: a click at X,Y, mouse down/move/up, drag --by.
func TestRecordPointerSteps(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	mustOK(t, tact(t, s, "record", "start", "pointer-steps"))
	mustOK(t, tact(t, s, "click", "50,50", "--no-snap"))
	mustOK(t, tact(t, s, "mouse", "down", "60,60", "--no-snap"))
	mustOK(t, tact(t, s, "mouse", "move", "100,60", "--no-snap"))
	mustOK(t, tact(t, s, "mouse", "up", "--no-snap"))
	mustOK(t, tact(t, s, "drag", "css=button", "--by", "10,0", "--no-snap"))
	mustOK(t, tact(t, s, "record", "stop"))
	b, err := os.ReadFile(filepath.Join(os.Getenv("TACT_HOME"), "workflows", "pointer-steps.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"target": "50,50"`, `"command": "mouse down"`, `"at": "100,60"`, `"command": "mouse up"`, `"by": "10,0"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the workflow lacks %s:\n%s", want, b)
		}
	}
	mustOK(t, tact(t, s, "workflow", "lint", "pointer-steps"))
	r := tact(t, s, "replay", "pointer-steps")
	mustOK(t, r)
	if !strings.Contains(r.out, "replay: 6/6 steps ok") {
		t.Errorf("replay:\n%s", r.out)
	}
}
