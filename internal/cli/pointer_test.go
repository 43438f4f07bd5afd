package cli_test

import (
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
