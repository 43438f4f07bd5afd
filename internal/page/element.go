package page

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/runtime"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
)

// Element is a live handle on a page element: the frame it lives in and a
// remote object in tact's isolated world there.
type Element struct {
	tab      *Tab
	tg       *Target
	frameID  string
	ObjectID runtime.RemoteObjectID
	Ref      int
	// Target is what the user wrote (a locator), for messages when the
	// element has no ref.
	Target string
	// Refound is set when the ref's element had been re-rendered and an
	// identical replacement was found in the same document.
	Refound bool
	// Held is set by Fill when the field held text just before its change
	// event: a field empty afterwards was emptied by the page, which took
	// the value (an "add item" box), rather than refusing it.
	Held bool
	// Notes are what an action on the element did that its output should
	// say (a release that went elsewhere after a press that worked).
	Notes []string
}

// Remarks are what an action's output says of the element itself: that
// its ref was re-found, and its Notes (an accessor, so that the action's
// logic can run on a fake element too).
func (e *Element) Remarks() (refound bool, notes []string) { return e.Refound, e.Notes }

// Label names the element in messages: its ref, else the target as given.
func (e *Element) Label() string {
	switch {
	case e.Ref > 0:
		return fmt.Sprintf("@e%d", e.Ref)
	case e.Target != "":
		return e.Target
	}
	return "the element"
}

// ParseRef accepts "@e12", "e12" and "@12" and returns 12.
func ParseRef(s string) (int, bool) {
	return locator.ParseRef(s)
}

// ResolveRef finds the element a ref was issued for. It never falls back
// to a similar element: a ref of a document that has navigated away, or of
// a node that was removed, is STALE_REF.
func (t *Tab) ResolveRef(ctx context.Context, n int) (*Element, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	ri, ok, next := t.host.RefInfo(n)
	if n >= next {
		return nil, failure.New(failure.UnknownRef, "@e%d was never issued in this session", n).WithHint("run tact snap and use a ref from its output")
	}
	if !ok {
		// Issued, but its document or tab is gone (and forgotten).
		return nil, failure.New(failure.StaleRef, "@e%d is stale: its page has changed since the snap", n).WithHint("run tact snap again and use the new refs")
	}
	if ri.Tab != t.id {
		return nil, failure.New(failure.StaleRef, "@e%d belongs to another tab", n).WithHint("tact tab switch, or snap this tab again")
	}
	host := t.main
	if ri.Host != "" && ri.Host != t.id {
		if c := t.child(ri.Host); c != nil {
			host = c
		} else {
			return nil, failure.New(failure.StaleRef, "@e%d is stale: its frame is gone", n).WithHint("run tact snap again")
		}
	}
	el, err := t.objectIn(ctx, host, ri.Frame, fmt.Sprintf("globalThis.__tact && __tact.byRef ? __tact.byRef(%d) : null", n))
	if err != nil {
		return nil, err
	}
	if el == nil {
		return t.refind(ctx, host, ri.Frame, n)
	}
	el.Ref = n
	return el, nil
}

// refind finds the element that replaced ref n's when the page re-rendered
// it in the same document (the ref's world, where the old element is
// kept, dies with the document). Only a single match agreeing in tag,
// identity attributes, text and place in the re-rendered subtree counts;
// anything else stays STALE_REF.
func (t *Tab) refind(ctx context.Context, host *Target, frame string, n int) (*Element, error) {
	var r struct {
		Count int `json:"count"`
	}
	t.mu.Lock()
	heading := t.headings[n]
	t.mu.Unlock()
	if err := t.evalIn(ctx, host, frame, fmt.Sprintf("__tact.refind(%d, %s)", n, jsString(heading)), &r); err != nil {
		return nil, err
	}
	if r.Count > 1 {
		return nil, failure.New(failure.StaleRef, "@e%d is stale: the page re-rendered it and %d elements now look the same", n, r.Count).WithHint("run tact snap again and use the new refs")
	}
	var el *Element
	if r.Count == 1 {
		var err error
		if el, err = t.objectIn(ctx, host, frame, "globalThis.__tact.lastMatch"); err != nil {
			return nil, err
		}
	}
	if el == nil {
		return nil, failure.New(failure.StaleRef, "@e%d is stale: its page has changed since the snap", n).WithHint("run tact snap again and use the new refs")
	}
	el.Ref, el.Refound = n, true
	return el, nil
}

// objectIn evaluates expr (which yields an element or null) in tact's world
// of a frame and returns a handle, or nil for null.
func (t *Tab) objectIn(ctx context.Context, tg *Target, frameID, expr string) (*Element, error) {
	for attempt := 0; attempt < 3; attempt++ {
		id, err := t.worldFor(ctx, tg, frameID)
		if err != nil {
			return nil, err
		}
		res, err := cdp.Call(ctx, tg.sess, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ContextID: runtime.ExecutionContextID(id)})
		if err != nil {
			if isContextGone(err) {
				tg.dropWorld(id)
				continue
			}
			if ctx.Err() != nil {
				return nil, failure.New(failure.Timeout, "page did not respond within --timeout")
			}
			return nil, BrowserGone(err)
		}
		if res.ExceptionDetails != nil {
			return nil, failure.New(failure.JSError, "%s", exceptionMessage(res.ExceptionDetails))
		}
		if r := res.Result; r == nil || r.ObjectID == "" || r.Subtype == runtime.RemoteObjectSubtypeNull {
			return nil, nil
		}
		return &Element{tab: t, tg: tg, frameID: frameID, ObjectID: res.Result.ObjectID}, nil
	}
	return nil, failure.New(failure.StaleRef, "the frame navigated while resolving the target")
}

// Call runs fn (a JS function source taking the element as `this` and
// args) in the element's world and decodes its by-value result into out.
func (e *Element) Call(ctx context.Context, fn string, out any, args ...any) error {
	p := runtime.CallFunctionOnParams{FunctionDeclaration: fn, ObjectID: e.ObjectID, ReturnByValue: new(true), AwaitPromise: new(true)}
	if len(args) > 0 {
		// One argument, the array of them: a call argument whose value
		// is empty ({}, "", []) would be omitted from the message and
		// arrive as undefined.
		v, err := json.Marshal(args)
		if err != nil {
			return failure.New(failure.Internal, "encode arguments: %v", err)
		}
		p.FunctionDeclaration = "function (args) { return (" + fn + ").apply(this, args); }"
		p.Arguments = []*runtime.CallArgument{{Value: v}}
	}
	res, err := cdp.Call(ctx, e.tg.sess, runtime.CallFunctionOn, p)
	if err != nil {
		if isContextGone(err) {
			return failure.New(failure.StaleRef, "the element's page navigated away")
		}
		if ctx.Err() != nil {
			return failure.New(failure.Timeout, "page did not respond within --timeout")
		}
		return BrowserGone(err)
	}
	if res.ExceptionDetails != nil {
		return failure.New(failure.JSError, "%s", exceptionMessage(res.ExceptionDetails))
	}
	if out != nil && res.Result != nil && len(res.Result.Value) > 0 {
		return json.Unmarshal(res.Result.Value, out)
	}
	return nil
}

// Release frees the remote object. It has its own short deadline: it runs
// after the command's deadline may have passed (a busy page must not keep
// the daemon waiting).
func (e *Element) Release(context.Context) {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_ = cdp.Run(ctx, e.tg.sess, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: e.ObjectID})
}

// ClaimSecret decides whether what tact types into the element is a
// secret: given (--secret), or a field that is a password by type or
// autocomplete, or one marked before. A secret field is marked in tact's
// world of the element's document, so snaps print its value masked like
// a password's even after the page turns it into a text field (the page
// cannot see or clear the mark).
func (e *Element) ClaimSecret(ctx context.Context, given bool) (bool, error) {
	var secret bool
	err := e.callLib(ctx, "claimSecret", &secret, given)
	return secret, err
}

// SameNode reports whether two handles are the same element (found by
// two different locators, say).
func (e *Element) SameNode(ctx context.Context, o *Element) bool {
	if e.tg != o.tg || e.frameID != o.frameID {
		return false
	}
	res, err := cdp.Call(ctx, e.tg.sess, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: "function (o) { return this === o; }", ObjectID: e.ObjectID,
		Arguments: []*runtime.CallArgument{{ObjectID: o.ObjectID}}, ReturnByValue: new(true)})
	if err != nil || res.ExceptionDetails != nil || res.Result == nil {
		return false
	}
	return string(res.Result.Value) == "true"
}
