package cli_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --geo grants the permission and places the page there; --locale sets
// Intl's locale. Both are sticky for the session.
func TestEmulationGeoAndLocale(t *testing.T) {
	t.Parallel()
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

// Device, viewport, media features, offline and extra headers are sticky
// for the session and shown by browser status.
func TestEmulationScreenMediaNetwork(t *testing.T) {
	t.Parallel()
	s := "emul"
	mustOK(t, tact(t, s, "--device", "iPhone 15", "snap", page("hello.html")))
	r := tact(t, s, "eval", "screen.width + ' ' + devicePixelRatio + ' ' + navigator.maxTouchPoints + ' ' + /iPhone/.test(navigator.userAgent)")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "393 3 5 true" {
		t.Errorf("--device iPhone 15: %q", got)
	}
	mustOK(t, tact(t, s, "--viewport", "800x600", "--color-scheme", "dark", "--reduced-motion", "eval", "1"))
	r = tact(t, s, "eval", "innerWidth + 'x' + innerHeight + ' ' + matchMedia('(prefers-color-scheme: dark)').matches + ' ' + matchMedia('(prefers-reduced-motion: reduce)').matches")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "800x600 true true" {
		t.Errorf("viewport and media: %q", got)
	}
	// Extra headers reach the server; status names them, never their values.
	mustOK(t, tact(t, s, "--header", "X-Tact-Test: sesame", "open", page("echo/headers")))
	r = tact(t, s, "eval", "document.body.innerText.includes('X-Tact-Test: sesame')")
	mustOK(t, r)
	if strings.TrimSpace(r.out) != "true" {
		t.Errorf("header not seen by the server: %q", r.out)
	}
	r = tact(t, s, "browser", "status")
	mustOK(t, r)
	if !strings.Contains(r.out, "viewport 800x600") || !strings.Contains(r.out, "color-scheme dark") || !strings.Contains(r.out, "headers X-Tact-Test") || strings.Contains(r.out, "sesame") {
		t.Errorf("status:\n%s", r.out)
	}
	// Offline: the page cannot load anything until --no-offline.
	mustOK(t, tact(t, s, "--offline", "eval", "1"))
	r = tact(t, s, "eval", "fetch('/hello.html?offline=' + Math.random(), {cache: 'no-store'}).then(() => 'online', () => 'offline')")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "offline" {
		t.Errorf("--offline fetch: %q", got)
	}
	mustOK(t, tact(t, s, "--no-offline", "eval", "1"))
	r = tact(t, s, "eval", "fetch('/hello.html').then(() => 'online', () => 'offline')")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "online" {
		t.Errorf("--no-offline fetch: %q", got)
	}
	for _, bad := range [][]string{{"--device", "Nokia 3310", "eval", "1"}, {"--viewport", "wide", "eval", "1"}, {"--header", "nocolon", "eval", "1"}, {"--color-scheme", "blue", "eval", "1"}} {
		if r := tact(t, s, bad...); r.code != 2 {
			t.Errorf("%v: exit %d %q", bad, r.code, r.err)
		}
	}
}

// pdf writes a PDF; screenshot writes JPEG when asked, with a quality.
func TestPDFAndJPEG(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	dir := t.TempDir()
	r := tact(t, s, "pdf", "--file", filepath.Join(dir, "p.pdf"))
	mustOK(t, r)
	if b, err := os.ReadFile(strings.TrimSpace(r.out)); err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Errorf("pdf %q: %.8q %v", r.out, b, err)
	}
	r = tact(t, s, "screenshot", "--format", "jpeg", "--quality", "60", "--file", filepath.Join(dir, "s.jpg"))
	mustOK(t, r)
	if b, err := os.ReadFile(strings.TrimSpace(r.out)); err != nil || !bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}) {
		t.Errorf("jpeg %q: %.4q %v", r.out, b, err)
	}
	if r := tact(t, s, "screenshot", "--quality", "60"); r.code != 2 {
		t.Errorf("--quality with png: exit %d", r.code)
	}
}
