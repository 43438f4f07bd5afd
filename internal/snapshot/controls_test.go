package snapshot_test

import (
	"strings"
	"testing"
)

// Checkboxes and radios hidden behind styled labels (opacity 0, sr-only,
// display:none, TodoMVC's transparent toggle) are listed once, as the
// input with its label's name and state; switches, tabs, tree items and
// the current link show theirs (cli's TestCustomControls acts on them).
func TestCustomControlsListed(t *testing.T) {
	_, out := openSnap(t, "act_controls.html")
	for needle, want := range map[string]string{
		`"Send me news"`: `[input:checkbox] "Send me news" id="news"`,
		`"Remember me"`:  `[input:checkbox] "Remember me" id="remember" checked`,
		`"Accept terms"`: `[input:checkbox] "Accept terms" id="terms"`,
		`"Free"`:         `[input:radio] "Free" id="free" checked`,
		`"Call bank"`:    `[input:checkbox] "Call bank" id="t1"`,
		`"Buy milk"`:     `[input:checkbox] "Buy milk" id="t2" checked`,
		`"Walk dog"`:     `[input:checkbox] "Walk dog" id="t3"`,
		`"Wi-Fi"`:        `[switch] "Wi-Fi" id="wifi" checked`,
		`"Overview"`:     `[tab] "Overview" id="tab1" selected`,
		`"src"`:          `[treeitem] "src" expanded`,
		`"docs"`:         `[treeitem] "docs" collapsed`,
		`"Home"`:         `"Home" current="page"`,
	} {
		if n := strings.Count(out, needle); n != 1 || !strings.Contains(out, want) {
			t.Errorf("%s: listed %d times, want once as %s", needle, n, want)
		}
	}
	lacks(t, "snap (a label listed as a control of its own)", out, "[clickable]")
}
