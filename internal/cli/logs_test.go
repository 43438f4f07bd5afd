package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// console and network show what the page did; --since-last only what the
// last action caused; --har writes a HAR without cookie values.
func TestConsoleAndNetwork(t *testing.T) {
	t.Parallel()
	s := "logs"
	out := openPage(t, s, page("logs.html"))
	r := tact(t, s, "console")
	mustOK(t, r)
	if !strings.Contains(r.out, "log: hello 42") || !strings.Contains(r.out, "error: bad thing") {
		t.Errorf("console:\n%s", r.out)
	}
	r = tact(t, s, "network", "--failed")
	mustOK(t, r)
	if !strings.Contains(r.out, "GET 404 fetch") || !strings.Contains(r.out, "/status/404") {
		t.Errorf("network --failed:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "click", refOf(t, out, `"Go"`)))
	r = tact(t, s, "console", "--since-last")
	mustOK(t, r)
	if !strings.Contains(r.out, "warn: clicked") || strings.Contains(r.out, "hello") {
		t.Errorf("console --since-last:\n%s", r.out)
	}
	r = tact(t, s, "console", "--level", "error")
	mustOK(t, r)
	if !strings.Contains(r.out, "bad thing") || strings.Contains(r.out, "clicked") {
		t.Errorf("console --level error:\n%s", r.out)
	}
	// --since-last after the console call above: the click is two commands back.
	mustOK(t, tact(t, s, "click", refOf(t, out, `"Go"`)))
	har := filepath.Join(t.TempDir(), "r.har")
	r = tact(t, s, "network", "--since-last", "--filter", "/status/", "--har", har)
	mustOK(t, r)
	if !strings.Contains(r.out, "GET 500") || strings.Contains(r.out, "/status/404") {
		t.Errorf("network --since-last:\n%s", r.out)
	}
	b, err := os.ReadFile(har)
	if err != nil {
		t.Fatal(err)
	}
	var h struct {
		Log struct {
			Entries []struct {
				Response struct{ Status int }
			}
		}
	}
	if err := json.Unmarshal(b, &h); err != nil || len(h.Log.Entries) != 1 || h.Log.Entries[0].Response.Status != 500 {
		t.Errorf("har: %v %s", err, b)
	}
}
