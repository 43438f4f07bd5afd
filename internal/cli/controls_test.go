package cli_test

import (
	"strings"
	"testing"
)

// lineOf returns the snap line holding needle (several lines: the test fails).
func lineOf(t *testing.T, out, needle string) string {
	t.Helper()
	var found []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, needle) {
			found = append(found, l)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d lines hold %q, want 1:\n%s", len(found), needle, out)
	}
	return found[0]
}

// Checkboxes and radios hidden behind styled labels (opacity 0, sr-only,
// display:none, TodoMVC's transparent toggle) are listed once, as the
// input with its label's name and state, and check/uncheck/click work on
// them, verified by the input's checked state.
func TestCustomControls(t *testing.T) {
	s := "controls"
	out := openPage(t, s, page("act_controls.html"))
	for needle, want := range map[string]string{
		`"Send me news"`: `[input:checkbox] "Send me news" id="news"`,
		`"Remember me"`:  `[input:checkbox] "Remember me" id="remember" checked`,
		`"Accept terms"`: `[input:checkbox] "Accept terms" id="terms"`,
		`"Free"`:         `[input:radio] "Free" id="free" checked`,
		`"Call bank"`:    `[input:checkbox] "Call bank" id="t1"`,
		`"Buy milk"`:     `[input:checkbox] "Buy milk" id="t2" checked`,
		`"Walk dog"`:     `[input:checkbox] "Walk dog" id="t3"`,
		`"Wi-Fi"`:        `[switch] "Wi-Fi" id="wifi" checked`,
		`"Overview"`:     `[tab] "Overview" id="tab1" selected`,
		`"src"`:          `[treeitem] "src" expanded`,
		`"docs"`:         `[treeitem] "docs" collapsed`,
		`"Home"`:         `"Home" current="page"`,
	} {
		if l := lineOf(t, out, needle); !strings.Contains(l, want) {
			t.Errorf("line of %s = %q, want it to hold %q", needle, l, want)
		}
	}
	if strings.Contains(out, "[clickable]") {
		t.Errorf("a label is listed as a control of its own:\n%s", out)
	}
	checked := func(id string) string {
		return evalIn(t, s, `document.getElementById("`+id+`").checked`)
	}
	for _, c := range []struct{ needle, id string }{
		{`"Send me news"`, "news"}, {`"Accept terms"`, "terms"}, {`"Call bank"`, "t1"},
	} {
		ref := refOf(t, out, c.needle)
		mustOK(t, tact(t, s, "check", ref, "--no-snap"))
		if got := checked(c.id); got != "true" {
			t.Errorf("check %s: checked = %s", c.id, got)
		}
		mustOK(t, tact(t, s, "uncheck", ref, "--no-snap"))
		if got := checked(c.id); got != "false" {
			t.Errorf("uncheck %s: checked = %s", c.id, got)
		}
	}
	// sr-only: unchecked through its label; click toggles it back; the
	// fresh snap shows the state.
	mustOK(t, tact(t, s, "uncheck", "label=Remember me", "--no-snap"))
	if got := checked("remember"); got != "false" {
		t.Errorf("uncheck sr-only: checked = %s", got)
	}
	r := tact(t, s, "click", refOf(t, out, `"Remember me"`))
	mustOK(t, r)
	if got := checked("remember"); got != "true" || !strings.Contains(lineOf(t, r.out, `"Remember me"`), "checked") {
		t.Errorf("click sr-only: checked = %s, snap:\n%s", got, r.out)
	}
	mustOK(t, tact(t, s, "check", `role=radio[name="Pro"]`, "--no-snap"))
	if checked("pro") != "true" || checked("free") != "false" {
		t.Errorf("radio Pro not selected")
	}
	// A row's toggle by role and name; the row's line shows it checked.
	r = tact(t, s, "check", `role=checkbox[name="Walk dog"]`)
	mustOK(t, r)
	if checked("t3") != "true" || !strings.Contains(lineOf(t, r.out, `"Walk dog"`), "checked") {
		t.Errorf("todo toggle: checked = %s\n%s", checked("t3"), r.out)
	}
	// An ARIA switch toggles through aria-checked.
	mustOK(t, tact(t, s, "uncheck", refOf(t, out, `"Wi-Fi"`), "--no-snap"))
	mustOK(t, tact(t, s, "check", refOf(t, out, `"Bluetooth"`), "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("wifi").getAttribute("aria-checked") + document.getElementById("bt").getAttribute("aria-checked")`); got != "falsetrue" {
		t.Errorf("switches: %s", got)
	}
}
