package page

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/observe"
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

// firstPartyLongPoll: a request to the page's own site in flight longer
// than this is taken for a long-poll or stream (observe.Requests has the
// rules of what holds a page).
const firstPartyLongPoll = 2 * time.Second

// PendingRequests counts every request of the page still in flight, for
// the "(still loading N requests)" note.
func (t *Tab) PendingRequests() int {
	return t.obs.InFlight(t.obs.Clock().Now(), observe.All, 0, time.Time{})
}

// TextPending counts the requests in flight that could still change the
// page's text, for read's "(still loading N requests)" note (see
// observe.Text).
func (t *Tab) TextPending() int {
	return t.obs.InFlight(t.obs.Clock().Now(), observe.Text, firstPartyLongPoll, time.Time{})
}

// WaitLoadEvent waits, within ctx, for the current document's load event
// (every subresource, other sites' too): `wait --load`.
func (t *Tab) WaitLoadEvent(ctx context.Context) error {
	d := t.obs.Doc()
	if !d.Loading {
		return nil
	}
	return t.waitLoad(ctx, d)
}
