package cli_test

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// --proxy sends a launched browser's requests through the proxy (here one
// that answers every request itself); --ignore-https-errors accepts a
// self-signed certificate.
func TestProxyAndIgnoreHTTPSErrors(t *testing.T) {
	t.Parallel()
	var seen atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen.Add(1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>Proxied</title><h1>Proxied %s</h1>", r.Host)
	}))
	defer proxy.Close()
	r := tact(t, "proxy", "--proxy", proxy.URL, "snap", "http://example.test/")
	mustOK(t, r)
	if !strings.Contains(r.out, "# Proxied example.test") || seen.Load() == 0 {
		t.Errorf("through the proxy:\n%s", r.out)
	}
	if r := tact(t, "proxy2", "--proxy", "ftp://x", "snap"); r.code != 2 {
		t.Errorf("bad proxy: exit %d", r.code)
	}
	tls := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><title>TLS</title><h1>Secure hello</h1>")
	}))
	tls.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshakes are the point
	tls.StartTLS()
	defer tls.Close()
	if r := tact(t, "tls-strict", "snap", tls.URL); r.code != 4 {
		t.Errorf("self-signed without the flag: exit %d %q", r.code, r.err)
	}
	r = tact(t, "tls-lax", "--ignore-https-errors", "snap", tls.URL)
	mustOK(t, r)
	if !strings.Contains(r.out, "# Secure hello") {
		t.Errorf("--ignore-https-errors:\n%s", r.out)
	}
}
