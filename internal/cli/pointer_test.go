package cli_test

import (
	"fmt"
	"strings"
	"testing"
)

// A hostile page slides another site's frame under the pointer as it
// comes over a button or a pad (or as it presses there). No press, at a
// point or on an element, with --hold or --button, prints ok while that
// frame got the input; a press into a frame that was already there is
// named with its origin.
func TestPointerPressIntoSlidingFrame(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	other := strings.Replace(altURL, "127.0.0.1", "localhost", 1)
	fresh := func(mode string) {
		t.Helper()
		mustOK(t, tact(t, s, "open", page("pointer_frame.html?mode="+mode+"&alt="+other), "--no-snap"))
		eventually(t, "the other site's frame is ready", func() bool {
			return strings.Contains(evalIn(t, s, `document.getElementById("log").textContent`), "frame ready")
		})
	}
	frameGot := func() string {
		l := evalIn(t, s, `document.getElementById("log").textContent`)
		for _, ev := range []string{"mousedown", "mouseup", "click", "contextmenu"} {
			if strings.Contains(l, "frame "+ev) {
				return l
			}
		}
		return ""
	}
	refused := func(what string, r result) {
		t.Helper()
		if r.code == 0 || strings.HasPrefix(r.out, "ok") {
			t.Errorf("%s: exit %d while the frame slid under the pointer\n%s%s", what, r.code, r.out, r.err)
		} else if !strings.Contains(r.err, "iframe#fr") {
			t.Errorf("%s: the error does not name the frame:\n%s", what, r.err)
		}
		if got := frameGot(); got != "" && r.code == 0 {
			t.Errorf("%s: the other site's frame got input: %s", what, got)
		}
	}

	// The frame slides in on hover: refused before anything is pressed.
	for _, args := range [][]string{
		{"click", "150,250"},
		{"mouse", "down", "150,250"},
		{"click", "css=#btn", "--hold", "20ms"},
		{"click", "css=#btn", "--button", "right"},
		{"click", "css=#pad", "--button", "middle"},
	} {
		fresh("hover")
		r := tact(t, s, append(args, "--no-snap")...)
		refused(strings.Join(args, " "), r)
		if got := frameGot(); got != "" {
			t.Errorf("%v: the other site's frame got input: %s", args, got)
		}
	}
	// Nothing is held after the refused mouse down: mouse up is a no-op.
	r := tact(t, s, "mouse", "up", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "not down: nothing to release") {
		t.Errorf("mouse up with nothing held:\n%s", r.out)
	}

	// Once the frame is there when tact looks, a press at the point is
	// allowed and says where it went; --allow-other-origin lets a press
	// reach a frame that slid in.
	r = tact(t, s, "click", "150,250", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `clicked button "Delete account" in iframe#fr (http://localhost:`) {
		t.Errorf("a click into a frame that was there:\n%s", r.out)
	}
	fresh("hover")
	r = tact(t, s, "click", "150,250", "--allow-other-origin", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `in iframe#fr (http://localhost:`) {
		t.Errorf("click --allow-other-origin:\n%s", r.out)
	}

	// The frame slides in as the pointer presses, under the release: the
	// click does not reach the button, and nothing says ok without
	// naming the frame.
	for _, args := range [][]string{
		{"click", "css=#btn", "--hold", "20ms"},
		{"click", "150,250", "--hold", "20ms"},
	} {
		fresh("press")
		r := tact(t, s, append(args, "--no-snap")...)
		if got := frameGot(); r.code == 0 && (got != "" || !strings.Contains(r.out, "iframe#fr")) {
			t.Errorf("%v: ok though the release went to the other site's frame:\n%s\nlog: %s", args, r.out, got)
		}
	}
	fresh("press")
	mustOK(t, tact(t, s, "mouse", "down", "150,250", "--no-snap"))
	r = tact(t, s, "mouse", "up", "--no-snap")
	if got := frameGot(); r.code == 0 && (got != "" || !strings.Contains(r.out, "iframe#fr")) {
		t.Errorf("mouse up: ok though the release went to the other site's frame %s\n%s", got, r.out)
	}
}

// A 3000×3000 map in a 600×400 view, panned with mousedown on the map and
// mousemove/mouseup on the window, with selectable text on it: it pans on
// every drag and stroke in a row, --by beyond the viewport is split into
// strokes, a click reaches its visible part, and a drag of text that
// nothing moves says so.
func TestPointerPansMapEveryTime(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", page("pointer_map.html"), "--no-snap"))
	pan := func() string { return evalIn(t, s, `document.getElementById("pan").textContent`) }
	want := []string{"offset -200,-100", "offset -400,-200", "offset -600,-300"}
	for i, w := range want {
		r := tact(t, s, "drag", "css=#map", "--by", "-200,-100", "--no-snap")
		mustOK(t, r)
		if got := pan(); got != w || !strings.HasPrefix(r.out, "ok") {
			t.Fatalf("drag %d: %q, want %q\n%s", i+1, got, w, r.out)
		}
	}
	// Strokes with mouse down, move, up, three in a row.
	for i := 0; i < 3; i++ {
		before := pan()
		mustOK(t, tact(t, s, "mouse", "down", "css=#map", "--no-snap"))
		mustOK(t, tact(t, s, "mouse", "move", "200", "150", "--no-snap"))
		r := tact(t, s, "mouse", "up", "--no-snap")
		mustOK(t, r)
		if pan() == before || !strings.HasPrefix(r.out, "ok") {
			t.Fatalf("stroke %d did not pan (%s):\n%s", i+1, before, r.out)
		}
	}
	if sel := evalIn(t, s, `getSelection().toString()`); sel != "" {
		t.Errorf("the strokes left a text selection: %q", sel)
	}
	// An offset wider than the viewport: several strokes, the whole way.
	before := pan()
	r := tact(t, s, "drag", "css=#map", "--by", "1500,0", "--no-snap")
	mustOK(t, r)
	var x0, y0, x1, y1 int
	fmt.Sscanf(before, "offset %d,%d", &x0, &y0)
	fmt.Sscanf(pan(), "offset %d,%d", &x1, &y1)
	if x1-x0 != 1500 || y1 != y0 || !strings.Contains(r.out, "strokes") {
		t.Errorf("drag --by 1500,0 from %s: now %s\n%s", before, pan(), r.out)
	}
	// A click reaches the map's visible part.
	mustOK(t, tact(t, s, "click", "css=#map", "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("clicks").textContent`); got != "clicks: 1" {
		t.Errorf("click on the big map: %q", got)
	}
	// Selected text under the press (the map's "Capital"): a press there
	// would start a native drag of the text and the map would not see
	// the moves; the drag pans the map and leaves no selection.
	mustOK(t, tact(t, s, "open", page("pointer_map.html"), "--no-snap"))
	evalIn(t, s, `getSelection().selectAllChildren(document.getElementById("map"))`)
	mustOK(t, tact(t, s, "drag", "css=#map", "--by", "-100,0", "--no-snap"))
	if got := pan(); got != "offset -100,0" {
		t.Errorf("a drag that starts on selected text: %q", got)
	}
	// Text no drag moves: the drag says nothing moved.
	r = tact(t, s, "drag", "css=#still", "--by", "60,0", "--no-snap")
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "no change (the drag moved nothing") {
		t.Errorf("a drag that moved nothing:\n%s", r.out)
	}
}

// A press the page reacted to happened: a field its focus handler
// replaces is clicked, ok with a note. A press that navigates away with
// the button held lets go of it, and the next mouse command says so.
func TestPointerPressThePageActedOn(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", page("pointer_press.html"), "--no-snap"))
	r := tact(t, s, "click", "css=#q", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "the page replaced it") {
		t.Errorf("click on a field its focus replaces:\n%s", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("state").textContent`); got != "search open" {
		t.Errorf("state: %q", got)
	}
	down := tact(t, s, "mouse", "down", "css=#go", "--no-snap")
	mustOK(t, down)
	eventually(t, "the press navigated", func() bool {
		return strings.HasSuffix(evalIn(t, s, `location.pathname`), "hello.html")
	})
	r = tact(t, s, "mouse", "move", "20,20", "--no-snap")
	mustOK(t, r)
	// The note comes once: with mouse down when the page left before it
	// printed, else with the next mouse command.
	const note = "the page navigated while the left button was held"
	if strings.Contains(down.out, note) == strings.Contains(r.out, note) || strings.Contains(r.out, "button held)") {
		t.Errorf("a press that navigated:\n%s\nthen mouse move:\n%s", down.out, r.out)
	}
	r = tact(t, s, "mouse", "up", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "not down: nothing to release") {
		t.Errorf("mouse up after the navigation:\n%s", r.out)
	}
}

// A menu that opens on hover: hover sends the whole pointer sequence and
// shows what opened; a click on its trigger, which the page toggles shut
// after the hover opened it, says so.
func TestPointerHoverMenu(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", page("pointer_hover.html"), "--no-snap"))
	mustOK(t, tact(t, s, "mouse", "move", "5,300", "--no-snap"))
	r := tact(t, s, "hover", "css=#trigger")
	mustOK(t, r)
	if !strings.Contains(r.out, `"Laptops"`) {
		t.Errorf("hover shows no menu:\n%s", r.out)
	}
	want := "pointer events: mouseenter mousemove mouseover pointerenter pointermove pointerover"
	if got := evalIn(t, s, `document.getElementById("log").textContent`); got != want {
		t.Errorf("hover sent %q, want %q", got, want)
	}
	mustOK(t, tact(t, s, "mouse", "move", "5,300", "--no-snap"))
	r = tact(t, s, "click", "css=#trigger")
	mustOK(t, r)
	if !strings.Contains(r.out, "opened something (a menu that opens on hover) and the click closed it again") {
		t.Errorf("a click that shut what hovering opened does not say so:\n%s", r.out)
	}
	// The pointer rests on the trigger: hover leaves and enters again.
	r = tact(t, s, "hover", "css=#trigger")
	mustOK(t, r)
	if !strings.Contains(r.out, `"Laptops"`) {
		t.Errorf("hover with the pointer already there shows no menu:\n%s", r.out)
	}
}
