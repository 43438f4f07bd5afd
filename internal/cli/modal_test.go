package cli_test

import (
	"strings"
	"testing"
)

// --focus dialog and --focus role=dialog reach the open dialog (how
// dialogs lead the snap is internal/snapshot's TestDialogsLeadSnap).
// Closed, it is gone; a non-modal <dialog open> and an alertdialog an
// action opens lead the page the same way.
func TestDialogFocusAndActions(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", "--no-snap", page("snap_modal.html")))
	for _, focus := range []string{"role=dialog", "dialog"} {
		f := tact(t, s, "snap", "--focus", focus)
		mustOK(t, f)
		has(t, "snap --focus "+focus, f.out, `[dialog] "Sign in to continue"`, `[input:email] "Email"`, "Your basket is saved")
		lacks(t, "snap --focus "+focus, f.out, "Buy now", "rest of the page")
	}

	c := tact(t, s, "click", `role=button[name="Close"]`)
	mustOK(t, c)
	if r := tact(t, s, "snap", "--focus", "dialog"); r.code != 8 || !strings.Contains(r.err, "no dialog is open") {
		t.Errorf("--focus dialog with none open: exit %d\n%s%s", r.code, r.out, r.err)
	}
	c = tact(t, s, "click", "text=Show tips")
	mustOK(t, c)
	has(t, "click Show tips", c.out, `[dialog] "Tips"`, `"Got it"`)
	c = tact(t, s, "click", "text=Delete account", "--snap")
	mustOK(t, c)
	has(t, "click Delete account", c.out, `# [alertdialog] "Really delete?"`, `# [dialog] "Tips"`)
	if strings.Index(c.out, `"Delete"`) > strings.Index(c.out, "# Shop") || strings.Index(c.out, `"Got it"`) > strings.Index(c.out, "# Shop") {
		t.Errorf("the dialogs do not lead:\n%s", c.out)
	}
	f := tact(t, s, "snap", "--focus", "role=alertdialog")
	mustOK(t, f)
	has(t, "--focus role=alertdialog", f.out, "This cannot be undone", `"Cancel"`)
	rd := tact(t, s, "read", "--focus", "dialog")
	mustOK(t, rd)
	has(t, "read --focus dialog", rd.out, "This cannot be undone")
	lacks(t, "read --focus dialog", rd.out, "Everything for your garden")
	lacks(t, "--focus role=alertdialog", f.out, "Got it")
}
