package cli_test

import (
	"strings"
	"testing"
)

// A listener added after the first snap is listed by the next one, and one
// removed is no longer (the scan keeps the document's handle between
// snaps, and a snap that marks nothing starts an empty set).
func TestListenersComeAndGo(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("perc39_listen.html"))
	if !strings.Contains(out, `[clickable] "Advance"`) || strings.Contains(out, `"Proceed"`) {
		t.Fatalf("first snap:\n%s", out)
	}
	evalIn(t, s, "listenProceed()")
	out = snapNow(t, s)
	if !strings.Contains(out, `[clickable] "Proceed"`) {
		t.Errorf("a listener added since the last snap is not listed:\n%s", out)
	}
	// The same elements, their listeners gone.
	evalIn(t, s, "dropAdvance(), dropProceed()")
	out = snapNow(t, s)
	if strings.Contains(out, `"Advance"`) || strings.Contains(out, `"Proceed"`) {
		t.Errorf("controls whose listeners went are still listed:\n%s", out)
	}
}

func snapNow(t *testing.T, s string) string {
	t.Helper()
	r := tact(t, s, "snap")
	mustOK(t, r)
	return r.out
}
