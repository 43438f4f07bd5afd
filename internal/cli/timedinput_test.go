package cli_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A step's own --timeout bounds it within the batch: a probe that runs
// out is that step's TIMEOUT (the page is snapped, the next step runs
// with --continue-on-error), and a step may take longer than the call's
// --timeout when it says so.
func TestBatchStepTimeout(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("input_taps.html"))
	r := tact(t, s, "batch", "--continue-on-error", "wait text=Nowhere --timeout 300ms", "click role=button")
	if r.code != 5 || !strings.Contains(r.err, "step 1 (wait text=Nowhere --timeout 300ms): the step did not finish within its --timeout 300ms") ||
		!strings.Contains(r.out, "[2] click role=button → ok\n") || !strings.Contains(r.out, "---\n") || strings.Contains(r.out, "(no snap") {
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
	openPage(t, s, page("input_taps.html"))
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

// --until stops a batch after the first step after which its locator
// matches, and says which; each step is one line; --quiet prints only
// failures, what steps read and the page.
func TestBatchUntilQuiet(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("input_taps.html"))
	steps := []string{"batch", "--until", "text=Target found"}
	for range 6 {
		steps = append(steps, "click role=button")
	}
	r := tact(t, s, steps...)
	mustOK(t, r)
	if !strings.Contains(r.out, "[3] click role=button → ok\n--until text=Target found matched after step 3 (3 steps not run)\n---\n") ||
		strings.Contains(r.out, "[4]") || !strings.Contains(r.out, "> Target found") {
		t.Errorf("--until:\n%s", r.out)
	}
	for _, l := range strings.Split(r.out, "\n") {
		if l == "ok" {
			t.Errorf("a step printed more than its one line:\n%s", r.out)
		}
	}
	if got := evalIn(t, s, "tapTimes.length"); got != "3" {
		t.Errorf("%s taps, want 3", got)
	}
	r = tact(t, s, "-o", "json", "batch", "--no-snap", "--until", "text=Target found", "click role=button", "click role=button")
	mustOK(t, r)
	if !strings.Contains(r.out, `"until_step": 1`) {
		t.Errorf("json until_step:\n%s", r.out)
	}
	r = tact(t, s, "batch", "--until", "text=Nowhere", "--no-snap", "click role=button")
	mustOK(t, r)
	if !strings.Contains(r.out, "--until text=Nowhere did not match after any step") {
		t.Errorf("--until that never matched:\n%s", r.out)
	}
	if r := tact(t, s, "batch", "--until", "@e1", "click role=button"); r.code != 2 || !strings.Contains(r.err, "--until @e1") {
		t.Errorf("--until a ref: exit %d %s", r.code, r.err)
	}
	r = tact(t, s, "batch", "--quiet", "--continue-on-error", "click role=button", "wait 10", "eval tapTimes.length", "click text=Nowhere --timeout 2s", "locate role=button")
	if r.code != 8 || strings.Contains(r.out, "[1]") || strings.Contains(r.out, "[2]") || !strings.Contains(r.out, "[3] eval tapTimes.length → 6\n[4] click text=Nowhere --timeout 2s → error NOT_FOUND") ||
		!strings.Contains(r.out, "[5] locate role=button\n") || !strings.Contains(r.out, "---\nTaps — ") {
		t.Errorf("--quiet: exit %d\n%s", r.code, r.out)
	}
}

// batch --fast sends the steps back to back and settles once at the end:
// three clicks on a button from one batch all arrive (and the page they
// changed is printed). The spread of their arrival is logged, not
// asserted: a busy machine decides it.
func TestBatchFast(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("input_taps.html"))
	start := time.Now()
	r := tact(t, s, "batch", "--fast", "click role=button", "click role=button", "click role=button")
	wall := time.Since(start)
	mustOK(t, r)
	if !strings.Contains(r.out, "[3] click role=button → ok\n---\n") || !strings.Contains(r.out, "> Target found") {
		t.Errorf("batch --fast:\n%s", r.out)
	}
	if got := evalIn(t, s, "tapTimes.length"); got != "3" {
		t.Fatalf("%s clicks arrived, want 3", got)
	}
	t.Logf("batch --fast: three clicks arrived within %s ms (page time); the call took %s", evalIn(t, s, "Math.round(tapTimes[2] - tapTimes[0])"), wall.Round(time.Millisecond))
	// The same without --fast, for comparison in the log.
	openPage(t, s, page("input_taps.html"))
	start = time.Now()
	mustOK(t, tact(t, s, "batch", "click role=button", "click role=button", "click role=button"))
	t.Logf("batch without --fast: within %s ms; the call took %s", evalIn(t, s, "Math.round(tapTimes[2] - tapTimes[0])"), time.Since(start).Round(time.Millisecond))
}

// mouse move --steps N --duration D moves along a straight line in N
// moves spread over D, on a page that animates on every frame; X Y is
// X,Y. The path's time is logged, not asserted.
func TestMouseMovePath(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("input_path.html"))
	mustOK(t, tact(t, s, "mouse", "move", "10", "10", "--no-snap"))
	if got := evalIn(t, s, "moves.at(-1).slice(0, 2) + ''"); got != "10,10" {
		t.Fatalf("mouse move 10 10: %s", got)
	}
	mustOK(t, tact(t, s, "eval", "moves.length = 0"))
	start := time.Now()
	r := tact(t, s, "mouse", "move", "210,110", "--steps", "20", "--no-snap")
	wall := time.Since(start)
	mustOK(t, r)
	if !strings.Contains(r.out, "mouse at 210,110\n20 moves in ") {
		t.Errorf("mouse move --steps 20:\n%s", r.out)
	}
	// Twenty moves along the line, each 10,5 further.
	got := evalIn(t, s, "moves.slice(-20).map(m => m[0] + ',' + m[1]).join(' ')")
	var want []string
	for i := 1; i <= 20; i++ {
		want = append(want, strconv.Itoa(10+i*10)+","+strconv.Itoa(10+i*5))
	}
	if got != strings.Join(want, " ") {
		t.Errorf("the path's moves:\n%s\nwant\n%s", got, strings.Join(want, " "))
	}
	t.Logf("a 20-point path (--steps 20, no --duration) on an animating page: %s ms between its first and last move (page time), %s for the call; tact said %q",
		evalIn(t, s, "Math.round(moves.at(-1)[2] - moves.at(-20)[2])"), wall.Round(time.Millisecond), strings.TrimSpace(strings.Split(r.out, "\n")[2]))
	// Paced: the moves are spread over the duration.
	mustOK(t, tact(t, s, "eval", "moves.length = 0"))
	r = tact(t, s, "batch", "--fast", "mouse move 10,10", "mouse move 200,200 --steps 10 --duration 300ms")
	mustOK(t, r)
	if got := evalIn(t, s, "moves.length >= 11 && moves.at(-1).slice(0, 2) + ''"); got != "200,200" {
		t.Errorf("the paced path: %s\n%s", got, r.out)
	}
	// The last move is sent once the duration is over, never before: the
	// schedule's lower bound (a busy machine only makes it later).
	if got := evalIn(t, s, "moves.at(-1)[2] - moves[0][2] >= 290"); got != "true" {
		t.Errorf("a 300ms path ended %s ms after it began", evalIn(t, s, "moves.at(-1)[2] - moves[0][2]"))
	}
	for _, bad := range [][]string{{"--steps", "-1"}, {"--steps", "1001"}, {"--duration", "2m"}, {"--duration", "soon"}} {
		if r := tact(t, s, append([]string{"mouse", "move", "20,20", "--no-snap"}, bad...)...); r.code != 2 {
			t.Errorf("mouse move %q: exit %d %s", bad, r.code, r.err)
		}
	}
}

// press KEY --down holds a key until press KEY --up, and mouse wheel turns
// the wheel where the mouse is: input sent at once, on a page that
// animates on every frame.
func TestKeyHoldAndWheel(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("input_keys.html"))
	r := tact(t, s, "press", "ArrowRight", "--down", "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "holding ArrowRight") || evalIn(t, s, "keys.join('|')") != "keydown ArrowRight" {
		t.Errorf("press --down: %s\n%s", evalIn(t, s, "keys.join('|')"), r.out)
	}
	mustOK(t, tact(t, s, "press", "ArrowRight", "--up", "--no-snap"))
	mustOK(t, tact(t, s, "batch", "--no-snap", "press Shift+x --down", "press Shift+x --up"))
	if got := evalIn(t, s, "keys.join('|')"); got != "keydown ArrowRight|keyup ArrowRight|keydown Shift shift|keydown x shift|keyup x shift|keyup Shift" {
		t.Errorf("keys: %s", got)
	}
	for _, bad := range [][]string{{"press", "a b", "--down"}, {"press", "a", "--down", "--up"}, {"press", "a", "--down", "--repeat", "2"}, {"mouse", "wheel", "0,0"}, {"mouse", "wheel", "down"}} {
		if r := tact(t, s, append(bad, "--no-snap")...); r.code != 2 {
			t.Errorf("%q: exit %d %s", bad, r.code, r.err)
		}
	}
	start := time.Now()
	r = tact(t, s, "batch", "--no-snap", "mouse move 100,100", "mouse wheel 0,200", "mouse wheel 200", "mouse wheel -100")
	mustOK(t, r)
	t.Logf("a batch of a move and three wheel steps on an animating page: %s", time.Since(start).Round(time.Millisecond))
	if !strings.Contains(r.out, "[2] mouse wheel 0,200 → ok; wheel 0,200 at 100,100") {
		t.Errorf("mouse wheel:\n%s", r.out)
	}
	eventually(t, "the wheel scrolls the box under the mouse", func() bool {
		return evalIn(t, s, "document.getElementById('scroller').scrollTop") == "300"
	})
}

// A step's own --timeout past what a batch may add is refused before
// anything runs; a step stopped by --timeout says so, and the batch says
// how many steps did not run.
func TestBatchDeadlineNamesStepsNotRun(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("input_taps.html"))
	r := tact(t, s, "--timeout", "1s", "batch", "--no-snap", "click role=button", "wait 5s --timeout 1h", "click role=button")
	if r.code != 2 || !strings.Contains(r.err, "--timeout") {
		t.Errorf("a step's own --timeout past the 30m a batch may add: exit %d %s", r.code, r.err)
	}
	// The click gets seconds to spare on a loaded machine; the wait cannot
	// fit.
	r = tact(t, s, "--timeout", "5s", "batch", "--no-snap", "click role=button", "wait 30s", "click role=button")
	if r.code != 5 || !strings.Contains(r.out, "(1 step not run)") || !strings.Contains(r.err, "step 2 (wait 30s)") {
		t.Errorf("a batch past its deadline: exit %d\n%s%s", r.code, r.out, r.err)
	}
}

// BenchmarkMousePath20: `mouse move --steps 20` on a page that animates
// on every frame (issue 39: a 20-point pointer path). Reports the median
// time of the whole call per path.
func BenchmarkMousePath20(b *testing.B) {
	mustOK(b, tact(b, benchSession, "open", page("input_path.html"), "--no-snap"))
	to := []string{"300,200", "20,20"}
	var per []time.Duration
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		r := tact(b, benchSession, "mouse", "move", to[i%2], "--steps", "20", "--no-snap")
		per = append(per, time.Since(t0))
		if r.code != 0 {
			b.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
		}
	}
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2].Microseconds())/1000, "ms/path")
}
