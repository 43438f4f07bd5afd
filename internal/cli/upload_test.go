package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file input behind a label or a button (internal/snapshot's
// TestTargetsNoneLeftOut lists them) takes an upload through its
// stand-in; locate and read --focus print a long textarea's whole value,
// lines intact.
func TestUploadThroughStandIns(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("snap_targets.html"))
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
	// locate and read --focus print the whole value, lines intact.
	for _, args := range [][]string{{"locate", "css=#notes"}, {"read", "--focus", "css=#notes"}} {
		r := tact(t, s, args...)
		mustOK(t, r)
		if !strings.Contains(r.out, "Line 12: the quick brown fox jumps over the lazy dog.\nTHE END") {
			t.Errorf("tact %v lacks the whole value:\n%s", args, r.out)
		}
	}
}
