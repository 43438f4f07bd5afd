package mcp_test

import (
	"strings"
	"testing"
	"time"
)

// The batch tool takes until, quiet and fast, and its deadline grows with
// its steps as the CLI's does: five waits of 600 ms fit a server whose
// --timeout is 2 s (the client waits as long as the daemon runs them).
func TestBatchToolUntilAndDeadline(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-batch")
	cs := connect(t, "mcp-batch")
	out, res := call(t, cs, "open", map[string]any{"url": srvURL + "/input_taps.html", "no_snap": true})
	mustOK(t, "open", out, res)
	steps := []string{}
	for range 5 {
		steps = append(steps, "click role=button")
	}
	out, res = call(t, cs, "batch", map[string]any{"steps": steps, "until": "text=Target found", "fast": true, "quiet": true})
	mustOK(t, "batch", out, res)
	if !strings.HasPrefix(out, "--until text=Target found matched after step 3 (2 steps not run)\n---\n") {
		t.Errorf("batch until, fast, quiet:\n%s", out)
	}
	short := connectFor(t, "mcp-batch", 2*time.Second)
	out, res = call(t, short, "batch", map[string]any{"steps": []string{"wait 600ms", "wait 600ms", "wait 600ms", "wait 600ms", "wait 600ms"}, "no_snap": true})
	mustOK(t, "batch of 3 s under a 2 s --timeout", out, res)
}
