package read_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/read"
)

// TestCorpus reads every page of ../shared/corpus/readability and measures,
// against the article text a reader view extracted (expected.html):
//   - recall: the share of expected words (as a bag, so repeats count) that
//     our markdown contains;
//   - precision: the share of our words that are expected ones, i.e. how
//     much besides the article we print (comments, teasers, chrome);
//   - size in characters.
//
// It reports rather than asserts: the reference is one reader view's idea
// of "the article", while read prints all visible content of the main
// region. Run with: TACT_CORPUS=1 go test -run TestCorpus -v ./internal/read/
// (TACT_CORPUS_DUMP=1 also writes each page's markdown to the temp dir).
func TestCorpus(t *testing.T) {
	pages, _ := browsertest.CorpusPages(t)
	srv := browsertest.Serve(pages, "127.0.0.1:0")
	defer srv.Close()
	dirs, err := os.ReadDir(pages)
	if err != nil {
		t.Fatal(err)
	}

	tab := browsertest.NewTab(t)
	// Saved pages may alert(); a pending dialog blocks every evaluation.
	unsub := browsertest.Conn().Subscribe(func(ev cdp.Event) {
		if ev.SessionID == tab.Session.ID && ev.Method == "Page.javascriptDialogOpening" {
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				_ = tab.Session.Call(ctx, "Page.handleJavaScriptDialog", map[string]any{"accept": true}, nil)
			}()
		}
	})
	defer unsub()

	var recalls, precisions, sizes []float64
	var times []time.Duration
	var failed, low []string
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		name := d.Name()
		if err := load(tab, srv.URL+"/"+name+"/expected.html"); err != nil {
			failed = append(failed, name)
			t.Logf("%s: FAILED loading expected: %v", name, err)
			continue
		}
		var expected string
		if err := tab.EvalErr(`document.body ? document.body.textContent : ''`, &expected); err != nil {
			failed = append(failed, name)
			t.Logf("%s: FAILED reading expected: %v", name, err)
			continue
		}
		if err := load(tab, srv.URL+"/"+name+"/source.html"); err != nil {
			failed = append(failed, name)
			t.Logf("%s: FAILED loading source: %v", name, err)
			continue
		}
		start := time.Now()
		r, err := readIsolated(tab)
		elapsed := time.Since(start)
		if err == nil && r.Error != "" {
			err = errors.New(r.Error)
		}
		if err == nil && strings.TrimSpace(r.Markdown) == "" {
			err = errors.New("empty output")
		}
		if err != nil {
			failed = append(failed, name)
			t.Logf("%s: FAILED: %v", name, err)
			continue
		}
		md := read.Clean(r.Markdown)
		exp := words(expected)
		if len(exp) == 0 {
			// Nothing to compare with (the reference found no article).
			t.Logf("%s: %d chars, no reference text", name, len(md))
			continue
		}
		rec, prec := overlap(exp, words(md))
		recalls = append(recalls, rec)
		precisions = append(precisions, prec)
		sizes = append(sizes, float64(len(md)))
		times = append(times, elapsed)
		if rec < 0.9 {
			low = append(low, fmt.Sprintf("%s(%.2f)", name, rec))
		}
		t.Logf("%s: recall %.3f precision %.3f, %d chars (reference %d words), %v",
			name, rec, prec, len(md), len(exp), elapsed.Round(time.Millisecond))
		if os.Getenv("TACT_CORPUS_DUMP") != "" {
			_ = os.WriteFile(filepath.Join(os.TempDir(), "tact-read-"+name+".md"), []byte(md), 0o644)
		}
	}
	if len(recalls) == 0 {
		t.Fatalf("no page read; failed: %v", failed)
	}
	slices.Sort(recalls)
	slices.Sort(precisions)
	slices.Sort(sizes)
	slices.Sort(times)
	t.Logf("%d pages compared: recall median %.3f p10 %.3f; precision median %.3f p10 %.3f; size median %.0f chars p90 %.0f; read time median %v max %v",
		len(recalls), quantile(recalls, 0.5), quantile(recalls, 0.1), quantile(precisions, 0.5), quantile(precisions, 0.1),
		quantile(sizes, 0.5), quantile(sizes, 0.9), times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	t.Logf("recall < 0.9: %v", low)
	t.Logf("%d failed: %v", len(failed), failed)
}

// load navigates by script (some saved pages never fire load because their
// external resources are blocked) and waits until the document is parsed.
func load(tab *browsertest.Tab, u string) error {
	q := strconv.Quote(u)
	if err := tab.EvalErr("location.href = "+q+"; 0", nil); err != nil {
		return err
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		var ready bool
		err := tab.EvalErr(`location.href === `+q+` && document.readyState === 'complete'`, &ready)
		if err == nil && ready {
			return nil
		}
		if time.Now().After(deadline) {
			// Read what is there: a page stuck loading is still a page.
			var parsed bool
			if err := tab.EvalErr(`location.href === `+q+` && document.readyState !== 'loading'`, &parsed); err != nil {
				return err
			}
			if !parsed {
				return errors.New("not loaded")
			}
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// readIsolated runs the extractor the way tact does: in an isolated world,
// out of reach of the page's own scripts and globals.
func readIsolated(tab *browsertest.Tab) (read.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var tree struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	var r read.Result
	if err := tab.Session.Call(ctx, "Page.getFrameTree", nil, &tree); err != nil {
		return r, err
	}
	var world struct {
		ID int `json:"executionContextId"`
	}
	if err := tab.Session.Call(ctx, "Page.createIsolatedWorld", map[string]any{"frameId": tree.FrameTree.Frame.ID, "worldName": "tact-read-test"}, &world); err != nil {
		return r, err
	}
	var res struct {
		Result struct {
			Value *read.Result `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	err := tab.Session.Call(ctx, "Runtime.evaluate", map[string]any{
		"expression": read.JS + ";\n__tact.read({})", "contextId": world.ID, "returnByValue": true,
	}, &res)
	switch {
	case err != nil:
		return r, err
	case res.ExceptionDetails != nil:
		return r, errors.New(res.ExceptionDetails.Text)
	case res.Result.Value == nil:
		return r, errors.New("no value")
	}
	return *res.Result.Value, nil
}

// words splits text into lower-cased words. Scripts written without spaces
// (Han, kana) count each character as a word so that line breaking does not
// decide the score.
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
			flush()
			out = append(out, string(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// overlap returns the multiset overlap of got with want, as a share of
// want (recall) and of got (precision).
func overlap(want, got []string) (recall, precision float64) {
	bag := map[string]int{}
	for _, w := range got {
		bag[w]++
	}
	hit := 0
	for _, w := range want {
		if bag[w] > 0 {
			bag[w]--
			hit++
		}
	}
	recall = float64(hit) / float64(len(want))
	if len(got) > 0 {
		precision = float64(hit) / float64(len(got))
	}
	return recall, precision
}

func quantile(sorted []float64, q float64) float64 {
	return sorted[int(q*float64(len(sorted)-1))]
}
