package failure

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestExitCodes(t *testing.T) {
	if ExitCode(nil) != 0 || ExitCode(errors.New("x")) != 1 {
		t.Error("nil/plain")
	}
	if ExitCode(fmt.Errorf("wrapped: %w", New(StaleRef, "s"))) != 7 {
		t.Error("wrapped typed error lost its code")
	}
	if From(fmt.Errorf("x: %w", context.DeadlineExceeded)).Code != Timeout {
		t.Error("deadline is not TIMEOUT")
	}
	seen := map[int]Code{}
	for c, n := range Codes() {
		if prev, dup := seen[n]; dup {
			t.Errorf("exit %d used by %s and %s", n, c, prev)
		}
		seen[n] = c
	}
}
