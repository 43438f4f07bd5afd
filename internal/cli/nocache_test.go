package cli_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// --no-cache (session emulation, like --lang) makes every page come from
// the server: a cron job never reads a stale copy from the cache.
func TestNoCache(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path != "/news" {
			fmt.Fprint(w, "<title>Elsewhere</title><h1>Elsewhere</h1>")
			return
		}
		w.Header().Set("Cache-Control", "max-age=3600")
		fmt.Fprintf(w, "<title>News</title><h1>Edition %d</h1>", hits.Add(1))
	}))
	defer srv.Close()
	s := "nocache"
	visit := func(flags ...string) string {
		t.Helper()
		mustOK(t, tact(t, s, "open", srv.URL+"/elsewhere", "--no-snap"))
		r := tact(t, s, append(flags, "read", srv.URL+"/news")...)
		mustOK(t, r)
		return strings.TrimSpace(r.out)
	}
	if got := visit(); got != "# Edition 1" {
		t.Fatalf("first visit: %q", got)
	}
	if got := visit(); got != "# Edition 1" {
		t.Errorf("without --no-cache the page should come from the cache: %q", got)
	}
	if got := visit("--no-cache"); got != "# Edition 2" {
		t.Errorf("--no-cache: %q", got)
	}
	if got := visit(); got != "# Edition 3" {
		t.Errorf("--no-cache is kept for the session: %q", got)
	}
}
