package render

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/snapshot"
)

// TestCorpusOffline re-renders walker results dumped by TestCorpus
// (TACT_CORPUS_DUMP=1) without a browser: TACT_CORPUS_JSON=dir.
func TestCorpusOffline(t *testing.T) {
	dir := os.Getenv("TACT_CORPUS_JSON")
	if dir == "" {
		t.Skip("set TACT_CORPUS_JSON")
	}
	peer := map[string]int{}
	if f, err := os.Open("../../testdata/bench/corpus-peer-sizes.tsv"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			c := strings.Split(sc.Text(), "\t")
			if n, err := strconv.Atoi(c[1]); err == nil {
				peer[c[0]] = n
			}
		}
		f.Close()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "tact-corpus-*.json"))
	var sizes, ratios []float64
	out := os.Getenv("TACT_CORPUS_OUT")
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "tact-corpus-"), ".json")
		raw, _ := os.ReadFile(f)
		var r snapshot.Result
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatal(err)
		}
		// A fixed port, so outputs of two runs diff cleanly.
		if i := strings.Index(r.URL, "/"+name+"/"); i > 0 {
			r.URL = "http://127.0.0.1:8765" + r.URL[i:]
		}
		p := snapshot.Build(r.URL, r.Title, r.Items)
		s, _ := Text(p, Options{})
		sizes = append(sizes, float64(len(s)))
		if n := peer[name]; n > 0 {
			ratios = append(ratios, float64(len(s))/float64(n))
		}
		if out != "" {
			_ = os.WriteFile(filepath.Join(out, name+".txt"), []byte(s), 0o644)
		}
	}
	slices.Sort(sizes)
	slices.Sort(ratios)
	t.Logf("%d pages: median %.0f chars, p90 %.0f, median ratio %.2f, p90 ratio %.2f", len(sizes), sizes[len(sizes)/2], sizes[len(sizes)*9/10], ratios[len(ratios)/2], ratios[len(ratios)*9/10])
}
