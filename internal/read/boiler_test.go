package read

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// boilerPage is a small article page holding block inside its container,
// between its paragraphs.
func boilerPage(block string) string {
	p := func(s string) string {
		return "<p>" + s + strings.Repeat(" The council met again on Tuesday evening to weigh the plan in detail.", 3) + "</p>"
	}
	return `<!doctype html><html><head><title>Bridge vote delayed</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<main><article><h1>Bridge vote delayed</h1>` +
		p("The vote on the new bridge was delayed by a month.") +
		p("Residents asked for more time to read the engineers' report.") +
		block +
		p("A final decision is now expected before the summer recess.") +
		`</article></main><footer>© Example News</footer></body></html>`
}

var boilerCases = []struct{ rule, block, gone string }{
	{"caption", `<figure><img src="b.jpg" alt=""><figcaption>The old bridge at dusk. Photo: Jane Roe</figcaption></figure>`, "The old bridge at dusk"},
	{"caption", `<div class="wp-caption"><img src="b.jpg" alt=""><p class="wp-caption-text">Traffic on the old bridge</p></div>`, "Traffic on the old bridge"},
	{"caption", `<p class="image-credit">Getty Images / John Doe</p>`, "Getty Images"},
	{"image caption", `<div class="pic"><img src="b.jpg" alt=""><span>Traffic queues on the old bridge at rush hour</span></div>`, "Traffic queues"},
	{"ad label", `<div class="slot-4"><p>Advertisement</p></div>`, "Advertisement"},
	{"promo", `<div class="newsletter-signup"><p>Get the morning briefing in your inbox every day.</p></div>`, "morning briefing"},
	{"promo", `<p class="affiliate-disclosure">We earn a commission when you buy through our links.</p>`, "earn a commission"},
	{"share", `<div class="sd-block"><span>Share this article:</span> <a href="#">Mail</a></div>`, "Share this article"},
	{"author box", `<div class="about-author"><p>Jane Roe covers city hall and likes long walks on bridges.</p></div>`, "likes long walks"},
	{"comments", `<div id="comments"><h3>Comments are closed.</h3></div>`, "Comments are closed"},
	{"comments", `<p class="comment-notes">Your email address will not be published.</p>`, "will not be published"},
	{"date", `<p><time datetime="2024-03-01">1 March 2024</time></p>`, "1 March 2024"},
	{"link paragraph", `<p><strong>Read also:</strong> <a href="/tunnel">The tunnel that never was, and why it still costs money</a></p>`, "The tunnel that never was"},
}

// TestBoilerplateDropped: each rule takes its kind of block out of the
// page, and nothing else: the article's paragraphs stay.
func TestBoilerplateDropped(t *testing.T) {
	for _, c := range boilerCases {
		t.Run(c.rule+": "+c.gone, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader(boilerPage(c.block)))
			if err != nil {
				t.Fatal(err)
			}
			dropBoilerplate(doc)
			text := fold(textOf(doc))
			if strings.Contains(text, c.gone) {
				t.Errorf("%q left in", c.gone)
			}
			for _, want := range []string{"Bridge vote delayed", "The vote on the new bridge", "Residents asked", "A final decision"} {
				if !strings.Contains(text, want) {
					t.Errorf("article text %q dropped", want)
				}
			}
		})
	}
}

// TestBoilerplateRuleOff: a block is dropped by its own rule (with that
// rule left out, it stays), so each case tests the rule it names.
func TestBoilerplateRuleOff(t *testing.T) {
	defer func() { noBoiler = map[string]bool{} }()
	for _, c := range boilerCases {
		noBoiler = map[string]bool{c.rule: true}
		doc, _ := html.Parse(strings.NewReader(boilerPage(c.block)))
		dropBoilerplate(doc)
		if !strings.Contains(fold(textOf(doc)), c.gone) {
			t.Errorf("%s: %q dropped with the rule off", c.rule, c.gone)
		}
	}
}

// TestBoilerplateKept: what only looks like boilerplate stays: a long
// block whose names say "share", a date inside a sentence, a paragraph
// whose link is an address, a paragraph with a link in it, a caption-named
// block as long as an article.
func TestBoilerplateKept(t *testing.T) {
	long := strings.Repeat("Engineers found the deck sound but the bearings worn. ", 8)
	for _, c := range []struct{ name, block, kept string }{
		{"long block named share", `<div class="entry share"><p>` + long + `</p></div>`, "bearings worn"},
		{"long caption", `<div class="caption">` + long + `</div>`, "bearings worn"},
		{"date in a sentence", `<p>The hearing on <time datetime="2024-04-02">2 April</time> drew two hundred residents to the hall, more than ever before.</p>`, "2 April drew two hundred residents"},
		{"address link", `<p>Report: <a href="https://bridge.example.org/report">https://bridge.example.org/report</a></p>`, "https://bridge.example.org/report"},
		{"link in a sentence", `<p>The report, <a href="/r.pdf">published in May</a>, lists forty repairs the bridge needs before it can carry buses.</p>`, "published in May , lists forty repairs"},
		{"a live ticker's comments", `<div class="live-match-comments"><p>Kick-off: the home side starts with the wind behind it.</p></div>`, "Kick-off"},
		{"agency in a sentence", `<p>Officials confirmed the figures to the Associated Press.</p>`, "confirmed the figures"},
		{"agency named in a long line", `<p>Reporting by the Associated Press and our own staff on the bridge vote</p>`, "Reporting by"},
		{"a paragraph with an image in it", `<p><img src="i.png" alt=""> Residents queued for an hour to speak at the hearing.</p>`, "Residents queued"},
		{"more information in a sentence", `<p>For more information: the council publishes its minutes every week on its site.</p>`, "council publishes its minutes"},
		{"author named in text", `<p class="author">Jane Roe reports that the council will vote again in June.</p>`, "Jane Roe reports"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, _ := html.Parse(strings.NewReader(boilerPage(c.block)))
			dropBoilerplate(doc)
			if text := fold(textOf(doc)); !strings.Contains(text, c.kept) {
				t.Errorf("%q dropped: %s", c.kept, text)
			}
		})
	}
}

// TestBoilerplateExtract: through the whole extraction (go-trafilatura
// keeps these on its own), a caption-classed paragraph, a photo credit, an
// affiliate note and a "read also" link are not printed, and the article
// is.
func TestBoilerplateExtract(t *testing.T) {
	for _, i := range []int{1, 2, 4, 10} {
		c := boilerCases[i]
		m, ok := Extract(boilerPage(c.block), "http://example.test/bridge", false)
		if !ok {
			t.Fatalf("%s: no main content", c.rule)
		}
		if strings.Contains(m.Markdown, c.gone) {
			t.Errorf("%s: %q printed:\n%s", c.rule, c.gone, m.Markdown)
		}
		if !strings.Contains(m.Markdown, "Residents asked") || !strings.Contains(m.Markdown, "A final decision") {
			t.Errorf("%s: article text missing:\n%s", c.rule, m.Markdown)
		}
	}
}

// TestCreditsDropped: credit lines and a science wire's trailers are taken
// out of the extracted article; the story stays.
func TestCreditsDropped(t *testing.T) {
	for _, c := range []struct{ rule, block, gone string }{
		{"credit", `<p>The Associated Press</p>`, "Associated Press"},
		{"credit", `<p>Photo: Jane Roe</p>`, "Jane Roe"},
		{"trailer", `<p><strong>More information:</strong> J. Roe et al, Bearings of old bridges, Journal of Bridges (2026).</p>`, "Bearings of old bridges"},
		{"trailer", `<p><b>Citation</b>: Bridge vote delayed (2026, November 20) retrieved 21 November 2026 from https://example.org/bridge.html</p>`, "retrieved 21 November"},
		{"trailer", `<p>Explore further</p><div><a href="/t">The tunnel that never was</a></div>`, "Explore further"},
	} {
		m, ok := Extract(boilerPage(c.block), "http://example.test/bridge", false)
		if !ok {
			t.Fatalf("%s: no main content", c.gone)
		}
		if strings.Contains(m.Markdown, c.gone) {
			t.Errorf("%q printed:\n%s", c.gone, m.Markdown)
		}
		if !strings.Contains(m.Markdown, "Residents asked") || !strings.Contains(m.Markdown, "A final decision") {
			t.Errorf("%s: article text missing:\n%s", c.gone, m.Markdown)
		}
	}
}
