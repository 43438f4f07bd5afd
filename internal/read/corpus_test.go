package read_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/pagetext"
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
// It reports rather than asserts (recall, precision and their F1, before —
// all the text of the content root, Render's "main" scope — and after — the default `tact read`, main
// content extracted in Go): the reference is one reader view's idea of
// "the article", and Readability's own output, so only a proxy. Run with: TACT_CORPUS=1 go test -run TestCorpus -v ./internal/read/
// (TACT_CORPUS_DUMP=1 also writes each page's markdown to the temp dir;
// TACT_CORPUS_PAGES=REGEXP reads only the pages whose name matches).
func TestCorpus(t *testing.T) {
	pages, _ := browsertest.CorpusPages(t)
	srv := browsertest.Serve(pages, "127.0.0.1:0")
	defer srv.Close()
	dirs, err := os.ReadDir(pages)
	if err != nil {
		t.Fatal(err)
	}

	tab := corpusTab(t)

	type score struct {
		recall, precision, f1, size []float64
		times                       []time.Duration
		low                         []string
	}
	// before: the content root's text (Render's "main" scope);
	// after: what `tact read` prints by default (main content extracted in
	// Go from the serialized page, else its text).
	// unpruned: the main content as extracted without the boilerplate
	// rules (boiler.go), from the same serialized page, for their effect.
	var before, after, unpruned score
	var failed []string
	add := func(s *score, name string, exp []string, md string, elapsed time.Duration) (float64, float64, float64) {
		rec, prec := overlap(exp, words(md))
		f := 0.0
		if rec+prec > 0 {
			f = 2 * rec * prec / (rec + prec)
		}
		s.recall = append(s.recall, rec)
		s.precision = append(s.precision, prec)
		s.f1 = append(s.f1, f)
		s.size = append(s.size, float64(len(md)))
		s.times = append(s.times, elapsed)
		if f < 0.9 {
			s.low = append(s.low, fmt.Sprintf("%s(%.2f)", name, f))
		}
		return rec, prec, f
	}
	mains := 0
	var only *regexp.Regexp
	if p := os.Getenv("TACT_CORPUS_PAGES"); p != "" {
		only = regexp.MustCompile(p)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		name := d.Name()
		if only != nil && !only.MatchString(name) {
			continue
		}
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
		r, err := renderTab(tab, "main")
		elapsed := time.Since(start)
		if err == nil && strings.TrimSpace(r.Markdown) == "" {
			err = errors.New("empty output")
		}
		if err != nil {
			failed = append(failed, name)
			t.Logf("%s: FAILED: %v", name, err)
			continue
		}
		md := pagetext.Clean(r.Markdown)

		start = time.Now()
		var p pagetext.Page
		err = evalIsolated(tab, "__tact.readHTML()", &p)
		if err == nil && p.Error != "" {
			err = errors.New(p.Error)
		}
		if err != nil {
			failed = append(failed, name)
			t.Logf("%s: FAILED serializing: %v", name, err)
			continue
		}
		serialized := time.Since(start)
		m, ok := read.Extract(p.HTML, p.URL, false)
		mdAfter := m.Markdown
		if ok {
			mains++
		} else {
			t.Logf("%s: no main content: %s", name, read.ExtractWhy(p.HTML, p.URL))
			if r2, err := renderTab(tab, "main"); err == nil {
				mdAfter = pagetext.Clean(r2.Markdown)
			}
		}
		elapsedAfter := time.Since(start)

		exp := words(expected)
		if len(exp) == 0 {
			// Nothing to compare with (the reference found no article).
			t.Logf("%s: %d chars, no reference text", name, len(md))
			continue
		}
		rec, prec, f := add(&before, name, exp, md, elapsed)
		rec2, prec2, f2 := add(&after, name, exp, mdAfter, elapsedAfter)
		read.NoBoiler(read.BoilerRules()...)
		if m0, ok0 := read.Extract(p.HTML, p.URL, false); ok0 {
			add(&unpruned, name, exp, m0.Markdown, elapsedAfter)
		} else {
			add(&unpruned, name, exp, mdAfter, elapsedAfter)
		}
		read.NoBoiler()
		t.Logf("%s: before R %.3f P %.3f F1 %.3f %d chars %v; after (main=%v %v) R %.3f P %.3f F1 %.3f %d chars %v (serialized %d chars in %v)",
			name, rec, prec, f, len(md), elapsed.Round(time.Millisecond), ok, m.LeftOut, rec2, prec2, f2, len(mdAfter), elapsedAfter.Round(time.Millisecond),
			len(p.HTML), serialized.Round(time.Millisecond))
		if os.Getenv("TACT_CORPUS_DUMP") != "" {
			_ = os.WriteFile(filepath.Join(os.TempDir(), "tact-read-"+name+".md"), []byte(mdAfter), 0o644)
		}
	}
	if len(before.f1) == 0 {
		t.Fatalf("no page read; failed: %v", failed)
	}
	for _, x := range []struct {
		name string
		s    *score
	}{{"before (content root)", &before}, {"after (main content)", &after}, {"after without boilerplate rules", &unpruned}} {
		s := x.s
		mean := 0.0
		for _, f := range s.f1 {
			mean += f
		}
		mean /= float64(len(s.f1))
		for _, v := range [][]float64{s.recall, s.precision, s.f1, s.size} {
			slices.Sort(v)
		}
		slices.Sort(s.times)
		t.Logf("%s: %d pages: F1 mean %.3f median %.3f p10 %.3f; recall median %.3f p10 %.3f; precision median %.3f p10 %.3f; size median %.0f chars p90 %.0f; time median %v max %v",
			x.name, len(s.f1), mean, quantile(s.f1, 0.5), quantile(s.f1, 0.1), quantile(s.recall, 0.5), quantile(s.recall, 0.1),
			quantile(s.precision, 0.5), quantile(s.precision, 0.1), quantile(s.size, 0.5), quantile(s.size, 0.9),
			s.times[len(s.times)/2].Round(time.Millisecond), s.times[len(s.times)-1].Round(time.Millisecond))
		t.Logf("%s: F1 < 0.9: %v", x.name, s.low)
	}
	t.Logf("main content found on %d pages; %d failed: %v", mains, len(failed), failed)
}

// corpusTab opens a tab that accepts the dialogs saved pages open: a
// pending alert() blocks every evaluation.
// renderTab reads the tab's page as Render does in scope: serialized
// with the text cap, then laid out.
func renderTab(tab *browsertest.Tab, scope string) (pagetext.Result, error) {
	var p pagetext.Page
	err := evalIsolated(tab, "__tact.readHTML({text: "+strconv.Itoa(pagetext.MaxText)+"})", &p)
	if err == nil && p.Error != "" {
		err = errors.New(p.Error)
	}
	if err != nil {
		return pagetext.Result{}, err
	}
	return pagetext.Result{URL: p.URL, Title: p.Title, Markdown: read.Render(p.HTML, pagetext.RenderOptions{Scope: scope})}, nil
}

func corpusTab(t *testing.T) *browsertest.Tab {
	tab := browsertest.NewTab(t)
	unsub := browsertest.Conn().Subscribe(func(ev cdp.Event) {
		if ev.SessionID == tab.Session.ID && ev.Method == "Page.javascriptDialogOpening" {
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				_ = tab.Session.Call(ctx, "Page.handleJavaScriptDialog", map[string]any{"accept": true}, nil)
			}()
		}
	})
	t.Cleanup(unsub)
	return tab
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

// evalIsolated runs expr after the reader's library the way tact does: in
// an isolated world, out of reach of the page's own scripts and globals.
func evalIsolated(tab *browsertest.Tab, expr string, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var tree struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	if err := tab.Session.Call(ctx, "Page.getFrameTree", nil, &tree); err != nil {
		return err
	}
	var world struct {
		ID int `json:"executionContextId"`
	}
	if err := tab.Session.Call(ctx, "Page.createIsolatedWorld", map[string]any{"frameId": tree.FrameTree.Frame.ID, "worldName": "tact-read-test"}, &world); err != nil {
		return err
	}
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	err := tab.Session.Call(ctx, "Runtime.evaluate", map[string]any{
		"expression": pagetext.JS + ";\n" + expr, "contextId": world.ID, "returnByValue": true,
	}, &res)
	switch {
	case err != nil:
		return err
	case res.ExceptionDetails != nil:
		return errors.New(res.ExceptionDetails.Text)
	case len(res.Result.Value) == 0:
		return errors.New("no value")
	}
	return json.Unmarshal(res.Result.Value, out)
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
