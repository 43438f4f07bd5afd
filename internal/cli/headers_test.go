package cli_test

import (
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

// headerSites are two sites on loopback (127.0.0.1 and localhost) that
// record the X-Api-Key each request carried, by "site/path".
type headerSites struct {
	a, b *httptest.Server
	bURL string // b by its name: httptest's URL is by address
	mu   sync.Mutex
	seen map[string]string
}

func startHeaderSites(t *testing.T) *headerSites {
	h := &headerSites{seen: map[string]string{}}
	handler := func(site string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			h.mu.Lock()
			h.seen[site+r.URL.Path] = r.Header.Get("X-Api-Key")
			h.mu.Unlock()
			w.Header().Set("Cache-Control", "no-store")
			switch r.URL.Path {
			case "/page.html":
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.Header().Set("X-Auth-Token", "ZZresp-tok")
				fmt.Fprintf(w, `<!doctype html><title>Headers</title><h1>Headers</h1>
<img src="%[1]s/img.png"><script src="%[1]s/s.js"></script>
<a href="%[1]s/nav.html">Other site</a> <a href="/redir">Redirect</a>
<p id="done"></p>
<script>
Promise.all([fetch("/own", {headers: {"X-Api-Key": "page-own"}}), fetch("/plain"), fetch("/data?token=ZZq-tok&page=2")])
  .then(() => { document.getElementById("done").textContent = "fetched"; });
</script>`, h.bURL)
			case "/redir":
				http.Redirect(w, r, h.bURL+"/after-redirect", http.StatusFound)
			case "/s.js":
				w.Header().Set("Content-Type", "text/javascript")
			case "/nav.html":
				// Another site's page making a request to the header's site.
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				fmt.Fprintf(w, `<!doctype html><title>Other</title><h1>Other</h1><img src="%s/from-b.png">`, h.a.URL)
			default:
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				fmt.Fprint(w, "<!doctype html><title>Page</title><h1>Page</h1>")
			}
		}
	}
	serve := func(addr, site string) *httptest.Server {
		l, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		s := httptest.NewUnstartedServer(handler(site))
		s.Listener.Close()
		s.Listener = l
		s.Start()
		t.Cleanup(s.Close)
		return s
	}
	h.a, h.b = serve("127.0.0.1:0", "a"), serve("localhost:0", "b")
	h.bURL = "http://localhost:" + strings.TrimPrefix(h.b.URL, "http://127.0.0.1:")
	return h
}

// got is the X-Api-Key a path was requested with; ok is false when it
// was never requested.
func (h *headerSites) got(key string) (string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	v, ok := h.seen[key]
	return v, ok
}

const apiKey = "ZZhdr-key-1"

// TestHeaderStaysOnItsSite: --header goes to the page's own site (its
// document, fetches, a same-site redirect hop), never to a third-party
// image or script, another site's page or a redirect to another site;
// a header the page sets itself keeps its value. The HAR leaves out the
// --header value, credential-like response headers and ?token=.
func TestHeaderStaysOnItsSite(t *testing.T) {
	t.Parallel()
	h := startHeaderSites(t)
	s := "secb-header"
	mustOK(t, tact(t, s, "--header", "X-Api-Key: "+apiKey, "open", h.a.URL+"/page.html"))
	eventually(t, "the page's fetches", func() bool {
		_, ok := h.got("a/data")
		return ok
	})
	for key, want := range map[string]string{"a/page.html": apiKey, "a/plain": apiKey, "a/own": "page-own", "b/img.png": "", "b/s.js": ""} {
		eventually(t, key+" requested", func() bool { _, ok := h.got(key); return ok })
		if v, _ := h.got(key); v != want {
			t.Errorf("%s: X-Api-Key %q, want %q", key, v, want)
		}
	}
	har := filepath.Join(t.TempDir(), "h.har")
	mustOK(t, tact(t, s, "network", "--har", har))
	b, err := os.ReadFile(har)
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{apiKey, "ZZresp-tok", "ZZq-tok"} {
		if strings.Contains(string(b), leak) {
			t.Errorf("the HAR holds %s", leak)
		}
	}
	if !strings.Contains(string(b), "X-Auth-Token") || !strings.Contains(string(b), `"value": "2"`) {
		t.Errorf("the HAR lost the header name or an ordinary query value:\n%.3000s", b)
	}
	mustOK(t, tact(t, s, "click", "text=Redirect"))
	eventually(t, "the redirect followed", func() bool { _, ok := h.got("b/after-redirect"); return ok })
	if v, _ := h.got("a/redir"); v != apiKey {
		t.Errorf("same-site hop before the redirect: X-Api-Key %q", v)
	}
	if v, _ := h.got("b/after-redirect"); v != "" {
		t.Errorf("a redirect to another site carried X-Api-Key %q", v)
	}
	mustOK(t, tact(t, s, "open", h.a.URL+"/page.html"))
	mustOK(t, tact(t, s, "click", "text=Other site"))
	eventually(t, "the other site's page", func() bool { _, ok := h.got("b/nav.html"); return ok })
	if v, _ := h.got("b/nav.html"); v != "" {
		t.Errorf("a navigation to another site carried X-Api-Key %q", v)
	}
	eventually(t, "the other site's image from the header's site", func() bool { _, ok := h.got("a/from-b.png"); return ok })
	if v, _ := h.got("a/from-b.png"); v != "" {
		t.Errorf("another site's page requesting the header's site carried X-Api-Key %q", v)
	}
	if r := tact(t, s, "browser", "status"); !strings.Contains(r.out, "X-Api-Key (for 127.0.0.1)") || strings.Contains(r.out, apiKey) {
		t.Errorf("status: %q", r.out)
	}

	// --header-all-sites: everywhere, by the user's explicit choice.
	h2 := startHeaderSites(t)
	s2 := "secb-header-all"
	mustOK(t, tact(t, s2, "--header", "X-Api-Key: "+apiKey, "--header-all-sites", "open", h2.a.URL+"/page.html"))
	eventually(t, "the third-party image", func() bool { _, ok := h2.got("b/img.png"); return ok })
	if v, _ := h2.got("b/img.png"); v != apiKey {
		t.Errorf("--header-all-sites: the image got %q", v)
	}
	// No page to bind the header to: a usage error, not a header sent anywhere.
	if r := tact(t, "secb-header-none", "--header", "X-Api-Key: "+apiKey, "snap"); r.code != 2 || !strings.Contains(r.err, "--header-all-sites") {
		t.Errorf("--header on a blank tab: exit %d %q", r.code, r.err)
	}
}
