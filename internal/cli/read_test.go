package cli_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/tact-browser/tact/internal/browsertest"
)

// has and lacks check what a command printed.
var has, lacks = browsertest.Has, browsertest.Lacks

// An article page: the main content only, under the note saying what was
// left out; --all has everything.
func TestReadMainContent(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "read", page("read_news.html"))
	mustOK(t, r)
	lines := strings.Split(r.out, "\n")
	if lines[0] != "(article; left out: header, 2 sidebars, related links, comments, footer — tact read --all)" {
		t.Errorf("note line = %q", lines[0])
	}
	if lines[1] != "# Harbour seals return to the estuary" || !strings.Contains(r.out, "## Why the seals came back") {
		t.Errorf("read:\n%s", r.out)
	}
	lacks(t, "main content", r.out, "Sport", "Ferry timetable", "Dolphins", "Saw them from the bridge", "Most read", "© 2026")
	r = tact(t, s, "read", "--all")
	mustOK(t, r)
	has(t, "--all", r.out, "- Sport", "Ferry timetable changes", "Harbour seals return", "Dolphins spotted", "Saw them from the bridge", "Most read", "© 2026 Coastal Times")
	if strings.HasPrefix(r.out, "(article") {
		t.Errorf("--all printed the note:\n%s", r.out)
	}
	// --focus still reads exactly its target, any target kind.
	r = tact(t, s, "read", "--focus", "css=aside.right")
	mustOK(t, r)
	if !strings.Contains(r.out, "Storm closes the coast road") || strings.Contains(r.out, "Harbour seals") {
		t.Errorf("--focus:\n%s", r.out)
	}
}

// An app screen has no main content: every row, the status line and the
// sidebar's figure are printed.
func TestReadAppPageKeepsData(t *testing.T) {
	t.Parallel()
	r := tact(t, env.Pooled(t), "read", page("read_app.html"))
	mustOK(t, r)
	has(t, "read", r.out,
		"Sync OK — last updated 12:04, 3 orders need attention",
		"| #1042 | Ana Ruiz | €129.00 | Paid |",
		"| #1040 | Chen Wei | €240.75 | Awaiting payment |",
		"Revenue this month: €12,480.20")
	if strings.HasPrefix(r.out, "(article") {
		t.Errorf("an app page read as an article:\n%s", r.out)
	}
}

// Reading in pieces: the cut line says how to go on, --from continues
// without reprinting, --from TEXT finds a heading, --outline lists them.
func TestReadPieces(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "read", "--max-tokens", "80", page("read_news.html"))
	mustOK(t, r)
	lines := strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "… cut at 80 tokens: tact read --max-tokens 80 --from ") {
		t.Fatalf("cut line = %q\n%s", last, r.out)
	}
	next := strings.Fields(strings.TrimPrefix(last, "… cut at 80 tokens: tact read --max-tokens 80 --from "))[0]
	seen := strings.Join(lines[1:len(lines)-1], "\n")
	r = tact(t, s, "read", "--max-tokens", "0", "--from", next)
	mustOK(t, r)
	if strings.HasPrefix(r.out, "(article") || strings.Contains(r.out, "cut at") {
		t.Errorf("--from %s repeated the note or was cut:\n%s", next, r.out)
	}
	// Both pieces together are the whole text, each line once.
	whole := tact(t, s, "read", "--max-tokens", "0")
	mustOK(t, whole)
	if got, want := seen+"\n"+strings.TrimSuffix(r.out, "\n"), strings.TrimSuffix(strings.SplitN(whole.out, "\n", 2)[1], "\n"); got != want {
		t.Errorf("pieces do not add up:\n--- got:\n%s\n--- want:\n%s", got, want)
	}

	r = tact(t, s, "read", "--outline")
	mustOK(t, r)
	// Lines are numbered as the default view prints them: the note is 1.
	want := "(outline: 2 headings in 9 lines, ~"
	if !strings.Contains(r.out, want) || !strings.Contains(r.out, "\n2 # Harbour seals return to the estuary\n7 ## Why the seals came back\n") {
		t.Errorf("--outline:\n%s", r.out)
	}
	r = tact(t, s, "read", "--from", "why the seals")
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "## Why the seals came back\nResearchers point") {
		t.Errorf("--from TEXT:\n%s", r.out)
	}

	if r = tact(t, s, "read", "--from", "99"); r.code != 2 || !strings.Contains(r.err, "--from 99: the text has 9 lines") {
		t.Errorf("--from past the end: exit %d %q", r.code, r.err)
	}
	if r = tact(t, s, "read", "--from", "no such words"); r.code != 8 || !strings.Contains(r.err, "no such words") {
		t.Errorf("--from missing text: exit %d %q", r.code, r.err)
	}
	if r = tact(t, s, "read", "--all", "--focus", "main"); r.code != 2 {
		t.Errorf("--all --focus: exit %d %q", r.code, r.err)
	}
	if r = tact(t, s, "read", "--max-tokens", "-1"); r.code != 2 {
		t.Errorf("--max-tokens -1: exit %d %q", r.code, r.err)
	}
}

// The JSON of each read mode matches the published schema.
func TestReadJSONMatchesSchema(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	sch := outputSchema(t, "read")
	for _, st := range [][]string{
		{"read", page("read_news.html")},
		{"read", "--max-tokens", "40"},
		{"read", "--outline"},
		{"read", "--from", "2", "--all"},
		{"read", page("read_app.html")},
		{"read", "--focus", "table"},
	} {
		r := tact(t, s, append([]string{"-o", "json"}, st...)...)
		if r.code != 0 {
			t.Errorf("%v: exit %d %s", st, r.code, r.err)
			continue
		}
		if v, err := jsonschema.UnmarshalJSON(strings.NewReader(r.out)); err != nil || sch.Validate(v) != nil {
			t.Errorf("%v: -o json is not JSON of its schema (%v):\n%s", st, err, r.out)
		}
		var d struct {
			Mode    string   `json:"mode"`
			LeftOut []string `json:"left_out"`
		}
		_ = json.Unmarshal([]byte(r.out), &d)
		if st[1] == page("read_news.html") && (d.Mode != "main" || len(d.LeftOut) != 5) {
			t.Errorf("%v: mode %q left out %v", st, d.Mode, d.LeftOut)
		}
		if st[1] == page("read_app.html") && d.Mode != "page" {
			t.Errorf("%v: mode %q", st, d.Mode)
		}
	}
}
