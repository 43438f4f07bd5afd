package cli_test

import (
	"strings"
	"testing"
)

// --geo grants the permission and places the page there; --locale sets
// Intl's locale. Both are sticky for the session.
func TestEmulationGeoAndLocale(t *testing.T) {
	s := "geo"
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	pos := `new Promise((ok, fail) => navigator.geolocation.getCurrentPosition(
  (p) => ok(p.coords.latitude.toFixed(2) + "," + p.coords.longitude.toFixed(2)), (e) => fail(new Error("geo: " + e.message)), {timeout: 5000}))`
	r := tact(t, s, "--geo", "52.52,13.40", "--locale", "de-DE", "eval", pos)
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "52.52,13.40" {
		t.Errorf("position %q, want 52.52,13.40", got)
	}
	r = tact(t, s, "eval", "new Intl.NumberFormat().format(1234.5)")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "1.234,5" {
		t.Errorf("number in the session's locale %q, want 1.234,5", got)
	}
}
