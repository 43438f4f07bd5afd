package page

import (
	"context"
	"errors"
	"strings"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"

	cdpruntime "github.com/chromedp/cdproto/runtime"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
)

// A dialog answered by the policy closes within milliseconds; one still
// showing after this long was not answered (the call failed) and freezes
// the page like a dialog left open.
const answerGrace = 2 * time.Second

// dialogOpened records the dialog the page now shows and answers it by the
// session's policy right away, from this long-lived session that has Page
// enabled (only it can answer). The record lasts until the page reports it
// closed, so tact's idea of the page never drifts from the page's.
func (t *Tab) dialogOpened(tg *Target, typ, msg string) {
	pol := t.host.DialogPolicy()
	d := Dialog{Type: typ, Message: msg, Action: "open"}
	accept, text := true, ""
	switch {
	case pol.Mode == "leave":
	case pol.Mode == "dismiss":
		accept, d.Action = false, "dismissed"
	case typ == "prompt" && pol.PromptText == "":
		accept, d.Action = false, "dismissed"
	default:
		text, d.Action = pol.PromptText, "accepted"
	}
	t.update(func() {
		now := time.Now()
		t.stormN++
		if d.Action != "open" && t.stormN > stormDialogs {
			// A page that opens dialogs in a loop, answered at once,
			// never lets its script end: hold it at one.
			t.holdUntil = now.Add(holdDialogs)
		}
		if d.Action != "open" && now.Before(t.holdUntil) {
			// Right after a command was interrupted: a page that opens
			// dialogs in a loop (for(;;) alert()) would go on for ever
			// under a policy that answers each one, and the script
			// interrupt does not get in between. Leaving one open stops
			// it: the next command fails at once with the dialog error.
			d.Action = "open"
			accept = false
		}
		showing := d
		t.open, t.openTg, t.openAt = &showing, tg, time.Now()
		t.dialogs = appendDialog(t.dialogs, d)
	})
	t.obs.Add(observe.Event{Kind: observe.Dialog})
	if d.Action == "open" {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = handleDialog(ctx, tg, accept, text)
	}()
}

// stormDialogs is how many dialogs between two looks at the effects (a
// command's start and end) make a loop: the policy then leaves the next
// one open, and the loop is paused there. A page's finite burst (fifty
// alerts as it loads) stays under it and is answered.
const stormDialogs = 200

// maxDialogs bounds the dialogs kept between two commands: a page that
// opens them in a loop keeps the first ones and the latest.
const maxDialogs = 50

func appendDialog(ds []Dialog, d Dialog) []Dialog {
	if len(ds) >= maxDialogs {
		ds[len(ds)-1] = d
		return ds
	}
	return append(ds, d)
}

// holdDialogs is how long after an interrupted command the policy
// leaves dialogs open: a dialog loop shows its next one well within it.
const holdDialogs = 2 * time.Second

func handleDialog(ctx context.Context, tg *Target, accept bool, text string) error {
	return cdp.Run(ctx, tg.sess, cdppage.HandleJavaScriptDialog, cdppage.HandleJavaScriptDialogParams{Accept: accept, PromptText: text})
}

// openDialog is the dialog that freezes the page, if any: one left open,
// or one the policy failed to answer. Call with t.mu held.
func (t *Tab) openDialog() *Dialog {
	if t.open == nil || (t.open.Action != "open" && time.Since(t.openAt) < answerGrace) {
		return nil
	}
	d := *t.open
	d.Action = "open"
	return &d
}

// leftOpen reports a dialog showing that the policy left open (it holds
// the page's scripts until answered). Call with t.mu held.
func (t *Tab) leftOpen() bool { return t.open != nil && t.open.Action == "open" }

// dialogBlocks is the error every command on a tab with an open dialog
// gets: which dialog, and how to answer it.
func (t *Tab) dialogBlocks(d *Dialog) error {
	if d == nil {
		return nil
	}
	article := "a"
	if strings.ContainsRune("aeiou", rune(d.Type[0])) {
		article = "an"
	}
	return failure.New(failure.NotInteractable, "%s %s dialog is open: %q", article, d.Type, trim(d.Message, 80)).
		WithHint("answer it: tact dialog accept|dismiss (or run the command with --dialog accept|dismiss)")
}

// OpenDialog returns the dialog showing in the tab and waiting for an
// answer, if any.
func (t *Tab) OpenDialog() *Dialog {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.openDialog()
}

// AnswerDialog accepts or dismisses the open dialog. When tact saw none it
// still asks the page, so a dialog tact missed can always be answered.
func (t *Tab) AnswerDialog(ctx context.Context, accept bool, text string) (*Dialog, error) {
	t.mu.Lock()
	var d Dialog
	tg := t.openTg
	if t.open != nil {
		d = *t.open
	}
	t.mu.Unlock()
	if tg == nil {
		tg = t.main
	}
	if err := handleDialog(ctx, tg, accept, text); err != nil {
		if strings.Contains(err.Error(), "No dialog is showing") {
			t.update(func() { t.open, t.openTg = nil, nil })
			return nil, failure.New(failure.NotFound, "no dialog is open")
		}
		if ctx.Err() != nil {
			return nil, failure.New(failure.Timeout, "the page did not take the answer within --timeout")
		}
		return nil, BrowserGone(err)
	}
	t.update(func() { t.open, t.openTg = nil, nil })
	if d.Type == "" {
		d.Type = "dialog"
	}
	if accept {
		d.Action = "accepted"
	} else {
		d.Action = "dismissed"
	}
	return &d, nil
}

// AnswerOpen answers the dialog a tab left open, by a policy that now
// answers dialogs (the user switched from --dialog leave).
func (t *Tab) AnswerOpen(ctx context.Context, pol DialogPolicy) {
	if d := t.OpenDialog(); d == nil {
		return
	}
	accept := pol.Mode == "accept"
	text := pol.PromptText
	t.mu.Lock()
	if t.open != nil && t.open.Type == "prompt" && text == "" {
		accept = false
	}
	t.mu.Unlock()
	if d, err := t.AnswerDialog(ctx, accept, text); err == nil {
		t.update(func() { t.dialogs = appendDialog(t.dialogs, *d) })
	}
}

// errDialogOpened ends a run of input events: one of them opened a dialog
// that is left for the user, and the page takes nothing more until it is
// answered. The action itself happened.
var errDialogOpened = errors.New("a dialog opened")

// dialogEnds turns errDialogOpened into success for the caller of a run
// of input events; the dialog is reported as the action's effect.
func dialogEnds(err error) error {
	if errors.Is(err, errDialogOpened) {
		return nil
	}
	return err
}

// sendInput sends one input event and waits for the page to take it. The page
// acknowledges an event whose handler opens a dialog only once the dialog
// closes; under --dialog leave that would hold the command to its
// deadline, so a dialog left open ends the wait (errDialogOpened).
func sendInput[P any](ctx context.Context, t *Tab, c proto.Command[P, proto.Empty], params P) error {
	if err := t.dialogBlocks(t.OpenDialog()); err != nil {
		return err
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- cdp.Run(cctx, t.main.sess, c, params) }()
	for {
		ch := t.obs.Changed()
		t.mu.Lock()
		left := t.leftOpen()
		t.mu.Unlock()
		if left {
			return errDialogOpened
		}
		select {
		case err := <-done:
			return inputErr(ctx, err)
		case <-ch:
		}
	}
}

// Interrupt stops the script that keeps the page busy after a command ran
// out of time (an endless loop). A script that opens dialogs in a loop
// does not take the termination while it shows one (Chromium runs the
// request only once the page's main thread is free, which a loop never
// lets it be), so the policy leaves the next dialog open instead: the
// loop is paused there, and the next command says so at once.
func (t *Tab) Interrupt(ctx context.Context) {
	t.update(func() { t.holdUntil = time.Now().Add(holdDialogs) })
	_ = cdp.Run(ctx, t.main.sess, cdpruntime.TerminateExecution, proto.Empty{})
}

// stopScript asks V8 to end the script running in the main frame and
// waits until it has. The request is run once the dialog closes and the
// script that opened it returns, so a dialog open meanwhile is dismissed
// (a beforeunload one accepted: the page is being left) and reported as
// an effect. A dialog loop never returns: ctx bounds the wait.
func (t *Tab) stopScript(ctx context.Context) (stopped bool) {
	done := make(chan error, 1)
	go func() { done <- cdp.Run(ctx, t.main.sess, cdpruntime.TerminateExecution, proto.Empty{}) }()
	for {
		ch := t.obs.Changed()
		t.mu.Lock()
		open := t.leftOpen()
		t.mu.Unlock()
		if open {
			t.answerLeft(ctx)
		}
		select {
		case err := <-done:
			// A refusal ("termination request in progress": the one an
			// interrupted command sent is still waiting) stops nothing.
			return err == nil
		case <-ch:
		case <-ctx.Done():
			return false
		}
	}
}

// answerLeft dismisses the dialog left open (accepts a beforeunload one)
// and records it among the effects.
func (t *Tab) answerLeft(ctx context.Context) {
	t.mu.Lock()
	accept := t.open != nil && t.open.Type == "beforeunload"
	t.mu.Unlock()
	if d, err := t.AnswerDialog(ctx, accept, ""); err == nil {
		t.update(func() { t.dialogs = appendDialog(t.dialogs, *d) })
	}
}

// leaveDialog lets a command that leaves the page (open, reload, back,
// forward, tab close) go ahead past a dialog left open: it stops the
// script that opened it and answers it, and the command's output names
// the dialog among its effects. A crashed tab is still an error.
func (t *Tab) leaveDialog(ctx context.Context) error {
	t.mu.Lock()
	crashed, open := t.crashed, t.openDialog() != nil
	t.mu.Unlock()
	if crashed || !open {
		return t.checkUsable()
	}
	sctx, cancel := context.WithTimeout(ctx, holdDialogs)
	defer cancel()
	if !t.stopScript(sctx) {
		// A dialog loop: the page never lets its script end. Hold the
		// next dialog open (the loop pauses there) and say how out.
		t.update(func() { t.holdUntil = time.Now().Add(holdDialogs) })
		return failure.New(failure.NotInteractable, "the page keeps opening dialogs and does not let its script end: it cannot be left").
			WithHint("tact tab close (or tact tab new)")
	}
	return t.checkUsable()
}

// LeaveDialog is leaveDialog for commands outside the package (tab close).
func (t *Tab) LeaveDialog(ctx context.Context) error { return t.leaveDialog(ctx) }
