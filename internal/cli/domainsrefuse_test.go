package cli_test

import (
	"strings"
	"testing"
)

// A cross-site frame cannot take the tab to a blob: document of its own
// site, at the top or in a popup: the URL has no host, but its origin is
// the refused site.
func TestDomainsBlob(t *testing.T) {
	t.Parallel()
	s := "domains-blob"
	alt := strings.Replace(altURL, "127.0.0.1", "localhost", 1)
	mustOK(t, tact(t, s, "--allowed-domains", "127.0.0.1", "open", page("domains_blob.html?alt="+alt)))
	r := tact(t, s, "click", "text=Blob to top")
	if strings.Contains(r.out, "Evil blob") {
		t.Errorf("blob: of another site shown at the top:\n%s", r.out)
	}
	eventually(t, "the tab leaves the refused blob: document", func() bool {
		u := evalIn(t, s, "location.href")
		return !strings.HasPrefix(u, "blob:") && !strings.Contains(evalIn(t, s, "document.title"), "Evil")
	})
	mustOK(t, tact(t, s, "open", page("domains_blob.html?alt="+alt)))
	r = tact(t, s, "click", "text=Blob popup")
	if strings.Contains(r.out, "Evil blob") {
		t.Errorf("blob: of another site shown in a popup:\n%s", r.out)
	}
	eventually(t, "no tab shows the refused blob: document", func() bool {
		r := tact(t, s, "tab", "list")
		return r.code == 0 && !strings.Contains(r.out, "Evil blob") && !strings.Contains(r.out, "blob:")
	})
}

// History entries from before the restriction are checked too: tact back
// refuses, and the page's own history.back() (served from the
// back/forward cache, no request) is left at once. A refused tab new
// leaves no tab; a refused redirect names --allowed-domains.
func TestDomainsHistory(t *testing.T) {
	t.Parallel()
	s := "domains-history"
	alt := strings.Replace(altURL, "127.0.0.1", "localhost", 1)
	// Cacheable, so the page's own history.back() comes from the
	// back/forward cache without a request.
	mustOK(t, tact(t, s, "open", alt+"/other.html?cacheable=1"))
	mustOK(t, tact(t, s, "open", page("hello.html?cacheable=1")))
	r := tact(t, s, "--allowed-domains", "127.0.0.1", "back")
	if r.code != 4 || !strings.Contains(r.err, "not in --allowed-domains") {
		t.Errorf("back into a refused entry: exit %d %q", r.code, r.err)
	}
	mustOK(t, tact(t, s, "eval", "history.back(); 1"))
	eventually(t, "the page's history.back() into a refused site is left", func() bool {
		return evalIn(t, s, "location.host") != strings.TrimPrefix(alt, "http://")
	})

	before := tact(t, s, "tab", "list")
	mustOK(t, before)
	r = tact(t, s, "tab", "new", alt+"/hello.html")
	if r.code != 4 || !strings.Contains(r.err, "--allowed-domains") {
		t.Errorf("tab new to a refused site: exit %d %q", r.code, r.err)
	}
	// A redirect from the allowed site to the refused one.
	r = tact(t, s, "tab", "new", page("redirect?to="+alt+"/hello.html"))
	if r.code != 4 || !strings.Contains(r.err, "--allowed-domains") {
		t.Errorf("tab new through a refused redirect: exit %d %q", r.code, r.err)
	}
	r = tact(t, s, "open", page("redirect?to="+alt+"/hello.html"))
	if r.code != 4 || !strings.Contains(r.err, "--allowed-domains") {
		t.Errorf("open through a refused redirect: exit %d %q", r.code, r.err)
	}
	after := tact(t, s, "tab", "list")
	if strings.Count(after.out, "\n") != strings.Count(before.out, "\n") {
		t.Errorf("refused tab new left a tab:\nbefore:\n%s\nafter:\n%s", before.out, after.out)
	}
}

// The restriction is stored with the session: a daemon killed under it
// comes back with it, and browser status shows it.
func TestDomainsSurviveDaemon(t *testing.T) {
	t.Parallel()
	s := "domains-kill"
	env.OwnBrowser(s) // about the browser tact launches
	alt := strings.Replace(altURL, "127.0.0.1", "localhost", 1)
	mustOK(t, tact(t, s, "--allowed-domains", "127.0.0.1", "open", page("hello.html")))
	_, dpid, _ := statusOf(t, s)
	killPID(dpid)
	if !waitDaemonGone(s, dpid) {
		t.Fatal("daemon survived SIGKILL")
	}
	r := tact(t, s, "open", alt+"/hello.html")
	if r.code != 4 || !strings.Contains(r.err, "not in --allowed-domains (127.0.0.1)") {
		t.Errorf("after the daemon was killed: exit %d %q", r.code, r.err)
	}
	if r := tact(t, s, "browser", "status"); !strings.Contains(r.out, "allowed domains: 127.0.0.1") {
		t.Errorf("status after a restart:\n%s", r.out)
	}
}
