package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/rpc"
)

// More than MaxSteps steps are a USAGE error before any step runs, from
// stdin (found while reading), as arguments, or in a request that did
// not come through the CLI (MCP); comments and blank lines do not count.
func TestBatchStepCap(t *testing.T) {
	many := strings.Repeat("click @e1\n", 5000)
	b := &Batch{}
	err := b.Prepare("", nil, strings.NewReader(many))
	if fe := failure.From(err); err == nil || fe.Code != failure.Usage || !strings.Contains(fe.Message, "more than 1000 steps") {
		t.Errorf("5,000 steps on stdin: %v", err)
	}
	if len(b.Steps) > MaxSteps+1 {
		t.Errorf("read %d lines after the cap", len(b.Steps))
	}
	args := strings.Split(strings.TrimSpace(many), "\n")
	if err := (&Batch{Steps: args}).Prepare("", nil, nil); failure.From(err).Code != failure.Usage {
		t.Errorf("5,000 steps as arguments: %v", err)
	}
	f := &fakeBrowser{}
	_, err = (&Batch{Steps: args}).Run(context.Background(), fakeEnv(f))
	if fe := failure.From(err); err == nil || fe.Code != failure.Usage {
		t.Errorf("5,000 steps in the daemon: %v", err)
	}
	if len(f.calls) > 0 || f.begun > 0 {
		t.Errorf("5,000 steps reached the browser: %v", f.calls)
	}
	exact := append(strings.Split(strings.TrimSpace(strings.Repeat("snap\n", MaxSteps)), "\n"), "# a comment", "", "  # another")
	if err := checkStepCount(exact); err != nil {
		t.Errorf("%d steps and comments: %v", MaxSteps, err)
	}
}

// Parsing stops when the call ends, and no step runs after that, even
// with --continue-on-error.
func TestBatchStopsWithItsCall(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := parseSteps(ctx, []string{"snap", "snap"}); err == nil {
		t.Errorf("parsing went on after the call ended")
	}
	f := &fakeBrowser{}
	_, err := (&Batch{Steps: []string{"snap", "snap"}, ContinueOnError: true}).Run(ctx, fakeEnv(f))
	if err == nil || !strings.Contains(err.Error(), "stopped") {
		t.Errorf("cancelled batch: %v", err)
	}
	if f.begun > 0 {
		t.Errorf("a step ran after the call ended (%d begun)", f.begun)
	}
	// Steps parsed with one shared parser keep their own values.
	steps, err := parseSteps(context.Background(), []string{"fill @e1 'Ada L'", "fill @e2 Bob --no-snap", "press Enter"})
	if err != nil {
		t.Fatal(err)
	}
	a, b := steps[0].cmd.(*Fill), steps[1].cmd.(*Fill)
	if a.Target != "@e1" || strings.Join(a.Value, " ") != "Ada L" || a.NoSnap || b.Target != "@e2" || strings.Join(b.Value, " ") != "Bob" || !b.NoSnap {
		t.Errorf("steps share values: %+v %+v", a, b)
	}
	if _, ok := steps[2].cmd.(*Press); !ok || steps[2].name != "press" {
		t.Errorf("third step: %s %T", steps[2].name, steps[2].cmd)
	}
}

// A step's own --timeout is taken out of its words and bounds it; the
// batch's deadline is --timeout plus each step's own, or a second for a
// step without one.
func TestBatchStepTimeoutWords(t *testing.T) {
	steps, err := parseSteps(t.Context(), []string{"wait text=Done --timeout 2s", "click @e1 --timeout=500ms", "fill @e2 -- --timeout 9s"})
	if err != nil {
		t.Fatal(err)
	}
	if steps[0].timeout != 2*time.Second || steps[1].timeout != 500*time.Millisecond || steps[2].timeout != 0 {
		t.Errorf("timeouts %v %v %v", steps[0].timeout, steps[1].timeout, steps[2].timeout)
	}
	if f, ok := steps[2].cmd.(*Fill); !ok || strings.Join(f.Value, " ") != "--timeout 9s" {
		t.Errorf("words after -- are values: %#v", steps[2].cmd)
	}
	b := Batch{Steps: []string{"# comment", "wait text=Done --timeout 2s", "click @e1", "wait 1.5 --timeout 1.5"}}
	if got := b.Deadline(rpc.Globals{Timeout: 10 * time.Second}); got != 14500*time.Millisecond {
		t.Errorf("deadline %s, want 14.5s", got)
	}
	if _, err := parseSteps(t.Context(), []string{"snap --timeout 20m", "snap --timeout 11m"}); failure.From(err).Code != failure.Usage {
		t.Errorf("steps adding 31m: %v", err)
	}
}
