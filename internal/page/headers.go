package page

import (
	"context"
	"net"
	"strings"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"golang.org/x/net/publicsuffix"

	"github.com/tact-browser/tact/internal/cdp"
)

// SiteOf is the site of a URL as browsers count same-site: the
// registrable domain (example.co.uk for a.b.example.co.uk); an IP address
// or a single-label host (localhost) is its own site. "" for a URL
// without a host.
func SiteOf(rawURL string) string { return siteOfHost(hostOf(rawURL)) }

// siteOfHost is the site of a lower-case host by the public suffix list,
// its private part included: alice.github.io and bob.github.io are two
// sites, as browsers count them. Every same-site decision of tact's
// (settling, --header) goes through it.
func siteOfHost(host string) string {
	if host == "" || net.ParseIP(host) != nil || !strings.Contains(host, ".") {
		return host
	}
	if site, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return site
	}
	return host
}

// scopedHeaders reports whether e's --header headers go to one site only,
// which tact does itself by pausing requests (Fetch), rather than to
// every request (Network.setExtraHTTPHeaders, --header-all-sites).
func (e Emulation) scopedHeaders() bool { return e.Headers != "" && !e.HeaderAllSites }

// fetchParams are the Fetch patterns a target needs: every request while
// --header is scoped to a site, else document requests for the
// --allowed-domains check; ok is false when neither is in force.
func fetchParams(d Domains, e Emulation) (fetch.EnableParams, bool) {
	if e.scopedHeaders() {
		return fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}}, true
	}
	return guardParams, len(d) > 0
}

// refetch (re)enables Fetch with the patterns the session's domains and
// emulation e need, or disables it.
func (tg *Target) refetch(ctx context.Context, d Domains, e Emulation) error {
	p, on := fetchParams(d, e)
	if !on {
		return cdp.Run(ctx, tg.sess, fetch.Disable, proto.Empty{})
	}
	return cdp.Run(ctx, tg.sess, fetch.Enable, p)
}

// extraHeaders is what a paused request should carry: its own headers
// plus the session's --header ones when it goes to their site from a
// page of their site (the tab's top-level document, or the document a
// main-frame navigation loads): another site's page making a request to
// that site (an image, a form) does not get them. A header the page set
// on its own request keeps the page's value. nil: continue the request
// unchanged.
func (tg *Target) extraHeaders(ev *fetch.EventRequestPaused) []*fetch.HeaderEntry {
	e := tg.Emulated()
	req := ev.Request
	if req == nil || !e.scopedHeaders() || e.HeaderSite == "" || SiteOf(req.URL) != e.HeaderSite {
		return nil
	}
	top := tg.tab.URL()
	if ev.ResourceType == network.ResourceTypeDocument && tg.kind == "page" && (string(ev.FrameID) == tg.tab.id || ev.FrameID == "") {
		top = req.URL
	}
	if SiteOf(top) != e.HeaderSite {
		return nil
	}
	var out []*fetch.HeaderEntry
	has := map[string]bool{}
	for k, v := range req.Headers {
		s, _ := v.(string)
		out = append(out, &fetch.HeaderEntry{Name: k, Value: s})
		has[strings.ToLower(k)] = true
	}
	added := false
	for k, v := range e.headerMap() {
		if !has[strings.ToLower(k)] {
			out = append(out, &fetch.HeaderEntry{Name: k, Value: v.(string)})
			added = true
		}
	}
	if !added {
		return nil
	}
	return out
}
