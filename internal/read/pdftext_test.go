package read

import "testing"

// Bytes that are no PDF (a truncated download, an HTML error page) are an
// error, not a panic or empty text.
func TestPDFTextRefusesNonPDF(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("<html>404</html>"), []byte("%PDF-1.7\n1 0 obj\n<<")} {
		if text, err := PDFText(b); err == nil {
			t.Errorf("PDFText(%.20q) = %q, want an error", b, text)
		}
	}
}
