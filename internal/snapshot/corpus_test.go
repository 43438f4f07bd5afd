package snapshot_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/snapshot"
)

// TestCorpus snaps every page of ../shared/corpus/readability and compares
// the text size with agent-browser's "snapshot -i" (from the peers' table).
// It reports; it does not assert sizes. Run with TACT_CORPUS=1 -v.
func TestCorpus(t *testing.T) {
	pages, _ := browsertest.CorpusPages(t)
	peer := map[string]int{}
	if f, err := os.Open(filepath.Join("..", "..", "testdata", "bench", "corpus-peer-sizes.tsv")); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			c := strings.Split(sc.Text(), "\t")
			if n, err := strconv.Atoi(c[1]); err == nil {
				peer[c[0]] = n
			}
		}
		f.Close()
	}
	srv := browsertest.Serve(pages, "127.0.0.1:0")
	defer srv.Close()
	dirs, _ := os.ReadDir(pages)
	var ratios, sizes, fullSizes []float64
	var times []time.Duration
	var failed, empty []string
	tab := corpusTab(t)
	for _, d := range dirs {
		openCorpusPage(t, tab, srv.URL+"/"+d.Name()+"/source.html")
		start := time.Now()
		var r snapshot.Result
		err := tab.EvalErr(snapshot.JS+`;__tact.snap({"nextRef":1})`, &r)
		times = append(times, time.Since(start))
		if err == nil && r.Error != "" {
			err = errors.New(r.Error)
		}
		if err != nil {
			failed = append(failed, d.Name())
			t.Logf("%s: FAILED: %v", d.Name(), err)
			continue
		}
		full := snapshot.Build(r.URL, r.Title, r.Items)
		fullOut, _ := render.Text(full, render.Options{})
		fullSizes = append(fullSizes, float64(len(fullOut)))
		p := full.Folded(nil)
		out, st := render.Text(p, render.Options{})
		if len(p.Sections) == 0 {
			// Not a failure by itself: some saved pages render nothing
			// visible without their scripts (the peers see nothing either).
			empty = append(empty, d.Name())
		}
		sizes = append(sizes, float64(len(out)))
		if n := peer[d.Name()]; n > 0 {
			ratios = append(ratios, float64(len(out))/float64(n))
		}
		t.Logf("%s: %d chars (--full %d, ab -i %d), %d elements, %v", d.Name(), len(out), len(fullOut), peer[d.Name()], st.Elements, times[len(times)-1])
		if os.Getenv("TACT_CORPUS_DUMP") != "" {
			_ = os.WriteFile(filepath.Join(os.TempDir(), "tact-corpus-"+d.Name()+".txt"), []byte(out), 0o644)
			_ = os.WriteFile(filepath.Join(os.TempDir(), "tact-corpus-"+d.Name()+".full.txt"), []byte(fullOut), 0o644)
			if raw, err := json.Marshal(r); err == nil {
				_ = os.WriteFile(filepath.Join(os.TempDir(), "tact-corpus-"+d.Name()+".json"), raw, 0o644)
			}
		}
	}
	slices.Sort(ratios)
	slices.Sort(sizes)
	slices.Sort(fullSizes)
	slices.Sort(times)
	if len(fullSizes) > 0 {
		t.Logf("--full: median size %.0f chars, p90 %.0f", fullSizes[len(fullSizes)/2], fullSizes[len(fullSizes)*9/10])
	}
	if len(ratios) > 0 {
		t.Logf("median size %.0f chars, p90 %.0f; median ratio to agent-browser -i %.2f; median snap %v, max %v",
			sizes[len(sizes)/2], sizes[len(sizes)*9/10], ratios[len(ratios)/2], times[len(times)/2], times[len(times)-1])
	}
	t.Logf("%d pages, %d failed %v, %d empty %v", len(dirs), len(failed), failed, len(empty), empty)
}

// TestCorpusReach checks on every corpus page that folding hides nothing
// for good: each element of the unfolded snap is printed by the folded
// one or by one --focus on a handle the folded one prints. Run with
// TACT_CORPUS=1 -v.
func TestCorpusReach(t *testing.T) {
	pages, _ := browsertest.CorpusPages(t)
	srv := browsertest.Serve(pages, "127.0.0.1:0")
	defer srv.Close()
	dirs, _ := os.ReadDir(pages)
	tab := corpusTab(t)
	refRE := regexp.MustCompile(`@e([0-9]+)`)
	handleRE := regexp.MustCompile(`\(snap --focus @e([0-9]+)\)`)
	printed := func(p *snapshot.Page, into map[string]bool) string {
		out, _ := render.Text(p, render.Options{})
		for _, m := range refRE.FindAllStringSubmatch(out, -1) {
			into["e"+m[1]] = true
		}
		return out
	}
	pagesFolded, elements, focuses := 0, 0, 0
	for _, d := range dirs {
		openCorpusPage(t, tab, srv.URL+"/"+d.Name()+"/source.html")
		var r snapshot.Result
		if err := tab.EvalErr(snapshot.JS+`;__tact.snap({"nextRef":1})`, &r); err != nil || r.Error != "" {
			t.Logf("%s: snap failed: %v %s", d.Name(), err, r.Error)
			continue
		}
		full := snapshot.Build(r.URL, r.Title, r.Items)
		seen := map[string]bool{}
		out := printed(full.Folded(nil), seen)
		handles := handleRE.FindAllStringSubmatch(out, -1)
		if len(handles) > 0 {
			pagesFolded++
		}
		for _, h := range handles {
			focuses++
			var fr snapshot.Result
			if err := tab.EvalErr(`__tact.snap({nextRef: 1, focusEl: __tact.byRef(`+h[1]+`)})`, &fr); err != nil || fr.Error != "" {
				t.Errorf("%s: snap --focus @e%s failed: %v %s", d.Name(), h[1], err, fr.Error)
				continue
			}
			printed(snapshot.Build(fr.URL, fr.Title, fr.Items).Folded(nil), seen)
		}
		var lost []string
		for _, e := range full.Flat() {
			elements++
			if !seen[e.Ref] {
				lost = append(lost, e.Ref+" "+strconv.Quote(e.Name))
			}
		}
		if len(lost) > 0 {
			t.Errorf("%s: %d of %d elements not reachable by at most one --focus: %v", d.Name(), len(lost), len(full.Flat()), lost[:min(len(lost), 10)])
		}
	}
	t.Logf("%d pages, %d with folds, %d elements, %d focus handles checked", len(dirs), pagesFolded, elements, focuses)
}

// corpusTab is a tab where saved pages cannot alert() (a dialog would block
// every evaluation).
func corpusTab(t *testing.T) *browsertest.Tab {
	tab := browsertest.NewTab(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := tab.Session.Call(ctx, "Page.addScriptToEvaluateOnNewDocument", map[string]any{
		"source": "window.alert = window.confirm = window.prompt = () => undefined;"}, nil); err != nil {
		t.Fatal(err)
	}
	return tab
}

// openCorpusPage loads url in tab. Some saved pages never fire load
// (blocked external resources): it waits until the document is parsed, or
// a short while.
func openCorpusPage(t *testing.T, tab *browsertest.Tab, url string) {
	u := strconv.Quote(url)
	if err := tab.EvalErr("location.href = "+u+"; 0", nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		var ready bool
		err := tab.EvalErr(`location.href === `+u+` && document.readyState !== 'loading'`, &ready)
		if (err == nil && ready) || time.Now().After(deadline) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}
