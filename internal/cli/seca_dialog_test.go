package cli_test

import (
	"strings"
	"testing"
)

// A page that opens dialogs in a loop: the command that started it ends,
// and the next command answers (with the dialog error, the loop is held
// at a dialog left open) instead of waiting out its --timeout behind it.
func TestSecaDialogLoop(t *testing.T) {
	t.Parallel()
	s := "seca-dialogs"
	env.OwnBrowser(s) // a dialog loop keeps its daemon busy: see TestHostilePages
	mustOK(t, tact(t, s, "open", page("hello.html")))
	r := tact(t, s, "--timeout", "5s", "eval", "for(;;){alert('again')}")
	if r.code == 0 {
		t.Fatalf("eval of a dialog loop succeeded:\n%s", r.out)
	}
	t.Logf("eval: exit %d %s", r.code, strings.TrimSpace(r.err))
	r = tact(t, s, "--timeout", "5s", "snap")
	if r.code == 5 || !strings.Contains(r.out+r.err, "alert dialog is open") {
		t.Errorf("the command after a dialog loop: exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
	}
}
