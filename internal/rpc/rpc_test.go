package rpc

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
)

// A whole line decodes; a line cut off before its newline is the read's
// error, whatever JSON it held.
func TestRead(t *testing.T) {
	t.Parallel()
	var resp Response
	r := bufio.NewReaderSize(strings.NewReader(`{"stdout":"`+strings.Repeat("x", 5000)+`"}`+"\n"+`{"stdout":"cut`), 16)
	if err := Read(r, &resp); err != nil || len(resp.Stdout) != 5000 {
		t.Fatalf("a long line: %v, %d bytes", err, len(resp.Stdout))
	}
	if err := Read(r, &resp); !errors.Is(err, io.EOF) {
		t.Errorf("a cut line: %v, want EOF", err)
	}
}
