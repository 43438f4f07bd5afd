// Package commands defines every tact command once: its parameters are a Go
// struct whose tags drive the CLI flags and help (and the JSON Schema and
// MCP tools built from the same registry); its Run method executes in the
// session daemon against the session's browser.
package commands

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/rpc"
	"github.com/tact-browser/tact/internal/secrets"
	"github.com/tact-browser/tact/internal/session"
)

// Env is what a command gets to work with inside the daemon.
type Env struct {
	Browser Browser
	Globals rpc.Globals
	// Stop asks the daemon to exit after this command (browser stop).
	Stop func()
	// Recorder records this session's commands while a recording runs.
	Recorder *Recorder
	// Partial sends output to the caller before the command ends (replay's
	// per-step ndjson lines, progress on a terminal). Never nil in the daemon.
	Partial func(stdout, stderr string)
	// Read reads a serialized page: its main content (internal/read's
	// Extract) or its text (Render). The daemon binary passes it in, so
	// that no CLI process links the extraction libraries.
	Read pagetext.Reader
	// Fast: actions are input, sent without waiting for the page's
	// reaction or quiet (batch --fast, which settles once at the end).
	Fast bool
}

// Browser is the session's browser as commands use it: its tabs, the
// session state it saves and loads, and the bracketing of each command
// for `wait navigation`. The daemon's *session.Manager is the real one (the
// daemon asserts it); tests of pure command logic use a fake.
type Browser interface {
	// Pages: the current tab, and a popup adopted (actions run on them).
	Pages[*page.Tab]
	NewTab(ctx context.Context) (*page.Tab, error)
	Switch(ctx context.Context, id string) (*page.Tab, error)
	// FindTab resolves an id prefix to a full tab id.
	FindTab(ctx context.Context, id string) (string, error)
	Tabs(ctx context.Context) ([]session.TabInfo, error)
	// CloseTab closes the tab with that id ("" = the current one).
	CloseTab(ctx context.Context, id string) error

	Info() session.Info
	Connected() bool
	// LaunchArgs are the extra flags the session launches its browser with.
	LaunchArgs() []string
	DialogPolicy() page.DialogPolicy

	SaveState(ctx context.Context) (*session.State, error)
	LoadState(ctx context.Context, st *session.State) error

	Cookies(ctx context.Context, domain string, values bool) ([]session.Cookie, error)
	SetCookie(ctx context.Context, c session.NewCookie) error
	ClearCookies(ctx context.Context, domain string) (int, error)

	BeginCommand()
	EndCommand(consumed bool)

	// Secrets are the values the session typed as secrets (fills with
	// --secret, password fields, --header values): the daemon scrubs
	// them from everything it prints and stores.
	Secrets() *secrets.Set
	// Emulation is the session's emulation in force (its --header
	// headers, whose values a HAR leaves out).
	Emulation() page.Emulation
}

// Output is a command's result in every format; the daemon prints the one
// the user asked for.
type Output struct {
	Text   string // --output text
	Data   any    // --output json (and ndjson when Lines is nil)
	Lines  []any  // --output ndjson: one JSON value per line
	Stderr string // diagnostics for people (counts, notes)
}

// Command runs in the daemon.
type Command interface {
	Run(ctx context.Context, env *Env) (*Output, error)
}

// Render turns an Output into stdout for the requested format.
func Render(o *Output, format string) (string, error) {
	switch format {
	case "json":
		if o.Data == nil {
			return o.Text, nil
		}
		b, err := json.MarshalIndent(o.Data, "", "  ")
		if err != nil {
			return "", err
		}
		return string(b) + "\n", nil
	case "ndjson":
		lines := o.Lines
		if lines == nil {
			if o.Data == nil {
				return o.Text, nil
			}
			lines = []any{o.Data}
		}
		var sb strings.Builder
		for _, l := range lines {
			b, err := json.Marshal(l)
			if err != nil {
				return "", err
			}
			sb.Write(b)
			sb.WriteByte('\n')
		}
		return sb.String(), nil
	default:
		return o.Text, nil
	}
}

// NormalizeURL accepts what an agent types ("example.com", "localhost:8080/x",
// full URLs) and rejects schemes tact does not open.
func NormalizeURL(raw string, allowFile bool) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", failure.New(failure.Usage, "empty URL")
	}
	if strings.ContainsAny(s, "\x00\r\n\t") {
		return "", failure.New(failure.Usage, "URL contains control characters")
	}
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(lower, "about:"), strings.HasPrefix(lower, "data:"):
		return s, nil
	case strings.HasPrefix(lower, "javascript:"):
		return "", failure.New(failure.Usage, "javascript: URLs are not opened; use tact eval")
	case strings.HasPrefix(lower, "file:"):
		if !allowFile {
			return "", failure.New(failure.Usage, "file: URLs are refused unless --allow-file is given")
		}
		return s, nil
	}
	if !strings.Contains(s, "://") {
		host := s
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		h := strings.Split(host, ":")[0]
		if h == "localhost" || h == "127.0.0.1" || strings.HasPrefix(h, "[") || isIPv4(h) {
			s = "http://" + s
		} else {
			s = "https://" + s
		}
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", failure.New(failure.Usage, "malformed URL %q: %v", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", failure.New(failure.Usage, "unsupported URL scheme %q (http, https, about, data; file with --allow-file)", u.Scheme)
	}
	if u.Host == "" {
		return "", failure.New(failure.Usage, "malformed URL %q: no host", raw)
	}
	return u.String(), nil
}

func isIPv4(h string) bool {
	parts := strings.Split(h, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

// OpensURL is the address a command opens before anything else (open,
// snap URL, read URL, tab new URL), "" for none: --header given with it
// binds to that site.
func OpensURL(cmd Command) string {
	switch c := cmd.(type) {
	case *Open:
		return c.URL
	case *Snap:
		return c.URL
	case *Read:
		return c.URL
	case *TabNew:
		return c.URL
	}
	return ""
}

// open navigates the current tab when url is non-empty and lets the page
// settle, so content rendered right after load is included.
func open(ctx context.Context, env *Env, rawURL string) (*page.Tab, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	if rawURL == "" {
		if err := t.WaitLoaded(ctx); err != nil {
			return nil, err
		}
		return t, nil
	}
	u, err := NormalizeURL(rawURL, env.Globals.AllowFile)
	if err != nil {
		return nil, err
	}
	if err := t.Navigate(ctx, u); err != nil {
		return nil, err
	}
	t.Settle(ctx, settleQuiet, settleCap)
	return t, nil
}

// Settling: the DOM must be quiet this long, and we never wait longer than
// the cap (a page that animates forever is snapped as it is).
const (
	settleQuiet = 100 * time.Millisecond
	settleCap   = 3 * time.Second
)
