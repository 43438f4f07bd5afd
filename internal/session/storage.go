package session

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/storage"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
)

// Visited remembers an http(s) origin the session has loaded, so that
// `session save` knows whose storage to keep.
func (m *Manager) Visited(raw string) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return
	}
	o := u.Scheme + "://" + u.Host
	m.mu.Lock()
	defer m.mu.Unlock()
	if !slices.Contains(m.state.Origins, o) {
		m.state.Origins = append(m.state.Origins, o)
	}
}

// State is what `session save` keeps: every cookie of the browser, the
// web storage of the visited origins, and the current URL.
type State struct {
	URL     string                        `json:"url"`
	Cookies []json.RawMessage             `json:"cookies"`
	Origins map[string]page.OriginStorage `json:"origins"`
}

// SaveState collects cookies and storage. localStorage of origins not open
// in the current tab is read through the DOMStorage domain;
// sessionStorage only exists for the current tab's origin.
func (m *Manager) SaveState(ctx context.Context) (*State, error) {
	t, err := m.Current(ctx)
	if err != nil {
		return nil, err
	}
	st := &State{URL: t.URL()}
	ck, err := cdp.Call(ctx, m.conn.Browser(), storage.GetCookies, storage.GetCookiesParams{BrowserContextID: m.browserContext()})
	if err != nil {
		return nil, page.BrowserGone(failure.Wrap(failure.BrowserUnavailable, err, "read cookies"))
	}
	// Saved as the protocol wrote them, so a session file keeps every
	// field the browser knows.
	for _, c := range ck.Cookies {
		raw, err := cdp.Marshal(c)
		if err != nil {
			return nil, failure.New(failure.Internal, "encode cookie: %v", err)
		}
		st.Cookies = append(st.Cookies, json.RawMessage(raw))
	}
	m.mu.Lock()
	origins := append([]string(nil), m.state.Origins...)
	m.mu.Unlock()
	st.Origins = t.Storage(ctx, origins)
	return st, nil
}

// LoadState restores cookies, then storage before the page's scripts run,
// then opens the saved URL.
func (m *Manager) LoadState(ctx context.Context, st *State) error {
	t, err := m.Current(ctx)
	if err != nil {
		return err
	}
	if len(st.Cookies) > 0 {
		cookies := make([]*network.CookieParam, 0, len(st.Cookies))
		for _, raw := range st.Cookies {
			var c network.CookieParam
			if err := cdp.Unmarshal(raw, &c); err != nil {
				return failure.New(failure.IO, "saved cookie: %v", err)
			}
			cookies = append(cookies, &c)
		}
		if err := cdp.Run(ctx, m.conn.Browser(), storage.SetCookies, storage.SetCookiesParams{Cookies: cookies, BrowserContextID: m.browserContext()}); err != nil {
			return failure.New(failure.BrowserUnavailable, "restore cookies: %v", err)
		}
	}
	undo, err := t.RestoreStorage(ctx, st.Origins)
	if err != nil {
		return err
	}
	defer undo()
	if st.URL == "" || st.URL == "about:blank" {
		return nil
	}
	return t.Navigate(ctx, st.URL)
}
