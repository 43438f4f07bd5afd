package cli_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// A submit the browser's own validation stopped says so, with the field
// and the browser's message, in text and in JSON.
func TestVerdictValidationBlocked(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("verdict_cases.html"))
	send := refOf(t, out, `"Sign in"`)
	r := tact(t, s, "click", send)
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "not sent: Password: ") || !strings.Contains(strings.SplitN(r.out, "\n", 2)[0], "fill") {
		t.Errorf("submit with an empty required field:\n%s", r.out)
	}
	r = tact(t, s, "-o", "json", "click", send, "--no-snap")
	mustOK(t, r)
	var data struct {
		Verdict struct {
			Outcome string `json:"outcome"`
			Invalid []struct{ Field, Message string }
		} `json:"verdict"`
	}
	if err := json.Unmarshal([]byte(r.out), &data); err != nil {
		t.Fatalf("%v\n%s", err, r.out)
	}
	if data.Verdict.Outcome != "blocked" || len(data.Verdict.Invalid) != 1 || data.Verdict.Invalid[0].Field != "Password" || data.Verdict.Invalid[0].Message == "" {
		t.Errorf("JSON verdict: %s", r.out)
	}
	// Enter in a field submits too; a page checking a field as it is
	// filled is no submit.
	r = tact(t, s, "press", "Enter", refOf(t, out, `"User"`), "--no-snap")
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "not sent: Password: ") {
		t.Errorf("Enter in a form with an empty required field:\n%s", r.out)
	}
	r = tact(t, s, "fill", refOf(t, out, `"Email"`), "x", "--no-snap")
	mustOK(t, r)
	if r.out != "ok\n" {
		t.Errorf("fill of a field the page checks with checkValidity(): %q", r.out)
	}
	// Filled in, the form is sent: a new document, no "not sent".
	mustOK(t, tact(t, s, "fill", refOf(t, out, `"Password"`), "pw", "--no-snap"))
	r = tact(t, s, "click", send, "--no-snap")
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "ok\nnavigated to ") || !strings.Contains(r.out, "pw=") {
		t.Errorf("submit of a valid form:\n%s", r.out)
	}
}

// A hash or pushState navigation prints what changed, like any action
// that stays in the document, and says where it went.
func TestVerdictSameDocumentNavigation(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("verdict_cases.html"))
	r := tact(t, s, "click", refOf(t, out, `"Active"`))
	mustOK(t, r)
	if !strings.Contains(r.out, "navigated within the page to "+page("verdict_cases.html#/active")) ||
		!strings.Contains(r.out, "Walk the dog") || strings.Contains(r.out, "Pan right") || strings.Contains(r.out, "Sign in") {
		t.Errorf("hash navigation (want a diff):\n%s", r.out)
	}
	r = tact(t, s, "click", refOf(t, out, `"Show done"`))
	mustOK(t, r)
	if !strings.Contains(r.out, "navigated within the page to "+page("verdict_cases.html?view=done")) ||
		!strings.Contains(r.out, "Buy milk") || strings.Contains(r.out, "Pan right") {
		t.Errorf("pushState navigation (want a diff):\n%s", r.out)
	}
}

// A menu that is placed and shown appears (placed as it shows, before,
// or just after): the output lists it and never calls it moved (only
// what was on screen and changed place moved).
func TestVerdictAppearedIsNotMoved(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("verdict_appear.html"))
	for _, c := range []struct{ button, item string }{{`"Open menu"`, `"Beta"`}, {`"Open picker"`, `"Gamma"`}, {`"Open list"`, `"Delta"`}} {
		r := tact(t, s, "click", refOf(t, out, c.button))
		mustOK(t, r)
		if !strings.Contains(r.out, c.item) || strings.Contains(r.out, "moved") {
			t.Errorf("click %s:\n%s", c.button, r.out)
		}
	}
}

// A pan or a scroll reports the movement, not "no change"; a scroll
// further than the page goes says where it ended.
func TestVerdictMovement(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("verdict_cases.html"))
	r := tact(t, s, "click", refOf(t, out, `"Pan right"`))
	mustOK(t, r)
	// What moved is named, as a person would point at it.
	if !strings.Contains(r.out, "\n3 elements moved: \"A\", \"B\", \"C\"\n") || strings.Contains(r.out, "no change") {
		t.Errorf("pan by transforms:\n%s", r.out)
	}
	r = tact(t, s, "scroll", "right", "--amount", "100000")
	mustOK(t, r)
	if !regexp.MustCompile(`\nscrolled \d+,\d+ → [1-9]\d*,\d+ \(the right end of the page\)\n`).MatchString(r.out) || strings.Contains(r.out, "no change") {
		t.Errorf("scroll right past the end:\n%s", r.out)
	}
	r = tact(t, s, "scroll", "down", "--no-snap")
	mustOK(t, r)
	if !regexp.MustCompile(`^ok\nscrolled (\d+),(\d+) → (\d+),(\d+)\n$`).MatchString(r.out) {
		t.Errorf("scroll down:\n%s", r.out)
	}
}

// An action the page ignored has one wording, said once.
func TestVerdictNoChangeWording(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("verdict_cases.html"))
	r := tact(t, s, "click", refOf(t, out, `"Does nothing"`))
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "ok (no change on the page)\n---\n") || strings.Count(r.out, "no change") != 1 {
		t.Errorf("no-op click:\n%s", r.out)
	}
	// snap --diff says nothing happened in the same words.
	r = tact(t, s, "snap", "--diff")
	mustOK(t, r)
	if r.out != "(no change on the page)\n" {
		t.Errorf("snap --diff after nothing changed:\n%s", r.out)
	}
}

// A batch step whose locator matches nothing is NOT_FOUND for that step,
// and the batch prints the page after the steps that ran; a single
// command says what is near in the last snap.
func TestVerdictNotFound(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("verdict_cases.html"))
	r := tact(t, s, "--timeout", "4s", "batch", "click "+refOf(t, out, `"Active"`), "click text=Nowhere")
	if r.code != 8 || !strings.Contains(r.out, "[2] click text=Nowhere → error NOT_FOUND") || !strings.Contains(r.out, "---\nVerdict cases — ") ||
		!strings.Contains(r.out, "Walk the dog") || strings.Contains(r.out, "TIMEOUT") {
		t.Errorf("batch step that matches nothing: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = tact(t, s, "--timeout", "3s", "click", `role=button[name="Pan left"]`)
	if r.code != 8 || !strings.Contains(r.err, `near it in the last snap: @e`) || !strings.Contains(r.err, `[button] "Pan right"`) {
		t.Errorf("locator that matches nothing: exit %d\n%s%s", r.code, r.out, r.err)
	}
}
