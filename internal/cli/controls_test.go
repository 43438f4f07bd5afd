package cli_test

import (
	"image/png"
	"os"
	"path/filepath"
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

// check, uncheck and click work on checkboxes and radios hidden behind
// styled labels and on ARIA switches (internal/snapshot's
// TestCustomControlsListed lists them), verified by the input's checked
// state; the fresh snap shows the state.
func TestCustomControls(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("act_controls.html"))
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
	// --snap: the state is back to what the last snap showed, so what
	// changed since it is nothing.
	r := tact(t, s, "click", refOf(t, out, `"Remember me"`), "--snap")
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

// Sliders and spinbuttons are set with keys until the page shows the
// value; listbox and combobox options are clicked by name; press takes a
// sequence and --repeat.
func TestARIAWidgets(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("act_widgets.html"))
	attr := func(id, a string) string {
		return evalIn(t, s, `document.getElementById("`+id+`").getAttribute("`+a+`")`)
	}
	for _, c := range []struct{ needle, value, id, attr, want string }{
		{`"Volume"`, "73", "volume", "aria-valuenow", "73"},
		{`"Volume"`, "0", "volume", "aria-valuenow", "0"},
		{`"Volume"`, "100", "volume", "aria-valuenow", "100"},
		{`"Month"`, "March", "month", "aria-valuetext", "March"},
		{`"Month"`, "11", "month", "aria-valuetext", "November"},
		{`"Guests"`, "7", "guests", "aria-valuenow", "7"},
	} {
		r := tact(t, s, "fill", refOf(t, out, c.needle), c.value, "--no-snap")
		mustOK(t, r)
		if got := attr(c.id, c.attr); got != c.want {
			t.Errorf("fill %s %s: %s = %s, want %s (%s)", c.needle, c.value, c.attr, got, c.want, r.out)
		}
	}
	// A text field marked spinbutton with no aria-valuenow (jQuery UI's
	// spinner) is typed into.
	mustOK(t, tact(t, s, "fill", `label=Quantity`, "-7", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("qty").value`); got != "-7" {
		t.Errorf("spinner input = %s", got)
	}
	mustOK(t, tact(t, s, "fill", `label=Brightness`, "35", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("bright").value`); got != "35" {
		t.Errorf("native range = %s", got)
	}
	// Between two steps: a clear error saying where it stands.
	if r := tact(t, s, "fill", `label=Brightness`, "37"); r.code != 2 || !strings.Contains(r.err, "steps go from 35 to 40") {
		t.Errorf("between steps: exit %d %q", r.code, r.err)
	}
	r := tact(t, s, "fill", refOf(t, out, `"Guests"`), "21")
	if r.code != 2 || !strings.Contains(r.err, "outside") || attr("guests", "aria-valuenow") != "7" {
		t.Errorf("out of range: exit %d %q, value %s", r.code, r.err, attr("guests", "aria-valuenow"))
	}
	r = tact(t, s, "fill", refOf(t, out, `"Month"`), "Smarch")
	if r.code == 0 || !strings.Contains(r.err, "January") {
		t.Errorf("unknown month: exit %d %q", r.code, r.err)
	}

	// A listbox: the option is clicked by name.
	r = tact(t, s, "select", refOf(t, out, `[listbox] "Fruit"`), "Banana")
	mustOK(t, r)
	if attr("f-banana", "aria-selected") != "true" || !strings.Contains(lineOf(t, r.out, `"Banana"`), "selected") {
		t.Errorf("listbox select: %s\n%s", attr("f-banana", "aria-selected"), r.out)
	}
	// A closed combobox is opened first.
	r = tact(t, s, "select", `role=combobox[name="Colour"]`, "green")
	mustOK(t, r)
	if attr("c-green", "aria-selected") != "true" || evalIn(t, s, `document.getElementById("colour").textContent`) != "Green" {
		t.Errorf("combobox select: %s", r.out)
	}
	r = tact(t, s, "select", `role=combobox[name="Colour"]`, "Mauve")
	if r.code != 8 || !strings.Contains(r.err, "Red; Green; Blue") {
		t.Errorf("combobox miss: exit %d %q", r.code, r.err)
	}

	// press: a sequence, then --repeat; one snap at the end.
	menu := refOf(t, out, `[listbox] "Pick with keys"`)
	r = tact(t, s, "press", "ArrowDown ArrowDown Enter", menu)
	mustOK(t, r)
	if got := evalIn(t, s, `document.getElementById("picked").textContent`); got != "picked: Third" {
		t.Errorf("sequence: %s", got)
	}
	if strings.Count(r.out, "\n---\n") != 1 || !strings.Contains(r.out, "picked: Third") {
		t.Errorf("sequence output:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "press", "ArrowUp", menu, "--repeat", "2", "--no-snap"))
	mustOK(t, tact(t, s, "press", "Enter", menu, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("picked").textContent + " " + document.getElementById("presses").textContent`); got != "picked: First presses: 6" {
		t.Errorf("repeat: %s", got)
	}
	if r := tact(t, s, "press", "ArrowDown Bogus", menu); r.code != 2 {
		t.Errorf("bad key in a sequence: exit %d %q", r.code, r.err)
	}
	if r := tact(t, s, "press", "Enter", "--repeat", "-1"); r.code != 2 {
		t.Errorf("--repeat -1: exit %d %q", r.code, r.err)
	}
}

// screenshot --annotate draws the ref labels (the in-page annotate module).
func TestAnnotateDrawsLabels(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	openPage(t, s, page("act_controls.html"))
	red := func(args ...string) int {
		file := filepath.Join(t.TempDir(), "shot.png")
		r := tact(t, s, append([]string{"screenshot", "--file", file}, args...)...)
		mustOK(t, r)
		f, err := os.Open(strings.TrimSpace(r.out))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				if r>>8 > 200 && g>>8 < 60 && bl>>8 < 60 {
					n++
				}
			}
		}
		return n
	}
	if plain, marked := red(), red("--annotate"); marked <= plain+100 {
		t.Errorf("annotated screenshot has %d label-red pixels, plain %d", marked, plain)
	}
	if again := red(); again > 100 {
		t.Errorf("the overlay stayed after the screenshot: %d red pixels", again)
	}
}
