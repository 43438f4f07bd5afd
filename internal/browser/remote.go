package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/cdp"
)

// Endpoint is a browser to attach to: its websocket debugger URL and the
// headers every request to it carries (a farm's bearer token). Both may
// hold secrets: print an endpoint only through Redact.
type Endpoint struct {
	WS     string
	Header http.Header
}

// versionWait bounds the /json/version request of an attach.
const versionWait = 5 * time.Second

// ParseHeaders turns "Name: value" lines (--cdp-header) into a header.
func ParseHeaders(lines []string) (http.Header, error) {
	h := http.Header{}
	for _, l := range lines {
		name, value, ok := strings.Cut(l, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
			return nil, fmt.Errorf("--cdp-header %q: want 'Name: value'", Redact(l))
		}
		h.Add(name, value)
	}
	return h, nil
}

// ResolveCDP turns a --cdp value (ws:// or wss:// URL, http:// or https://
// URL, host:port or a bare port) into the endpoint to dial. The query
// (?token=…) is kept on every request. A farm behind a proxy reports a
// debugger URL with its own idea of the host (ws://localhost/…): only the
// path of that URL is used, with the scheme, host and port that were
// dialled.
func ResolveCDP(ctx context.Context, spec string, header http.Header) (Endpoint, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return Endpoint{}, errors.New("empty --cdp value")
	}
	if _, err := strconv.Atoi(spec); err == nil {
		spec = "http://127.0.0.1:" + spec
	} else if !strings.Contains(spec, "://") {
		spec = "http://" + spec
	}
	u, err := url.Parse(spec)
	if err != nil || u.Host == "" {
		return Endpoint{}, fmt.Errorf("--cdp %q: want ws://…, wss://…, http(s)://host:port, host:port or a port", Redact(spec))
	}
	switch u.Scheme {
	case "ws", "wss":
		if u.Path != "" && u.Path != "/" {
			return Endpoint{WS: u.String(), Header: header}, nil
		}
		// ws://host:port alone: ask the browser for its endpoint, else
		// dial it as given (a farm that only speaks websocket).
		hu := *u
		hu.Scheme = map[string]string{"ws": "http", "wss": "https"}[u.Scheme]
		if v, err := versionAt(ctx, &hu, header); err == nil && v.WebSocketDebuggerURL != "" {
			return Endpoint{WS: rebase(v.WebSocketDebuggerURL, u), Header: header}, nil
		}
		return Endpoint{WS: u.String(), Header: header}, nil
	case "http", "https":
		v, err := versionAt(ctx, u, header)
		if err != nil {
			return Endpoint{}, err
		}
		ws := &url.URL{Scheme: map[string]string{"http": "ws", "https": "wss"}[u.Scheme], Host: u.Host, RawQuery: u.RawQuery}
		return Endpoint{WS: rebase(v.WebSocketDebuggerURL, ws), Header: header}, nil
	}
	return Endpoint{}, fmt.Errorf("--cdp %q: scheme %q is not ws, wss, http or https", Redact(spec), u.Scheme)
}

// rebase keeps the path (and its own query) of the browser's debugger URL
// and takes the scheme, host and query of the URL that was dialled.
func rebase(reported string, dialled *url.URL) string {
	r, err := url.Parse(reported)
	if err != nil || r.Path == "" {
		return dialled.String()
	}
	out := *dialled
	out.Path = r.Path
	q := dialled.Query()
	for k, vs := range r.Query() {
		if !q.Has(k) {
			q[k] = vs
		}
	}
	out.RawQuery = q.Encode()
	if len(q) == 0 {
		out.RawQuery = ""
	}
	return out.String()
}

// versionAt asks base's /json/version, keeping its query and sending
// header. An error names the URL (redacted) and the HTTP status.
func versionAt(ctx context.Context, base *url.URL, header http.Header) (*VersionInfo, error) {
	ctx, cancel := context.WithTimeout(ctx, versionWait)
	defer cancel()
	u := *base
	u.Path = strings.TrimSuffix(u.Path, "/") + "/json/version"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("--cdp %s: %v", Redact(u.String()), err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL is in our message, redacted
		}
		return nil, fmt.Errorf("--cdp %s: no CDP browser answers: %v", Redact(u.String()), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("--cdp %s: %s", Redact(u.String()), cdp.Refusal(resp.StatusCode))
	}
	var v VersionInfo
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&v); err != nil {
		return nil, fmt.Errorf("--cdp %s: not a CDP /json/version answer: %v", Redact(u.String()), err)
	}
	return &v, nil
}

// Redact hides what may be a secret in a URL or header line: query values
// and user info of a URL, the value of a "Name: value" header.
func Redact(s string) string {
	if s == "" {
		return ""
	}
	if !strings.Contains(s, "://") {
		if name, _, ok := strings.Cut(s, ":"); ok {
			return name + ": …"
		}
		return "…"
	}
	u, err := url.Parse(s)
	if err != nil {
		return "…"
	}
	out := u.Scheme + "://"
	if u.User != nil {
		out += "…@"
	}
	out += u.Host + u.EscapedPath()
	if u.RawQuery != "" {
		var keys []string
		for k := range u.Query() {
			keys = append(keys, k+"=…")
		}
		sort.Strings(keys)
		out += "?" + strings.Join(keys, "&")
	}
	return out
}
