package commands

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/render"
)

// snap --raw honours --max-tokens: it keeps the elements that fit and says
// which it cut.
func TestCapRaw(t *testing.T) {
	mk := func(n int) *RawSnap {
		r := &RawSnap{URL: "http://x/", Title: "T"}
		for i := 1; i <= n; i++ {
			r.Elements = append(r.Elements, RawElement{Ref: fmt.Sprintf("e%d", i), Role: "link", Name: strings.Repeat("n", 40), Tag: "a", Action: "click"})
		}
		return r
	}
	r := mk(100)
	capRaw(r, 0)
	if len(r.Elements) != 100 || r.Cut != "" {
		t.Fatalf("no limit: %d elements, cut %q", len(r.Elements), r.Cut)
	}
	r = mk(100)
	capRaw(r, 500)
	b, _ := json.MarshalIndent(r, "", "  ")
	if len(r.Elements) == 0 || len(r.Elements) >= 100 {
		t.Fatalf("kept %d of 100", len(r.Elements))
	}
	if got := len(b); got > 500*render.CharsPerToken {
		t.Errorf("output %d chars over the %d budget", got, 500*render.CharsPerToken)
	}
	want := fmt.Sprintf("elements @e%d–@e100 (%d of 100) not shown", len(r.Elements)+1, 100-len(r.Elements))
	if !strings.HasPrefix(r.Cut, want) {
		t.Errorf("cut = %q, want prefix %q", r.Cut, want)
	}
	// A tiny budget still shows one element.
	r = mk(3)
	capRaw(r, 1)
	if len(r.Elements) != 1 || !strings.Contains(r.Cut, "@e2–@e3 (2 of 3)") {
		t.Errorf("tiny budget: %d elements, cut %q", len(r.Elements), r.Cut)
	}
	// A page that fits is untouched.
	r = mk(3)
	capRaw(r, 5000)
	if len(r.Elements) != 3 || r.Cut != "" {
		t.Errorf("fits: %d elements, cut %q", len(r.Elements), r.Cut)
	}
}
