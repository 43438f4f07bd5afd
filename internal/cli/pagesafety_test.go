package cli_test

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/cli"
)

// A page whose load event never fires (one image that never finishes) is
// shown as it is after DOMContentLoaded, with a note, not a TIMEOUT.
func TestNeverFinishingSubresource(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	u := page("load_hang.html")
	for _, args := range [][]string{
		{"open", u}, {"snap", u}, {"snap"}, {"read", u}, {"read"}, {"reload"},
	} {
		r := tact(t, s, append([]string{"--timeout", "20s"}, args...)...)
		if r.code != 0 {
			t.Errorf("%v: exit %d: %s", args, r.code, r.err)
			continue
		}
		want := `"Read more"`
		if args[0] == "read" {
			want = "The article text is here"
		}
		// An image cannot change read's text: read does not mention it.
		if !strings.Contains(r.out, want) || strings.Contains(r.out, "(still loading 1 request)") != (args[0] != "read") {
			t.Errorf("%v: output lacks the content or has the wrong note:\n%s", args, r.out)
		}
	}
	r := tact(t, s, "-o", "json", "snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `"loading": true`) {
		t.Errorf("snap -o json does not say the page is loading:\n%.400s", r.out)
	}
	// A page that loads says nothing.
	r = tact(t, s, "snap", page("hello.html"))
	mustOK(t, r)
	if strings.Contains(r.out, "still loading") {
		t.Errorf("a loaded page is reported as loading:\n%s", r.out)
	}
}

// An emulation change applies to the current tab at once; a background tab
// stuck in a script neither delays it nor misses it (it catches up when it
// is next used).
func TestEmulationWithHungBackgroundTab(t *testing.T) {
	t.Parallel()
	s := "emulhang"
	openPage(t, s, page("hello.html"))
	first := currentTabID(t, s)
	mustOK(t, tact(t, s, "tab", "new", page("act_form.html"), "--no-snap"))
	hung := currentTabID(t, s)
	// The tab hangs when told to, in the background, and says so just
	// before (a timer would fire only once the tab is in front again,
	// after the command meant to interrupt it).
	mustOK(t, tact(t, s, "eval", "globalThis.hang = new BroadcastChannel('hang'); hang.onmessage = () => { hang.postMessage('hung'); while (true) {} }; 1"))
	mustOK(t, tact(t, s, "tab", "switch", first))
	r := tact(t, s, "eval", "new Promise((ok) => { const c = new BroadcastChannel('hang'); c.onmessage = (e) => ok(e.data); c.postMessage('go'); })")
	if got := strings.TrimSpace(r.out); r.code != 0 || got != "hung" {
		t.Fatalf("the background tab did not hang: exit %d %q %s", r.code, got, r.err)
	}
	r = tact(t, s, "--timeout", "10s", "--lang", "de-DE", "--user-agent", "TactTest/1.0", "eval", "navigator.language + ' ' + navigator.userAgent")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "de-DE TactTest/1.0" {
		t.Errorf("current tab after the change: %q", got)
	}
	// The hung tab: the first command there times out (and interrupts the
	// script); the next one sees the emulation.
	mustOK(t, tact(t, s, "--timeout", "5s", "tab", "switch", hung, "--no-snap"))
	tact(t, s, "--timeout", "3s", "eval", "1")
	r = tact(t, s, "--timeout", "10s", "eval", "navigator.language")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "de-DE" {
		t.Errorf("background tab after it was used again: %q", got)
	}
	mustOK(t, tact(t, s, "tab", "close"))
}

func currentTabID(t *testing.T, s string) string {
	t.Helper()
	r := tact(t, s, "tab", "list")
	mustOK(t, r)
	for _, l := range strings.Split(r.out, "\n") {
		if strings.HasPrefix(l, "* ") {
			return strings.Fields(l)[1]
		}
	}
	t.Fatalf("no current tab in:\n%s", r.out)
	return ""
}

// A locator on a page that re-renders its target all the time clicks the
// current element or fails naming the locator, never a ref it did not use.
func TestClickLocatorOnChurningPage(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	openPage(t, s, page("churn.html"))
	clicked := 0
	for i := 0; i < 5; i++ {
		r := tact(t, s, "click", "text=Btn", "--no-snap")
		if strings.Contains(r.err, "@e0") || (r.code != 0 && r.code != 7 && r.code != 10) {
			t.Errorf("exit %d: %s", r.code, r.err)
		}
		if r.code == 0 {
			clicked++
		} else {
			t.Logf("exit %d: %s", r.code, strings.TrimSpace(r.err))
		}
	}
	if got := evalIn(t, s, `document.getElementById("log").textContent.split(";").length - 1`); got != strconv.Itoa(clicked) {
		t.Errorf("%d clicks reported ok, the page counted %s", clicked, got)
	}
	t.Logf("%d of 5 clicks on the churning button went through", clicked)
}

// Closing the last tab says so; closing with no tab is NOT_FOUND.
func TestCloseLastTab(t *testing.T) {
	t.Parallel()
	s := "closelast"
	openPage(t, s, page("hello.html"))
	r := tact(t, s, "close")
	mustOK(t, r)
	if !strings.Contains(r.out, "no tab is left") {
		t.Errorf("closing the last tab: %q", r.out)
	}
	if r := tact(t, s, "close"); r.code != 8 || !strings.Contains(r.err, "no tab is open") {
		t.Errorf("close with no tab: exit %d %s", r.code, r.err)
	}
}

// A stdout the caller closed (the Go runtime puts /dev/null read-write in
// its place) is an IO error, not a silent success; >/dev/null still works.
func TestClosedStdout(t *testing.T) {
	t.Parallel()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	rw, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer rw.Close()
	var errb bytes.Buffer
	if code := cli.Main([]string{"--session", "closedout", "schema", "snap"}, rw, &errb); code != 12 || !strings.Contains(errb.String(), "stdout is closed") {
		t.Errorf("closed stdout: exit %d %q", code, errb.String())
	}
	wo, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer wo.Close()
	if code := cli.Main([]string{"--session", "closedout", "schema", "snap"}, wo, &errb); code != 0 {
		t.Errorf(">/dev/null: exit %d %q", code, errb.String())
	}
}

// text= finds what snap shows inside an open shadow root (not also <body>
// through the script that built it), inside data: and sandboxed srcdoc
// iframes without scoping; read includes those frames.
func TestFramesAndShadowLocators(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	openPage(t, s, page("frames_odd.html"))
	for _, target := range []string{"text=Shadow button", "text=Shadow paragraph", "text=Data button", "text=Sandbox button", `text="Data frame text"`} {
		if r := tact(t, s, "--timeout", "5s", "locate", target); r.code != 0 {
			t.Errorf("locate %s: exit %d: %s", target, r.code, r.err)
		}
	}
	mustOK(t, tact(t, s, "click", "text=Shadow button", "--no-snap"))
	mustOK(t, tact(t, s, "click", "text=Data button", "--no-snap"))
	r := tact(t, s, "read")
	mustOK(t, r)
	for _, want := range []string{"Shadow pressed", "Data frame text", "Data pressed", "Sandboxed frame text", "Sandbox button"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("read lacks %q:\n%s", want, r.out)
		}
	}
}
