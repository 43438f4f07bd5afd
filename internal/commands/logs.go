package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/secrets"
)

// Console lists what the page wrote to its console, and uncaught
// exceptions.
type Console struct {
	SinceLast bool   `name:"since-last" help:"Only what came since the previous command started (the action you just ran)."`
	Level     string `enum:",error,warn,info,log,debug" default:"" help:"Only this level; error includes uncaught exceptions."`
}

// consoleData is console's -o json.
type consoleData struct {
	Messages []page.ConsoleEntry `json:"messages"`
}

// Run lists.
func (c *Console) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	var levels []string
	switch c.Level {
	case "":
	case "error":
		levels = []string{"error", "exception", "assert"}
	default:
		levels = []string{c.Level}
	}
	msgs := t.Console(c.SinceLast, levels)
	var sb strings.Builder
	for i := range msgs {
		// A page may log a field key by key as tact types a secret.
		msgs[i].Text = env.Browser.Secrets().ScrubTyping(msgs[i].Text)
	}
	for _, m := range msgs {
		fmt.Fprintf(&sb, "%s %s: %s\n", m.Time.Format("15:04:05.000"), m.Level, m.Text)
	}
	if len(msgs) == 0 {
		sb.WriteString("no console messages\n")
	}
	if msgs == nil {
		msgs = []page.ConsoleEntry{}
	}
	return &Output{Text: sb.String(), Data: consoleData{Messages: msgs}}, nil
}

// Network lists the tab's requests.
type Network struct {
	SinceLast bool   `name:"since-last" help:"Only requests since the previous command started (the action you just ran)."`
	Filter    string `help:"Only requests whose URL contains this text." placeholder:"TEXT"`
	Failed    bool   `help:"Only failed requests and HTTP errors (status 400 and up)."`
	Har       string `help:"Also write the requests as a HAR file (values of cookies, credential-like headers and query parameters, --header headers and secrets left out)." placeholder:"FILE"`
	Overwrite bool   `help:"Replace the --har file if it exists (keeping its mode); without it an existing file is never replaced."`
}

// networkData is network's -o json.
type networkData struct {
	Requests []page.Request `json:"requests"`
	Har      string         `json:"har,omitempty"`
}

// Run lists and, with --har, writes the file.
func (c *Network) Run(ctx context.Context, env *Env) (*Output, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	var reqs []page.Request
	for _, r := range t.Requests(c.SinceLast) {
		if c.Filter != "" && !strings.Contains(r.URL, c.Filter) {
			continue
		}
		if c.Failed && !r.Failed() {
			continue
		}
		reqs = append(reqs, r)
	}
	var sb strings.Builder
	for _, r := range reqs {
		sb.WriteString(r.String() + "\n")
	}
	if len(reqs) == 0 {
		sb.WriteString("no requests\n")
	}
	if reqs == nil {
		reqs = []page.Request{}
	}
	data := networkData{Requests: reqs}
	if c.Har != "" {
		file, err := outputFile(env, c.Har, "har", "requests", ".har", c.Overwrite)
		if err != nil {
			return nil, err
		}
		b, err := json.MarshalIndent(har(reqs, headerNames(env.Browser.Emulation().Headers+"\n"+env.Globals.Headers)), "", " ")
		if err != nil {
			return nil, failure.New(failure.Internal, "encode har: %v", err)
		}
		// A secret the page echoed (into a URL, a response header) too.
		b = env.Browser.Secrets().ScrubBytes(b)
		path, err := file.write(b)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&sb, "wrote %s (%d requests)\n", path, len(reqs))
		data.Har = path
	}
	return &Output{Text: sb.String(), Data: data}, nil
}

// HAR 1.2, the parts tools read.
type harLog struct {
	Log struct {
		Version string     `json:"version"`
		Creator harCreator `json:"creator"`
		Entries []harEntry `json:"entries"`
	} `json:"log"`
}

type harCreator struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type harEntry struct {
	Started  string      `json:"startedDateTime"`
	Time     float64     `json:"time"`
	Request  harRequest  `json:"request"`
	Response harResponse `json:"response"`
	Cache    struct{}    `json:"cache"`
	Timings  harTimings  `json:"timings"`
}

type harHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type harRequest struct {
	Method      string      `json:"method"`
	URL         string      `json:"url"`
	HTTPVersion string      `json:"httpVersion"`
	Headers     []harHeader `json:"headers"`
	QueryString []harHeader `json:"queryString"`
	Cookies     []harHeader `json:"cookies"`
	HeadersSize int         `json:"headersSize"`
	BodySize    int         `json:"bodySize"`
}

type harResponse struct {
	Status      int         `json:"status"`
	StatusText  string      `json:"statusText"`
	HTTPVersion string      `json:"httpVersion"`
	Headers     []harHeader `json:"headers"`
	Cookies     []harHeader `json:"cookies"`
	Content     struct {
		Size     int64  `json:"size"`
		MimeType string `json:"mimeType"`
	} `json:"content"`
	RedirectURL string `json:"redirectURL"`
	HeadersSize int    `json:"headersSize"`
	BodySize    int64  `json:"bodySize"`
	Error       string `json:"_error,omitempty"`
}

type harTimings struct {
	Send    float64 `json:"send"`
	Wait    float64 `json:"wait"`
	Receive float64 `json:"receive"`
}

// leftOut stands for a credential's value in a HAR.
const leftOut = "(left out)"

// harHeaders lists headers; credential-like ones (Authorization,
// Cookie, X-Api-Key, X-Auth-Token, …) and the session's --header ones
// keep their names, not their values. A URL-valued header (Location,
// Referer) loses its credential-like query values.
func harHeaders(h map[string]any, own map[string]bool) []harHeader {
	out := []harHeader{}
	for k, v := range h {
		val := fmt.Sprint(v)
		if secrets.Credential(k) || own[strings.ToLower(k)] {
			val = leftOut
		} else if strings.Contains(val, "?") {
			val = harURL(val)
		}
		out = append(out, harHeader{Name: k, Value: val})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// harURL leaves out the values of a URL's credential-like query
// parameters (?token=, ?key=, ?sig=, ?password=).
func harURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.RawQuery == "" {
		return raw
	}
	parts := strings.Split(u.RawQuery, "&")
	changed := false
	for i, p := range parts {
		k, _, ok := strings.Cut(p, "=")
		if name, err := url.QueryUnescape(k); ok && err == nil && secrets.Credential(name) {
			parts[i], changed = k+"="+secrets.Mask, true
		}
	}
	if !changed {
		return raw
	}
	u.RawQuery = strings.Join(parts, "&")
	return u.String()
}

// harQuery is a URL's query as HAR lists it, credentials left out.
func harQuery(raw string) []harHeader {
	out := []harHeader{}
	u, err := url.Parse(raw)
	if err != nil {
		return out
	}
	for _, p := range strings.Split(u.RawQuery, "&") {
		if p == "" {
			continue
		}
		k, v, _ := strings.Cut(p, "=")
		name, err1 := url.QueryUnescape(k)
		val, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil {
			name, val = k, v
		}
		if secrets.Credential(name) {
			val = secrets.Mask
		}
		out = append(out, harHeader{Name: name, Value: val})
	}
	return out
}

// headerNames are the lower-cased names of "Name: value" lines.
func headerNames(lines string) map[string]bool {
	names := map[string]bool{}
	for _, l := range strings.Split(lines, "\n") {
		if n, _, ok := strings.Cut(l, ":"); ok {
			names[strings.ToLower(strings.TrimSpace(n))] = true
		}
	}
	return names
}

// har builds the HAR of reqs; own names the --header headers, whose
// values are left out like credentials'.
func har(reqs []page.Request, own map[string]bool) harLog {
	var h harLog
	h.Log.Version = "1.2"
	h.Log.Creator = harCreator{Name: "tact", Version: "1"}
	h.Log.Entries = []harEntry{}
	for _, r := range reqs {
		e := harEntry{Started: r.Start.UTC().Format(time.RFC3339Nano), Time: r.Duration, Timings: harTimings{Wait: r.Duration}}
		e.Request = harRequest{Method: r.Method, URL: harURL(r.URL), HTTPVersion: "HTTP/1.1", Headers: harHeaders(r.ReqHdrs, own),
			QueryString: harQuery(r.URL), Cookies: []harHeader{}, HeadersSize: -1, BodySize: -1}
		e.Response = harResponse{Status: r.Status, HTTPVersion: "HTTP/1.1", Headers: harHeaders(r.RespHdrs, own), Cookies: []harHeader{},
			HeadersSize: -1, BodySize: r.Bytes, Error: r.Error}
		e.Response.Content.Size, e.Response.Content.MimeType = r.Bytes, r.MIME
		h.Log.Entries = append(h.Log.Entries, e)
	}
	return h
}
