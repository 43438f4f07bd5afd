package tab

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/domstorage"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
)

// visited remembers an http(s) origin the session has loaded, so that
// `session save` knows whose storage to keep.
func (m *Manager) visited(raw string) {
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
	URL     string                   `json:"url"`
	Cookies []json.RawMessage        `json:"cookies"`
	Origins map[string]OriginStorage `json:"origins"`
}

// OriginStorage is one origin's localStorage and sessionStorage.
type OriginStorage struct {
	Local   map[string]string `json:"local,omitempty"`
	Session map[string]string `json:"session,omitempty"`
}

// SaveState collects cookies and storage. localStorage of origins not open
// in the current tab is read through the DOMStorage domain;
// sessionStorage only exists for the current tab's origin.
func (m *Manager) SaveState(ctx context.Context) (*State, error) {
	t, err := m.Current(ctx)
	if err != nil {
		return nil, err
	}
	st := &State{URL: t.URL(), Origins: map[string]OriginStorage{}}
	ck, err := cdp.Call(ctx, m.conn.Browser(), storage.GetCookies, storage.GetCookiesParams{})
	if err != nil {
		return nil, errBrowserGone(failure.Wrap(failure.BrowserUnavailable, err, "read cookies"))
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
	_ = cdp.Run(ctx, t.main.sess, domstorage.Enable, proto.Empty{})
	for _, o := range origins {
		stor := OriginStorage{}
		items, err := cdp.Call(ctx, t.main.sess, domstorage.GetDOMStorageItems, domstorage.GetDOMStorageItemsParams{
			StorageID: &domstorage.StorageID{SecurityOrigin: o, IsLocalStorage: true}})
		if err == nil && len(items.Entries) > 0 {
			stor.Local = map[string]string{}
			for _, e := range items.Entries {
				if len(e) == 2 {
					stor.Local[e[0]] = e[1]
				}
			}
		}
		st.Origins[o] = stor
	}
	// The current page's sessionStorage (and its localStorage, fresher
	// than DOMStorage's view if the page just wrote it).
	var cur struct {
		Origin  string            `json:"origin"`
		Local   map[string]string `json:"local"`
		Session map[string]string `json:"session"`
	}
	if err := t.EvalWorld(ctx, "__tact.storage()", &cur); err == nil && cur.Origin != "null" && cur.Origin != "" {
		stor := st.Origins[cur.Origin]
		if len(cur.Local) > 0 {
			stor.Local = cur.Local
		}
		if len(cur.Session) > 0 {
			stor.Session = cur.Session
		}
		st.Origins[cur.Origin] = stor
	}
	for o, s := range st.Origins {
		if len(s.Local) == 0 && len(s.Session) == 0 {
			delete(st.Origins, o)
		}
	}
	return st, nil
}

// restoreJS runs in the page's world before its own scripts on every new
// document while a load is in progress: it fills the storage of the
// document's origin from the saved state.
const restoreJS = `(() => {
  const all = %s;
  const s = all[location.origin];
  if (!s) return;
  try { for (const [k, v] of Object.entries(s.local || {})) localStorage.setItem(k, v); } catch (e) {}
  try { for (const [k, v] of Object.entries(s.session || {})) sessionStorage.setItem(k, v); } catch (e) {}
})();`

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
		if err := cdp.Run(ctx, m.conn.Browser(), storage.SetCookies, storage.SetCookiesParams{Cookies: cookies}); err != nil {
			return failure.New(failure.BrowserUnavailable, "restore cookies: %v", err)
		}
	}
	origins, _ := json.Marshal(st.Origins)
	reg, err := cdp.Call(ctx, t.main.sess, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: sprintf(restoreJS, string(origins))})
	if err != nil {
		return errBrowserGone(err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		//lint:ignore S1016 a result and a params type that only happen to have the same fields
		_ = cdp.Run(cctx, t.main.sess, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: reg.Identifier})
	}()
	// localStorage of the other saved origins, written through DOMStorage
	// so they too are logged in when visited later.
	_ = cdp.Run(ctx, t.main.sess, domstorage.Enable, proto.Empty{})
	for o, s := range st.Origins {
		for k, v := range s.Local {
			_ = cdp.Run(ctx, t.main.sess, domstorage.SetDOMStorageItem, domstorage.SetDOMStorageItemParams{
				StorageID: &domstorage.StorageID{SecurityOrigin: o, IsLocalStorage: true}, Key: k, Value: v})
		}
	}
	if st.URL == "" || st.URL == "about:blank" {
		return nil
	}
	return t.Navigate(ctx, st.URL)
}
