package page

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
)

// What the page did, for `tact console` and `tact network`: the last
// logCap console messages and requests of the tab, numbered, so a listing
// can start after the previous command (--since-last).
const logCap = 1000

// ConsoleEntry is one console message or uncaught exception.
type ConsoleEntry struct {
	Seq   int       `json:"-"`
	Time  time.Time `json:"time"`
	Level string    `json:"level"` // log, info, warning, error, debug; exception for an uncaught one
	Text  string    `json:"text"`
}

// Request is one network request of the tab's page and frames.
type Request struct {
	Seq      int             `json:"-"`
	id       string          // the protocol's request id
	Start    time.Time       `json:"start"`
	Method   string          `json:"method"`
	URL      string          `json:"url"`
	Type     string          `json:"type"`             // Document, Script, XHR, Fetch, Image, …
	Status   int             `json:"status,omitempty"` // 0 until a response arrives
	MIME     string          `json:"mime,omitempty"`
	Bytes    int64           `json:"bytes,omitempty"` // transferred, once finished
	Duration float64         `json:"ms,omitempty"`    // start to finish or failure
	Error    string          `json:"error,omitempty"` // net::ERR_… for a failed one
	Done     bool            `json:"done"`
	ReqHdrs  network.Headers `json:"-"`
	RespHdrs network.Headers `json:"-"`
}

// Failed reports a request that failed or got an HTTP error.
func (r *Request) Failed() bool { return r.Error != "" || r.Status >= 400 }

// logs keeps a tab's console and network history.
type logs struct {
	mu       sync.Mutex
	seq      int
	console  []ConsoleEntry
	requests []*Request
	byID     map[string]*Request
	// Log numbers when the current and the previous command started.
	cur, prev int
}

func (l *logs) next() int { l.seq++; return l.seq }

func (l *logs) addConsole(level, text string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.console = append(l.console, ConsoleEntry{Seq: l.next(), Time: time.Now(), Level: level, Text: text})
	if len(l.console) > logCap {
		l.console = l.console[len(l.console)-logCap:]
	}
}

func (l *logs) request(ev *network.EventRequestWillBeSent) {
	if ev.Request == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byID == nil {
		l.byID = map[string]*Request{}
	}
	r := &Request{Seq: l.next(), id: string(ev.RequestID), Start: time.Now(), Method: ev.Request.Method, URL: ev.Request.URL,
		Type: string(ev.Type), ReqHdrs: ev.Request.Headers}
	l.requests = append(l.requests, r)
	l.byID[r.id] = r // a redirect reuses the id: the new hop replaces it
	if len(l.requests) > logCap {
		for _, old := range l.requests[:len(l.requests)-logCap] {
			if l.byID[old.id] == old {
				delete(l.byID, old.id)
			}
		}
		l.requests = l.requests[len(l.requests)-logCap:]
	}
}

func (l *logs) update(id string, fn func(r *Request)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if r := l.byID[id]; r != nil {
		fn(r)
	}
}

func (l *logs) begin() {
	l.mu.Lock()
	l.prev, l.cur = l.cur, l.seq
	l.mu.Unlock()
}

// consoleText is a console call's arguments as the console would show
// them, cut to a line.
func consoleText(args []*runtime.RemoteObject) string {
	var parts []string
	for _, a := range args {
		if a == nil {
			continue
		}
		switch {
		case len(a.Value) > 0:
			s := string(a.Value)
			var str string
			if json.Unmarshal(a.Value, &str) == nil {
				s = str // the string, its escapes read (\n is a line break)
			}
			parts = append(parts, s)
		case a.Description != "":
			parts = append(parts, a.Description)
		default:
			parts = append(parts, string(a.Type))
		}
	}
	return trim(strings.Join(strings.Fields(strings.Join(parts, " ")), " "), 500)
}

// Console lists the tab's console messages: all kept, or those since the
// previous command started (sinceLast), of the levels given (all when
// empty).
func (t *Tab) Console(sinceLast bool, levels []string) []ConsoleEntry {
	l := &t.logs
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []ConsoleEntry
	for _, e := range l.console {
		if sinceLast && e.Seq <= l.prev {
			continue
		}
		if len(levels) > 0 && !slices.Contains(levels, e.Level) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// Requests lists the tab's requests like Console; copies, so the caller
// may read them while the page goes on.
func (t *Tab) Requests(sinceLast bool) []Request {
	l := &t.logs
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Request
	for _, r := range l.requests {
		if sinceLast && r.Seq <= l.prev {
			continue
		}
		out = append(out, *r)
	}
	return out
}

// exceptionText is an uncaught exception's first line.
func exceptionText(ev *runtime.EventExceptionThrown) string {
	if ev.ExceptionDetails == nil {
		return "uncaught exception"
	}
	return trim(exceptionMessage(ev.ExceptionDetails), 500)
}

// String is a request as one line (method, status, type, size, time, URL).
func (r Request) String() string {
	status := "…"
	switch {
	case r.Error != "":
		status = r.Error
	case r.Status > 0:
		status = fmt.Sprint(r.Status)
	}
	return fmt.Sprintf("%s %s %s %s %s %s", r.Method, status, strings.ToLower(r.Type), size(r.Bytes), ms(r.Duration), shortURL(r.URL))
}

func size(n int64) string {
	switch {
	case n == 0:
		return "-"
	case n < 1024:
		return fmt.Sprintf("%dB", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1fkB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1fMB", float64(n)/(1<<20))
}

func ms(d float64) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0fms", d)
}

// shortURL keeps a URL to a line: no query values past a few characters.
func shortURL(u string) string {
	if len(u) <= 120 {
		return u
	}
	return u[:117] + "…"
}
