package commands

import "context"

// Pdf prints the page to a PDF file.
type Pdf struct {
	File      string `help:"Where to write the PDF (default: a new file under the data dir)." placeholder:"PATH"`
	Landscape bool   `help:"Landscape pages."`
	Overwrite bool   `help:"Replace --file if it exists (keeping its mode); without it an existing file is never replaced."`
}

// pdfData is pdf's -o json.
type pdfData struct {
	Path  string `json:"path"`
	Bytes int    `json:"bytes"`
}

// Run prints and writes the file, printing its path.
func (c *Pdf) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	out, err := outputFile(env, c.File, "pdf", "page", ".pdf", c.Overwrite)
	if err != nil {
		return nil, err
	}
	b, err := t.PDF(ctx, c.Landscape)
	if err != nil {
		return nil, err
	}
	path, err := out.write(b)
	if err != nil {
		return nil, err
	}
	return &Output{Text: path + "\n", Data: pdfData{Path: path, Bytes: len(b)}}, nil
}
