package pagetext

import (
	"strings"
	"testing"
)

// The loose second try is asked for only when the strict text is short,
// and taken only when it says much more.
func TestText(t *testing.T) {
	long := strings.Repeat("x", 900)
	render := func(h string) string { return h }
	asked := false
	loose := func() string { asked = true; return long }
	if got := Text(long, loose, render); got != long || asked {
		t.Errorf("a long strict text: asked %v, got %d chars", asked, len(got))
	}
	if got := Text("short", loose, render); got != long || !asked {
		t.Errorf("a short strict text: asked %v, got %q", asked, got[:min(len(got), 20)])
	}
	short := strings.Repeat("y", 150)
	if got := Text(short, func() string { return strings.Repeat("z", 500) }, render); got != short {
		t.Errorf("a loose text not 4 times longer was taken: %q", got[:20])
	}
	if got := Text(short, func() string { return "" }, render); got != short {
		t.Errorf("no loose text (little text on the page): %q", got[:20])
	}
}
