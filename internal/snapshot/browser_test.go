package snapshot_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/snapshot"
)

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }

// snap evaluates the walker (defining it first, as the daemon does once per
// document) and returns its result.
func snap(t testing.TB, tab *browsertest.Tab, opts map[string]any) snapshot.Result {
	t.Helper()
	o, _ := json.Marshal(opts)
	var r snapshot.Result
	tab.Eval(t, snapshot.JS+";__tact.snap("+string(o)+")", &r)
	return r
}

// snapDefaultTokens is snap's default --max-tokens.
const snapDefaultTokens = 5000

// snapped is one snap of a page as `tact snap` shows it: the page model
// (folded unless full) and its text.
type snapped struct {
	page *snapshot.Page
	text string
}

// snapPage snaps the tab's page (one frame: the daemon walks iframes
// separately) and renders it as snap does: built into sections, folded
// unless full, within snap's default budget. opts are the walker's
// (nextRef is added when missing); a later snap of the same document
// keeps the refs the walker gave before.
func snapPage(t testing.TB, tab *browsertest.Tab, opts map[string]any, full bool) snapped {
	t.Helper()
	if opts == nil {
		opts = map[string]any{}
	}
	if _, ok := opts["nextRef"]; !ok {
		opts["nextRef"] = 1
	}
	return render1(t, snap(t, tab, opts), full)
}

// openSnap opens a testdata page in a new tab and snaps it as snap does.
func openSnap(t testing.TB, path string) (*browsertest.Tab, string) {
	t.Helper()
	tab := browsertest.NewTab(t)
	tab.Navigate(t, path)
	return tab, snapPage(t, tab, nil, false).text
}

// snapFocusRef is `tact snap --focus @eN`: the walk starts at the element
// of ref n (a folded region's handle, say).
func snapFocusRef(t testing.TB, tab *browsertest.Tab, n int, full bool) snapped {
	t.Helper()
	var r snapshot.Result
	tab.Eval(t, fmt.Sprintf("%s;__tact.snap({nextRef: 100000, focusEl: __tact.byRef(%d)})", snapshot.JS, n), &r)
	return render1(t, r, full)
}

func render1(t testing.TB, r snapshot.Result, full bool) snapped {
	t.Helper()
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	p := snapshot.Build(r.URL, r.Title, r.Items)
	if !full {
		p = p.Folded(nil)
	}
	text, _ := render.Text(p, render.Options{MaxTokens: snapDefaultTokens})
	return snapped{p, text}
}

// refNum is the ref number of the first line of text holding needle.
func refNum(t testing.TB, text, needle string) int {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, needle) {
			continue
		}
		var n int
		if i := strings.Index(line, "@e"); i >= 0 {
			if _, err := fmt.Sscanf(line[i:], "@e%d", &n); err == nil {
				return n
			}
		}
	}
	t.Fatalf("no element %s in:\n%s", needle, text)
	return 0
}

// has and lacks check what a snap printed.
var has, lacks = browsertest.Has, browsertest.Lacks

// lines renders items one per line in a compact debug form that the tests
// match against (groups are left out: TestBigTable checks them).
func lines(r snapshot.Result) []string {
	var out []string
	for _, it := range r.Items {
		switch it.K {
		case "h":
			out = append(out, fmt.Sprintf("h%d %s", it.Level, it.Text))
		case "t":
			out = append(out, "t "+it.Text)
		case "f":
			out = append(out, fmt.Sprintf("f %d", it.Index))
		case "e":
			s := fmt.Sprintf("e%d [%s] %q %s", it.Ref, it.Role, it.Name, it.Action)
			for _, a := range it.Attrs {
				if a[1] == "" {
					s += " " + a[0]
				} else {
					s += fmt.Sprintf(" %s=%q", a[0], a[1])
				}
			}
			out = append(out, s)
		}
	}
	return out
}

func TestDump(t *testing.T) {
	page := os.Getenv("SNAP_PAGE")
	if page == "" {
		t.Skip("set SNAP_PAGE")
	}
	tab := browsertest.NewTab(t)
	tab.Navigate(t, page)
	r := snap(t, tab, map[string]any{"nextRef": 1})
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	t.Log("\n" + strings.Join(lines(r), "\n"))
}
