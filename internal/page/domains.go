package page

import (
	"context"
	"net/url"
	"strings"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
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
// a host (about:blank, data:) are not navigations to another site; blob:
// and filesystem: URLs are judged by the origin inside them (a frame of
// another site can mint one and send the tab there).
func (d Domains) Allows(rawURL string) bool {
	if len(d) == 0 {
		return true
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return false
	}
	if s := strings.ToLower(u.Scheme); s == "blob" || s == "filesystem" {
		inner := u.Opaque
		if inner == "" {
			return false // blob:null/… and the like: no origin to allow
		}
		return d.Allows(inner)
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

// AllowsDocument reports whether a main frame may show a document at
// rawURL whose security origin is origin (as Page.frameNavigated reports
// them). A document without a host of its own (about:blank, about:srcdoc)
// that a page of another site opened and writes into has that site's
// origin, and is judged by it.
func (d Domains) AllowsDocument(rawURL, origin string) bool {
	if !d.Allows(rawURL) {
		return false
	}
	if o, err := url.Parse(origin); err == nil && (o.Scheme == "http" || o.Scheme == "https") && o.Host != "" {
		return d.Allows(origin)
	}
	return true
}

// Refuse is the error of a navigation the session's domains do not allow.
func (d Domains) Refuse(rawURL string) error {
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
			err = cdp.Run(ctx, tg.sess, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID, Headers: tg.extraHeaders(ev)})
		} else {
			err = cdp.Run(ctx, tg.sess, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonAborted})
		}
		if err != nil {
			tg.tab.log.Debug("fetch", "err", err)
		}
	}()
}

// leave takes the main frame off a document it showed before it could be
// stopped (a history entry from the back/forward cache, a blob: or
// about:blank document of a refused site): back to the history entry of
// the page the tab was on, else (a popup, a page not allowed either) to a
// blank page, the one place that is never another site.
func (tg *Target) leave(u string) {
	t := tg.tab
	var prev string
	t.update(func() {
		t.refused = append(t.refused, u)
		prev = t.url
	})
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), pauseAnswer)
		defer cancel()
		if tg.backTo(ctx, u, prev) {
			return
		}
		if err := cdp.Run(ctx, tg.sess, cdppage.Navigate, cdppage.NavigateParams{URL: "about:blank"}); err != nil {
			t.log.Debug("leave refused document", "err", err)
		}
	}()
}

// ShowsRefused reports whether the tab shows a document --allowed-domains
// refuses (one tact is leaving, or has yet to see: a popup can come up
// before its refusal does).
func (t *Tab) ShowsRefused() bool { return !t.host.Domains().Allows(t.URL()) }

// leaveWait bounds waiting for the tab to leave a refused document a read
// found it showing.
const leaveWait = pauseAnswer

// awaitLeft reports whether shown (the URL of the document a read just
// walked) is one --allowed-domains refuses, and if so waits until the tab
// has left it (leave runs in the background): the read must be taken
// again. A tab still on it when the wait ends is a refusal, never its text.
func (t *Tab) awaitLeft(ctx context.Context, shown string) (bool, error) {
	d := t.host.Domains()
	if shown == "" || d.Allows(shown) {
		return false, nil
	}
	ctx, cancel := context.WithTimeout(ctx, leaveWait)
	defer cancel()
	if ok, _ := observe.Until(ctx, t.obs, 0, 0, func(time.Time) (bool, error) {
		u := t.URL()
		return u != shown && d.Allows(u), nil
	}); ok {
		return true, nil
	}
	return false, d.Refuse(shown)
}

// backTo takes the main frame to the history entry of the page it was on
// before the refused document u: the nearest entry that shows prev, else
// (the tab's URL may already be u's when the refusal is seen) the nearest
// earlier entry of an allowed page. False when there is none.
func (tg *Target) backTo(ctx context.Context, u, prev string) bool {
	d := tg.tab.host.Domains()
	h, err := cdp.Call(ctx, tg.sess, cdppage.GetNavigationHistory, proto.Empty{})
	if err != nil {
		return false
	}
	cur := int(h.CurrentIndex)
	ok := func(i int) bool {
		e := h.Entries[i]
		return i != cur && e.URL != u && e.URL != "about:blank" && d.Allows(e.URL)
	}
	best := -1
	for i, e := range h.Entries {
		if ok(i) && e.URL == prev && (best < 0 || abs(i-cur) < abs(best-cur)) {
			best = i
		}
	}
	for i := cur - 1; best < 0 && i >= 0; i-- {
		if ok(i) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	return cdp.Run(ctx, tg.sess, cdppage.NavigateToHistoryEntry, cdppage.NavigateToHistoryEntryParams{EntryID: h.Entries[best].ID}) == nil
}

func abs(n int) int { return max(n, -n) }

// refusedMark is where the list of refused navigations ends now;
// refusedSince is the latest one after such a mark, or "".
func (t *Tab) refusedMark() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.refused)
}

func (t *Tab) refusedSince(mark int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.refused) <= mark {
		return ""
	}
	return t.refused[len(t.refused)-1]
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

// CheckShown leaves the document a page target shows when --allowed-domains
// refuses it. A new tab is paused until tact has set it up (Fetch stops
// its first navigation), but in a browser other clients share, another
// client may let it run first, and its first document can commit before
// tact's Page events are on: the frameNavigated check never sees it.
func (tg *Target) CheckShown(ctx context.Context) {
	if tg.kind != "page" || len(tg.tab.host.Domains()) == 0 {
		return
	}
	tree, err := cdp.Call(ctx, tg.sess, cdppage.GetFrameTree, proto.Empty{})
	if err != nil || tree.FrameTree == nil || tree.FrameTree.Frame == nil {
		return
	}
	f := tree.FrameTree.Frame
	if !tg.tab.host.Domains().AllowsDocument(f.URL, f.SecurityOrigin) {
		tg.leave(f.URL)
	}
}
