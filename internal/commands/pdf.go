package commands

import (
	"context"

	"github.com/tact-browser/tact/internal/failure"
)

// Pdf prints the page to a PDF file.
type Pdf struct {
	File      string `help:"Where to write the PDF (default: a new file under the data dir)." placeholder:"PATH"`
	Landscape bool   `help:"Landscape pages."`
	Overwrite bool   `help:"Replace --file if it exists (keeping its mode); without it an existing file is never replaced."`
	Text      bool   `help:"Print the PDF's text (print-only content too); writes a file only with --file."`
}

// pdfData is pdf's -o json.
type pdfData struct {
	Path  string `json:"path,omitempty"`
	Bytes int    `json:"bytes"`
	Text  string `json:"text,omitempty"` // --text
}

// Run prints and writes the file, printing its path.
func (c *Pdf) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	if c.Text && env.Read.PDFText == nil {
		return nil, failure.New(failure.Usage, "this build of tact-daemon cannot read PDFs")
	}
	var out outFile
	write := !c.Text || c.File != ""
	if write {
		if out, err = outputFile(env, c.File, "pdf", "page", ".pdf", c.Overwrite); err != nil {
			return nil, err
		}
	}
	b, err := t.PDF(ctx, c.Landscape)
	if err != nil {
		return nil, err
	}
	if c.Text {
		// What the page prints, as text: a print-only page's content
		// that no snap or read of the screen shows.
		text, err := env.Read.PDFText(b)
		if err != nil {
			return nil, failure.New(failure.Internal, "%v", err)
		}
		d := pdfData{Text: text, Bytes: len(b)}
		if write {
			if d.Path, err = out.write(b); err != nil {
				return nil, err
			}
		}
		return &Output{Text: text, Data: d}, nil
	}
	path, err := out.write(b)
	if err != nil {
		return nil, err
	}
	return &Output{Text: path + "\n", Data: pdfData{Path: path, Bytes: len(b)}}, nil
}
