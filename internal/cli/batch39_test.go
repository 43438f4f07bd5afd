package cli_test

import (
	"strings"
	"testing"
)

// A step's own --timeout bounds it within the batch: a probe that runs
// out is that step's TIMEOUT (the page is snapped, the next step runs
// with --continue-on-error), and a step may take longer than the call's
// --timeout when it says so.
func TestBatchStepTimeout(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("batch39_taps.html"))
	r := tact(t, s, "batch", "--continue-on-error", "wait text=Nowhere --timeout 300ms", "click css=#tap")
	if r.code != 5 || !strings.Contains(r.err, "step 1 (wait text=Nowhere --timeout 300ms): the step did not finish within its --timeout 300ms") ||
		!strings.Contains(r.out, "[2] click ") || !strings.Contains(r.out, "---\n") || strings.Contains(r.out, "(no snap") {
		t.Errorf("a probe step that timed out: exit %d\n%s%s", r.code, r.out, r.err)
	}
	if got := evalIn(t, s, "tapTimes.length"); got != "1" {
		t.Errorf("the step after the probe did not run: %s taps", got)
	}
	// 1.2 s of waiting under a 1 s --timeout: the step's own --timeout
	// is its deadline, and the batch's grows with it.
	r = tact(t, s, "--timeout", "1s", "batch", "--no-snap", "wait 1200ms --timeout 5s")
	mustOK(t, r)
	for _, bad := range [][]string{
		{"batch", "wait 1 --timeout soon"},
		{"batch", "wait 1 --timeout"},
		{"batch", "wait 1 --timeout=-1s"},
		{"batch", "wait 1 --timeout 31m"},
	} {
		if r := tact(t, s, bad...); r.code != 2 || !strings.Contains(r.err, "--timeout") {
			t.Errorf("%q: exit %d, %s", bad, r.code, r.err)
		}
	}
}

// A long batch's deadline grows with its steps: six waits of 600 ms
// (3.6 s) fit a 2 s --timeout plus a second for each step.
func TestBatchDeadlineGrows(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("batch39_taps.html"))
	steps := []string{"--timeout", "2s", "batch", "--no-snap"}
	for range 6 {
		steps = append(steps, "wait 600ms")
	}
	r := tact(t, s, steps...)
	mustOK(t, r)
	if !strings.Contains(r.out, "[6] wait 600ms") {
		t.Errorf("not every step ran:\n%s", r.out)
	}
}
