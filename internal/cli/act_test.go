package cli_test

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// snapRef opens a page in session s and returns a function that finds the
// ref of the element whose line contains a needle in the latest output.
func openPage(t *testing.T, s, url string) string {
	t.Helper()
	r := tact(t, s, "snap", url)
	mustOK(t, r)
	return r.out
}

func evalIn(t *testing.T, s, expr string) string {
	t.Helper()
	r := tact(t, s, "eval", expr)
	mustOK(t, r)
	return strings.TrimSpace(r.out)
}

func TestActionsForm(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("act_form.html"))

	// A controlled input sees the value through its input events.
	r := tact(t, s, "fill", refOf(t, out, `"Name"`), "Ada", "Lovelace")
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "ok\n") || !strings.Contains(r.out, "\n---\n") || !strings.Contains(r.out, "state: Ada Lovelace") {
		t.Errorf("fill output lacks ok/---/new state:\n%s", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("name").value`); got != "Ada Lovelace" {
		t.Errorf("value = %q", got)
	}
	mustOK(t, tact(t, s, "fill", refOf(t, out, `"Notes"`), "line", "--no-snap"))
	mustOK(t, tact(t, s, "fill", refOf(t, out, `"Editor"`), "new text", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("editor").textContent`); got != "new text" {
		t.Errorf("contenteditable = %q", got)
	}
	// type sends real key events with key codes.
	mustOK(t, tact(t, s, "type", refOf(t, out, `"Keys"`), "ab", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("lastkey").textContent`); got != "last key: b 66" {
		t.Errorf("last key = %q", got)
	}
	mustOK(t, tact(t, s, "press", "Enter", refOf(t, out, `"Keys"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("lastkey").textContent`); got != "last key: Enter 13" {
		t.Errorf("after Enter: %q", got)
	}

	// select by visible label; a miss lists the options.
	sel := refOf(t, out, `"Colour"`)
	mustOK(t, tact(t, s, "select", sel, "Blue", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("colour").value`); got != "b" {
		t.Errorf("select value = %q", got)
	}
	r = tact(t, s, "select", sel, "Purple")
	if r.code != 8 || !strings.Contains(r.err, "Red (r)") {
		t.Errorf("select miss: exit %d, %q", r.code, r.err)
	}

	// check twice is idempotent; uncheck undoes.
	cb := refOf(t, out, `"I agree"`)
	mustOK(t, tact(t, s, "check", cb, "--no-snap"))
	r = tact(t, s, "check", cb, "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "already checked") {
		t.Errorf("second check: %q", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("agree").checked`); got != "true" {
		t.Errorf("checked = %s", got)
	}
	mustOK(t, tact(t, s, "uncheck", cb, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("agree").checked`); got != "false" {
		t.Errorf("after uncheck = %s", got)
	}

	// Far below the fold: scrolled into view, then clicked.
	mustOK(t, tact(t, s, "click", refOf(t, out, `"Far below"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("far").textContent`); got != "far clicked" {
		t.Errorf("far button = %q", got)
	}

	// Dry run does nothing.
	r = tact(t, s, "click", refOf(t, out, `"Count me"`), "--dry-run")
	mustOK(t, r)
	if !strings.Contains(r.out, "would click") || evalIn(t, s, `document.getElementById("counter").textContent`) != "Count me" {
		t.Errorf("dry run: %q", r.out)
	}

	// --diff prints only what changed: the button under its section's
	// heading, not the section's unchanged select and checkbox, nor other
	// sections.
	mustOK(t, tact(t, s, "snap"))
	r = tact(t, s, "click", refOf(t, out, `"Count me"`), "--diff")
	mustOK(t, r)
	if !strings.Contains(r.out, "## Choices\n") || !strings.Contains(r.out, `"Clicked 1x"`) ||
		strings.Contains(r.out, "## Dialogs") || strings.Contains(r.out, `"I agree"`) || strings.Contains(r.out, "[select]") {
		t.Errorf("--diff output:\n%s", r.out)
	}

	// Dialogs are answered and reported.
	r = tact(t, s, "click", refOf(t, out, `"Confirm"`), "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `dialog accepted (confirm): "sure?"`) {
		t.Errorf("confirm not reported: %q", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("conf").textContent`); got != "confirm: true" {
		t.Errorf("confirm result %q", got)
	}
	mustOK(t, tact(t, s, "--prompt-text", "Grace", "click", refOf(t, out, `"Prompt"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("prom").textContent`); got != "prompt: Grace" {
		t.Errorf("prompt result %q", got)
	}

	// An overlay makes the click fail, naming the cover.
	mustOK(t, tact(t, s, "click", refOf(t, out, `"Show overlay"`), "--no-snap"))
	r = tact(t, s, "click", refOf(t, out, `"Under overlay"`))
	if r.code != 10 || !strings.Contains(r.err, "covered by div#overlay") {
		t.Errorf("covered click: exit %d, %q", r.code, r.err)
	}
	if got := evalIn(t, s, `document.getElementById("covered").textContent`); got != "Under overlay" {
		t.Errorf("covered button was clicked: %q", got)
	}
}

func TestStaleRefAfterNavigation(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("act_form.html"))
	count := refOf(t, out, `"Count me"`)
	r := tact(t, s, "click", refOf(t, out, `"Next page"`))
	mustOK(t, r)
	if !strings.Contains(r.out, "navigated to "+page("act_next.html")) || !strings.Contains(r.out, "# Next page") {
		t.Fatalf("navigating click output:\n%s", r.out)
	}
	// The new page has a same-named button; the old ref must not touch it.
	r = tact(t, s, "click", count)
	if r.code != 7 || !strings.Contains(r.err, "stale") {
		t.Errorf("old ref after navigation: exit %d %q", r.code, r.err)
	}
	if got := evalIn(t, s, `document.querySelector("button").textContent`); got != "Count me" {
		t.Errorf("the new page's button was clicked: %q", got)
	}
	for _, c := range []struct {
		ref  string
		code int
	}{{"@e999999", 6}, {"@x", 2}, {"@e", 2}, {"css=button, p", 9}} {
		if r := tact(t, s, "click", c.ref); r.code != c.code {
			t.Errorf("click %s: exit %d, want %d (%s)", c.ref, r.code, c.code, r.err)
		}
	}
	r = tact(t, s, "back", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "act_form.html") {
		t.Errorf("back: %q", r.out)
	}
}

func TestNewTabAndShadow(t *testing.T) {
	t.Parallel()
	s := "tabs"
	out := openPage(t, s, page("act_form.html"))
	r := tact(t, s, "click", refOf(t, out, `"Open in new tab"`))
	mustOK(t, r)
	if !regexp.MustCompile(`new tab [0-9A-F]{8} #1 \(now current\): "Hello page" `+regexp.QuoteMeta(page("hello.html"))).MatchString(r.out) || !strings.Contains(r.out, "# Hello") {
		t.Errorf("target=_blank:\n%s", r.out)
	}
	r = tact(t, s, "tab", "list")
	mustOK(t, r)
	if strings.Count(r.out, "\n") < 2 || !strings.Contains(r.out, "* ") {
		t.Errorf("tab list:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "close"))

	out = openPage(t, s, page("act_shadow.html"))
	mustOK(t, tact(t, s, "click", refOf(t, out, `"Shadow button"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("out").textContent`); got != "shadow clicked" {
		t.Errorf("shadow click: %q", got)
	}
}

func TestCrossOriginFrameForm(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("act_frames.html?alt="+altURL))
	mustOK(t, tact(t, s, "fill", refOf(t, out, `"Login"`), "neo", "--no-snap"))
	r := tact(t, s, "click", refOf(t, out, `"Send"`))
	mustOK(t, r)
	if !strings.Contains(r.out, "sent neo") {
		t.Errorf("cross-site frame form did not submit:\n%s", r.out)
	}
}

func TestEvalScreenshotWaitHang(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("act_form.html"))
	r := tact(t, s, "eval", "nope.x")
	if r.code != 11 || !strings.Contains(r.err, "ReferenceError") {
		t.Errorf("eval exception: exit %d %q", r.code, r.err)
	}
	if got := evalIn(t, s, "(async () => 6 * 7)()"); got != "42" {
		t.Errorf("eval promise: %q", got)
	}
	if got := evalIn(t, s, "const o = {}; o.me = o; o"); got != `{"me":"[Circular]"}` {
		t.Errorf("eval cycle: %q", got)
	}
	file := filepath.Join(t.TempDir(), "shot.png")
	r = tact(t, s, "screenshot", "--file", file, "--annotate")
	mustOK(t, r)
	b, err := os.ReadFile(strings.TrimSpace(r.out))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() < 100 {
		t.Errorf("screenshot PNG: %v", err)
	}
	if r := tact(t, s, "screenshot", "--file", "/nonexistent-dir/x.png"); r.code != 12 {
		t.Errorf("screenshot into missing dir: exit %d", r.code)
	}
	mustOK(t, tact(t, s, "wait", "100"))
	// A duration with its unit, as a new user writes it.
	if r := tact(t, s, "wait", "150ms"); r.code != 0 || !strings.HasPrefix(r.out, "ok (") {
		t.Errorf("wait 150ms: exit %d %q %q", r.code, r.out, r.err)
	}
	if r := tact(t, s, "--timeout", "1s", "wait", "5s"); r.code != 5 {
		t.Errorf("wait 5s past --timeout 1s: exit %d %q", r.code, r.err)
	}
	if r := tact(t, s, "--timeout", "1s", "wait", "css=#never"); r.code != 5 {
		t.Errorf("wait for missing selector: exit %d", r.code)
	}
	// An endless loop: the command times out cleanly, the next one works.
	r = tact(t, s, "--timeout", "3s", "click", refOf(t, out, `"Hang"`))
	if r.code == 0 {
		t.Errorf("hung page: exit %d (%s)", r.code, r.err)
	}
	r = tact(t, s, "--timeout", "10s", "snap", page("hello.html"))
	mustOK(t, r)
}
