package page

import (
	"context"
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
)

// maxPDFBytes bounds the PDF a read of a PDF tab fetches.
const maxPDFBytes = 32 << 20

// pdfBytesJS fetches the PDF the tab shows (Chrome's viewer keeps only
// the document's address: the bytes come from the page's own fetch, with
// its cookies), base64: {b64} or {error}; {} when the tab shows no PDF.
const pdfBytesJS = `(async () => {
  if (document.contentType !== 'application/pdf') return {};
  try {
    const r = await fetch(location.href, { credentials: 'include' });
    const b = new Uint8Array(await r.arrayBuffer());
    if (b.length > MAX) return { error: 'the PDF is ' + b.length + ' bytes, more than tact reads (' + MAX + ')' };
    let s = '';
    for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode.apply(null, b.subarray(i, i + 0x8000));
    return { b64: btoa(s) };
  } catch (e) {
    return { error: 'the PDF could not be fetched again: ' + e.message };
  }
})()`

// PDFBytes is the PDF the tab shows in Chrome's viewer; ok is false when
// it shows a page, not a PDF.
func (t *Tab) PDFBytes(ctx context.Context) (b []byte, ok bool, err error) {
	t.mu.Lock()
	mime := t.mime
	t.mu.Unlock()
	if mime != "" && mime != "application/pdf" {
		// Every read asks: a page the tab knows is HTML costs no round trip.
		return nil, false, nil
	}
	var r struct {
		B64   *string `json:"b64"`
		Error string  `json:"error"`
	}
	js := strings.ReplaceAll(pdfBytesJS, "MAX", strconv.Itoa(maxPDFBytes))
	if err := t.EvalWorld(ctx, js, &r); err != nil {
		return nil, false, err
	}
	if r.Error != "" {
		return nil, true, failure.New(failure.IO, "%s", r.Error)
	}
	if r.B64 == nil {
		return nil, false, nil
	}
	b, err = base64.StdEncoding.DecodeString(*r.B64)
	return b, true, err
}
