package read

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// leadPage is a story whose headline block (outside the article's
// container) holds a kicker, the standfirst, a byline and a teaser for
// another story, then the body.
func leadPage(header string) string {
	body := strings.Repeat("The council met again on Tuesday evening to weigh the plan in detail. ", 4)
	return `<!doctype html><html><head><title>Bridge vote delayed</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<div class="story-head"><h1>Bridge vote delayed</h1>` + header + `</div>
<main><article>
<p>The vote on the new bridge was delayed by a month. ` + body + `</p>
<p>Residents asked for more time to read the engineers' report. ` + body + `</p>
<p>A final decision is now expected before the summer recess. ` + body + `</p>
</article></main><footer>© Example News</footer></body></html>`
}

const standfirst = "The city council postponed its decision on the river crossing after residents demanded to see the full engineering report."

// TestLeadPutBack: the standfirst between the headline and the body's
// container is printed, after the title and before the body; the short
// lines and the link teaser there are not.
func TestLeadPutBack(t *testing.T) {
	page := leadPage(`<p class="kicker">City hall</p>
<p class="standfirst">` + standfirst + `</p>
<p class="byline">By Jane Roe</p>
<p><a href="/tunnel">The tunnel that never was, and why it still costs the city money every year</a></p>`)
	m, ok := Extract(page, "http://127.0.0.1/story", false)
	if !ok {
		t.Fatal("no main content")
	}
	md := m.Markdown
	lead, title, body := strings.Index(md, standfirst), strings.Index(md, "# Bridge vote delayed"), strings.Index(md, "The vote on the new bridge")
	if lead < 0 || body < 0 {
		t.Fatalf("lead or body missing:\n%s", md)
	}
	if title > lead || lead > body {
		t.Errorf("want title, lead, body in that order:\n%s", md)
	}
	for _, no := range []string{"City hall", "The tunnel that never was"} {
		if strings.Contains(md, no) {
			t.Errorf("%q printed:\n%s", no, md)
		}
	}
	if strings.Count(md, standfirst) != 1 {
		t.Errorf("lead printed %d times:\n%s", strings.Count(md, standfirst), md)
	}
}

// TestLeadNotGuessed: when nothing of the article follows the headline
// closely (the h1 is far from the body: a menu of other sections between),
// no paragraph is put back.
func TestLeadNotGuessed(t *testing.T) {
	var far strings.Builder
	far.WriteString("<nav>")
	for i := range leadLook + 2 {
		far.WriteString(`<p>Other section paragraph number ` + strings.Repeat("x", i+1) + ` that is long enough to count as a block of text on its own.</p>`)
	}
	far.WriteString("</nav>")
	page := leadPage(`<p>` + standfirst + `</p>` + far.String())
	m, ok := Extract(page, "http://127.0.0.1/story", false)
	if !ok {
		t.Fatal("no main content")
	}
	if strings.Contains(m.Markdown, standfirst) {
		t.Errorf("lead put back though the body does not follow the headline:\n%s", m.Markdown)
	}
}

// TestLeadsAfterH1: blocks after the first h1, and the leads just above it;
// chrome and short lines (a short heading too) are not leads, a heading as
// long as a lead is.
func TestLeadsAfterH1(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<p>` + standfirst + ` (before the headline)</p><h1>Title</h1><aside><p>` + standfirst + ` (aside)</p></aside><p>Short.</p><h2>` + standfirst + ` (set large)</h2><h2>Section</h2><p>` + standfirst + `</p>`))
	if err != nil {
		t.Fatal(err)
	}
	got := leadsAfterH1(doc)
	want := []leadBlock{{text: standfirst + " (before the headline)", lead: true, before: true}, {text: standfirst + " (aside)"}, {text: "Short."}, {text: standfirst + " (set large)", lead: true}, {text: "Section"}, {text: standfirst, lead: true}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("block %d: got %v, want %v", i, got[i], want[i])
		}
	}
}
