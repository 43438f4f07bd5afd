package read_test

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/read"
)

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }

// readPage loads a testdata page and reads it as tact does: html.js
// serializes it with opts (a JS object literal: focus, all, page, links;
// none of those is the content root) and Render lays it out, a second
// time without honouring aria-hidden and visibility when that left almost
// nothing (pagetext.Text).
func readPage(t *testing.T, path, opts string) pagetext.Result {
	t.Helper()
	tab := browsertest.NewTab(t)
	tab.Navigate(t, path)
	tab.Eval(t, pagetext.JS, nil)
	var ro struct {
		Focus string `json:"focus"`
		All   bool   `json:"all"`
		Page  bool   `json:"page"`
		Links bool   `json:"links"`
	}
	tab.Eval(t, "("+opts+")", &ro)
	o := pagetext.RenderOptions{Scope: "main", Links: ro.Links}
	switch {
	case ro.Focus != "":
		o.Scope = "focus"
	case ro.All:
		o.Scope = "all"
	case ro.Page:
		o.Scope = "page"
	}
	serialize := func(more string) pagetext.Page {
		var p pagetext.Page
		tab.Eval(t, "__tact.readHTML(Object.assign({text: "+strconv.Itoa(pagetext.MaxText)+more+"}, "+opts+"))", &p)
		return p
	}
	p := serialize("")
	if p.Error != "" {
		return pagetext.Result{Error: p.Error}
	}
	render := func(html string) string { return read.Render(html, o) }
	md := pagetext.Text(render(p.HTML), func() string { return serialize(", loose: true").HTML }, render)
	return pagetext.Result{URL: p.URL, Title: p.Title, Markdown: md}
}

func mustRead(t *testing.T, path, opts string) string {
	t.Helper()
	r := readPage(t, path, opts)
	if r.Error != "" {
		t.Fatalf("read %s: %s", path, r.Error)
	}
	return r.Markdown
}

func diff(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("markdown mismatch\n--- got:\n%s\n--- want:\n%s", got, want)
	}
}

func TestArticle(t *testing.T) {
	r := readPage(t, "/read_article.html", "{}")
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	if r.Title != "Read: article page" || !strings.HasSuffix(r.URL, "/read_article.html") {
		t.Errorf("title/url = %q %q", r.Title, r.URL)
	}
	// The whole expected output: the cookie banner, site header, nav, the
	// page's aside and footer are gone because <main> exists; the article's
	// own header stays; the aside inside the article is skipped as well.
	want := strings.Join([]string{
		"# Tidal pools of the north coast",
		"By Ana Ruiz",
		"Tidal pools hold surprising life. See the field guide and run `pool --count` at low tide.",
		"",
		"## What lives there",
		"- Anemones",
		"- Crabs",
		"  - Shore crab",
		"  - Hermit crab",
		"- Sea stars",
		"  Five arms, usually.",
		"",
		"### Visit steps",
		"3. Check the tide table",
		"4. Wear boots",
		"Low tides this week",
		"| Day | Time | Height |",
		"|---|---|---|",
		"| Monday | 06:12 | 0.4 m |",
		`| Tuesday | 07:01 | 0.3 \| 0.5 m |`,
		"```python",
		"def count(pool):",
		"    return len(pool)   # spaces kept",
		"",
		"print(count([1, 2]))",
		"```",
		"> The sea, once it casts its spell, holds one forever.",
		"![A purple sea star clinging to a rock]",
		"Photo by the author",
		"Share",
		"Print",
		"***",
		"Last paragraph.",
	}, "\n")
	diff(t, r.Markdown, want)
}

func TestLinksOption(t *testing.T) {
	md := mustRead(t, "/read_article.html", "{links: true}")
	if !strings.Contains(md, "See the [field guide](") || !strings.Contains(md, "/guide) and run") {
		t.Errorf("links:true should render [text](href):\n%s", md)
	}
}

func TestFocus(t *testing.T) {
	md := mustRead(t, "/read_article.html", `{focus: "table"}`)
	diff(t, md, strings.Join([]string{
		"Low tides this week",
		"| Day | Time | Height |",
		"|---|---|---|",
		"| Monday | 06:12 | 0.4 m |",
		`| Tuesday | 07:01 | 0.3 \| 0.5 m |`,
	}, "\n"))

	// --focus is explicit: chrome that auto mode drops is read when asked.
	md = mustRead(t, "/read_article.html", `{focus: "body > header, footer"}`)
	diff(t, md, "SiteLogo\n- News\n- Sport\nCopyright Coastal News")

	// Nested matches are printed once.
	md = mustRead(t, "/read_article.html", `{focus: "ul"}`)
	if n := strings.Count(md, "Shore crab"); n != 1 {
		t.Errorf("nested --focus matches printed %d times:\n%s", n, md)
	}

	if r := readPage(t, "/read_article.html", `{focus: "#nope"}`); r.Error == "" || !strings.Contains(r.Error, "#nope") {
		t.Errorf("missing focus: error = %q", r.Error)
	}
	if r := readPage(t, "/read_article.html", `{focus: "p[["}`); r.Error == "" || !strings.Contains(r.Error, "invalid") {
		t.Errorf("bad selector: error = %q", r.Error)
	}
}

func TestHiddenText(t *testing.T) {
	md := mustRead(t, "/read_hidden.html", "{}")
	diff(t, md, strings.Join([]string{
		"Visible one.",
		"Visible inside hidden.",
		"Visible summary",
		"Open summary",
		"Visible open details.",
		"Visible selected",
		"Visible from a zero-size anchor.",
		"Visible two.",
	}, "\n"))
	if strings.Contains(md, "HIDDEN") {
		t.Errorf("hidden text leaked:\n%s", md)
	}
}

func TestShadowDOM(t *testing.T) {
	md := mustRead(t, "/read_shadow.html", "{}")
	// Flat-tree order: the shadow tree replaces the host's children and
	// slotted light-DOM nodes appear where their slot is.
	diff(t, md, strings.Join([]string{
		"Before the card.",
		"",
		"## Slotted title",
		"Shadow paragraph.",
		"Default slot text",
		"- Nested shadow item",
		"Fallback content shown",
		"After the card.",
	}, "\n"))
}

func TestRepeatedLinesKept(t *testing.T) {
	md := mustRead(t, "/read_repeat.html", "{}")
	diff(t, md, strings.Join([]string{
		"# Comments",
		"- Great post!",
		"  - Reply",
		"- Great post!",
		"  - Reply",
		"Same line.",
		"Same line.",
		"3. Three",
		"10. Ten",
		"9. Nine",
		"| Item | Action |",
		"|---|---|",
		"| A | Edit |",
		"| B | Edit |",
		"v e Regions",
		"| North | Cold | Far |",
		"|---|---|---|",
		"| South | Warm | Near |",
	}, "\n"))
}

func TestDivSoup(t *testing.T) {
	md := mustRead(t, "/read_divsoup.html", "{}")
	// No <main>: the body is read. Block boxes (by computed display, so
	// grid items too) break lines; inline-block pills stay on their line;
	// white-space: pre-line keeps its line breaks; the layout table (it
	// nests a table) is read as plain blocks.
	diff(t, md, strings.Join([]string{
		"Plain div title",
		"First paragraph text, with folded whitespace.",
		"Nested block one",
		"between blocks",
		"Nested block two",
		"Cell A",
		"Cell B",
		"Tags: go cdp",
		"Line one",
		"Line two",
		"Roses are red",
		"violets are blue",
		"Layout cell one",
		"inner",
		"Term",
		"Definition",
		"Inline code with backtick: `` a`b `` and `plain`.",
		"Spaced outtext.", // the zero-width space is dropped, not turned into a space
		"```go",
		`fmt.Println("hi")`,
		"```",
		"Send",
	}, "\n"))
}

func TestDoesNotModifyDOM(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "/read_article.html")
	var before, after string
	tab.Eval(t, "document.documentElement.outerHTML", &before)
	var p pagetext.Page
	tab.Eval(t, pagetext.JS+";\n__tact.readHTML({text: 1e9})", &p)
	tab.Eval(t, "document.documentElement.outerHTML", &after)
	if before != after {
		t.Error("read changed the DOM")
	}
}

func TestBigPageSpeed(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "/read_big.html")
	var nodes int
	tab.Eval(t, `(() => { let n = 0; const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL); while (w.nextNode()) n++; return n; })()`, &nodes)
	tab.Eval(t, pagetext.JS, nil)
	// Best of three timings (serialized in the page, rendered here): the
	// first run also pays for style and layout; machines running many
	// tests at once are noisy.
	var ms []float64
	var md string
	for range 3 {
		start := time.Now()
		var p pagetext.Page
		tab.Eval(t, "__tact.readHTML({text: 1e9})", &p)
		md = read.Render(p.HTML, pagetext.RenderOptions{Scope: "main"})
		ms = append(ms, float64(time.Since(start).Microseconds())/1000)
	}
	best := slices.Min(ms)
	t.Logf("%d nodes: %v ms (first %.0f ms), %d chars", nodes, ms, ms[0], len(md))
	if !strings.HasSuffix(md, "| a | 820 |") {
		t.Errorf("output does not end with the last section: %q", md[max(0, len(md)-40):])
	}
	if nodes < 30000 {
		t.Errorf("test page has only %d nodes", nodes)
	}
	// The target is ~200 ms; the bound leaves room for loaded CI machines.
	if best > float64(2*time.Second/time.Millisecond) {
		t.Errorf("read took %.0f ms", best)
	}
}

func TestLimit(t *testing.T) {
	md := "a\nb\nc\nd"
	cases := []struct {
		from, n int
		want    string
		next    int
	}{
		{1, 0, md, 0},
		{1, -1, md, 0},
		{1, 4, md, 0},
		{1, 10, md, 0},
		{1, 3, "a\nb\nc", 4},
		{1, 1, "a", 2},
		// A piece that starts further down continues further down.
		{7, 2, "a\nb", 9},
	}
	for _, c := range cases {
		if got, next := pagetext.Limit(md, c.from, c.n); got != c.want || next != c.next {
			t.Errorf("Limit(from %d, %d) = %q, %d; want %q, %d", c.from, c.n, got, next, c.want, c.next)
		}
	}
	if got, next := pagetext.Limit("a\n\n## B\nc", 1, 2); got != "a" || next != 3 {
		t.Errorf("Limit before heading = %q, %d", got, next)
	}
	// Cutting inside a code block closes it.
	code := "text\n````go\nx := 1\ny := 2\n````\nafter"
	if got, next := pagetext.Limit(code, 1, 3); got != "text\n````go\nx := 1\n````" || next != 4 {
		t.Errorf("Limit in code = %q, %d", got, next)
	}
	if got, next := pagetext.Limit(code, 1, 5); got != "text\n````go\nx := 1\ny := 2\n````" || next != 6 {
		t.Errorf("Limit after code = %q, %d", got, next)
	}
	if got, next := pagetext.Limit("", 1, 3); got != "" || next != 0 {
		t.Errorf("Limit of empty = %q, %d", got, next)
	}
}

func TestClean(t *testing.T) {
	in := "\n\n# T  \n\n\n\npara\t\n```\ncode\n\n\n\nmore\n```\n\n\nend\n\n"
	want := "# T\n\npara\n```\ncode\n\n\n\nmore\n```\n\nend"
	if got := pagetext.Clean(in); got != want {
		t.Errorf("Clean = %q, want %q", got, want)
	}
	// Fences inside list items and quotes are still fences.
	in = "- item\n  ```\n  a\n\n\n  b\n  ```\n\n\n> q"
	want = "- item\n  ```\n  a\n\n\n  b\n  ```\n\n> q"
	if got := pagetext.Clean(in); got != want {
		t.Errorf("Clean nested = %q, want %q", got, want)
	}
}

func TestTitleOutsideMain(t *testing.T) {
	md := mustRead(t, "/read_title.html", "{}")
	// The page's h1 sits in the banner; it is printed before the main
	// region, while the rest of the banner and the footer are not.
	diff(t, md, "# Release notes 4.2\nFaster startup.\nFewer crashes.")
}

func TestFeedOfArticles(t *testing.T) {
	md := mustRead(t, "/read_feed.html", "{}")
	// Several articles and no main: their common container is read.
	diff(t, md, "## First post\nAlpha text.\n\n## Second post\nBeta text.\n\n## Third post\nGamma text.")
}

func TestHiddenPageFallbacks(t *testing.T) {
	// aria-hidden on the whole app behind a modal: the text is on screen.
	md := mustRead(t, "/read_modal.html", "{}")
	if !strings.HasPrefix(md, "# Story\nParagraph 0 of") || !strings.Contains(md, "Paragraph 39 of") ||
		!strings.HasSuffix(md, "Sign up for our newsletter") {
		t.Errorf("modal page:\n%s", md)
	}
	// body visibility:hidden until a script (that never ran) reveals it.
	md = mustRead(t, "/read_antiflicker.html", "{}")
	if !strings.HasPrefix(md, "First line.\nLine 0 of") || !strings.HasSuffix(md, "Line 39 of text that only a missing script would have revealed.") ||
		strings.Contains(md, "HIDDEN") {
		t.Errorf("anti-flicker page:\n%s", md)
	}
}

func TestMath(t *testing.T) {
	md := mustRead(t, "/read_math.html", "{}")
	diff(t, md, "Energy: $E=mc^{2}$ holds.\nNative: $a+b$ and bare $x<1$.")
}

func TestLandingPageWithoutMain(t *testing.T) {
	md := mustRead(t, "/read_landing.html", "{}")
	// Nothing marks the content, so only navigation is dropped: the hero
	// in <header> is the page's message.
	diff(t, md, "# Ship faster\nThe build tool that gets out of your way.\n\n## Features\nCaching everywhere.\nTrusted by 500 teams\n© 2026 Example Inc.")
}

// extractPage serializes a testdata page the way tact does and runs the
// main-content extractor on it.
func extractPage(t *testing.T, path string, links bool, setup ...string) (read.Main, bool) {
	t.Helper()
	tab := browsertest.NewTab(t)
	tab.Navigate(t, path)
	for _, js := range setup {
		tab.Eval(t, js, nil)
	}
	var p pagetext.Page
	tab.Eval(t, pagetext.JS+";\n__tact.readHTML()", &p)
	if p.Error != "" || p.HTML == "" {
		t.Fatalf("readHTML %s: %q (%d bytes)", path, p.Error, len(p.HTML))
	}
	return read.Extract(p.HTML, p.URL, links)
}

func TestMainContent(t *testing.T) {
	m, ok := extractPage(t, "/read_news.html", false)
	if !ok {
		t.Fatal("no main content found on an article page")
	}
	want := strings.Join([]string{
		"# Harbour seals return to the estuary",
		"By Mira Olsen, science desk",
		"For the first time in more than a decade, a colony of harbour seals has been counted on the sandbanks of the estuary, where volunteers spent the whole of last weekend with binoculars and clipboards at low tide.",
		"The survey found forty-two adults and nine pups, a number that surprised the marine biologists who had expected the cleaner water of recent years to bring back fish long before it brought back the animals that hunt them.",
		"",
		"## Why the seals came back",
		"Researchers point to the closure of the old outfall pipe in 2019 and to the slow return of sand eels, which the seals follow along the channel. The pups were born on the outer banks, away from the footpaths, which suggests the colony has settled rather than passed through.",
		"Walkers are asked to keep dogs on a lead between May and August, when the pups are most vulnerable, and to stay at least one hundred metres away from animals resting on the sand.",
	}, "\n")
	diff(t, m.Markdown, want)
	if got, want := strings.Join(m.LeftOut, ", "), "header, 2 sidebars, related links, comments, footer"; got != want {
		t.Errorf("left out = %q, want %q", got, want)
	}
}

func TestMainContentLinks(t *testing.T) {
	m, ok := extractPage(t, "/read_docs.html", true)
	if !ok {
		t.Fatal("no main content found on a docs page")
	}
	if strings.Contains(m.Markdown, "](") {
		t.Errorf("the docs page has no links in its article, got:\n%s", m.Markdown)
	}
	m, _ = extractPage(t, "/read_docs.html", false)
	if strings.Contains(m.Markdown, "/diagram.png") {
		t.Errorf("image URL printed:\n%s", m.Markdown)
	}
}

func TestMainContentMarkdown(t *testing.T) {
	m, ok := extractPage(t, "/read_docs.html", false)
	if !ok {
		t.Fatal("no main content found on a docs page")
	}
	for _, want := range []string{
		"# Configuration reference\nWidget reads its settings from a file called `widget.toml` in the project root;",
		"\n\n## Keys\n| Key | Default | Meaning |\n|---|---|---|\n| port | 8080 | TCP port the server listens on |\n| workers | 4 | Number of worker threads |\n",
		"\n```toml\nport = 9090\nworkers = 8\n\n[log]\nlevel = \"debug\"\n```\n",
		"\n1. Copy the example into `widget.toml`.\n2. Restart the server.\n",
		"![Diagram of the request flow through the workers]",
	} {
		if !strings.Contains(m.Markdown, want) {
			t.Errorf("markdown lacks %q:\n%s", want, m.Markdown)
		}
	}
	if strings.Contains(m.Markdown, "Install") || strings.Contains(m.Markdown, "Docs footer") {
		t.Errorf("chrome in the main content:\n%s", m.Markdown)
	}
	if got := strings.Join(m.LeftOut, ", "); got != "navigation, footer" {
		t.Errorf("left out = %q", got)
	}
}

func TestMainContentInShadowRoot(t *testing.T) {
	m, ok := extractPage(t, "/read_shadowmain.html", false)
	if !ok {
		t.Fatal("no main content found in the open shadow root")
	}
	for _, want := range []string{"# Lanterns in the old town\n", "Every November the old town", "This year the organisers expect", "!HIDDEN", "!Footer text", "!About"} {
		if bad, ok := strings.CutPrefix(want, "!"); ok == strings.Contains(m.Markdown, bad) {
			t.Errorf("markdown has %q = %v:\n%s", bad, ok, m.Markdown)
		}
	}
}

func TestAppPageHasNoMainContent(t *testing.T) {
	if m, ok := extractPage(t, "/read_app.html", false); ok {
		t.Errorf("an orders screen was read as an article:\n%s", m.Markdown)
	}
	// The same screen explaining itself at length, like an article would.
	long := `document.querySelector('main p:not(.status)').insertAdjacentHTML('beforebegin', '<p>' + 'Orders are listed here as soon as the payment provider confirms them, which can take up to an hour for bank transfers. '.repeat(5) + '</p>'); 0`
	if m, ok := extractPage(t, "/read_app.html", false, long); ok {
		t.Errorf("a wordy orders screen was read as an article:\n%s", m.Markdown)
	}
	// What `read` prints instead: the page without its navigation, every
	// row, the status line, the sidebar's total.
	md := mustRead(t, "/read_app.html", "{page: true}")
	for _, want := range []string{
		"Sync OK — last updated 12:04, 3 orders need attention",
		"| #1041 | Ben Okafor | €18.50 | Refund requested |",
		"| #1040 | Chen Wei | €240.75 | Awaiting payment |",
		"Revenue this month: €12,480.20",
		"Customer State Any From Apply",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("page read lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "Dashboard") {
		t.Errorf("page read kept the navigation:\n%s", md)
	}
}

func TestAllReadsEverything(t *testing.T) {
	md := mustRead(t, "/read_news.html", "{all: true}")
	for _, want := range []string{"Coastal Times", "- Sport", "Ferry timetable changes", "Harbour seals return", "Dolphins spotted", "Saw them from the bridge", "Most read", "© 2026 Coastal Times"} {
		if !strings.Contains(md, want) {
			t.Errorf("--all lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "Advertisement") {
		t.Errorf("--all has visually hidden text:\n%s", md)
	}
}

func TestSerializeDoesNotModifyDOM(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "/read_shadowmain.html")
	var before, after string
	const dump = `document.documentElement.outerHTML + document.querySelector('blog-post').shadowRoot.innerHTML`
	tab.Eval(t, dump, &before)
	var p pagetext.Page
	tab.Eval(t, pagetext.JS+";\n__tact.readHTML()", &p)
	tab.Eval(t, dump, &after)
	if before != after {
		t.Error("readHTML changed the DOM")
	}
	if !strings.Contains(p.HTML, "Lanterns in the old town") || strings.Contains(p.HTML, "HIDDEN") || strings.Contains(p.HTML, "customElements") {
		t.Errorf("serialized page:\n%s", p.HTML)
	}
}

func TestWindow(t *testing.T) {
	md := "# T\naaaa aaaa\n```\ncode line one\ncode line two\n```\n\n## B\nend"
	got, cut := pagetext.Window(md, 1, 0)
	if got != md || cut != nil {
		t.Errorf("no budget: %q %+v", got, cut)
	}
	// 4 tokens = 16 chars: "# T\n" and "aaaa aaaa\n" fit (14), the fence does not.
	got, cut = pagetext.Window(md, 1, 4)
	if got != "# T\naaaa aaaa" || cut == nil || cut.Next != 3 || cut.Lines != 9 || cut.Tokens != 4 {
		t.Errorf("budget 4: %q %+v", got, cut)
	}
	// A cut inside a code block closes it.
	got, cut = pagetext.Window(md, 3, 5)
	if got != "```\ncode line one\n```" || cut == nil || cut.Next != 5 {
		t.Errorf("cut in code: %q %+v", got, cut)
	}
	// A line longer than the budget is still printed, alone.
	got, cut = pagetext.Window(md, 2, 1)
	if got != "aaaa aaaa" || cut.Next != 3 {
		t.Errorf("long line: %q %+v", got, cut)
	}
	if got, cut = pagetext.Window(md, 8, 100); got != "## B\nend" || cut != nil {
		t.Errorf("from 8: %q %+v", got, cut)
	}
}

// A page's whole text in one line (one 50 MB text node) is cut inside the
// line, at the budget, and never printed whole: --max-tokens 0 still stops
// at MaxBytes.
func TestWindowLongLine(t *testing.T) {
	long := strings.Repeat("é", pagetext.MaxBytes) // 2 MB, 2-byte runes
	md := "# Title\n" + long + "\nlast"
	got, cut := pagetext.Window(md, 2, 100)
	if len(got) > 2000 || !utf8.ValidString(got) || cut == nil || cut.InLine != len(long) || cut.Next != 3 {
		t.Errorf("--max-tokens 100: %d bytes, %+v", len(got), cut)
	}
	got, cut = pagetext.Window(md, 2, 0)
	if len(got) > pagetext.MaxBytes || !utf8.ValidString(got) || cut == nil || cut.InLine != len(long) {
		t.Errorf("--max-tokens 0: %d bytes, %+v", len(got), cut)
	}
	// After whole lines, the long line is still cut inside, in what is
	// left of the budget, not left out (#39).
	got, cut = pagetext.Window(md, 1, 0)
	if !strings.HasPrefix(got, "# Title\néé") || len(got) > pagetext.MaxBytes || !utf8.ValidString(got) || cut == nil || cut.Next != 3 || cut.InLine != len(long) {
		t.Errorf("from 1: %.20q… (%d bytes), %+v", got, len(got), cut)
	}
	got, cut = pagetext.Window(md, 1, 1000)
	if !strings.HasPrefix(got, "# Title\néé") || len(got) > 4000 || cut == nil || cut.Next != 3 {
		t.Errorf("from 1, 1000 tokens: %d bytes, %+v", len(got), cut)
	}
	if hs := pagetext.Outline("# " + long); len(hs) != 1 || len(hs[0].Text) > 300 {
		t.Errorf("outline keeps a %d-byte heading", len(hs[0].Text))
	}
}

func TestFromAndOutline(t *testing.T) {
	md := "# Title\nintro about keys\n```\n# not a heading\n```\n\n## Keys\nport\n### Ports and keys\nx"
	hs := pagetext.Outline(md)
	if len(hs) != 3 || hs[0] != (pagetext.Heading{Line: 1, Level: 1, Text: "Title"}) || hs[1].Line != 7 || hs[2] != (pagetext.Heading{Line: 9, Level: 3, Text: "Ports and keys"}) {
		t.Errorf("outline = %+v", hs)
	}
	for _, c := range []struct {
		from string
		want int
	}{{"", 1}, {"7", 7}, {"keys", 7}, {"PORTS", 9}, {"intro", 2}, {"not a heading", 4}} {
		if got, err := pagetext.FromLine(md, c.from, 0); err != nil || got != c.want {
			t.Errorf("FromLine(%q) = %d, %v; want %d", c.from, got, err, c.want)
		}
	}
	for _, bad := range []string{"0", "11", "-3", "zebra"} {
		if _, err := pagetext.FromLine(md, bad, 0); err == nil {
			t.Errorf("FromLine(%q) did not fail", bad)
		}
	}
	// read's note line is numbered but not searched.
	noted := "(main content — tact read --all)\n# Title\nthe main point"
	if got, err := pagetext.FromLine(noted, "main", 1); err != nil || got != 3 {
		t.Errorf("FromLine past the note = %d, %v; want 3", got, err)
	}
}

func TestProductPriceKept(t *testing.T) {
	// The description is an article, but printing it alone would drop the
	// price: the main content holds the buy box with it.
	m, ok := extractPage(t, "/read_product.html", false)
	if !ok || !strings.Contains(m.Markdown, "Price: €34.90 · In stock, ships tomorrow") || !strings.Contains(m.Markdown, "The trail kettle boils") {
		t.Errorf("product page (main=%v):\n%s", ok, m.Markdown)
	}
	// Without the price in it, the description alone is not printed.
	m, ok = extractPage(t, "/read_product.html", false, `document.querySelector('.buybox p').insertAdjacentHTML('beforebegin', '<div class="buy-widget">' + 'Buy now. '.repeat(3) + '</div>'); document.querySelector('.buybox').className = 'sidebar-widget'; 0`)
	if ok && !strings.Contains(m.Markdown, "€34.90") {
		t.Errorf("product page read without its price:\n%s", m.Markdown)
	}
	md := mustRead(t, "/read_product.html", "{page: true}")
	if !strings.Contains(md, "Price: €34.90 · In stock, ships tomorrow") || !strings.Contains(md, "The trail kettle boils") {
		t.Errorf("product page:\n%s", md)
	}
}

func TestFormElsewhereKeepsArticle(t *testing.T) {
	// A docs page with a table, and a sign-up form of its own beside the
	// content: the form is not filters over the table, the page is an
	// article.
	form := `document.body.insertAdjacentHTML('beforeend', '<div class="signup"><form><label>Name <input name="n"></label> <label>Email <input name="e" type="email"></label> <button>Sign up</button></form></div>'); 0`
	m, ok := extractPage(t, "/read_docs.html", false, form)
	if !ok || !strings.Contains(m.Markdown, "| port | 8080 | TCP port the server listens on |") {
		t.Errorf("docs page with a sign-up form (main=%v):\n%s", ok, m.Markdown)
	}
}

// Lines split by <br> print once: go-trafilatura repeats them as
// paragraphs after their block, and Extract drops the repeats.
func TestBrLinesNotRepeated(t *testing.T) {
	body := strings.Repeat("Words of the article that make it long enough to be one. ", 12)
	page := `<html><head><title>T</title></head><body><article><h1>Lorem</h1><div>First line<br>second line<br><br>` + body + `</div><p>` + body + `</p></article></body></html>`
	m, ok := read.Extract(page, "http://127.0.0.1/", false)
	if !ok {
		t.Fatal("no main content")
	}
	if n := strings.Count(m.Markdown, "second line"); n != 1 {
		t.Errorf("second line printed %d times:\n%s", n, m.Markdown)
	}
}

// A MathML formula stays in its sentence, as its TeX.
func TestMathKeptAsTeX(t *testing.T) {
	body := strings.Repeat("Words of the article that make it long enough to be one. ", 12)
	page := `<html><head><title>T</title></head><body><article><h1>Roots</h1><p>` + body + `</p><p>When <math alttext="a \ne 0"><mi>a</mi><mo>≠</mo><mn>0</mn></math>, there are two solutions.</p><p>` + body + `</p></article></body></html>`
	m, ok := read.Extract(page, "http://127.0.0.1/", false)
	if !ok {
		t.Fatal("no main content")
	}
	if !strings.Contains(m.Markdown, `When $a \ne 0$ , there are two solutions`) {
		t.Errorf("formula lost:\n%s", m.Markdown)
	}
}

// Two lists in a row print as two lists, without the converter's
// "<!--THE END-->" marker between them.
func TestAdjacentListsNoMarker(t *testing.T) {
	body := strings.Repeat("Words of the article that make it long enough to be one. ", 12)
	page := `<html><head><title>T</title></head><body><article><h1>Lorem</h1><p>` + body + `</p><ul><li>first list item one</li><li>first list item two</li></ul><ul><li>second list item</li></ul><p>` + body + `</p></article></body></html>`
	m, ok := read.Extract(page, "http://127.0.0.1/", false)
	if !ok {
		t.Fatal("no main content")
	}
	if strings.Contains(m.Markdown, "THE END") || !strings.Contains(m.Markdown, "- second list item") {
		t.Errorf("adjacent lists:\n%s", m.Markdown)
	}
}
