package cli_test

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Every command against a hostile page returns within its --timeout with
// a result or a clear, typed error; the session stays usable afterwards.
func TestHostilePages(t *testing.T) {
	t.Parallel()
	s := "hostile"
	// Its pages keep a daemon and a browser busy for seconds at a time; on
	// a shared browser every other session's new tabs would wait on it
	// (docs/remote.md).
	env.OwnBrowser(s)
	cases := []struct {
		name, url string
		want      string // expected in stdout when the snap succeeds
		mayFail   bool   // a typed error is acceptable
	}{
		{"50 alerts", page("hostile_alerts.html"), `"Still here"`, false},
		{"reload every 100ms", page("hostile_reload.html"), "", true},
		{"never finishes loading", srvURL + "/hello.html?delay=29s", "", true}, // ends at --timeout
		{"100k nodes", page("hostile_big.html"), "# Big DOM", true},            // slow on a loaded 2-core machine; must still end in time
		{"nested shadow roots and frames", page("hostile_nested.html"), `"Deep button"`, false},
		{"endless loop", page("act_form.html"), "", false},
	}
	for _, c := range cases {
		start := time.Now()
		timeout := "20s"
		if strings.Contains(c.url, "delay=") {
			timeout = "4s" // it can only end at the deadline
		}
		r := tact(t, s, "--timeout", timeout, "snap", c.url)
		took := time.Since(start)
		switch {
		case r.code == 0 && c.want != "" && !strings.Contains(r.out, c.want):
			t.Errorf("%s: output lacks %s:\n%.600s", c.name, c.want, r.out)
		case r.code != 0 && !c.mayFail:
			t.Errorf("%s: exit %d: %s", c.name, r.code, r.err)
		case r.code == 1:
			t.Errorf("%s: untyped internal error: %s", c.name, r.err)
		}
		t.Logf("%s: exit %d in %s", c.name, r.code, took.Round(time.Millisecond))
	}
	// The nested frames are walked to a bounded depth, not forever.
	r := tact(t, s, "--timeout", "20s", "snap", page("hostile_nested.html"))
	mustOK(t, r)
	// The session still works.
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	_, dpid, _ := statusOf(t, s)
	if b, err := os.ReadFile("/proc/" + strconv.Itoa(dpid) + "/status"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "VmHWM") {
				t.Logf("daemon peak RSS after the 100k-node page: %s", strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:")))
			}
		}
	}
}

// Bad input: a one-line error and the documented exit code, never a panic.
func TestBadInput(t *testing.T) {
	t.Parallel()
	s := "badinput"
	mustOK(t, tact(t, s, "snap", page("act_form.html")))
	big := strings.Repeat("x", 1<<20)
	cases := []struct {
		args []string
		code int
	}{
		{[]string{"snap", "http://exa mple.com"}, 2},
		{[]string{"snap", "ht!tp://x"}, 2},
		{[]string{"snap", "chrome://settings"}, 2},
		{[]string{"click", "@x"}, 2},
		{[]string{"click", "@e"}, 2},
		{[]string{"click", "e5x"}, 2},
		{[]string{"click", "css=[[["}, 2},
		{[]string{"click", "css="}, 2},
		{[]string{"click", "bogus=thing"}, 2},
		{[]string{"press", "Hyper+Q"}, 2},
		{[]string{"fill", "css=#name", "a\x00b\x1b[31m", "--no-snap"}, 0},
		{[]string{"fill", "css=#notes", big, "--no-snap"}, 0},
		{[]string{"--session", "../etc", "snap"}, 2},
		{[]string{"--session", "a/b", "snap"}, 2},
		{[]string{"-o", "yaml", "snap"}, 2},
		{[]string{"snap", "--max-tokens", "many"}, 2},
		{[]string{"eval", "throw new Error('x')"}, 11},
		{[]string{"eval", "const a = {}; a.a = a; a"}, 0},
		{[]string{"eval", "(("}, 11},
		{[]string{"screenshot", "--file", "/no/such/dir/x.png"}, 12},
		{[]string{"wait", "-5"}, 2},
		{[]string{"wait", "-2s"}, 2},
		{[]string{"--geo", "north", "snap"}, 2},
		{[]string{"tab", "switch", "nope"}, 8},
		{[]string{"dialog", "accept"}, 8},
		{[]string{"nosuchcommand"}, 2},
		{[]string{"fill", "", "Grace"}, 2},
		{[]string{"click", ""}, 2},
		{[]string{"dblclick", " "}, 2},
		{[]string{"hover", ""}, 2},
		{[]string{"type", "", "x"}, 2},
		{[]string{"select", "", "x"}, 2},
		{[]string{"check", ""}, 2},
		{[]string{"uncheck", ""}, 2},
		{[]string{"locate", ""}, 2},
		{[]string{"wait", "[[["}, 2},
		{[]string{"wait", "99999999999999999999"}, 2},
		{[]string{"--user-agent", "x\ny", "snap"}, 2},
		{[]string{"--lang", "de\r\nX-Evil: 1", "snap"}, 2},
	}
	for _, c := range cases {
		r := tact(t, s, c.args...)
		name := strings.Join(c.args, " ")
		if len(name) > 60 {
			name = name[:60]
		}
		if r.code != c.code {
			t.Errorf("%q: exit %d, want %d (%s)", name, r.code, c.code, r.err)
		}
		if c.code != 0 {
			lines := strings.Split(strings.TrimSpace(r.err), "\n")
			if !strings.HasPrefix(lines[0], "error: ") || strings.Contains(r.err, "goroutine") || strings.Contains(r.err, "panic") {
				t.Errorf("%q: stderr is not a one-line error: %q", name, r.err)
			}
		}
	}
	if got := evalIn(t, s, `document.getElementById("notes").value.length`); got != strconv.Itoa(1<<20) {
		t.Errorf("1 MB fill stored %s chars", got)
	}
}

// A page that swaps the element under the pointer a few ms after the first
// mouse move (between tact's hit test and the press) never gets the other
// element clicked: the click either reaches "Cancel" or fails clearly.
func TestClickSwapRace(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	wrong, stopped := 0, 0
	for i := 0; i < 20; i++ {
		out := openPage(t, s, page("race_swap.html")+"?d="+strconv.Itoa(2+i%3))
		r := tact(t, s, "click", refOf(t, out, `"Cancel"`), "--no-snap")
		log := evalIn(t, s, `document.getElementById("log").textContent`)
		if strings.Contains(log, "Delete all") {
			wrong++
			t.Errorf("run %d: Delete all was clicked (exit %d, %s)", i, r.code, r.err)
		}
		switch {
		case r.code == 0 && log != "Cancel;":
			t.Errorf("run %d: ok but the page logged %q", i, log)
		case r.code == 10:
			stopped++
			if !strings.Contains(r.err, `"Delete all"`) && !strings.Contains(r.err, "covered") {
				t.Errorf("run %d: NOT_INTERACTABLE does not say what is there: %s", i, r.err)
			}
		case r.code != 0 && r.code != 7:
			t.Errorf("run %d: exit %d: %s", i, r.code, r.err)
		}
	}
	t.Logf("20 runs: %d wrong clicks, %d stopped at event time or by the hit test", wrong, stopped)
}

// An element that acts on mousedown and removes itself did its job: the
// click guard reports ok, not a cut-off press.
func TestPressThatRemovesItself(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	out := openPage(t, s, page("press_removes.html"))
	r := tact(t, s, "click", refOf(t, out, `"Pick"`), "--no-snap")
	mustOK(t, r)
	if got := evalIn(t, s, `document.getElementById("log").textContent`); got != "down;" {
		t.Errorf("log %q", got)
	}
}

// Page text with terminal escapes and bidi overrides reaches no output
// raw: read and console (which print page text as it is) included.
func TestOutputHasNoTerminalEscapes(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("escape_text.html"))
	for _, args := range [][]string{{"read"}, {"read", "--all"}, {"console"}, {"snap"}, {"eval", "document.getElementById('p').textContent"}} {
		r := tact(t, s, args...)
		mustOK(t, r)
		if strings.ContainsAny(r.out, "\x1b\u202e") || !strings.Contains(r.out, "RED") && args[0] != "console" {
			t.Errorf("%v prints page text raw: %q", args, r.out)
		}
	}
}
