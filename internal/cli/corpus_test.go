package cli_test

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/datadir"
)

// TestCorpusSnap snaps every saved page of the readability corpus through the
// real CLI and reports sizes and times; it fails only when a page exits
// non-zero. Run it with
//
//	TACT_CORPUS=1 go test -count=1 -run TestCorpusSnap -v -timeout 30m ./internal/cli/
//
// For each page, in a session of its own: "snap URL" (default token budget; navigation + snapshot,
// timed as nav ms), then "snap --max-tokens 0" on the same document (warm
// snapshot, timed as snap ms). Tokens are characters/4.
func TestCorpusSnap(t *testing.T) {
	dir, _ := browsertest.CorpusPages(t)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("no corpus: %v", err)
	}
	var names []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(dir, e.Name(), "source.html")); e.IsDir() && err == nil {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		t.Skipf("no pages with source.html under %s", dir)
	}
	peerFile := filepath.Join("..", "..", "testdata", "bench", "corpus-peer-sizes.tsv")
	peers := readPeerCol(t, peerFile, "ab_i_chars")
	var abMS []float64
	for _, v := range readPeerCol(t, peerFile, "ab_i_ms") {
		abMS = append(abMS, float64(v))
	}

	srv := browsertest.Serve(dir, "127.0.0.1:0")
	defer srv.Close()

	type row struct {
		name               string
		codeDef, codeAll   int
		navMS, snapMS      float64
		charsDef, charsAll int
		cut                bool
		abChars            int
		errText            string
	}
	var rows []row
	for i, name := range names {
		u := srv.URL + "/" + name + "/source.html"
		r := row{name: name, abChars: peers[name]}
		// Each page is the first of its own session, as the peers' sizes
		// were measured: refs start at @e1 (one long session would print
		// five-digit refs by the last pages).
		session := fmt.Sprintf("corpus-%d", i)
		mustOK(t, tact(t, session, "browser", "launch"))
		sp, err := datadir.Session(session)
		if err != nil {
			t.Fatal(err)
		}
		var logOff int64
		if fi, err := os.Stat(sp.Log); err == nil {
			logOff = fi.Size()
		}

		start := time.Now()
		def := tact(t, session, "snap", u)
		r.navMS = ms(time.Since(start))
		start = time.Now()
		all := tact(t, session, "snap", "--max-tokens", "0")
		r.snapMS = ms(time.Since(start))

		r.codeDef, r.codeAll = def.code, all.code
		r.charsDef = utf8.RuneCountInString(def.out)
		r.charsAll = utf8.RuneCountInString(all.out)
		r.cut = strings.Contains(def.out, "… cut at ~")
		if def.code != 0 || all.code != 0 {
			r.errText = strings.TrimSpace(def.err + " | " + all.err)
			t.Errorf("%s: exit %d (default budget) / %d (--max-tokens 0)\ndefault stderr: %s\nunbounded stderr: %s\ndaemon log during this page:\n%s",
				name, def.code, all.code, def.err, all.err, readFrom(sp.Log, logOff))
		}
		rows = append(rows, r)
		tact(t, session, "browser", "stop")
	}

	// Per-page TSV.
	f, err := os.CreateTemp("", "tact-corpus-*.tsv")
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "page\texit_default\texit_unbounded\tnav_ms\tsnap_ms\tchars_default\ttokens_default\tchars_unbounded\ttokens_unbounded\tcut\tab_i_chars\tratio_default\tratio_unbounded\terror")
	var (
		tokDef, tokAll, navs, snaps, ratioDef, ratioAll []float64
		failed                                          []string
		ncut                                            int
	)
	for _, r := range rows {
		rd, ra := "", ""
		if r.codeDef != 0 || r.codeAll != 0 {
			failed = append(failed, fmt.Sprintf("%s (exit %d/%d: %s)", r.name, r.codeDef, r.codeAll, oneLine(r.errText)))
		} else {
			tokDef = append(tokDef, float64(r.charsDef)/4)
			tokAll = append(tokAll, float64(r.charsAll)/4)
			navs = append(navs, r.navMS)
			snaps = append(snaps, r.snapMS)
			if r.cut {
				ncut++
			}
			if r.abChars > 0 {
				x, y := float64(r.charsDef)/float64(r.abChars), float64(r.charsAll)/float64(r.abChars)
				ratioDef, ratioAll = append(ratioDef, x), append(ratioAll, y)
				rd, ra = strconv.FormatFloat(x, 'f', 3, 64), strconv.FormatFloat(y, 'f', 3, 64)
			}
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%.0f\t%.0f\t%d\t%d\t%d\t%d\t%t\t%d\t%s\t%s\t%s\n",
			r.name, r.codeDef, r.codeAll, r.navMS, r.snapMS, r.charsDef, r.charsDef/4, r.charsAll, r.charsAll/4,
			r.cut, r.abChars, rd, ra, oneLine(r.errText))
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	t.Logf("pages: %d, ok: %d, failed: %d, cut by the default budget: %d", len(rows), len(rows)-len(failed), len(failed), ncut)
	t.Logf("tokens, default budget: median %.0f, p90 %.0f, max %.0f", pct(tokDef, 50), pct(tokDef, 90), pct(tokDef, 100))
	t.Logf("tokens, --max-tokens 0: median %.0f, p90 %.0f, max %.0f", pct(tokAll, 50), pct(tokAll, 90), pct(tokAll, 100))
	t.Logf("snap URL (navigate + snapshot) ms: median %.0f, p90 %.0f, max %.0f", pct(navs, 50), pct(navs, 90), pct(navs, 100))
	t.Logf("snap --max-tokens 0 (warm) ms: median %.0f, p90 %.0f, max %.0f", pct(snaps, 50), pct(snaps, 90), pct(snaps, 100))
	t.Logf("chars / agent-browser snapshot -i chars over %d pages: default budget median %.2f (p90 %.2f), unbounded median %.2f (p90 %.2f)",
		len(ratioDef), pct(ratioDef, 50), pct(ratioDef, 90), pct(ratioAll, 50), pct(ratioAll, 90))
	var ours, theirs []float64
	for _, r := range rows {
		if r.abChars > 0 && r.codeDef == 0 {
			ours, theirs = append(ours, float64(r.charsDef)), append(theirs, float64(r.abChars))
		}
	}
	t.Logf("chars per page, default budget: median %.0f (agent-browser -i %.0f: %.2fx), p90 %.0f (%.0f: %.2fx); all pages' chars %.2fx",
		pct(ours, 50), pct(theirs, 50), pct(ours, 50)/pct(theirs, 50), pct(ours, 90), pct(theirs, 90), pct(ours, 90)/pct(theirs, 90), sum(ours)/sum(theirs))
	if len(abMS) > 0 {
		t.Logf("agent-browser snapshot -i ms (from %s): median %.0f, p90 %.0f", filepath.Base(peerFile), pct(abMS, 50), pct(abMS, 90))
	}
	t.Logf("per-page results: %s", f.Name())
	if len(failed) > 0 {
		t.Errorf("%d pages exited non-zero:\n  %s", len(failed), strings.Join(failed, "\n  "))
	}
}

// readPeerCol maps page name to the integer column name of the peers' size
// table; a missing file or column gives an empty map.
func readPeerCol(t *testing.T, path, name string) map[string]int {
	m := map[string]int{}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Logf("no peer sizes: %v", err)
		return m
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	col := -1
	for i, h := range strings.Split(lines[0], "\t") {
		if h == name {
			col = i
		}
	}
	if col < 0 {
		t.Logf("%s has no %s column", path, name)
		return m
	}
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) > col {
			if n, err := strconv.Atoi(strings.TrimSpace(f[col])); err == nil {
				m[f[0]] = n
			}
		}
	}
	return m
}

func sum(xs []float64) float64 {
	var n float64
	for _, x := range xs {
		n += x
	}
	return n
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// pct is the nearest-rank percentile p (0-100) of xs; NaN when empty.
func pct(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

// readFrom returns the file from byte offset off (the log of one page).
func readFrom(path string, off int64) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	if _, err := f.Seek(off, io.SeekStart); err != nil {
		return err.Error()
	}
	b, _ := io.ReadAll(f)
	return string(b)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
