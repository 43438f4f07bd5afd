package browsertest

import (
	"strings"
	"testing"
)

// Has reports each of wants that out (what a command or a render printed,
// named by what) lacks.
func Has(t testing.TB, what, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, out)
		}
	}
}

// Lacks reports each of bads that out has.
func Lacks(t testing.TB, what, out string, bads ...string) {
	t.Helper()
	for _, b := range bads {
		if strings.Contains(out, b) {
			t.Errorf("%s has %q:\n%s", what, b, out)
		}
	}
}
