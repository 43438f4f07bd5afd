package failure

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
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

func TestWrapKeepsCause(t *testing.T) {
	gone := errors.New("connection closed")
	err := Wrap(NavigationFailed, gone, "navigate to %s", "http://x")
	if err.Error() != "navigate to http://x: connection closed" {
		t.Errorf("message = %q", err.Error())
	}
	if !errors.Is(err, gone) {
		t.Error("errors.Is does not reach the cause")
	}
	// The outermost typed error decides the code, also through %w.
	if ExitCode(fmt.Errorf("ctx: %w", err)) != 4 {
		t.Errorf("exit = %d, want 4", ExitCode(err))
	}
	if Wrap(IO, nil, "disk").Error() != "disk" {
		t.Error("nil cause adds text")
	}
	var fe *Error
	if !errors.As(Wrap(Timeout, New(NotFound, "inner"), "outer"), &fe) || fe.Code != Timeout {
		t.Error("errors.As should find the outer error first")
	}
}

// Each code maps to its documented exit status, and the table in
// docs/errors.md says the same.
func TestEachExitCode(t *testing.T) {
	readme, err := os.ReadFile("../../docs/errors.md")
	if err != nil {
		t.Fatal(err)
	}
	want := map[Code]int{Internal: 1, Usage: 2, BrowserUnavailable: 3, NavigationFailed: 4, Timeout: 5,
		UnknownRef: 6, StaleRef: 7, NotFound: 8, Ambiguous: 9, NotInteractable: 10, JSError: 11, IO: 12, Untrusted: 13}
	if len(want) != len(Codes()) {
		t.Fatalf("%d codes, test knows %d", len(Codes()), len(want))
	}
	for c, n := range want {
		if got := ExitCode(New(c, "x")); got != n {
			t.Errorf("%s exits %d, want %d", c, got, n)
		}
		if got := ExitCode(Wrap(c, errors.New("cause"), "x")); got != n {
			t.Errorf("wrapped %s exits %d, want %d", c, got, n)
		}
		if row := fmt.Sprintf("| %d | `%s` |", n, c); !strings.Contains(string(readme), row) {
			t.Errorf("docs/errors.md has no row %q", row)
		}
	}
}
