package commands

import (
	"context"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/failure"
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
