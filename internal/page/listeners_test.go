package page_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/page"
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

// A listener added after the first snap is listed by the next one, and one
// removed is no longer (the scan keeps the document's handle between
// snaps, and a snap that marks nothing starts an empty set).
func TestListenersComeAndGo(t *testing.T) {
	tab := newTab(t, "snap_listeners.html")
	out := snapText(t, tab)
	if !strings.Contains(out, `[clickable] "Advance"`) || strings.Contains(out, `"Proceed"`) {
		t.Fatalf("first snap:\n%s", out)
	}
	evalPage(t, tab, "listenProceed()")
	if out = snapText(t, tab); !strings.Contains(out, `[clickable] "Proceed"`) {
		t.Errorf("a listener added since the last snap is not listed:\n%s", out)
	}
	// The same elements, their listeners gone.
	evalPage(t, tab, "dropAdvance(), dropProceed()")
	if out = snapText(t, tab); strings.Contains(out, `"Advance"`) || strings.Contains(out, `"Proceed"`) {
		t.Errorf("controls whose listeners went are still listed:\n%s", out)
	}
}

// The same in a frame, whose listeners are asked beside its walk too.
func TestListenersComeAndGoInAFrame(t *testing.T) {
	tab := newTab(t, "snap_listeners_framed.html")
	out := snapText(t, tab)
	if !strings.Contains(out, `[clickable] "Advance"`) || strings.Contains(out, `"Proceed"`) {
		t.Fatalf("first snap:\n%s", out)
	}
	inFrame := func(call string) { evalPage(t, tab, "document.getElementById('f').contentWindow."+call) }
	inFrame("listenProceed()")
	if out = snapText(t, tab); !strings.Contains(out, `[clickable] "Proceed"`) {
		t.Errorf("a listener added since the last snap is not listed:\n%s", out)
	}
	inFrame("dropAdvance()")
	inFrame("dropProceed()")
	if out = snapText(t, tab); strings.Contains(out, `"Advance"`) || strings.Contains(out, `"Proceed"`) {
		t.Errorf("controls whose listeners went are still listed:\n%s", out)
	}
}

// A document grown past the scan's bound goes without listeners (once a
// snap has seen its size), and once small again is scanned and marked
// anew (the same listened nodes as before it grew: their marks went with
// the big snap's).
func TestListenersAfterTheDocumentShrinks(t *testing.T) {
	tab := newTab(t, "snap_listeners.html")
	if out := snapText(t, tab); !strings.Contains(out, `[clickable] "Advance"`) {
		t.Fatalf("first snap:\n%s", out)
	}
	evalPage(t, tab, "const big = document.createElement('div'); big.id = 'big'; for (let i = 0; i < 2500; i++) big.append(document.createElement('i')); document.body.append(big)")
	snapText(t, tab) // the scan this snap kept shows its marks; it learns the size
	if out := snapText(t, tab); strings.Contains(out, `"Advance"`) {
		t.Errorf("a document over the bound listed a listened span:\n%s", out)
	}
	evalPage(t, tab, "document.getElementById('big').remove()")
	if out := snapText(t, tab); !strings.Contains(out, `[clickable] "Advance"`) {
		t.Errorf("small again, the listened span is not listed:\n%s", out)
	}
}

// evalPage runs expr in the page's own world, where its functions are.
func evalPage(t *testing.T, tab *page.Tab, expr string) {
	t.Helper()
	if _, err := tab.EvalPage(ctxOf(t), expr); err != nil {
		t.Fatal(err)
	}
}
