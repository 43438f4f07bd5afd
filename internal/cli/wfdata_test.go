package cli_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// figures serves testdata/wf_package.html as /package/NAME with figures
// the test switches between the recording and the replay.
type figures struct {
	mu   sync.Mutex
	tmpl string
	now  map[string][2]string // name → downloads, version
}

func (f *figures) set(m map[string][2]string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = m
}

func (f *figures) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(r.URL.Path, "/package/")
	f.mu.Lock()
	fig, known := f.now[name]
	f.mu.Unlock()
	if !ok || !known {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprint(w, strings.NewReplacer("{{NAME}}", name, "{{DOWNLOADS}}", fig[0], "{{VERSION}}", fig[1]).Replace(f.tmpl))
}

func serveFigures(t *testing.T) (*figures, string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "wf_package.html"))
	if err != nil {
		t.Fatal(err)
	}
	f := &figures{tmpl: string(b)}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(f)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return f, srv.URL
}

// The seed's story: record a visit of three pages, snapping each and
// reading its sidebar stats, with no --as; the figures change; the replay
// returns the fresh figures under readable names, in order, and -o json
// gathers them in outputs.
func TestReplayReturnsFreshData(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	figs, base := serveFigures(t)
	pkgs := []string{"zustand", "jotai", "valtio"}
	figs.set(map[string][2]string{"zustand": {"1,000", "4.0.0"}, "jotai": {"2,000", "2.1.0"}, "valtio": {"3,000", "1.9.0"}})

	mustOK(t, tact(t, s, "record", "start", "npm-state"))
	for _, p := range pkgs {
		mustOK(t, tact(t, s, "snap", base+"/package/"+p))
		mustOK(t, tact(t, s, "snap")) // a look around: exploration
		r := tact(t, s, "read", "--focus", ".sidebar")
		mustOK(t, r)
		if !strings.Contains(r.err, "read as "+p+"-sidebar") {
			t.Errorf("the read's automatic name is not shown: %q", r.err)
		}
	}
	r := tact(t, s, "record", "stop")
	mustOK(t, r)
	if !strings.Contains(r.out, "saved npm-state: 6 steps") || !strings.Contains(r.out, "outputs the replay returns, in order: zustand-sidebar, jotai-sidebar, valtio-sidebar") {
		t.Fatalf("record stop:\n%s", r.out)
	}

	figs.set(map[string][2]string{"zustand": {"1,111", "5.0.1"}, "jotai": {"2,222", "2.9.0"}, "valtio": {"3,333", "2.0.0"}})
	r = tact(t, s, "replay", "npm-state")
	mustOK(t, r)
	at := -1
	for i, p := range pkgs {
		want := fmt.Sprintf("read as %s-sidebar: ok\n## Stats\nWeekly downloads: %d,%d%d%d", p, i+1, i+1, i+1, i+1)
		j := strings.Index(r.out, want)
		if j < 0 || j < at {
			t.Errorf("replay: no fresh figures for %s in order (%q):\n%s", p, want, r.out)
		}
		at = j
	}
	if strings.Contains(r.out, "1,000") || strings.Contains(r.out, "2,000") {
		t.Errorf("the replay printed recorded figures:\n%s", r.out)
	}

	r = tact(t, s, "-o", "json", "replay", "npm-state")
	mustOK(t, r)
	var out struct {
		Outputs map[string]string `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(r.out), &out); err != nil {
		t.Fatalf("%v\n%s", err, r.out)
	}
	if len(out.Outputs) != 3 || !strings.Contains(out.Outputs["jotai-sidebar"], "Weekly downloads: 2,222") || !strings.Contains(out.Outputs["valtio-sidebar"], "Version: 2.0.0") {
		t.Errorf("outputs: %s", r.out)
	}
}

// A read focused by a ref is recorded with the element's locator (the
// ref dies with the page) and replays.
func TestRecordReadFocusRef(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "record", "start", "focusref"))
	r := tact(t, s, "open", page("wf_rename.html"))
	mustOK(t, r)
	r = tact(t, s, "read", "--focus", refOf(t, r.out, `[button]`))
	mustOK(t, r)
	if !strings.Contains(r.err, "read as wf-rename-sign-in") {
		t.Errorf("the read's name: %q", r.err)
	}
	mustOK(t, tact(t, s, "record", "stop"))
	text := savedFlow(t, "focusref")
	if strings.Contains(text, "@e") || !strings.Contains(text, `"focus": "`) {
		t.Fatalf("recorded:\n%s", text)
	}
	mustOK(t, tact(t, s, "workflow", "lint", "focusref"))
	r = tact(t, s, "replay", "focusref")
	mustOK(t, r)
	if !strings.Contains(r.out, "read as wf-rename-sign-in: ok\nSign in") {
		t.Errorf("replay:\n%s", r.out)
	}
}
