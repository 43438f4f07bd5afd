package page

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	proto "github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
)

// EvalWorld evaluates expr in tact's isolated world of the main frame.
func (t *Tab) EvalWorld(ctx context.Context, expr string, out any) error {
	return t.evalIn(ctx, t.main, t.id, expr, out)
}

var errContextGone = errors.New("execution context gone")

// evalIn evaluates expr (awaiting promises, by value) in tact's world of a
// frame hosted by target tg, installing the library on first use.
func (t *Tab) evalIn(ctx context.Context, tg *Target, frameID, expr string, out any) error {
	// An open dialog holds every script of the page until it is answered:
	// an evaluation would only wait out the deadline.
	if err := t.checkUsable(); err != nil {
		return err
	}
	// One that opens while the evaluation waits (a dialog loop the policy
	// holds) ends it the same way.
	ctx, stop := t.untilDialog(ctx)
	defer stop()
	err := t.evalOnce(ctx, tg, frameID, expr, out)
	if err != nil && ctx.Err() != nil {
		if derr := t.checkUsable(); derr != nil {
			return derr
		}
	}
	return err
}

// untilDialog is ctx, cancelled when a dialog the policy leaves open opens
// in the tab.
func (t *Tab) untilDialog(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		for {
			ch := t.obs.Changed()
			t.mu.Lock()
			open := t.leftOpen()
			t.mu.Unlock()
			if open {
				cancel()
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-ch:
			}
		}
	}()
	return ctx, cancel
}

func (t *Tab) evalOnce(ctx context.Context, tg *Target, frameID, expr string, out any) error {
	v := t.host.Library().Version
	wrapped := "(globalThis.__tact && globalThis.__tact.v === " + jsString(v) + ") ? (" + expr + ") : ({__tactMissing: true})"
	for attempt := 0; attempt < 4; attempt++ {
		id, err := t.worldFor(ctx, tg, frameID)
		if err != nil {
			return err
		}
		raw, err := evaluate(ctx, tg.sess, id, wrapped, true)
		if errors.Is(err, errContextGone) {
			tg.dropWorld(id)
			continue
		}
		if err != nil {
			return err
		}
		if strings.HasPrefix(string(raw), `{"__tactMissing"`) {
			if _, err := evaluate(ctx, tg.sess, id, t.host.Library().Source, true); err != nil && !errors.Is(err, errContextGone) {
				return err
			}
			continue
		}
		if out == nil {
			return nil
		}
		if err := json.Unmarshal(raw, out); err != nil {
			return failure.New(failure.Internal, "decode page result: %v", err)
		}
		return nil
	}
	return failure.New(failure.Internal, "could not run tact's page library in frame %s (the page keeps navigating?)", frameID)
}

func (t *Tab) worldFor(ctx context.Context, tg *Target, frameID string) (int64, error) {
	if id := tg.world(frameID); id != 0 {
		return id, nil
	}
	res, err := cdp.Call(ctx, tg.sess, cdppage.CreateIsolatedWorld, cdppage.CreateIsolatedWorldParams{FrameID: proto.FrameID(frameID), WorldName: WorldName})
	if err != nil {
		if ctx.Err() != nil {
			return 0, failure.New(failure.Timeout, "page did not respond within --timeout (busy script?)")
		}
		return 0, BrowserGone(failure.Wrap(failure.Internal, err, "isolated world"))
	}
	tg.setWorld(frameID, int64(res.ExecutionContextID))
	return int64(res.ExecutionContextID), nil
}

// evaluate runs one Runtime.evaluate and returns the JSON value.
func evaluate(ctx context.Context, s *cdp.Session, contextID int64, expr string, await bool) (json.RawMessage, error) {
	res, err := cdp.Call(ctx, s, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ReturnByValue: new(true),
		AwaitPromise: new(await), ContextID: runtime.ExecutionContextID(contextID)})
	if err != nil {
		if isContextGone(err) {
			return nil, errContextGone
		}
		if ctx.Err() != nil {
			return nil, failure.New(failure.Timeout, "page did not respond within --timeout (busy script or hung page)")
		}
		return nil, BrowserGone(err)
	}
	return resultValue(res.Result, res.ExceptionDetails)
}

// resultValue is the JSON value of an evaluation, or its exception as a
// JS_ERROR (errContextGone when the document went away meanwhile).
func resultValue(r *runtime.RemoteObject, exc *runtime.ExceptionDetails) (json.RawMessage, error) {
	if exc != nil {
		msg := exceptionMessage(exc)
		if strings.Contains(msg, "Execution context was destroyed") || strings.Contains(msg, "Inspected target navigated") {
			return nil, errContextGone
		}
		return nil, failure.New(failure.JSError, "%s", msg)
	}
	if r == nil || r.Type == runtime.RemoteObjectTypeUndefined || len(r.Value) == 0 {
		return json.RawMessage("null"), nil
	}
	return json.RawMessage(r.Value), nil
}

// exceptionMessage is the first line of what the page threw.
func exceptionMessage(e *runtime.ExceptionDetails) string {
	if x := e.Exception; x != nil {
		if x.Description != "" {
			line, _, _ := strings.Cut(x.Description, "\n")
			return line
		}
		if len(x.Value) > 0 {
			var v any
			if json.Unmarshal(x.Value, &v) == nil {
				return fmt.Sprintf("Uncaught %v", v)
			}
		}
	}
	return e.Text
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func trim(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// isContextGone reports a call that failed because its execution context
// (document) went away, which callers retry in the new document.
func isContextGone(err error) bool {
	var ce *cdp.Error
	return errors.As(err, &ce) && (strings.Contains(ce.Message, "context") || strings.Contains(ce.Message, "Cannot find object") ||
		strings.Contains(ce.Message, "Inspected target navigated"))
}

type rawJSON = json.RawMessage

func jsonUnmarshal(b []byte, out any) error { return json.Unmarshal(b, out) }
