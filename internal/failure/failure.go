// Package failure defines tact's typed errors and maps them to exit codes in
// one place, so the CLI, the daemon and the MCP server agree on them.
package failure

import (
	"context"
	"errors"
	"fmt"
)

// Code names a class of failure. It is stable: scripts match on it.
type Code string

const (
	Internal           Code = "INTERNAL"
	Usage              Code = "USAGE"
	BrowserUnavailable Code = "BROWSER_UNAVAILABLE"
	NavigationFailed   Code = "NAVIGATION_FAILED"
	Timeout            Code = "TIMEOUT"
	UnknownRef         Code = "UNKNOWN_REF"
	StaleRef           Code = "STALE_REF"
	NotFound           Code = "NOT_FOUND"
	Ambiguous          Code = "AMBIGUOUS"
	NotInteractable    Code = "NOT_INTERACTABLE"
	JSError            Code = "JS_ERROR"
	IO                 Code = "IO"
	// Untrusted: a project's workflow the user has not trusted (as it is
	// now) is not run.
	Untrusted Code = "UNTRUSTED"
)

// exitCodes is the single mapping from codes to process exit statuses; the
// docs/errors.md documents the same table.
var exitCodes = map[Code]int{
	Internal:           1,
	Usage:              2,
	BrowserUnavailable: 3,
	NavigationFailed:   4,
	Timeout:            5,
	UnknownRef:         6,
	StaleRef:           7,
	NotFound:           8,
	Ambiguous:          9,
	NotInteractable:    10,
	JSError:            11,
	IO:                 12,
	Untrusted:          13,
}

// Codes lists every code with its exit status, for docs and schemas.
func Codes() map[Code]int {
	m := make(map[Code]int, len(exitCodes))
	for k, v := range exitCodes {
		m[k] = v
	}
	return m
}

// Error is a failure with a code and a one-line message. Cause, when set,
// is the error it was made from: errors.Is/As see through it (a dropped
// connection stays recognisable after it became NAVIGATION_FAILED), and it
// never crosses the wire (the message already says it).
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	Hint    string `json:"hint,omitempty"`
	Cause   error  `json:"-"`
}

func (e *Error) Error() string {
	if e.Hint != "" {
		return e.Message + " (" + e.Hint + ")"
	}
	return e.Message
}

// Unwrap returns the cause, so errors.Is/As reach the original error.
func (e *Error) Unwrap() error { return e.Cause }

// New makes an error with a formatted message.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap makes an error with a formatted message followed by ": cause", and
// keeps cause for errors.Is/As.
func Wrap(code Code, cause error, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	if cause != nil {
		msg += ": " + cause.Error()
	}
	return &Error{Code: code, Message: msg, Cause: cause}
}

// WithHint returns a copy of e carrying a hint for the user.
func (e *Error) WithHint(h string) *Error {
	c := *e
	c.Hint = h
	return &c
}

// From classifies any error: typed errors keep their code, deadline
// errors become TIMEOUT, everything else INTERNAL.
func From(err error) *Error {
	if err == nil {
		return nil
	}
	var fe *Error
	if errors.As(err, &fe) {
		return fe
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &Error{Code: Timeout, Message: "timed out: " + err.Error(), Hint: "raise --timeout if the page is just slow"}
	}
	return &Error{Code: Internal, Message: err.Error()}
}

// ExitCode returns the process exit status for err (0 for nil).
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	if c, ok := exitCodes[From(err).Code]; ok {
		return c
	}
	return 1
}
