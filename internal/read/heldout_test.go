package read_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	trafilatura "github.com/markusmobius/go-trafilatura"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/read"
)

// TestHeldOut scores `tact read` the way go-trafilatura scores extractors
// on its comparison benchmark: hand-picked snippets per page that the
// main content must contain ("with") and must not contain ("without").
// The pages and labels are go-trafilatura's (test-files/ and
// scripts/comparison/data.go, parsed here at test time, never copied into
// this repository), so none of tact's rules were tuned on them unless one
// looks at this test's output.
//
// Each page is served from 127.0.0.1 (external hosts fail fast), loaded
// in the real browser, serialized by html.js and extracted by Extract as
// `tact read` does; a page without main content is read again as all
// visible text (what `tact read` then prints). A "with" snippet found is
// a true positive, missing a false negative; a "without" snippet found a
// false positive, absent a true negative (whitespace folded on both
// sides). Snippets are looked for in the body, as an extractor
// benchmark scores it: without the title line and image lines tact puts
// around it (the score as printed is reported too). It reports
// precision, recall, F1 and accuracy over all snippets, how many pages fell back to all text and why, extraction
// times, and the worst pages.
//
// Run with:
//
//	TACT_TRAFI=$(go env GOMODCACHE)/github.com/markusmobius/go-trafilatura@v1.12.2 \
//	  go test -count=1 -run TestHeldOut -v -timeout 30m ./internal/read/
//
// TACT_TRAFI_PAGES=REGEXP reads only the files whose name matches;
// TACT_NOBOIL=RULE,… leaves out those boilerplate rules;
// TACT_TRAFI_CACHE=DIR keeps each page's serialized HTML (and its
// all-text reading) there and reuses it on the next run, so extraction
// changes can be measured without the browser (times then are Extract's
// alone); TACT_TRAFI_DUMP=DIR writes each page's output there.
func TestHeldOut(t *testing.T) {
	dir := os.Getenv("TACT_TRAFI")
	if dir == "" {
		t.Skip("set TACT_TRAFI to a go-trafilatura module directory")
	}
	entries, err := comparisonEntries(filepath.Join(dir, "scripts", "comparison", "data.go"))
	if err != nil {
		t.Fatal(err)
	}
	if v := os.Getenv("TACT_NOBOIL"); v != "" {
		read.NoBoiler(strings.Split(v, ",")...)
		defer read.NoBoiler()
	}
	if p := os.Getenv("TACT_TRAFI_PAGES"); p != "" {
		re := regexp.MustCompile(p)
		entries = slices.DeleteFunc(entries, func(e labelled) bool { return !re.MatchString(e.File) })
	}
	cache := os.Getenv("TACT_TRAFI_CACHE")
	if cache != "" {
		if err := os.MkdirAll(cache, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := filepath.Join(dir, "test-files")
	srv := serveSaved(files)
	defer srv.Close()

	var tab *browsertest.Tab
	openTab := func() {
		if tab != nil {
			return
		}
		tab = corpusTab(t)
	}

	var total, asPrinted, baseline snippetScore
	var extractTimes, readTimes []time.Duration
	whys := map[string]int{}
	type pageLine struct {
		f1   float64
		line string
	}
	var pages []pageLine
	var failed []string
	for _, e := range entries {
		sub := "comparison"
		if _, err := os.Stat(filepath.Join(files, sub, e.File)); err != nil {
			sub = "mock"
			if _, err := os.Stat(filepath.Join(files, sub, e.File)); err != nil {
				failed = append(failed, e.File)
				continue
			}
		}
		var c cachedPage
		cached := false
		cfile := ""
		if cache != "" {
			cfile = filepath.Join(cache, strings.ReplaceAll(e.File, "/", "_")+".json")
			if b, err := os.ReadFile(cfile); err == nil && json.Unmarshal(b, &c) == nil {
				cached = true
			}
		}
		if cached && !strings.HasPrefix(c.URL, "http://127.0.0.1:") {
			failed = append(failed, e.File)
			continue
		}
		// A page that failed is remembered as failed (a URL that is not
		// the test server's), so that the next run does not wait for it.
		fail := func(why string) {
			failed = append(failed, e.File)
			t.Logf("%s: FAILED %s", e.File, why)
			if b, err := json.Marshal(cachedPage{URL: "failed: " + why}); err == nil && cfile != "" {
				_ = os.WriteFile(cfile, b, 0o644)
			}
		}
		var serialized time.Duration
		if !cached {
			openTab()
			u := srv.URL + "/" + sub + "/" + url.PathEscape(e.File)
			if err := load(tab, u); err != nil {
				fail("loading: " + err.Error())
				continue
			}
			start := time.Now()
			var p pagetext.Page
			err := evalIsolated(tab, "__tact.readHTML()", &p)
			if err == nil && p.Error != "" {
				err = errors.New(p.Error)
			}
			if err != nil {
				fail("serializing: " + err.Error())
				continue
			}
			serialized = time.Since(start)
			if !strings.HasPrefix(p.URL, srv.URL+"/") {
				// A script sent the saved page elsewhere (often to https,
				// which the test server does not speak): not the page.
				fail("the page navigated to " + p.URL)
				continue
			}
			c = cachedPage{URL: p.URL, HTML: p.HTML}
			// What `tact read` prints of a page without an article: the
			// same serialization, rendered.
			render := func(html string) string { return read.Render(html, pagetext.RenderOptions{Scope: "page"}) }
			c.Text = pagetext.Clean(pagetext.Text(render(p.HTML), func() string {
				var q pagetext.Page
				_ = evalIsolated(tab, "__tact.readHTML({loose: true})", &q)
				return q.HTML
			}, render))
			if cfile != "" {
				if b, err := json.Marshal(c); err == nil {
					_ = os.WriteFile(cfile, b, 0o644)
				}
			}
		}
		// The baseline: go-trafilatura (with its fallbacks) on the raw
		// HTML of the same page, as its own benchmark runs it.
		if raw, err := os.ReadFile(filepath.Join(files, sub, e.File)); err == nil {
			text := ""
			if res, err := trafilatura.Extract(strings.NewReader(string(raw)), trafilatura.Options{EnableFallback: true, HtmlDateMode: trafilatura.Disabled}); err == nil {
				text = res.ContentText
			}
			baseline.add(scoreSnippets(e, text))
		}
		start := time.Now()
		m, ok := read.Extract(c.HTML, c.URL, false)
		took := time.Since(start)
		extractTimes = append(extractTimes, took)
		readTimes = append(readTimes, serialized+took)
		out, mode := m.Markdown, "main"
		if !ok {
			why := read.ExtractWhy(c.HTML, c.URL)
			why, _, _ = strings.Cut(why, ":")
			whys[why]++
			out, mode = c.Text, "text("+why+")"
		}
		if d := os.Getenv("TACT_TRAFI_DUMP"); d != "" {
			_ = os.WriteFile(filepath.Join(d, e.File+".md"), []byte(out), 0o644)
		}
		printed := scoreSnippets(e, out)
		asPrinted.add(printed)
		// Body only: what an extractor benchmark scores, without the lines
		// tact adds around it (the title line, image lines; the note line
		// is the command's, not Extract's).
		s := scoreSnippets(e, bodyOnly(out))
		total.add(s)
		pages = append(pages, pageLine{s.f1(), fmt.Sprintf("%s: %s F1 %.2f (TP %d FN %d FP %d TN %d) %d chars; missing %q; unwanted %q",
			e.File, mode, s.f1(), s.tp, s.fn, s.fp, s.tn, len(out), s.missing, s.unwanted)})
	}
	if len(pages) == 0 {
		t.Fatalf("no page read; failed: %v", failed)
	}
	slices.SortStableFunc(pages, func(a, b pageLine) int {
		switch {
		case a.f1 < b.f1:
			return -1
		case a.f1 > b.f1:
			return 1
		}
		return 0
	})
	worst := 40
	if v, err := strconv.Atoi(os.Getenv("TACT_TRAFI_WORST")); err == nil {
		worst = v
	}
	for i, p := range pages {
		if i == worst || p.f1 == 1 {
			break
		}
		t.Log(p.line)
	}
	fallbacks := 0
	var why []string
	for k, n := range whys {
		fallbacks += n
		why = append(why, fmt.Sprintf("%s %d", k, n))
	}
	slices.Sort(why)
	slices.Sort(extractTimes)
	slices.Sort(readTimes)
	t.Logf("%d pages (%d failed %v): precision %.3f recall %.3f F1 %.3f accuracy %.3f (TP %d FN %d FP %d TN %d)",
		len(pages), len(failed), failed, total.precision(), total.recall(), total.f1(), total.accuracy(), total.tp, total.fn, total.fp, total.tn)
	t.Logf("as printed (title and image lines in): precision %.3f recall %.3f F1 %.3f (TP %d FN %d FP %d TN %d)",
		asPrinted.precision(), asPrinted.recall(), asPrinted.f1(), asPrinted.tp, asPrinted.fn, asPrinted.fp, asPrinted.tn)
	t.Logf("baseline, go-trafilatura on the raw HTML of the same pages: precision %.3f recall %.3f F1 %.3f (TP %d FN %d FP %d TN %d)",
		baseline.precision(), baseline.recall(), baseline.f1(), baseline.tp, baseline.fn, baseline.fp, baseline.tn)
	t.Logf("fell back to all text on %d pages: %s", fallbacks, strings.Join(why, ", "))
	t.Logf("Extract time median %v p90 %v max %v; serialize+Extract median %v p90 %v",
		durQ(extractTimes, 0.5), durQ(extractTimes, 0.9), extractTimes[len(extractTimes)-1].Round(time.Millisecond),
		durQ(readTimes, 0.5), durQ(readTimes, 0.9))
}

// serveSaved serves the benchmark's saved pages from 127.0.0.1, as UTF-8
// when they are valid UTF-8; the others (saved in Latin-1, Windows-1252,
// …) are served without a charset so that the browser takes the one the
// page declares, as it would from the site.
func serveSaved(dir string) *httptest.Server {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	s := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		name := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		b, err := os.ReadFile(name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		ct := "text/html"
		if utf8.Valid(b) {
			ct += "; charset=utf-8"
		}
		w.Header().Set("Content-Type", ct)
		_, _ = w.Write(b)
	}))
	s.Listener.Close()
	s.Listener = l
	s.Start()
	return s
}

// cachedPage is what TACT_TRAFI_CACHE keeps of a page.
type cachedPage struct {
	URL  string `json:"url"`
	HTML string `json:"html"`
	Text string `json:"text"` // the all-text reading
}

// labelled is one page of the comparison benchmark.
type labelled struct {
	URL           string
	File          string
	With, Without []string
}

// comparisonEntries parses the benchmark's labels from its Go source: a
// map literal from URL to a struct literal with File, With and Without.
func comparisonEntries(path string) ([]labelled, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		return nil, err
	}
	var out []labelled
	var bad error
	ast.Inspect(f, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		key, ok := kv.Key.(*ast.BasicLit)
		val, ok2 := kv.Value.(*ast.CompositeLit)
		if !ok || !ok2 || key.Kind != token.STRING {
			return true
		}
		var e labelled
		e.URL, _ = strconv.Unquote(key.Value)
		for _, el := range val.Elts {
			f, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			name, _ := f.Key.(*ast.Ident)
			if name == nil {
				continue
			}
			switch name.Name {
			case "File":
				if s, ok := f.Value.(*ast.BasicLit); ok {
					e.File, _ = strconv.Unquote(s.Value)
				}
			case "With", "Without":
				l, ok := f.Value.(*ast.CompositeLit)
				if !ok {
					continue
				}
				for _, x := range l.Elts {
					s, ok := x.(*ast.BasicLit)
					if !ok {
						continue
					}
					v, err := strconv.Unquote(s.Value)
					if err != nil {
						bad = err
						continue
					}
					if name.Name == "With" {
						e.With = append(e.With, v)
					} else {
						e.Without = append(e.Without, v)
					}
				}
			}
		}
		if e.File != "" {
			out = append(out, e)
		}
		return false
	})
	if bad != nil {
		return nil, bad
	}
	if len(out) == 0 {
		return nil, errors.New("no entries in " + path)
	}
	slices.SortFunc(out, func(a, b labelled) int { return strings.Compare(a.File, b.File) })
	return out, nil
}

type snippetScore struct {
	tp, fn, fp, tn    int
	missing, unwanted []string
}

func (s *snippetScore) add(o snippetScore) {
	s.tp += o.tp
	s.fn += o.fn
	s.fp += o.fp
	s.tn += o.tn
}

func (s snippetScore) precision() float64 { return ratio(s.tp, s.tp+s.fp) }
func (s snippetScore) recall() float64    { return ratio(s.tp, s.tp+s.fn) }
func (s snippetScore) accuracy() float64  { return ratio(s.tp+s.tn, s.tp+s.tn+s.fp+s.fn) }
func (s snippetScore) f1() float64 {
	p, r := s.precision(), s.recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// bodyOnly is read's output without the title line (the first level-1
// heading) and images (the dek under the title is the story's, as the
// benchmark's labels have it).
func bodyOnly(md string) string {
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "# ") {
			lines = slices.Delete(lines, i, i+1)
			break
		}
	}
	return imageRe.ReplaceAllString(strings.Join(lines, "\n"), " ")
}

var imageRe = regexp.MustCompile(`!\[[^\]\n]*\]`)

// scoreSnippets is go-trafilatura's evaluateEntry on whitespace-folded
// text.
func scoreSnippets(e labelled, out string) snippetScore {
	var s snippetScore
	text := strings.Join(strings.Fields(out), " ")
	for _, w := range e.With {
		if text != "" && strings.Contains(text, strings.Join(strings.Fields(w), " ")) {
			s.tp++
		} else {
			s.fn++
			s.missing = append(s.missing, w)
		}
	}
	for _, w := range e.Without {
		if text != "" && strings.Contains(text, strings.Join(strings.Fields(w), " ")) {
			s.fp++
			s.unwanted = append(s.unwanted, w)
		} else {
			s.tn++
		}
	}
	return s
}

func durQ(sorted []time.Duration, q float64) time.Duration {
	return sorted[int(q*float64(len(sorted)-1))].Round(100 * time.Microsecond)
}
