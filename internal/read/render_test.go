package read_test

import (
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/read"
)

// Render on serializations written by hand the way html.js writes them
// (data-tact-* attributes for what the layout needs of the computed
// style): the layout rules without a browser.
func TestRender(t *testing.T) {
	for _, c := range []struct {
		name, scope, body, want string
		links                   bool
	}{
		{name: "blocks and inline", scope: "all",
			body: `<h1>Title</h1><p>One <b>bold</b>  word
			 here.</p><div>Two<span data-tact-d="b">as block</span><p data-tact-d="i">as inline</p> end</div>`,
			want: "# Title\nOne bold word here.\nTwo\nas block\nas inline end"},
		{name: "headings get a blank line, role=heading its level", scope: "all",
			body: `<p>a</p><div role="heading" aria-level="3">Sub</div><p>b</p><h2><span>x</span> <span>y</span></h2>`,
			want: "a\n\n### Sub\nb\n\n## x y"},
		{name: "line breaks kept where white-space keeps them", scope: "all",
			body: "<div data-tact-ws>one\ntwo</div><div>three\nfour</div><p>a<br>b</p>",
			want: "one\ntwo\nthree four\na\nb"},
		{name: "lists: markers, start, reversed, value, nesting", scope: "all",
			body: `<ol start="3"><li>c</li><li>d<ul><li>e</li></ul></li></ol><ol reversed><li>x</li><li>y</li></ol><ol><li value="7">g</li><li>h</li></ol>`,
			want: "3. c\n4. d\n   - e\n2. x\n1. y\n7. g\n8. h"},
		{name: "blockquote and hr", scope: "all",
			body: `<blockquote><p>said</p><p>twice</p></blockquote><hr><p>after</p><hr data-tact-hidden><p>one<br data-tact-hidden>line</p>`,
			want: "> said\n> twice\n***\nafter\noneline"},
		{name: "pre: exact, language, field values", scope: "all",
			body: "<pre class=\"language-go\">\nfunc f() {\n\treturn  1 <\n}\n\n</pre><div class=\"lang-x\"><textarea></textarea><pre data-tact-field>a\n  b</pre></div>",
			want: "```go\nfunc f() {\n\treturn  1 <\n}\n```\n```\na\n  b\n```"},
		{name: "code with a backtick, links", scope: "all", links: true,
			body: `<p>Run <code>a</code> or <code>b ` + "`" + `c</code>, see <a href="https://x.test/d">the docs</a>.</p>`,
			want: "Run `a` or `` b `c ``, see [the docs](https://x.test/d)."},
		{name: "links as text without --links", scope: "all",
			body: `<p>see <a href="https://x.test/d">the docs</a>.</p>`,
			want: "see the docs."},
		{name: "table: head first, foot last, colspan, title row, escaped bar", scope: "all",
			body: `<table><caption>Tides</caption><tfoot><tr><td>f</td><td>1</td></tr></tfoot><tbody><tr><td colspan="2">All week</td></tr><tr><td>Mon</td><td>0.3 | 0.5</td></tr></tbody><thead><tr><th>Day</th><th>m</th></tr></thead></table>`,
			want: "Tides\n| Day | m |\n|---|---|\n| All week |  |\n| Mon | 0.3 \\| 0.5 |\n| f | 1 |"},
		{name: "layout table read as blocks", scope: "all",
			body: `<table><tr><td><h2>Side</h2></td><td><p>Main text.</p></td></tr></table><table data-tact-layout><tr><td>a</td><td>b</td></tr></table>`,
			want: "## Side\nMain text.\na\nb"},
		{name: "ARIA grid as a table", scope: "all",
			body: `<div role="grid"><div role="row"><span role="columnheader">Mo</span><span role="columnheader">Tu</span></div><div role="row"><span role="gridcell">1</span><span role="gridcell">2</span></div></div>`,
			want: "| Mo | Tu |\n|---|---|\n| 1 | 2 |"},
		{name: "controls: button values and a select's choice", scope: "all",
			body: `<p>Size <select data-tact-value="Large"></select> <input type="text"><input type="submit" data-tact-value="Go"></p>`,
			want: "Size Large Go"},
		{name: "images: meaningful alt only", scope: "all",
			body: `<h1>Sea star</h1><img alt="Sea star"><img alt="photo"><img alt="x.jpg"><img alt="icon-ish" width="16" height="16"><figure><img alt="A crab"><figcaption>A crab, at low tide</figcaption></figure><p><img alt="A gull" width="300" height="200"> flew.</p>`,
			want: "# Sea star\nA crab, at low tide\n![A gull] flew."},
		{name: "formulas", scope: "all",
			body: `<p>E: <img alt="{\displaystyle E=mc^{2}}"> and <math data-tact-tex="a+b"><mi>a</mi><mo>+</mo></math> and <math><mi>x</mi><mo>&lt;</mo><mn>1</mn></math>.</p>`,
			want: "E: $E=mc^{2}$ and $a+b$ and $x<1$."},
		{name: "page scope drops navigation, consent banners, small ad boxes; keeps header and aside", scope: "page",
			body: `<header>Hero</header><nav>Home</nav><div role="search">Find</div><div data-tact-cookie>We use cookies</div><div class="ad-slot">Buy</div><main><p>Body</p></main><aside>Side</aside>`,
			want: "Hero\nBody\nSide"},
		{name: "all scope keeps everything but frames", scope: "all",
			body: `<nav>Home</nav><p>Body</p><div data-tact-frame><p>In a frame</p></div>`,
			want: "Home\nBody"},
		{name: "main scope: the main, the page's h1 first, chrome left out", scope: "main",
			body: `<header><h1>Site story</h1></header><main><header>By Ana</header><p>Text.</p><aside>Aside</aside><footer>Own footer</footer></main><footer>Page footer</footer>`,
			want: "# Site story\nBy Ana\nText.\nOwn footer"},
		{name: "main scope: a feed's common container", scope: "main",
			body: `<p>Intro</p><div><article>One</article><article>Two</article></div>`,
			want: "One\nTwo"},
		{name: "focus roots: one line each", scope: "focus",
			body: `<div data-tact-root><a>one</a></div><div data-tact-root><a>two</a></div><div data-tact-root><nav>three</nav></div>`,
			want: "one\ntwo\nthree"},
		{name: "invisible spaces and nbsp", scope: "all",
			body: "<p>a\u200b\u00a0\u00a0b\ufeff</p>",
			want: "a b"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := read.Render("<!doctype html><html><head><title>T</title></head><body>"+c.body+"</body></html>", pagetext.RenderOptions{Scope: c.scope, Links: c.links})
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// A filler class name drops only a small box: an article called
// "share-story" stays.
func TestRenderFillerOnlySmall(t *testing.T) {
	long := strings.Repeat("A sentence of the story. ", 30)
	got := read.Render(`<body><div class="share-story"><p>`+long+`</p></div><div class="share">Share</div></body>`, pagetext.RenderOptions{Scope: "page"})
	if got != strings.TrimSpace(long) {
		t.Errorf("got:\n%s", got)
	}
}
