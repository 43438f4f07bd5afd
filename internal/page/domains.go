package page

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
)

// Domains is a session's --allowed-domains: the hosts its tabs may
// navigate to ("a.com" that host, "*.b.com" b.com and its subdomains).
// Empty allows every host. Only navigations of a tab's main frame and new
// tabs are checked: subresources and iframes load as the page wants.
type Domains []string

// ParseDomains reads a comma-separated list; "*" alone allows everything.
func ParseDomains(s string) (Domains, error) {
	var d Domains
	for _, p := range strings.Split(s, ",") {
		p = strings.ToLower(strings.TrimSpace(p))
		if p == "" {
			continue
		}
		if p == "*" {
			return nil, nil
		}
		host := strings.TrimPrefix(p, "*.")
		if strings.ContainsAny(host, "/:*?# ") || host == "" {
			return nil, failure.New(failure.Usage, "--allowed-domains %q: want hosts like example.com or *.example.com, comma-separated", s)
		}
		d = append(d, p)
	}
	return d, nil
}

// String is the list as given (normalised).
func (d Domains) String() string { return strings.Join(d, ",") }

// Allows reports whether a navigation to rawURL may go ahead. URLs without
// a host (about:blank, data:) are not navigations to another site.
func (d Domains) Allows(rawURL string) bool {
	if len(d) == 0 {
		return true
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "" {
		return u.Scheme != "http" && u.Scheme != "https"
	}
	for _, p := range d {
		if base, ok := strings.CutPrefix(p, "*."); ok {
			if host == base || strings.HasSuffix(host, "."+base) {
				return true
			}
		} else if host == p {
			return true
		}
	}
	return false
}

// refuse is the error of a navigation the session's domains do not allow.
func (d Domains) refuse(rawURL string) error {
	host := rawURL
	if u, err := url.Parse(rawURL); err == nil && u.Host != "" {
		host = u.Host
	}
	return failure.New(failure.NavigationFailed, "refused to open %s: not in --allowed-domains (%s)", host, d).
		WithHint("add it with --allowed-domains, or --allowed-domains '*' to allow any site")
}

// Guard makes the target's main-frame navigations wait for the domains
// check (Fetch pauses each document request), or stops checking when d
// is empty.
func (tg *Target) Guard(ctx context.Context, d Domains) error {
	return tg.refetch(ctx, d, tg.Emulated())
}

// guardParams pause document requests only: the page's other requests
// never wait for tact.
var guardParams = fetch.EnableParams{Patterns: []*fetch.RequestPattern{{ResourceType: network.ResourceTypeDocument}}}

// pauseAnswer bounds answering a paused document request: the page waits.
const pauseAnswer = 5 * time.Second

// paused answers a document request Fetch paused: a main-frame navigation
// to a host the session does not allow is aborted (the tab stays on its
// page, as when a person stops a load; the action reports it); everything
// else goes on.
func (tg *Target) paused(ev *fetch.EventRequestPaused) {
	allowed := true
	var u string
	if ev.Request != nil && ev.ResourceType == network.ResourceTypeDocument {
		u = ev.Request.URL
		main := tg.kind == "page" && (string(ev.FrameID) == tg.tab.id || ev.FrameID == "")
		allowed = !main || tg.tab.host.Domains().Allows(u)
	}
	if !allowed {
		tg.tab.update(func() { tg.tab.refused = append(tg.tab.refused, u) })
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), pauseAnswer)
		defer cancel()
		var err error
		if allowed {
			err = cdp.Run(ctx, tg.sess, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID, Headers: tg.extraHeaders(ev.Request)})
		} else {
			err = cdp.Run(ctx, tg.sess, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonAborted})
		}
		if err != nil {
			tg.tab.log.Debug("fetch", "err", err)
		}
	}()
}

// TakeRefused returns and clears the navigations --allowed-domains
// stopped in this tab (a popup's, reported by the action that opened it).
func (t *Tab) TakeRefused() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := t.refused
	t.refused = nil
	return r
}
