package page

import (
	"fmt"
	"testing"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
)

func TestParseRef(t *testing.T) {
	for in, want := range map[string]int{"@e1": 1, "e42": 42, "@e007": 7, "@3": 3, "@12": 12} {
		if n, ok := ParseRef(in); !ok || n != want {
			t.Errorf("%q: %d %v", in, n, ok)
		}
	}
	for _, bad := range []string{"@x", "@e", "e", "@e-1", "@e0", "5", "@e1x", "@0", "@-1", "@1x", "@", "e-1"} {
		if _, ok := ParseRef(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseKey(t *testing.T) {
	for _, ok := range []string{"Enter", "tab", "Control+a", "Shift+Tab", "PageDown", "F5", "a", "Control+Shift+ArrowLeft", "Control++"} {
		if _, err := ParseKey(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "Foo", "Control+", "+a+"} {
		if _, err := ParseKey(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	k, _ := ParseKey("Control+a")
	if len(k) != 2 || k[0].key != "Control" || k[1].code != "KeyA" || k[1].keyCode != 65 {
		t.Errorf("Control+a = %+v", k)
	}
}

func TestGlobMatch(t *testing.T) {
	if !globMatch("*/done*", "http://x/a/done?ok") || globMatch("*/done", "http://x/a/other") || !globMatch("example", "https://example.com") {
		t.Error("globMatch")
	}
}

// A connection dropped in the middle of a navigation is the browser going
// away (exit 3), not a failed navigation (exit 4).
func TestBrowserGoneKeepsCause(t *testing.T) {
	err := BrowserGone(failure.Wrap(failure.NavigationFailed, fmt.Errorf("write: %w", cdp.ErrClosed), "navigate to %s", "http://x/"))
	if got := failure.ExitCode(err); got != 3 {
		t.Errorf("exit %d (%v), want 3", got, err)
	}
	if got := failure.ExitCode(BrowserGone(failure.New(failure.NavigationFailed, "dns"))); got != 4 {
		t.Errorf("a plain navigation failure exits %d, want 4", got)
	}
}
