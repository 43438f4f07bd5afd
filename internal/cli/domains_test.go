package cli_test

import (
	"strings"
	"testing"
)

// --allowed-domains: open, link clicks and popups to other hosts are
// refused with a clear message; the session's own site works as before.
func TestAllowedDomains(t *testing.T) {
	t.Parallel()
	s := "domains"
	// Another site: the second test server, by name (hosts are compared
	// without their port).
	alt := strings.Replace(altURL, "127.0.0.1", "localhost", 1)
	r := tact(t, s, "--allowed-domains", "127.0.0.1", "snap", page("domains_links.html?alt="+alt))
	mustOK(t, r)
	r = tact(t, s, "open", alt+"/hello.html")
	if r.code != 4 || !strings.Contains(r.err, "not in --allowed-domains (127.0.0.1)") {
		t.Errorf("open another site: exit %d %q", r.code, r.err)
	}
	r = tact(t, s, "click", "text=Away")
	mustOK(t, r)
	if !strings.Contains(r.out, "refused a navigation to "+alt) || strings.Contains(r.out, "navigated to") {
		t.Errorf("link to another site:\n%s", r.out)
	}
	r = tact(t, s, "click", "text=Popup")
	mustOK(t, r)
	if !strings.Contains(r.out, "refused a navigation to "+alt) {
		t.Errorf("popup to another site:\n%s", r.out)
	}
	if r := tact(t, s, "browser", "status"); !strings.Contains(r.out, "allowed domains: 127.0.0.1") {
		t.Errorf("status:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "tab", "switch", "domains_links"))
	r = tact(t, s, "click", "text=Same site")
	mustOK(t, r)
	if !strings.Contains(r.out, "navigated to "+srvURL+"/other.html") {
		t.Errorf("same site:\n%s", r.out)
	}
	// '*' lifts the limit.
	r = tact(t, s, "--allowed-domains", "*", "open", alt+"/hello.html")
	mustOK(t, r)
	if r := tact(t, s, "--allowed-domains", "a.com/x", "snap"); r.code != 2 {
		t.Errorf("bad list: exit %d %q", r.code, r.err)
	}
}
