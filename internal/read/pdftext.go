package read

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/ledongthuc/pdf"
)

// maxPDFPages bounds the pages one pdf --text reads.
const maxPDFPages = 500

// PDFText is a PDF's text, page by page in the order the page draws it,
// each page after a `--- page N of M ---` line when there are several.
// A PDF it cannot parse (a malformed one, an encrypted one) is an error.
func PDFText(b []byte) (text string, err error) {
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return "", fmt.Errorf("not a PDF tact can read: %v", err)
	}
	n := r.NumPage()
	var sb strings.Builder
	for i := 1; i <= min(n, maxPDFPages); i++ {
		// Fonts per page: their names (F1) are each page's own.
		t, err := r.Page(i).GetPlainText(nil)
		if err != nil {
			return "", fmt.Errorf("page %d of the PDF: %v", i, err)
		}
		if n > 1 {
			fmt.Fprintf(&sb, "--- page %d of %d ---\n", i, n)
		}
		for l := range strings.SplitSeq(t, "\n") {
			if strings.TrimSpace(l) != "" { // the gaps between runs
				sb.WriteString(l + "\n")
			}
		}
	}
	if n > maxPDFPages {
		fmt.Fprintf(&sb, "… %d more pages not read\n", n-maxPDFPages)
	}
	return sb.String(), nil
}
