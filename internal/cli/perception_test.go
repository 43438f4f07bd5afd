package cli_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A negative number is a value, as a positional argument or a flag's
// value, on the command line and in a batch step alike.
func TestNegativeNumbersAreValues(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("snap_form.html"))
	name := refOf(t, out, `"Name"`)
	mustOK(t, tact(t, s, "fill", name, "-97", "--no-snap"))
	if got := evalIn(t, s, `document.querySelector("input[name=fullname]").value`); got != "-97" {
		t.Errorf("fill -97: value %q", got)
	}
	r := tact(t, s, "batch", "fill "+name+" -3.5", "scroll down --amount -10")
	mustOK(t, r)
	if !strings.Contains(r.out, `value="-3.5"`) {
		t.Errorf("batch fill -3.5:\n%s", r.out)
	}
}

// tab list numbers the tabs; tab switch and tab close take the number,
// and tab new names the tab by id and number.
func TestTabIndex(t *testing.T) {
	t.Parallel()
	s := "tabindex"
	mustOK(t, tact(t, s, "open", page("hello.html"), "--no-snap"))
	r := tact(t, s, "tab", "new", page("other.html"), "--no-snap")
	mustOK(t, r)
	if !regexp.MustCompile(`new tab [0-9A-F]{8} #1\n`).MatchString(r.out) {
		t.Errorf("tab new:\n%s", r.out)
	}
	r = tact(t, s, "tab", "list")
	mustOK(t, r)
	if !regexp.MustCompile(`(?m)^  [0-9A-F]{8} #0 "Hello page" .*hello.html\n\* [0-9A-F]{8} #1 "Other" `).MatchString(r.out) {
		t.Fatalf("tab list:\n%s", r.out)
	}
	r = tact(t, s, "tab", "switch", "0", "--no-snap")
	mustOK(t, r)
	if !regexp.MustCompile(`current tab [0-9A-F]{8} #0 .*hello.html`).MatchString(r.out) {
		t.Errorf("tab switch 0:\n%s", r.out)
	}
	r = tact(t, s, "tab", "switch", "5")
	if r.code != 8 || !strings.Contains(r.err, "no tab #5: 2 open") {
		t.Errorf("tab switch 5: exit %d %s", r.code, r.err)
	}
	mustOK(t, tact(t, s, "tab", "close", "#1"))
	if r := tact(t, s, "tab", "list"); strings.Contains(r.out, "other.html") {
		t.Errorf("tab close #1 left:\n%s", r.out)
	}
}

// screenshot takes its path as an argument, as --file does.
func TestScreenshotPathArgument(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("hello.html"))
	file := filepath.Join(t.TempDir(), "out.png")
	r := tact(t, s, "screenshot", file)
	mustOK(t, r)
	if st, err := os.Stat(file); err != nil || st.Size() == 0 || !strings.Contains(r.out, file) {
		t.Errorf("screenshot PATH: %v\n%s", err, r.out)
	}
	r = tact(t, s, "screenshot", file, "--file", file+".2")
	if r.code != 2 || !strings.Contains(r.err, "not both") {
		t.Errorf("PATH and another --file: exit %d %s", r.code, r.err)
	}
}

// text=/…/ is a regular expression (a bad one is USAGE); wait takes any
// locator and finds it in frames; an ambiguous target says where each
// match is.
func TestTargetsRegexWaitAmbiguous(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("act_targets.html"))
	mustOK(t, tact(t, s, "click", `text=/sign\s*in/i`, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("out").textContent`); got != "signed in" {
		t.Errorf("click text=/sign\\s*in/i: %q", got)
	}
	if r := tact(t, s, "click", `text=/sign(/`); r.code != 2 || !strings.Contains(r.err, "invalid regular expression") {
		t.Errorf("bad regex: exit %d %s", r.code, r.err)
	}
	// A button that appears four frames deep, by text, xpath and regex.
	for _, cond := range []string{"text=Deep button", `xpath=//button[text()="Deep button"]`, `text=/^deep/i`, "role=button[name=\"Deep button\"]"} {
		if r := tact(t, s, "wait", cond); r.code != 0 {
			t.Errorf("wait %s: exit %d %s", cond, r.code, r.err)
		}
	}
	// Hidden text is not waited for; bad CSS is USAGE.
	if r := tact(t, s, "--timeout", "1s", "wait", "text=Hidden note"); r.code != 5 {
		t.Errorf("wait for hidden text: exit %d %s", r.code, r.err)
	}
	if r := tact(t, s, "wait", "p:has(b))"); r.code != 2 {
		t.Errorf("wait bad CSS: exit %d %s", r.code, r.err)
	}
	// Three buttons named alike: each with where it is.
	r := tact(t, s, "locate", "text=Select")
	if r.code != 9 || !regexp.MustCompile(`matches 3 elements: @e\d+ \[button\] "Select" at \d+,\d+ \(80x\d+\), @e\d+ \[button\] "Select" at \d+,\d+ \(120x\d+\), @e\d+ \[button\] "Select" at \d+,\d+ \(160x\d+\)`).MatchString(r.err) {
		t.Errorf("ambiguous locate: exit %d %s", r.code, r.err)
	}
}

// The footer starts on its own line however the streams are merged, even
// by a harness that trims stdout's last newline before appending stderr.
func TestFooterOnItsOwnLine(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "snap", page("hello.html"))
	mustOK(t, r)
	merged := strings.TrimRight(r.out, "\n") + r.err
	if !regexp.MustCompile(`\n\(\d+ elements?, ~\d+ tokens\)\n$`).MatchString(merged) {
		t.Errorf("footer glued to the page:\n%q", merged)
	}
}

// An action's console errors line names the first error, on one line and
// cut short.
func TestConsoleErrorsNamed(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("act_targets.html"))
	r := tact(t, s, "click", "css=#break", "--no-snap")
	mustOK(t, r)
	m := regexp.MustCompile(`(?m)^console errors: 2 \(first: Load failed: at fetchUser x+… ?; tact console lists all\)$`).FindString(r.out)
	if m == "" || len([]rune(m)) > 240 {
		t.Errorf("console errors line:\n%s", r.out)
	}
}
