// Package cdp is a thin Chrome DevTools Protocol client: one connection to
// the browser (a websocket, or the pipe of --remote-debugging-pipe),
// flattened target sessions multiplexed over it, and a context deadline on
// every call. Commands and events are the generated types of
// github.com/chromedp/cdproto's domain packages, run over this transport
// by Call/Run/Start and decoded once by Handlers (typed.go); cdproto's
// root package, which pulls in every domain, is not used.
package cdp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// ReadLimit bounds a single protocol message. DOM and screenshot replies are
// megabytes; the websocket library's default (32 KiB) would cut them.
const ReadLimit = 512 << 20

// Error is an error returned by the browser for a call.
type Error struct {
	Method  string
	Code    int64  `json:"code"`
	Message string `json:"message"`
	Data    string `json:"data,omitempty"`
}

func (e *Error) Error() string {
	if e.Data != "" {
		return fmt.Sprintf("%s: %s (%s)", e.Method, e.Message, e.Data)
	}
	return fmt.Sprintf("%s: %s", e.Method, e.Message)
}

// ErrClosed is returned by calls on a connection that has gone away.
var ErrClosed = errors.New("cdp: connection closed")

// Event is a protocol event. SessionID is empty for browser-level events.
type Event struct {
	SessionID string
	Method    string
	Params    jsontext.Value
}

type message struct {
	ID        int64          `json:"id,omitempty"`
	SessionID string         `json:"sessionId,omitempty"`
	Method    string         `json:"method,omitempty"`
	Params    jsontext.Value `json:"params,omitempty"`
	Result    jsontext.Value `json:"result,omitempty"`
	Error     *Error         `json:"error,omitempty"`
}

type reply struct {
	result jsontext.Value
	err    error
}

// Conn is a browser-level CDP connection.
type Conn struct {
	t      transport
	wmu    sync.Mutex // orders writes, so Go calls reach the browser in issue order
	nextID atomic.Int64

	mu      sync.Mutex
	pending map[int64]chan reply
	subs    map[int64]func(Event)
	nextSub int64
	closed  bool
	done    chan struct{}
	err     error
	trace   func(method string, d time.Duration, err error)
}

// SetTrace installs a hook called after every call with its method,
// duration and error (never its params: they may hold secrets). nil
// removes it.
func (c *Conn) SetTrace(fn func(method string, d time.Duration, err error)) {
	c.mu.Lock()
	c.trace = fn
	c.mu.Unlock()
}

// Dial connects to a browser's websocket debugger URL, sending header
// (nil: none) with the handshake. The URL may hold a token: errors name
// only its host.
func Dial(ctx context.Context, wsURL string, header http.Header) (*Conn, error) {
	ws, resp, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPHeader: header})
	if err != nil {
		return nil, dialError(ctx, wsURL, resp, err)
	}
	ws.SetReadLimit(ReadLimit)
	return newConn(wsTransport{ws}), nil
}

// DialError is why a websocket to a browser could not be opened. Its
// text never holds the URL: a farm's URL carries its token.
type DialError struct {
	Host    string
	Status  int  // the HTTP status that refused the upgrade (0: none)
	Timeout bool // no answer to the upgrade before the deadline (a farm's queue)
	Err     error
}

func (e *DialError) Error() string {
	switch {
	case e.Status != 0:
		return Refusal(e.Status)
	case e.Timeout:
		return "no browser handed over in time (a farm may have queued the connection)"
	}
	return fmt.Sprintf("websocket to %s: %v", e.Host, e.Err)
}

func (e *DialError) Unwrap() error { return e.Err }

// Refusal names an HTTP status a browser farm refuses a connection
// with plainly.
func Refusal(status int) string {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		return fmt.Sprintf("the browser farm refused: wrong token (HTTP %d)", status)
	case http.StatusTooManyRequests:
		return fmt.Sprintf("the browser farm refused: too many sessions (HTTP %d)", status)
	case http.StatusServiceUnavailable:
		return fmt.Sprintf("the browser farm refused: no browser available (HTTP %d)", status)
	}
	return fmt.Sprintf("the browser refused the connection (HTTP %d %s)", status, http.StatusText(status))
}

// dialError turns a websocket dial failure into a DialError. The
// library's error quotes the URL (net/http's *url.Error): only the error
// inside it is kept.
func dialError(ctx context.Context, wsURL string, resp *http.Response, err error) error {
	host := "the browser"
	if u, perr := url.Parse(wsURL); perr == nil {
		host = u.Host
	}
	if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols && resp.StatusCode != 0 {
		return &DialError{Host: host, Status: resp.StatusCode, Err: err}
	}
	if ctx.Err() != nil {
		return &DialError{Host: host, Timeout: true, Err: ctx.Err()}
	}
	inner := err
	var ue *url.Error
	if errors.As(err, &ue) {
		inner = ue.Err
	}
	// Whatever else quotes the URL loses it.
	msg := strings.ReplaceAll(inner.Error(), wsURL, host)
	return &DialError{Host: host, Err: errors.New(msg)}
}

func newConn(t transport) *Conn {
	c := &Conn{t: t, pending: map[int64]chan reply{}, subs: map[int64]func(Event){}, done: make(chan struct{})}
	go c.readLoop()
	return c
}

// Done is closed when the connection ends (browser gone or Close called).
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err reports why the connection ended.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close ends the connection.
func (c *Conn) Close() error {
	c.shutdown(ErrClosed)
	return c.t.close()
}

func (c *Conn) shutdown(err error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	c.err = err
	for id, ch := range c.pending {
		ch <- reply{err: err}
		delete(c.pending, id)
	}
	c.mu.Unlock()
	close(c.done)
}

func (c *Conn) readLoop() {
	for {
		data, err := c.t.read()
		if err != nil {
			c.shutdown(fmt.Errorf("%w: %v", ErrClosed, err))
			return
		}
		var m message
		if err := json.Unmarshal(data, &m, json.RejectUnknownMembers(false)); err != nil {
			continue
		}
		if m.ID != 0 {
			c.mu.Lock()
			ch := c.pending[m.ID]
			delete(c.pending, m.ID)
			c.mu.Unlock()
			if ch != nil {
				if m.Error != nil {
					ch <- reply{err: m.Error}
				} else {
					ch <- reply{result: m.Result}
				}
			}
			continue
		}
		if m.Method == "" {
			continue
		}
		ev := Event{SessionID: m.SessionID, Method: m.Method, Params: m.Params}
		c.mu.Lock()
		subs := make([]func(Event), 0, len(c.subs))
		for _, fn := range c.subs {
			subs = append(subs, fn)
		}
		c.mu.Unlock()
		for _, fn := range subs {
			fn(ev)
		}
	}
}

// Subscribe registers fn for every event. fn runs on the read loop and must
// not block or make calls itself. The returned func unsubscribes.
func (c *Conn) Subscribe(fn func(Event)) (unsubscribe func()) {
	c.mu.Lock()
	c.nextSub++
	id := c.nextSub
	c.subs[id] = fn
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		delete(c.subs, id)
		c.mu.Unlock()
	}
}

// Call sends method with params (nil or any JSON-marshalable value) on the
// given session ("" = browser) and decodes the result into result (nil to
// discard). It returns when the reply arrives, ctx ends, or the connection
// drops.
func (c *Conn) Call(ctx context.Context, sessionID, method string, params, result any) error {
	start := time.Now()
	ch, forget, err := c.send(sessionID, method, params)
	if err == nil {
		err = c.wait(ctx, method, ch, forget, result)
	}
	c.mu.Lock()
	trace := c.trace
	c.mu.Unlock()
	if trace != nil {
		trace(method, time.Since(start), err)
	}
	return err
}

// Go writes the call now (so calls issued one after another reach the
// browser in that order) and waits for the reply in the background. Use it
// for calls that may block until a later call is sent, like Page.enable on
// a target paused until Runtime.runIfWaitingForDebugger.
func (c *Conn) Go(ctx context.Context, sessionID, method string, params, result any) <-chan error {
	done := make(chan error, 1)
	ch, forget, err := c.send(sessionID, method, params)
	if err != nil {
		done <- err
		return done
	}
	go func() { done <- c.wait(ctx, method, ch, forget, result) }()
	return done
}

// writeTimeout bounds one message write. It is deliberately not the
// caller's context: the websocket library closes the whole connection when
// a write's context ends, and one command's deadline must never cut the
// session's browser connection.
const writeTimeout = 10 * time.Second

func (c *Conn) send(sessionID, method string, params any) (chan reply, func(), error) {
	id := c.nextID.Add(1)
	m := message{ID: id, SessionID: sessionID, Method: method}
	if params != nil {
		p, err := json.Marshal(params)
		if err != nil {
			return nil, nil, fmt.Errorf("cdp: %s: encode params: %w", method, err)
		}
		m.Params = p
	} else {
		m.Params = jsontext.Value("{}")
	}
	data, err := json.Marshal(m)
	if err != nil {
		return nil, nil, err
	}
	ch := make(chan reply, 1)
	c.mu.Lock()
	if c.closed {
		err := c.err
		c.mu.Unlock()
		return nil, nil, err
	}
	c.pending[id] = ch
	c.mu.Unlock()
	forget := func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}
	c.wmu.Lock()
	err = c.t.write(data)
	c.wmu.Unlock()
	if err != nil {
		forget()
		return nil, nil, fmt.Errorf("%w: %v", ErrClosed, err)
	}
	return ch, forget, nil
}

func (c *Conn) wait(ctx context.Context, method string, ch chan reply, forget func(), result any) error {
	select {
	case r := <-ch:
		if r.err != nil {
			var ce *Error
			if errors.As(r.err, &ce) {
				ce.Method = method
			}
			return r.err
		}
		if result != nil && len(r.result) > 0 {
			if err := json.Unmarshal(r.result, result, json.RejectUnknownMembers(false)); err != nil {
				return fmt.Errorf("cdp: %s: decode result: %w", method, err)
			}
		}
		return nil
	case <-ctx.Done():
		forget()
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// Session is a flattened target session on a connection.
type Session struct {
	Conn *Conn
	ID   string
}

// Session returns a handle for a flattened session id.
func (c *Conn) Session(id string) *Session { return &Session{Conn: c, ID: id} }

// Browser is the browser-level session (no target).
func (c *Conn) Browser() *Session { return &Session{Conn: c} }

// Go calls method on this session without waiting (see Conn.Go).
func (s *Session) Go(ctx context.Context, method string, params, result any) <-chan error {
	return s.Conn.Go(ctx, s.ID, method, params, result)
}

// Call calls method on this session.
func (s *Session) Call(ctx context.Context, method string, params, result any) error {
	return s.Conn.Call(ctx, s.ID, method, params, result)
}
