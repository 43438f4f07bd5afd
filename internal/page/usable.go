package page

import (
	"context"
	"net/url"
	"strings"
	"time"
)

// A page is usable before every byte of it has arrived: once its document
// fired DOMContentLoaded (its own parser-inserted and deferred scripts have
// run) and the requests to its own site have settled. Subresources of other
// sites (ads, trackers, a slow CDN, hosts that never answer) do not hold a
// command; the load event waits for them, and `wait --load` waits for it.

// hostOf is the lower-case host name of a URL ("" when it has none).
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
}

// sameSite reports whether two hosts belong to one site, by the one
// definition tact has (siteOfHost, the public suffix list): settling
// and --header agree on what a site is. Ports do not matter.
func sameSite(a, b string) bool {
	if a == b {
		return true
	}
	sa := siteOfHost(a)
	return sa != "" && sa == siteOfHost(b)
}

// holdingRequests counts the requests in flight that keep the page from
// being usable: the main document's own navigation, requests to the page's
// site (younger than longPoll: a long-poll or stream never settles), and,
// when since is set, the page's fetches to other sites started after since
// (what an action asked a third-party API for).
func (t *Tab) holdingRequests(now time.Time, longPoll time.Duration, since time.Time) int {
	site := hostOf(t.URL())
	return t.main.countRequests(func(r request) bool {
		switch {
		case r.kind == mainDocument:
			return true
		case now.Sub(r.at) >= longPoll:
			return false
		case sameSite(r.host, site):
			return true
		}
		return r.kind == scripted && !since.IsZero() && r.at.After(since)
	})
}

// firstPartyLongPoll: a request to the page's own site in flight longer
// than this is taken for a long-poll or stream.
const firstPartyLongPoll = 2 * time.Second

// PendingRequests counts every request of the page still in flight, for
// the "(still loading N requests)" note.
func (t *Tab) PendingRequests() int {
	return t.main.countRequests(func(request) bool { return true })
}

// TextPending counts the requests in flight that could still change the
// page's text, for read's "(still loading N requests)" note: a document
// (the page's or a frame's), and the page's own site's fetches and scripts
// (not a long-poll or stream). Images, styles, fonts and other sites'
// scripts (ads, analytics) do not change what read prints.
func (t *Tab) TextPending() int {
	site := hostOf(t.URL())
	now := time.Now()
	return t.main.countRequests(func(r request) bool {
		switch r.kind {
		case mainDocument, frameDocument:
			return true
		case scripted, script:
			return sameSite(r.host, site) && now.Sub(r.at) < firstPartyLongPoll
		}
		return false
	})
}

// WaitLoadEvent waits, within ctx, for the current document's load event
// (every subresource, other sites' too): `wait --load`.
func (t *Tab) WaitLoadEvent(ctx context.Context) error {
	st := t.state()
	if !st.loading {
		return nil
	}
	return t.waitLoad(ctx, st.loadSeq)
}
