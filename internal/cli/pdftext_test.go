package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// pdf --text prints what the page prints: a voucher shown only in print
// (no snap or read of the screen has it), with no file written unless
// --file names one.
func TestPdfText(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", "--no-snap", page("pdf_print.html")))
	lacks(t, "read", tact(t, s, "read").out, "PRINT-7731")
	r := tact(t, s, "pdf", "--text")
	mustOK(t, r)
	has(t, "pdf --text", r.out, "Your voucher\n", "Voucher code: PRINT-7731\n", "Valid until 31 December\n")
	lacks(t, "pdf --text", r.out, "Print this page", ".pdf")
	file := filepath.Join(t.TempDir(), "v.pdf")
	r = tact(t, s, "-o", "json", "pdf", "--text", "--file", file)
	mustOK(t, r)
	var d struct {
		Path, Text string
		Bytes      int
	}
	if err := json.Unmarshal([]byte(r.out), &d); err != nil || d.Path != file || d.Bytes == 0 {
		t.Errorf("-o json pdf --text --file: %v\n%s", err, r.out)
	}
	if b, err := os.ReadFile(file); err != nil || len(b) != d.Bytes {
		t.Errorf("the PDF written: %d bytes, %v", len(b), err)
	}
}

// read of a tab that shows a PDF (Chrome's viewer) prints the PDF's text,
// in pieces like a page's.
func TestReadPDFTab(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", "--no-snap", page("read_voucher.pdf")))
	r := tact(t, s, "read")
	mustOK(t, r)
	has(t, "read of a PDF", r.out, "Your voucher\n", "Voucher code: PRINT-7731\n")
	r = tact(t, s, "-o", "json", "read")
	mustOK(t, r)
	var j struct{ Mode, Markdown string }
	if err := json.Unmarshal([]byte(r.out), &j); err != nil || j.Mode != "pdf" {
		t.Errorf("-o json read of a PDF: %v\n%s", err, r.out)
	}
}
