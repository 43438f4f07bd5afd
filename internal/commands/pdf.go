package commands

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
)

// Pdf prints the page to a PDF file.
type Pdf struct {
	File      string `help:"Where to write the PDF (default: a new file under the data dir)." placeholder:"PATH"`
	Landscape bool   `help:"Landscape pages."`
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
	path, err := outputFile(c.File, "pdf", "page", ".pdf")
	if err != nil {
		return nil, err
	}
	b, err := t.PDF(ctx, c.Landscape)
	if err != nil {
		return nil, err
	}
	if err := datadir.WriteFile(path, b, 0o644); err != nil {
		return nil, failure.New(failure.IO, "write %s: %v", path, err)
	}
	return &Output{Text: path + "\n", Data: pdfData{Path: path, Bytes: len(b)}}, nil
}

// outputFile is where a command writes a file: the --file the user gave
// (made absolute, its directory must exist), or a new timestamped name
// under the data dir's sub.
func outputFile(file, sub, prefix, ext string) (string, error) {
	if file == "" {
		dir, err := datadir.Dir(sub)
		if err != nil {
			return "", failure.New(failure.IO, "%v", err)
		}
		return filepath.Join(dir, prefix+"-"+time.Now().Format("20060102-150405.000")+ext), nil
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", failure.New(failure.Usage, "--file %q: %v", file, err)
	}
	if st, err := os.Stat(filepath.Dir(abs)); err != nil || !st.IsDir() {
		return "", failure.New(failure.IO, "--file %s: directory %s does not exist", file, filepath.Dir(abs))
	}
	return abs, nil
}
