package browsertest

import (
	"os"
	"path/filepath"
	"testing"
)

// CorpusPages returns ../shared/corpus/readability/pages (relative to the
// repository), skipping the test unless TACT_CORPUS=1 and the corpus is
// there: the corpus is shared material, never part of the repository.
func CorpusPages(t testing.TB) (pages, shared string) {
	t.Helper()
	if os.Getenv("TACT_CORPUS") != "1" {
		t.Skip("set TACT_CORPUS=1 to run over ../shared/corpus")
	}
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	shared = filepath.Join(root, "..", "shared")
	pages = filepath.Join(shared, "corpus", "readability", "pages")
	if _, err := os.Stat(pages); err != nil {
		t.Skip("no corpus: ", err)
	}
	return pages, shared
}
