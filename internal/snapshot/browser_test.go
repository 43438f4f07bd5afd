package snapshot_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
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
