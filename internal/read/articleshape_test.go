package read_test

import (
	"strings"
	"testing"
)

// mainLines extracts a testdata page's main content and returns its lines.
func mainLines(t *testing.T, path string) []string {
	t.Helper()
	m, ok := extractPage(t, path, false)
	if !ok {
		t.Fatalf("%s: no main content", path)
	}
	return strings.Split(m.Markdown, "\n")
}

// The heading is the story's headline (the h1 outside the page's header,
// not the site's name in it), though the document's title words it
// otherwise; the byline keeps its whole date.
func TestReadHeadlineAndByline(t *testing.T) {
	lines := mainLines(t, "/read_headline.html")
	md := strings.Join(lines, "\n")
	if lines[0] != "# Big orchard cooperative layoffs begin today" {
		t.Errorf("title line = %q:\n%s", lines[0], md)
	}
	if len(lines) < 2 || lines[1] != "By Sam Ortiz · November 20, 2026" {
		t.Errorf("byline:\n%s", md)
	}
	if strings.Count(md, "Sam Ortiz") != 1 || strings.Contains(md, "cut staff this week") {
		t.Errorf("byline or title printed twice:\n%s", md)
	}
}

// The opening is printed once, in place: the dek under the headline as one
// "> " line under the title, then the byline; the teaser that repeats the
// lead (spaced otherwise around a link) is not printed again, so the first
// plain line is the story's first paragraph, without a stray space.
func TestReadOpeningOnce(t *testing.T) {
	lines := mainLines(t, "/read_opening.html")
	md := strings.Join(lines, "\n")
	want := []string{
		"# Ferries to stop at dusk as port cuts crews",
		"> “We have to make some necessary crew reductions,” the port’s director said in an email to staff Monday, as winter timetables were announced.",
		"By Lena Marsh",
		"River ferries will stop running at dusk from Monday, the port authority said, ending the late crossings that commuters have relied on for years.",
	}
	if len(lines) < len(want) {
		t.Fatalf("too short:\n%s", md)
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], w)
		}
	}
	if n := strings.Count(md, "River ferries will stop"); n != 1 {
		t.Errorf("lead printed %d times:\n%s", n, md)
	}
	if n := strings.Count(md, "necessary crew reductions"); n != 1 || strings.Contains(md, " .") {
		t.Errorf("dek printed %d times, or a stray space:\n%s", n, md)
	}
}

// A standing intro above the headline, outside the body's container,
// belongs to the story: it is the body's first paragraph, after the title
// and byline.
func TestReadStandingIntro(t *testing.T) {
	lines := mainLines(t, "/read_article_intro.html")
	md := strings.Join(lines, "\n")
	if len(lines) < 4 || lines[0] != "# Best tech deals today" || lines[1] != "By Jo Park" ||
		!strings.HasPrefix(lines[2], "We bring you the best deals") || !strings.HasPrefix(lines[3], "The first pick") {
		t.Errorf("want title, byline, intro, body:\n%s", md)
	}
	if n := strings.Count(md, "We bring you"); n != 1 {
		t.Errorf("intro printed %d times:\n%s", n, md)
	}
}

// Captions beside their pictures, credit lines and a science wire's
// trailers ("Explore further", "More information:", "Citation:", …) are
// left out of the body; the story's paragraphs are all there.
func TestReadCaptionsCreditsTrailers(t *testing.T) {
	md := strings.Join(mainLines(t, "/read_captions.html"), "\n")
	for _, bad := range []string{"Moss cushions on the edge", "Associated Press", "A tagged cushion", "Photo:", "Explore further",
		"Moss balls move in herds", "More information", "Journal information", "Provided by", "Citation", "subject to copyright"} {
		if strings.Contains(md, bad) {
			t.Errorf("read has %q:\n%s", bad, md)
		}
	}
	for _, want := range []string{"Researchers camping on a mountain glacier", "The cushions, each about the size", "Sensors placed inside", "The team now wants to know"} {
		if !strings.Contains(md, want) {
			t.Errorf("read lacks %q:\n%s", want, md)
		}
	}
}

// A recipe's story is kept with its card: the ingredients, servings and
// steps the extractor leaves out (it keeps the story and reviews) follow
// the story.
func TestReadRecipeKeepsData(t *testing.T) {
	m, ok := extractPage(t, "/read_recipe.html", false)
	if !ok {
		t.Fatal("no main content")
	}
	for _, want := range []string{"- Serves 4", "- 150 g pearl barley", "- 2 lemons, juiced", "1. Soften the onion", "This is the soup I make"} {
		if !strings.Contains(m.Markdown, want) {
			t.Errorf("read lacks %q:\n%s", want, m.Markdown)
		}
	}
}

// An ARIA grid (a calendar laid out with CSS) keeps its columns: one row
// per week, the days as columns, several events in one cell.
func TestReadCalendarGrid(t *testing.T) {
	md := mustRead(t, "/read_calendar.html", "{page: true}")
	want := strings.Join([]string{
		"| Mon 16 | Tue 17 | Wed 18 | Thu 19 | Fri 20 |",
		"|---|---|---|---|---|",
		"| 09:00 Standup | 09:00 Standup 14:00 Design review |  | 11:00 Hiring panel | 16:00 Demo |",
	}, "\n")
	if !strings.Contains(md, want) {
		t.Errorf("calendar:\n%s\nwant rows:\n%s", md, want)
	}
}

// A story split over several containers, with an ad slot and a "Read more"
// box between its parts, is read whole, without the box or the ad label.
func TestReadSplitStory(t *testing.T) {
	md := strings.Join(mainLines(t, "/read_split.html"), "\n")
	for _, want := range []string{"Sleeper trains will run", "The new trains will leave", "The operator has bought twelve", "Passenger groups welcomed", "cabins would go on sale in January"} {
		if !strings.Contains(md, want) {
			t.Errorf("read lacks %q:\n%s", want, md)
		}
	}
	for _, bad := range []string{"Read more", "Ticket prices to rise", "Why the branch line", "Advertisement"} {
		if strings.Contains(md, bad) {
			t.Errorf("read has %q:\n%s", bad, md)
		}
	}
}
