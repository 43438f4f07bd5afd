package cli_test

import (
	"strings"
	"testing"
)

// Sessions attached with --cdp-isolated share a browser without sharing
// anything else: cookies, tabs, and what browser stop closes are each
// session's own. (The test environment attaches most sessions this way;
// this test says what a user relies on.)
func TestCDPIsolatedSessionsShareABrowser(t *testing.T) {
	t.Parallel()
	a, b := "iso-a", "iso-b"
	if env.Attach(a, nil) == nil {
		t.Skip("no shared browser in this environment (TACT_TEST_SHARED_BROWSERS=0)")
	}
	mustOK(t, tact(t, a, "open", page("hello.html"), "--no-snap"))
	mustOK(t, tact(t, b, "open", page("other.html"), "--no-snap"))
	mustOK(t, tact(t, a, "cookies", "set", "who=iso-a"))
	if r := tact(t, a, "cookies"); !strings.Contains(r.out, "who") {
		t.Errorf("a's cookie is not a's: %q", r.out)
	}
	if r := tact(t, b, "cookies"); strings.Contains(r.out, "who") {
		t.Errorf("b sees a's cookie: %q", r.out)
	}
	ra, rb := tact(t, a, "tab", "list"), tact(t, b, "tab", "list")
	if strings.Contains(ra.out, "other.html") || strings.Contains(rb.out, "hello.html") || !strings.Contains(ra.out, "hello.html") {
		t.Errorf("tab lists mix sessions:\na: %s\nb: %s", ra.out, rb.out)
	}
	// A session attached to the same browser without a context of its
	// own neither lists nor emulates on the isolated sessions' tabs.
	c := "iso-plain"
	ws := env.Attach(a, nil)[1]
	if r := tact(t, c, "--cdp", ws, "--user-agent", "Plain/1", "tab", "list"); r.code != 0 || strings.Contains(r.out, ".html") {
		t.Errorf("a plain --cdp session lists isolated tabs: exit %d %q %q", r.code, r.out, r.err)
	}
	mustOK(t, tact(t, c, "eval", "1"))
	if r := tact(t, b, "eval", "navigator.userAgent"); strings.Contains(r.out, "Plain/1") {
		t.Errorf("a plain --cdp session's user agent reached an isolated tab: %q", r.out)
	}
	if r := tact(t, c, "--cdp-isolated", "eval", "1"); r.code != 2 || !strings.Contains(r.err, "without --cdp-isolated") {
		t.Errorf("--cdp-isolated on a session attached without it: exit %d %q", r.code, r.err)
	}
	mustOK(t, tact(t, c, "browser", "stop"))
	// The flag belongs with --cdp.
	env.OwnBrowser("iso-none")
	if r := tact(t, "iso-none", "--cdp-isolated", "snap", page("hello.html")); r.code != 2 || !strings.Contains(r.err, "--cdp-isolated needs --cdp") {
		t.Errorf("--cdp-isolated alone: exit %d %q", r.code, r.err)
	}
	// a stops: its context goes, b carries on in the same browser.
	if r := tact(t, a, "browser", "stop"); r.code != 0 || !strings.Contains(r.out, "keeps running") {
		t.Errorf("stop: exit %d %q %q", r.code, r.out, r.err)
	}
	if r := tact(t, b, "eval", "location.pathname"); r.code != 0 || r.out != "/other.html\n" {
		t.Errorf("b after a stopped: exit %d %q %q", r.code, r.out, r.err)
	}
	mustOK(t, tact(t, a, "open", page("hello.html"), "--no-snap"))
	if r := tact(t, a, "cookies"); strings.Contains(r.out, "who") {
		t.Errorf("a's new context kept the old one's cookie: %q", r.out)
	}
}
