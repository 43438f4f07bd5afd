package page

import (
	"fmt"
	"strings"

	"github.com/tact-browser/tact/internal/locator"
)

// nearMatches names up to max elements of the tab's latest snap whose name
// is close to what a locator that matched nothing asked for (one holds
// the other, or they share a word), so NOT_FOUND says what is there. It
// reads the stored snap, not the page: the lookup's time is over.
func (t *Tab) nearMatches(loc locator.Locator, max int) []string {
	want := wantedName(loc)
	t.mu.Lock()
	last := t.last
	t.mu.Unlock()
	if want == "" || last == nil {
		return nil
	}
	var out []string
	for _, s := range last.Sections {
		for _, e := range s.Elements {
			if len(out) < max && near(want, e.Name) {
				out = append(out, fmt.Sprintf("@%s [%s] %q", e.Ref, e.Role, e.Name))
			}
		}
	}
	return out
}

// wantedName is the name or text a locator's last step asks for ("" for
// CSS, XPath and nth, which name no text).
func wantedName(loc locator.Locator) string {
	for i := len(loc.Steps) - 1; i >= 0; i-- {
		s := loc.Steps[i]
		switch s.Kind {
		case locator.Role:
			return s.Name
		case locator.Text, locator.Label, locator.Placeholder, locator.TestID, locator.Alt, locator.Title:
			return s.Value
		case locator.Nth:
			continue
		}
		return ""
	}
	return ""
}

// near reports two names a person could mistake for each other: one
// holds the other (case folded), or they share a word of 3+ letters.
func near(want, name string) bool {
	w, n := strings.ToLower(strings.TrimSpace(want)), strings.ToLower(strings.TrimSpace(name))
	if w == "" || n == "" {
		return false
	}
	if strings.Contains(n, w) || len(n) >= 3 && strings.Contains(w, n) {
		return true
	}
	words := map[string]bool{}
	for _, f := range strings.FieldsFunc(w, notLetter) {
		if len(f) >= 3 {
			words[f] = true
		}
	}
	for _, f := range strings.FieldsFunc(n, notLetter) {
		if words[f] {
			return true
		}
	}
	return false
}

func notLetter(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
}
