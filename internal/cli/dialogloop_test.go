package cli_test

import (
	"strings"
	"testing"
)

// A page that opens dialogs in a loop: the command that started it ends
// at its --timeout, the loop is paused at a dialog left open, the next
// command says so at once, and tab close gets rid of it.
func TestDialogLoop(t *testing.T) {
	t.Parallel()
	s := "dialog-loop"
	env.OwnBrowser(s) // a dialog loop keeps its daemon busy: see TestHostilePages
	mustOK(t, tact(t, s, "open", page("hello.html")))
	r := tact(t, s, "--timeout", "5s", "eval", "window.n = 0; for(;;){window.n++; alert('again')}")
	if r.code == 0 {
		t.Fatalf("eval of a dialog loop succeeded:\n%s", r.out)
	}
	t.Logf("eval: exit %d %s", r.code, strings.TrimSpace(r.err))
	// The loop is paused at a dialog left open: the next command says so
	// at once instead of waiting out its --timeout behind it.
	r = tact(t, s, "--timeout", "5s", "snap")
	if r.code == 5 || !strings.Contains(r.out+r.err, "alert dialog is open") {
		t.Errorf("the command after a dialog loop: exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
	}
	// A command that leaves the page answers the dialog; a loop does not
	// let its script end, and the command says so within its --timeout.
	r = tact(t, s, "--timeout", "8s", "reload")
	if r.code != 10 || !strings.Contains(r.err, "keeps opening dialogs") || !strings.Contains(r.err, "tab close") {
		t.Errorf("reload on a dialog loop: exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
	}
	if r := tact(t, s, "--timeout", "8s", "tab", "close"); r.code != 0 {
		t.Errorf("tab close on a dialog loop: exit %d %s", r.code, r.err)
	}
}

// A page that starts a dialog loop as it loads: open ends (the loop is
// held at a dialog), the next command says so at once (not at its
// --timeout), and tab close gets rid of it (hostile pass M2).
func TestDialogLoopAtLoad(t *testing.T) {
	t.Parallel()
	s := "dialog-loadloop"
	env.OwnBrowser(s)                                 // a dialog loop keeps its renderer busy
	mustOK(t, tact(t, s, "open", page("hello.html"))) // the browser's start, under the default --timeout
	r := tact(t, s, "--timeout", "10s", "open", page("dialog_loadloop.html"))
	if r.code != 0 && r.code != 10 {
		t.Errorf("open of a page that loops dialogs: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = tact(t, s, "--timeout", "10s", "snap")
	if r.code != 10 || !strings.Contains(r.err, "alert dialog is open") {
		t.Errorf("snap after a dialog loop at load: exit %d\n%s%s", r.code, r.out, r.err)
	}
	mustOK(t, tact(t, s, "tab", "close"))
}
