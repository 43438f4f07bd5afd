package cli_test

import (
	"strings"
	"testing"
)

// TestSnapSkipsParkedFrames: a cross-origin iframe parked off-screen
// (left: -5000px, or pushed above the page) is not walked, so its button
// is not listed as actionable (issue 37), nor is a control parked the
// same way; locators do not reach into the parked frame either. A
// carousel's scrolled-away slide and an on-screen cross-origin frame
// are still listed.
func TestSnapSkipsParkedFrames(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "snap", page("snap_offscreen.html?alt="+altURL))
	mustOK(t, r)
	eventually(t, "the on-screen frame's button", func() bool {
		r = tact(t, s, "snap")
		return strings.Contains(r.out, `"Submit shown"`)
	})
	has(t, "snap", r.out, `"Visible button"`, `"Slide one"`, `"Slide two"`, "Frame shown")
	lacks(t, "snap", r.out, "parked", "above", `"Parked button"`, `"Margin button"`)
	if f := tact(t, s, "--timeout", "5s", "click", "text=Submit parked"); f.code == 0 {
		t.Errorf("click into the parked frame succeeded:\n%s", f.out)
	}
}
