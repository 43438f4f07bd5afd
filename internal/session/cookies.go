package session

import (
	"context"
	"errors"
	"strings"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/storage"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
)

// Cookie is one browser cookie as `tact cookies` shows it.
type Cookie struct {
	Name     string     `json:"name"`
	Value    string     `json:"value,omitempty"` // only when asked for (--values): cookies are secrets
	Domain   string     `json:"domain"`
	Path     string     `json:"path"`
	Expires  *time.Time `json:"expires,omitempty"` // nil: a session cookie
	HTTPOnly bool       `json:"http_only,omitempty"`
	Secure   bool       `json:"secure,omitempty"`
	SameSite string     `json:"same_site,omitempty"`
}

// NewCookie is what `cookies set` asks for. URL (the current page's when
// Domain is empty) scopes it.
type NewCookie struct {
	Name, Value, URL, Domain, Path string
	Secure, HTTPOnly               bool
	Expires                        time.Time // zero: a session cookie
}

// Cookies lists the browser's cookies (every profile cookie, not only the
// current page's), those of domain (and its subdomains) when it is set.
func (m *Manager) Cookies(ctx context.Context, domain string, values bool) ([]Cookie, error) {
	raw, err := m.allCookies(ctx)
	if err != nil {
		return nil, err
	}
	var out []Cookie
	for _, c := range raw {
		if !inDomain(c.Domain, domain) {
			continue
		}
		k := Cookie{Name: c.Name, Domain: c.Domain, Path: c.Path, HTTPOnly: c.HTTPOnly, Secure: c.Secure, SameSite: string(c.SameSite)}
		if values {
			k.Value = c.Value
		}
		if !c.Session && c.Expires > 0 {
			t := time.Unix(int64(c.Expires), 0).UTC()
			k.Expires = &t
		}
		out = append(out, k)
	}
	return out, nil
}

func (m *Manager) allCookies(ctx context.Context) ([]*network.Cookie, error) {
	if err := m.Ensure(ctx); err != nil {
		return nil, err
	}
	res, err := cdp.Call(ctx, m.conn.Browser(), storage.GetCookies, storage.GetCookiesParams{BrowserContextID: m.browserContext()})
	if err != nil {
		return nil, page.BrowserGone(failure.Wrap(failure.BrowserUnavailable, err, "read cookies"))
	}
	return res.Cookies, nil
}

// inDomain reports whether a cookie's domain (".example.com" or
// "example.com") is domain or under it; "" matches all.
func inDomain(cookieDomain, domain string) bool {
	if domain == "" {
		return true
	}
	c := strings.TrimPrefix(strings.ToLower(cookieDomain), ".")
	d := strings.TrimPrefix(strings.ToLower(domain), ".")
	return c == d || strings.HasSuffix(c, "."+d)
}

// SetCookie sets one cookie. The browser refuses one that does not fit
// its URL or domain (a Secure cookie for http, say): that is a usage
// error naming the cookie.
func (m *Manager) SetCookie(ctx context.Context, nc NewCookie) error {
	if err := m.Ensure(ctx); err != nil {
		return err
	}
	p := &network.CookieParam{Name: nc.Name, Value: nc.Value, Domain: nc.Domain, Path: nc.Path, Secure: nc.Secure, HTTPOnly: nc.HTTPOnly}
	if nc.Domain == "" {
		p.URL = nc.URL
	}
	if !nc.Expires.IsZero() {
		p.Expires = proto.TimeSinceEpoch(float64(nc.Expires.Unix()))
	}
	if err := cdp.Run(ctx, m.conn.Browser(), storage.SetCookies, storage.SetCookiesParams{Cookies: []*network.CookieParam{p}, BrowserContextID: m.browserContext()}); err != nil {
		var ce *cdp.Error
		if errors.As(err, &ce) {
			return failure.New(failure.Usage, "the browser refused cookie %q: %s", nc.Name, ce.Message)
		}
		return page.BrowserGone(err)
	}
	return nil
}

// ClearCookies deletes the cookies of domain (all when ""), reporting how
// many went. The browser has no delete by domain: all are cleared and the
// others set again.
func (m *Manager) ClearCookies(ctx context.Context, domain string) (int, error) {
	all, err := m.allCookies(ctx)
	if err != nil {
		return 0, err
	}
	var keep []*network.CookieParam
	gone := 0
	for _, c := range all {
		if inDomain(c.Domain, domain) {
			gone++
			continue
		}
		raw, err := cdp.Marshal(c)
		if err != nil {
			return 0, failure.New(failure.Internal, "encode cookie: %v", err)
		}
		var p network.CookieParam
		if err := cdp.Unmarshal(raw, &p); err != nil {
			return 0, failure.New(failure.Internal, "decode cookie: %v", err)
		}
		keep = append(keep, &p)
	}
	if gone == 0 {
		return 0, nil
	}
	b := m.conn.Browser()
	if err := cdp.Run(ctx, b, storage.ClearCookies, storage.ClearCookiesParams{BrowserContextID: m.browserContext()}); err != nil {
		return 0, page.BrowserGone(err)
	}
	if len(keep) > 0 {
		if err := cdp.Run(ctx, b, storage.SetCookies, storage.SetCookiesParams{Cookies: keep, BrowserContextID: m.browserContext()}); err != nil {
			return 0, page.BrowserGone(err)
		}
	}
	return gone, nil
}
