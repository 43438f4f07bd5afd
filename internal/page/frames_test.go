package page_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/read"
)

// has checks what a snap or a read printed.
var has = browsertest.Has

// altOrigin is the second site's origin, as the pages' ?alt= takes it.
func altOrigin() string { return strings.TrimSuffix(browsertest.AltURL(""), "/") }

// A snap walks a same-site and a cross-site (out-of-process) iframe in
// place, in document order.
func TestFramesInPlace(t *testing.T) {
	tab := newTab(t, "cli_frames.html?alt="+altOrigin())
	out := snapText(t, tab)
	has(t, "snap", out, "# Outer page", "Frame same", `"Submit same"`, "Frame cross", `"Submit cross"`, `[input:email] "Email"`)
	if strings.Index(out, "Frame same") > strings.Index(out, "Frame cross") {
		t.Errorf("frames out of document order:\n%s", out)
	}
}

// read appends the text of each iframe, same-site and cross-site.
func TestReadIncludesFrames(t *testing.T) {
	tab := newTab(t, "cli_frames.html?alt="+altOrigin())
	r, err := tab.Read(ctxOf(t), "", false, "page", nil, read.Reader.Render)
	if err != nil {
		t.Fatal(err)
	}
	has(t, "read", r.Markdown, "Outer text.", "Frame same", "Frame cross")
}

// Ten levels of nested frames: snap and read --all reach the innermost
// one (cli's TestNestedFramesClickAndBoxes clicks and locates there).
func TestTenNestedFrames(t *testing.T) {
	tab := newTab(t, "frames_nested.html?d=10")
	has(t, "snap", snapText(t, tab), "Level 0", "the code is 4417", `[button] "Innermost button"`)
	r, err := tab.Read(ctxOf(t), "", false, "all", nil, read.Reader.Render)
	if err != nil {
		t.Fatal(err)
	}
	has(t, "read --all", r.Markdown, "Deepest paragraph: the code is 4417.")
}

// A cross-origin iframe parked off-screen (left: -5000px, or pushed above
// the page) is not walked, so its button is not listed as actionable
// (issue 37), nor is a control parked the same way; locators do not
// reach into the parked frame either. A carousel's scrolled-away slide
// and an on-screen cross-origin frame are still listed.
func TestSnapSkipsParkedFrames(t *testing.T) {
	tab := newTab(t, "snap_offscreen.html?alt="+altOrigin())
	var out string
	eventually(t, "the on-screen frame's button", func() bool {
		out = snapText(t, tab)
		return strings.Contains(out, `"Submit shown"`)
	})
	has(t, "snap", out, `"Visible button"`, `"Slide one"`, `"Slide two"`, "Frame shown")
	for _, bad := range []string{"parked", "above", `"Parked button"`, `"Margin button"`} {
		if strings.Contains(out, bad) {
			t.Errorf("snap has %q:\n%s", bad, out)
		}
	}
	loc, err := locator.Parse("text=Submit parked")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := tab.Matches(ctxOf(t), loc); ok || err != nil {
		t.Errorf("text=Submit parked reaches into the parked frame (%v)", err)
	}
}

// eventually polls cond until it holds, failing the test with what when
// it still does not after callWait.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(callWait); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("still not the case after %s: %s", callWait, what)
		}
	}
}
