package cdp

import (
	"context"
	"fmt"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// The protocol's commands and events are cdproto's generated values
// (page.Navigate, runtime.Evaluate, target.AttachedToTarget, ...): a
// misspelled parameter is a compile error, not a call the browser silently
// reads differently. This file runs them over tact's own transport.

// Call runs a typed command on the session and returns its result.
func Call[P, R any](ctx context.Context, s *Session, c cdp.Command[P, R], params P) (R, error) {
	return cdp.Call(ctx, s, c, params)
}

// Run runs a typed command whose result is not needed.
func Run[P, R any](ctx context.Context, s *Session, c cdp.Command[P, R], params P) error {
	var res R
	return s.Call(ctx, c.Method, params, &res)
}

// Start writes a typed command now (so commands issued one after another
// reach the browser in that order) and waits for its reply in the
// background; see Conn.Go.
func Start[P, R any](ctx context.Context, s *Session, c cdp.Command[P, R], params P) <-chan error {
	var res R
	return s.Go(ctx, c.Method, params, &res)
}

// Method is the name of a typed command, for logs and traces.
func Method[P, R any](c cdp.Command[P, R]) string { return c.Method }

// Subscribe satisfies cdproto's Session: the events of one method on this
// session, in order, buffered without bound so the read loop never waits.
func (s *Session) Subscribe(method string) (<-chan jsontext.Value, func()) {
	out := make(chan jsontext.Value)
	var (
		mu     sync.Mutex
		queue  []jsontext.Value
		wake   = make(chan struct{}, 1)
		closed = make(chan struct{})
		once   sync.Once
	)
	unsub := s.Conn.Subscribe(func(ev Event) {
		if ev.SessionID != s.ID || ev.Method != method {
			return
		}
		mu.Lock()
		queue = append(queue, ev.Params)
		mu.Unlock()
		select {
		case wake <- struct{}{}:
		default:
		}
	})
	go func() {
		defer close(out)
		for {
			mu.Lock()
			var next jsontext.Value
			have := len(queue) > 0
			if have {
				next, queue = queue[0], queue[1:]
			}
			mu.Unlock()
			if !have {
				select {
				case <-wake:
					continue
				case <-closed:
					return
				case <-s.Conn.Done():
					return
				}
			}
			select {
			case out <- next:
			case <-closed:
				return
			}
		}
	}()
	return out, func() {
		once.Do(func() {
			unsub()
			close(closed)
		})
	}
}

// Handlers route events to typed handlers that receive a value of type C
// (the target the event came from, say). Each payload is decoded once,
// into its generated struct; one that does not decode is an error for the
// caller to log, never silently a zero value.
type Handlers[C any] struct {
	m map[string]func(C, Event) error
}

// On registers fn for the event e, replacing an earlier registration.
func On[C, E any](h *Handlers[C], e cdp.Event[E], fn func(c C, ev *E)) {
	if h.m == nil {
		h.m = map[string]func(C, Event) error{}
	}
	h.m[e.Method] = func(c C, ev Event) error {
		v, err := Decode(e, ev)
		if err != nil {
			return err
		}
		fn(c, v)
		return nil
	}
}

// Handles reports whether a handler is registered for the method.
func (h *Handlers[C]) Handles(method string) bool { return h.m[method] != nil }

// Dispatch runs the handler of ev's method, if any.
func (h *Handlers[C]) Dispatch(c C, ev Event) error {
	if fn := h.m[ev.Method]; fn != nil {
		return fn(c, ev)
	}
	return nil
}

// Decode decodes ev's payload as the event e.
func Decode[E any](e cdp.Event[E], ev Event) (*E, error) {
	v := new(E)
	if len(ev.Params) == 0 {
		return v, nil
	}
	if err := json.Unmarshal(ev.Params, v, json.RejectUnknownMembers(false)); err != nil {
		return nil, fmt.Errorf("cdp: decode %s: %w", e.Method, err)
	}
	return v, nil
}

// Marshal and Unmarshal encode protocol values (cdproto's types) with the
// JSON library the protocol layer uses, for callers that keep them as raw
// JSON (saved cookies).
func Marshal(v any) (jsontext.Value, error) { return json.Marshal(v) }

// Unmarshal decodes raw protocol JSON into a cdproto type; members the
// type does not know are ignored.
func Unmarshal(raw []byte, v any) error {
	return json.Unmarshal(raw, v, json.RejectUnknownMembers(false))
}
