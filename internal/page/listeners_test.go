package page_test

import (
	"regexp"
	"strings"
	"testing"
)

// A plain span with its own click listener (no role, no pointer cursor,
// no onclick attribute; the tab asks the browser for its listeners
// before a snap) is listed among decoys that have none; a page listener
// (delegation) makes nothing a control.
func TestOwnClickListenerListed(t *testing.T) {
	tab := newTab(t, "snap_listeners.html")
	out := snapText(t, tab)
	if !strings.Contains(out, `[clickable] "Advance"`) {
		t.Fatalf("the listened span is not listed:\n%s", out)
	}
	for _, decoy := range []string{`"Proceed"`, `"Continue"`, `"Next"`} {
		if regexp.MustCompile(`@e\d+ .*` + decoy).MatchString(out) {
			t.Errorf("decoy %s listed:\n%s", decoy, out)
		}
	}
	if got := clickRef(t, tab, refOf(t, out, `"Advance"`)); got != "advanced" {
		t.Errorf("click on the listened span: %q", got)
	}
	// Rows with a listener each: the first ones (25) are listed.
	load(t, tab, "snap_listeners.html?rows=40")
	if out := snapText(t, tab); !strings.Contains(out, `[clickable] "open"`) {
		t.Errorf("listened row spans not listed:\n%s", out)
	}
}
