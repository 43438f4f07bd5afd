package cli_test

import (
	"strings"
	"testing"
)

// The dialog state tact reports matches the page's: a dialog left open is
// named by every command on its tab, answered by `dialog`, and answered
// too when the policy changes to accept/dismiss; the policy in force is in
// browser status.
func TestDialogLeaveInSync(t *testing.T) {
	t.Parallel()
	s := "dialogsync"
	openPage(t, s, page("act_form.html"))
	r := tact(t, s, "--timeout", "10s", "--dialog", "leave", "click", "text=Alert", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, `dialog open (alert): "plain alert"`) {
		t.Errorf("click did not report the open dialog:\n%s", r.out)
	}
	if r := tact(t, s, "browser", "status"); !strings.Contains(r.out, "dialogs: leave") {
		t.Errorf("browser status does not show the policy:\n%s", r.out)
	}
	for _, args := range [][]string{
		{"snap"}, {"read"}, {"click", `role=button[name="Confirm"]`}, {"fill", "css=#name", "x"}, {"press", "Enter"},
		{"scroll"}, {"eval", "1"}, {"screenshot"}, {"wait", "text=nothing"}, {"wait", "navigation"},
		{"locate", "text=Alert"}, {"hover", "text=Alert"},
	} {
		r := tact(t, s, append([]string{"--timeout", "10s"}, args...)...)
		if r.code != 10 || !strings.Contains(r.err, `an alert dialog is open: "plain alert"`) || !strings.Contains(r.err, "dialog accept") {
			t.Errorf("%v with a dialog open: exit %d: %s", args, r.code, r.err)
		}
	}
	r = tact(t, s, "dialog", "accept")
	mustOK(t, r)
	if !strings.Contains(r.out, `dialog accepted (alert): "plain alert"`) {
		t.Errorf("dialog accept: %s", r.out)
	}
	if r := tact(t, s, "dialog", "accept"); r.code != 8 || !strings.Contains(r.err, "no dialog is open") {
		t.Errorf("second dialog accept: exit %d %s", r.code, r.err)
	}
	mustOK(t, tact(t, s, "snap"))

	// A policy change answers the dialog already open.
	r = tact(t, s, "--timeout", "10s", "click", `role=button[name="Confirm"]`, "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "dialog open (confirm)") {
		t.Fatalf("confirm under leave: %s", r.out)
	}
	r = tact(t, s, "--dialog", "dismiss", "eval", `document.getElementById("conf").textContent`)
	mustOK(t, r)
	if strings.TrimSpace(r.out) != "confirm: false" {
		t.Errorf("after --dialog dismiss: %q", r.out)
	}
	if r := tact(t, s, "browser", "status"); !strings.Contains(r.out, "dialogs: dismiss") {
		t.Errorf("browser status after the change:\n%s", r.out)
	}
	r = tact(t, s, "--dialog", "accept", "click", `role=button[name="Confirm"]`, "--no-snap")
	mustOK(t, r)
	if got := evalIn(t, s, `document.getElementById("conf").textContent`); got != "confirm: true" {
		t.Errorf("confirm under accept: %q (%s)", got, r.out)
	}
}

// A command that leaves the page (reload, open, back, tab close) is not
// held by a dialog left open: it dismisses the dialog, says so, and goes.
func TestLeavingCommandsAnswerTheDialog(t *testing.T) {
	t.Parallel()
	s := "dialogleave"
	form := page("act_form.html")
	openPage(t, s, page("hello.html"))
	mustOK(t, tact(t, s, "open", form))
	for _, step := range []struct{ args, after []string }{
		{[]string{"reload"}, nil},
		{[]string{"back"}, []string{"open", form}},
		{[]string{"open", page("hello.html")}, []string{"open", form}},
		{[]string{"tab", "close"}, nil},
	} {
		r := tact(t, s, "--timeout", "10s", "--dialog", "leave", "click", "text=Alert", "--no-snap")
		if !strings.Contains(r.out, `dialog open (alert): "plain alert"`) {
			t.Fatalf("before %v: the click did not leave the alert open:\n%s%s", step.args, r.out, r.err)
		}
		r = tact(t, s, append([]string{"--timeout", "10s"}, step.args...)...)
		mustOK(t, r)
		if step.args[0] != "tab" && !strings.Contains(r.out, `dialog dismissed (alert): "plain alert"`) {
			t.Errorf("%v with a dialog open does not say it answered it:\n%s", step.args, r.out)
		}
		if step.after != nil {
			mustOK(t, tact(t, s, step.after...))
		}
	}
}
