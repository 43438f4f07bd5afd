package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/session"
)

// CookiesCmd groups the cookie commands. Values are secrets: they are
// printed only with --values.
type CookiesCmd struct {
	List  CookiesList  `cmd:"" default:"withargs" help:"List the browser's cookies (names, domains; values with --values)."`
	Get   CookiesGet   `cmd:"" help:"Show one cookie by name."`
	Set   CookiesSet   `cmd:"" help:"Set a cookie NAME=VALUE (for the current page's site unless --domain)."`
	Clear CookiesClear `cmd:"" help:"Delete all cookies, or those of --domain."`
}

// CookiesList lists cookies.
type CookiesList struct {
	Domain string `help:"Only this domain and its subdomains." placeholder:"DOMAIN"`
	Values bool   `help:"Print the values too (they are secrets: sessions, tokens)."`
}

// cookiesData is cookies list's and get's -o json.
type cookiesData struct {
	Cookies []session.Cookie `json:"cookies"`
}

// Run lists.
func (c *CookiesList) Run(ctx context.Context, env *Env) (*Output, error) {
	cs, err := env.Browser.Cookies(ctx, c.Domain, c.Values)
	if err != nil {
		return nil, err
	}
	return cookiesOutput(cs, c.Values), nil
}

// CookiesGet shows one cookie.
type CookiesGet struct {
	Name   string `arg:"" help:"Cookie name."`
	Domain string `help:"Only this domain and its subdomains." placeholder:"DOMAIN"`
	Values bool   `help:"Print the value too."`
}

// Run finds the cookie.
func (c *CookiesGet) Run(ctx context.Context, env *Env) (*Output, error) {
	cs, err := env.Browser.Cookies(ctx, c.Domain, c.Values)
	if err != nil {
		return nil, err
	}
	var found []session.Cookie
	for _, k := range cs {
		if k.Name == c.Name {
			found = append(found, k)
		}
	}
	if len(found) == 0 {
		return nil, failure.New(failure.NotFound, "no cookie %q (see tact cookies list)", c.Name)
	}
	return cookiesOutput(found, c.Values), nil
}

func cookiesOutput(cs []session.Cookie, values bool) *Output {
	var sb strings.Builder
	for _, k := range cs {
		fmt.Fprintf(&sb, "%s  %s%s", k.Name, k.Domain, k.Path)
		if values {
			fmt.Fprintf(&sb, "  = %q", k.Value)
		}
		var flags []string
		if k.Expires != nil {
			flags = append(flags, "expires "+k.Expires.Format(time.RFC3339))
		} else {
			flags = append(flags, "session")
		}
		if k.Secure {
			flags = append(flags, "secure")
		}
		if k.HTTPOnly {
			flags = append(flags, "http-only")
		}
		if k.SameSite != "" {
			flags = append(flags, "same-site "+k.SameSite)
		}
		fmt.Fprintf(&sb, "  (%s)\n", strings.Join(flags, ", "))
	}
	if len(cs) == 0 {
		sb.WriteString("no cookies\n")
	} else if !values {
		sb.WriteString("(values hidden: --values shows them)\n")
	}
	if cs == nil {
		cs = []session.Cookie{}
	}
	return &Output{Text: sb.String(), Data: cookiesData{Cookies: cs}}
}

// CookiesSet sets one cookie.
type CookiesSet struct {
	Cookie   string `arg:"" help:"NAME=VALUE." placeholder:"NAME=VALUE"`
	Domain   string `help:"Domain (default: the current page's host)." placeholder:"DOMAIN"`
	Path     string `help:"Path (default: /)." placeholder:"PATH"`
	Secure   bool   `help:"Send only over https."`
	HTTPOnly bool   `name:"http-only" help:"Hide from the page's scripts."`
	Expires  string `help:"When it expires: a duration from now (24h, 30m) or an RFC 3339 time (default: end of the browser session)." placeholder:"WHEN"`
}

// cookieSetData is cookies set's -o json (the value is not repeated).
type cookieSetData struct {
	Set    string `json:"set"`
	Domain string `json:"domain,omitempty"`
}

// Run sets the cookie.
func (c *CookiesSet) Run(ctx context.Context, env *Env) (*Output, error) {
	name, value, ok := strings.Cut(c.Cookie, "=")
	if !ok || strings.TrimSpace(name) == "" || strings.ContainsAny(name, " ;,\t") {
		return nil, failure.New(failure.Usage, "cookies set %q: want NAME=VALUE", strings.SplitN(c.Cookie, "=", 2)[0]+"=…")
	}
	nc := session.NewCookie{Name: name, Value: value, Domain: c.Domain, Path: c.Path, Secure: c.Secure, HTTPOnly: c.HTTPOnly}
	if nc.Path == "" {
		nc.Path = "/"
	}
	if c.Expires != "" {
		if d, err := time.ParseDuration(c.Expires); err == nil && d > 0 {
			nc.Expires = time.Now().Add(d)
		} else if t, err := time.Parse(time.RFC3339, c.Expires); err == nil {
			nc.Expires = t
		} else {
			return nil, failure.New(failure.Usage, "--expires %q: want a duration (24h) or an RFC 3339 time (2027-01-31T12:00:00Z)", c.Expires)
		}
	}
	if nc.Domain == "" {
		t, err := env.Browser.Current(ctx)
		if err != nil {
			return nil, err
		}
		nc.URL = t.URL()
		if !strings.HasPrefix(nc.URL, "http") {
			return nil, failure.New(failure.Usage, "the current page (%s) has no site for a cookie: open one first, or give --domain", nc.URL)
		}
	}
	if err := env.Browser.SetCookie(ctx, nc); err != nil {
		return nil, err
	}
	where := c.Domain
	if where == "" {
		where = nc.URL
	}
	return &Output{Text: fmt.Sprintf("set cookie %s for %s\n", name, where), Data: cookieSetData{Set: name, Domain: c.Domain}}, nil
}

// CookiesClear deletes cookies.
type CookiesClear struct {
	Domain string `help:"Only this domain and its subdomains (default: every cookie)." placeholder:"DOMAIN"`
}

// cookiesCleared is cookies clear's -o json.
type cookiesCleared struct {
	Deleted int `json:"deleted"`
}

// Run clears.
func (c *CookiesClear) Run(ctx context.Context, env *Env) (*Output, error) {
	n, err := env.Browser.ClearCookies(ctx, c.Domain)
	if err != nil {
		return nil, err
	}
	return &Output{Text: fmt.Sprintf("deleted %d cookie(s)\n", n), Data: cookiesCleared{Deleted: n}}, nil
}
