package page_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/daemon"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/session"
)

// TestMain shares one browser among the package's tests.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }

// callWait bounds each call a test makes on a tab: generous, since a
// loaded machine is slow, and only a failing test waits it out.
const callWait = 30 * time.Second

// ctxOf is a context for a test's calls on a tab, bounded by callWait.
func ctxOf(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), callWait)
	t.Cleanup(cancel)
	return ctx
}

// newTab is a tab as the daemon has it: a session (its targets, events,
// refs and tact's in-page library) attached to the package's browser in a
// browser context of its own (--cdp --cdp-isolated), its current tab
// loaded with a testdata path or URL and settled as `tact open` leaves it
// (the DOM quiet 100 ms, at most 3 s). The context goes when the test
// ends.
func newTab(t *testing.T, path string) *page.Tab {
	t.Helper()
	browsertest.Require(t)
	m := session.New(session.Options{Library: daemon.Library(), StateFile: filepath.Join(t.TempDir(), "state.json")})
	t.Cleanup(m.Close)
	if err := m.SetEndpoint(browsertest.BrowserWS(), nil, true); err != nil {
		t.Fatal(err)
	}
	ctx := ctxOf(t)
	tab, err := m.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	load(t, tab, path)
	return tab
}

// load navigates tab to a testdata path or URL and settles the page as
// `tact open` does.
func load(t *testing.T, tab *page.Tab, path string) {
	t.Helper()
	ctx := ctxOf(t)
	if err := tab.Navigate(ctx, browsertest.URL(path)); err != nil {
		t.Fatal(err)
	}
	tab.Settle(ctx, 100*time.Millisecond, 3*time.Second)
}

// snapText is the tab's page as `tact snap` prints it: every frame
// walked, folded, within snap's default budget.
func snapText(t *testing.T, tab *page.Tab) string {
	t.Helper()
	p, err := tab.Snapshot(ctxOf(t), "")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := render.Text(p.Folded(nil), render.Options{MaxTokens: 5000})
	return text
}

// clickRef clicks the element of ref (as "@eN") with the DOM's click()
// and returns what #out then says: the element a ref names, and the
// page's handler for it.
func clickRef(t *testing.T, tab *page.Tab, ref string) string {
	t.Helper()
	n, ok := page.ParseRef(ref)
	if !ok {
		t.Fatalf("not a ref: %q", ref)
	}
	ctx := ctxOf(t)
	el, err := tab.ResolveRef(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	defer el.Release(ctx)
	if err := el.Call(ctx, "function () { this.click(); }", nil); err != nil {
		t.Fatal(err)
	}
	var out string
	if err := tab.EvalWorld(ctx, `document.getElementById("out").textContent`, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// refOf is the ref of the first line of out holding needle.
func refOf(t *testing.T, out, needle string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, "@e"); i >= 0 && strings.Contains(line, needle) {
			return strings.Fields(line[i:])[0]
		}
	}
	t.Fatalf("no element %s in:\n%s", needle, out)
	return ""
}
