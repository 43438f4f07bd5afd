package cli_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A map found only by panning, a context menu on an unnamed spot and a
// button that must be held: the pointer at points, other buttons, held.
func TestPointerAtPoints(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("pointer_points.html"))

	// drag --by pans the map (a leftward offset, written as agents write it).
	mustOK(t, tact(t, s, "drag", "css=#viewport", "--by", "-150,0", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("pan").textContent`); got != "offset -150" {
		t.Errorf("after drag --by -150,0: %q", got)
	}
	// mouse down / move / up in three calls, the button held between them.
	box := tact(t, s, "locate", "css=#viewport")
	mustOK(t, box)
	m := regexp.MustCompile(`box: centre (\d+),(\d+)`).FindStringSubmatch(box.out)
	if m == nil {
		t.Fatalf("locate prints no box:\n%s", box.out)
	}
	cx, _ := strconv.Atoi(m[1])
	r := tact(t, s, "mouse", "down", m[1]+","+m[2], "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "(left button held)") {
		t.Errorf("mouse down says:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "mouse", "move", strconv.Itoa(cx-100)+","+m[2], "--no-snap"))
	r = tact(t, s, "mouse", "up")
	mustOK(t, r)
	if !strings.Contains(r.out, "offset -250") {
		t.Errorf("the map did not pan by another 100 px:\n%s", r.out)
	}
	if r := tact(t, s, "mouse", "up"); r.code != 0 || !strings.Contains(r.out, "not down: nothing to release") {
		t.Errorf("mouse up with no button down (a no-op with a note): exit %d %s%s", r.code, r.out, r.err)
	}
	// The treasure is found by panning further, a drag at a time.
	inView := `(() => { const r = document.getElementById("treasure").getBoundingClientRect(), v = document.getElementById("viewport").getBoundingClientRect(); return r.left >= v.left && r.right <= v.right })()`
	for i := 0; i < 10 && evalIn(t, s, inView) != "true"; i++ {
		mustOK(t, tact(t, s, "drag", "css=#viewport", "--by", "-150,0", "--no-snap"))
	}
	if got := evalIn(t, s, `document.getElementById("pan").textContent`); got != "offset -1300" {
		t.Errorf("the treasure came into view at %q, want offset -1300", got)
	}

	// A right click on an unnamed spot opens the page's context menu.
	r = tact(t, s, "click", "css=#spot", "--button", "right")
	mustOK(t, r)
	if !strings.Contains(r.out, "menu opened with button 2") || !strings.Contains(r.out, `[menuitem] "Rename file"`) {
		t.Errorf("click --button right:\n%s", r.out)
	}
	// A click at a point reaches what is there.
	loc := tact(t, s, "locate", "text=Rename file")
	m = regexp.MustCompile(`box: centre (\d+,\d+)`).FindStringSubmatch(loc.out)
	if m == nil {
		t.Fatalf("locate prints no box:\n%s", loc.out)
	}
	mustOK(t, tact(t, s, "click", m[1], "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("ctx").textContent`); got != "renamed" {
		t.Errorf("click at %s: %q", m[1], got)
	}

	// Press and hold.
	mustOK(t, tact(t, s, "click", "css=#hold", "--hold", "300ms", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("held").textContent`); got != "released too soon" {
		t.Errorf("a 300 ms hold: %q", got)
	}
	r = tact(t, s, "click", "css=#hold", "--hold", "2s")
	mustOK(t, r)
	if !strings.Contains(r.out, "held for 2s") || !strings.Contains(r.out, "confirmed") || strings.Contains(r.out, "too soon") {
		t.Errorf("click --hold 2s:\n%s", r.out)
	}
	for _, bad := range [][]string{
		{"click", "css=#hold", "--hold", "forever"},
		{"click", "css=#hold", "--button", "fourth"},
		{"click", "9999,9999"},
		{"drag", "css=#viewport"},
		{"drag", "css=#viewport", "10,10", "--by", "5,5"},
	} {
		if r := tact(t, s, bad...); r.code != 2 {
			t.Errorf("tact %v: exit %d, want 2 (usage)\n%s", bad, r.code, r.err)
		}
	}
}
