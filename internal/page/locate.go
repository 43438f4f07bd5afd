package page

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/observe"
	"github.com/tact-browser/tact/internal/snapshot"
)

// locateResult is what __tact.locate returns for one frame.
type locateResult struct {
	Count          int          `json:"count"`
	Matches        []string     `json:"matches"`
	Boxes          [][4]float64 `json:"boxes"` // of Matches, in the frame's viewport
	FrameAt        int          `json:"frameAt"`
	FrameAmbiguous int          `json:"frameAmbiguous"`
	Error          string       `json:"error"`
}

// ErrUnanswered is the cause of a NOT_FOUND whose page never answered the
// lookup before the deadline (a busy page or machine): the element may be
// there. errors.Is tells it from a page that answered "nothing".
var ErrUnanswered = errors.New("the page did not answer in time")

// lookupReserve is the most of a command's time that the wait for a
// locator's match leaves for its last lookup and the report.
const lookupReserve = 300 * time.Millisecond

// resolveLocator finds the one element a locator matches. No match is
// retried until ctx ends (NOT_FOUND); several are AMBIGUOUS at once.
func (t *Tab) resolveLocator(ctx context.Context, loc locator.Locator) (*Element, error) {
	if err := t.checkUsable(); err != nil {
		return nil, err
	}
	s := loc.String()
	// The wait for a match ends a little before the command does, so the
	// last lookup is answered and a locator that matches nothing is
	// NOT_FOUND with what is near, not a lookup cut off by the deadline.
	wait := ctx
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		wait, cancel = context.WithDeadline(ctx, dl.Add(-min(time.Until(dl)/10, lookupReserve)))
		defer cancel()
	}
	start := t.obs.Clock().Now()
	var found *Element
	_, err := observe.Until(wait, t.obs, 0, 100*time.Millisecond, func(time.Time) (bool, error) {
		el, r, err := t.locateOnce(ctx, loc.Steps, false)
		if err == nil && el == nil && r.Count == 0 {
			el, r, err = t.locateInFrames(ctx, loc.Steps, false)
		}
		if err != nil {
			if ctx.Err() != nil && failure.From(err).Code == failure.Timeout {
				// A lookup the deadline cut off (a busy page or machine):
				// still NOT_FOUND with what is near, from the stored snap.
				e := t.notFound(loc, " (waited --timeout)")
				e.Cause = ErrUnanswered
				return false, e
			}
			return false, err
		}
		if el != nil {
			found = el
			return true, nil
		}
		if r.Count > 1 {
			what := "elements"
			if r.FrameAmbiguous > 0 {
				what = "elements, some of them iframes (a frame step must match one iframe)"
			}
			return false, failure.New(failure.Ambiguous, "%s matches %d %s: %s", s, r.Count, what, strings.Join(r.Matches, ", ")).
				WithHint("make it unique (role=…[name=\"…\"], scope with A >> B, or add >> nth=N), or use a ref from tact snap")
		}
		if t.atRest(ctx, start) {
			e := t.notFound(loc, fmt.Sprintf(" (the page was at rest for %v)", missRest))
			return false, e.WithHint("if it comes later, tact wait '" + s + "' waits for it until --timeout")
		}
		return false, nil
	})
	switch {
	case found != nil:
		return found, nil
	case err != nil && wait.Err() != nil && errors.Is(err, wait.Err()):
		return nil, t.notFound(loc, "")
	}
	return nil, err
}

// missRest is how long a page must be at rest, with a locator still
// matching nothing, before the lookup gives up: an agent that misnamed a
// target learns it in seconds, not at --timeout. A page that is still
// changing (its DOM, a request, a load) is waited on until the deadline;
// `tact wait` always waits until then.
const missRest = 2 * time.Second

// atRest reports whether, since the lookup began at start (missRest ago
// at least), the page has loaded, has no request in flight and nothing
// in its main document could have brought an element into view for
// missRest (no element added or shown; a ticking clock's text aside).
func (t *Tab) atRest(ctx context.Context, start time.Time) bool {
	now := t.obs.Clock().Now()
	if now.Sub(start) < missRest || t.obs.Doc().Loading || t.FramesLoading() > 0 || t.obs.InFlight(now, observe.Busy, firstPartyLongPoll, time.Time{}) > 0 {
		return false
	}
	var still float64
	if t.EvalWorld(ctx, "performance.now() - (__tact.lastGrowth ?? __tact.lastMutation)", &still) != nil {
		return false
	}
	return still >= float64(missRest.Milliseconds())
}

// notFound is the NOT_FOUND of a locator that matched nothing, naming what
// is near it in the last snap.
func (t *Tab) notFound(loc locator.Locator, how string) *failure.Error {
	s := loc.String()
	if n := t.nearMatches(loc, 5); len(n) > 0 {
		return failure.New(failure.NotFound, "%s matches nothing%s; near it in the last snap: %s", s, how, strings.Join(n, ", "))
	}
	return failure.New(failure.NotFound, "%s matches nothing%s", s, how).WithHint("check the page with tact snap; tact locate <target> shows what a target resolves to")
}

// WaitLocator waits until loc matches a visible element, in the page or
// any of its frames (as snap and resolve look); several are fine. It
// ends with TIMEOUT when ctx does.
func (t *Tab) WaitLocator(ctx context.Context, loc locator.Locator) error {
	_, err := observe.Until(ctx, t.obs, 0, 100*time.Millisecond, func(time.Time) (bool, error) { return t.Matches(ctx, loc) })
	if err != nil && ctx.Err() != nil {
		return failure.New(failure.Timeout, "timed out waiting for %s", loc.String())
	}
	return err
}

// Matches reports whether loc matches a visible element now, in the page
// or any of its frames (one look of WaitLocator; batch --until).
func (t *Tab) Matches(ctx context.Context, loc locator.Locator) (bool, error) {
	if err := t.checkUsable(); err != nil {
		return false, err
	}
	el, r, err := t.locateOnce(ctx, loc.Steps, true)
	if err == nil && el == nil && r.Count == 0 {
		el, r, err = t.locateInFrames(ctx, loc.Steps, true)
	}
	if el != nil {
		el.Release(ctx)
		return true, nil
	}
	if err != nil && failure.From(err).Code != failure.Timeout {
		return false, err
	}
	return err == nil && r.Count > 0, nil
}

// locateOnce evaluates steps in the main frame, following frame steps into
// child frames. It returns the element when exactly one matches; visible
// counts only visible matches.
func (t *Tab) locateOnce(ctx context.Context, steps []locator.Step, visible bool) (*Element, locateResult, error) {
	return t.locateFrom(ctx, t.main, t.id, steps, visible)
}

// locateFrom is locateOnce starting in the document of frame (hosted by host).
func (t *Tab) locateFrom(ctx context.Context, host *Target, frame string, steps []locator.Step, visible bool) (*Element, locateResult, error) {
	for depth := 0; ; depth++ {
		var r locateResult
		if err := t.evalIn(ctx, host, frame, "__tact.locate("+mustJSON(steps)+","+strconv.FormatBool(visible)+")", &r); err != nil {
			return nil, r, err
		}
		if r.Error != "" {
			return nil, r, failure.New(failure.Usage, "%s", r.Error)
		}
		if r.Count != 1 {
			t.placeMatches(ctx, host, frame, &r)
			return nil, r, nil
		}
		el, err := t.objectIn(ctx, host, frame, "globalThis.__tact.lastMatch")
		if err != nil || el == nil {
			return nil, locateResult{}, err
		}
		if r.FrameAt == 0 {
			if n, ok := el.refIn(ctx); ok {
				el.Ref = n
			}
			return el, r, nil
		}
		// A frame step: continue in the iframe's document.
		child, err := el.childFrame(ctx)
		el.Release(ctx)
		if err != nil {
			return nil, locateResult{}, err
		}
		if child == "" || depth >= maxFrameDepth {
			return nil, locateResult{}, nil // not loaded yet: no match for now
		}
		if c := t.child(child); c != nil {
			host = c
		}
		frame = child
		steps = steps[r.FrameAt:]
	}
}

// placeMatches adds where each listed match is to its description:
// "at X,Y (WxH)", its centre in the tab's viewport (as locate's box and
// click X,Y take points).
func (t *Tab) placeMatches(ctx context.Context, host *Target, frame string, r *locateResult) {
	if len(r.Boxes) != len(r.Matches) || r.Count < 2 {
		return
	}
	var ox, oy float64
	if frame != t.id {
		var err error
		if ox, oy, err = t.frameOffset(ctx, host, frame); err != nil {
			return
		}
	}
	for i, b := range r.Boxes {
		r.Matches[i] += fmt.Sprintf(" at %s (%.0fx%.0f)", FormatPoint(ox+b[0]+b[2]/2, oy+b[1]+b[3]/2), b[2], b[3])
	}
}

// refIn returns the element's ref when a snap has issued one and the
// session knows it.
func (e *Element) refIn(ctx context.Context) (int, bool) {
	var n int
	if e.callLib(ctx, "refFor", &n) != nil || n <= 0 {
		return 0, false
	}
	if ri, ok, _ := e.tab.host.RefInfo(n); !ok || ri.Tab != e.tab.id {
		return 0, false
	}
	return n, true
}

// childFrame is the frame id of an iframe element's document.
func (e *Element) childFrame(ctx context.Context) (string, error) {
	id, err := contentFrame(ctx, e.tg, e.ObjectID)
	if err != nil {
		return "", nil
	}
	return id, nil
}

// GenLocator is one verified locator of an element.
type GenLocator struct {
	Locator  string `json:"locator"`
	Strategy string `json:"strategy"`
	Score    int    `json:"score"`
	Fragile  bool   `json:"fragile,omitempty"`
}

// Box is an element's bounding box in the tab's viewport, CSS pixels.
type Box struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Width  int `json:"width"`
	Height int `json:"height"`
}

// LocInfo describes one element durably: its verified locators (best
// first, frame path included) and whether any of them survives page
// changes (Stable false: only nth or an absolute XPath matched it alone).
type LocInfo struct {
	Ref      string       `json:"ref,omitempty"`
	Role     string       `json:"role,omitempty"`
	Name     string       `json:"name,omitempty"`
	Tag      string       `json:"tag"`
	Action   string       `json:"action,omitempty"`
	Attrs    [][2]string  `json:"-"`
	Box      *Box         `json:"box,omitempty"`
	Frame    []string     `json:"frame,omitempty"` // a locator per iframe on the way, outermost first
	Locators []GenLocator `json:"locators"`
	Stable   bool         `json:"stable"`
	// HTML is the element's outerHTML, cut to the cap PageLocators was
	// given (snap --raw --html); empty otherwise.
	HTML string `json:"html,omitempty"`
	// Value is a field's whole value (locate only; never a password's).
	Value *string `json:"value,omitempty"`
}

// Best is the best locator, or "".
func (l *LocInfo) Best() string {
	if l == nil || len(l.Locators) == 0 {
		return ""
	}
	return l.Locators[0].Locator
}

type genResult struct {
	Key      int          `json:"key"`
	Error    string       `json:"error"`
	Ref      int          `json:"ref"`
	Role     string       `json:"role"`
	Name     string       `json:"name"`
	Tag      string       `json:"tag"`
	Action   string       `json:"action"`
	Attrs    [][2]string  `json:"attrs"`
	Box      *Box         `json:"box"`
	Locators []GenLocator `json:"locators"`
	Stable   bool         `json:"stable"`
	HTML     string       `json:"html"`
}

func (g *genResult) info(prefix []string) *LocInfo {
	li := &LocInfo{Role: g.Role, Name: g.Name, Tag: g.Tag, Action: g.Action, Attrs: g.Attrs, Box: g.Box, Frame: prefix, Stable: g.Stable, Locators: g.Locators, HTML: g.HTML}
	if g.Ref > 0 {
		li.Ref = snapshot.RefString(g.Ref)
	}
	if li.Locators == nil {
		li.Locators = []GenLocator{}
	}
	if len(prefix) > 0 {
		p := strings.Join(prefix, " >> ") + " >> "
		for i := range li.Locators {
			li.Locators[i].Locator = p + li.Locators[i].Locator
		}
	}
	return li
}

// dropSecretLocators leaves out the locators that spell a secret the
// page copied into the element (a label "token ZZ…" after the token was
// typed): proposing one would print the secret, and it breaks when the
// secret changes.
func (t *Tab) dropSecretLocators(li *LocInfo) {
	keep := li.Locators[:0]
	for _, l := range li.Locators {
		if !t.host.HasSecret(l.Locator) {
			keep = append(keep, l)
		}
	}
	li.Locators = keep
}

const genElementJS = `function (box) { return __tact.locGen({els: [this], box: box})[0]; }`

// Locators generates the verified locators of a resolved element.
func (t *Tab) Locators(ctx context.Context, el *Element) (*LocInfo, error) {
	if err := t.evalIn(ctx, el.tg, el.frameID, "0", nil); err != nil { // library present
		return nil, err
	}
	var g genResult
	if err := el.Call(ctx, genElementJS, &g, true); err != nil {
		return nil, err
	}
	if g.Error != "" {
		return nil, failure.New(failure.StaleRef, "the element was removed from the page")
	}
	fc := map[string][]string{}
	prefix, err := t.framePath(ctx, el.tg, el.frameID, fc)
	if err != nil {
		return nil, err
	}
	li := g.info(prefix)
	t.dropSecretLocators(li)
	if li.Box != nil && el.frameID != t.id {
		if ox, oy, err := t.frameOffset(ctx, el.tg, el.frameID); err == nil {
			li.Box.X += int(ox)
			li.Box.Y += int(oy)
		}
	}
	if li.Ref == "" && el.Ref > 0 {
		li.Ref = snapshot.RefString(el.Ref)
	}
	return li, nil
}

// PageLocators generates locators for the elements of a snap (only those
// in only, when it is not nil), one page round trip per frame. Keys are
// refs ("e12").
func (t *Tab) PageLocators(ctx context.Context, p *snapshot.Page, box bool, html int, only map[string]bool) (map[string]*LocInfo, error) {
	type key struct{ host, frame string }
	groups := map[key][]int{}
	var order []key
	for _, s := range p.Sections {
		for _, e := range s.Elements {
			if only != nil && !only[e.Ref] {
				continue
			}
			n, err := strconv.Atoi(strings.TrimPrefix(e.Ref, "e"))
			if err != nil {
				continue
			}
			ri, ok, _ := t.host.RefInfo(n)
			if !ok || ri.Tab != t.id {
				continue
			}
			k := key{ri.Host, ri.Frame}
			if _, seen := groups[k]; !seen {
				order = append(order, k)
			}
			groups[k] = append(groups[k], n)
		}
	}
	out := map[string]*LocInfo{}
	fc := map[string][]string{}
	for _, k := range order {
		host := t.main
		if k.host != "" && k.host != t.id {
			if host = t.child(k.host); host == nil {
				continue
			}
		}
		var res []genResult
		if err := t.evalIn(ctx, host, k.frame, "__tact.locGen("+mustJSON(map[string]any{"refs": groups[k], "box": box, "html": html})+")", &res); err != nil {
			return nil, err
		}
		prefix, err := t.framePath(ctx, host, k.frame, fc)
		if err != nil {
			continue
		}
		var ox, oy float64
		if box && k.frame != t.id {
			ox, oy, _ = t.frameOffset(ctx, host, k.frame)
		}
		for i := range res {
			g := &res[i]
			if g.Error != "" {
				continue
			}
			li := g.info(prefix)
			t.dropSecretLocators(li)
			if li.Box != nil {
				li.Box.X += int(ox)
				li.Box.Y += int(oy)
			}
			out[snapshot.RefString(g.Key)] = li
		}
	}
	return out, nil
}

// SortedRefs lists the keys of a PageLocators result in ref order (for
// tests and stable output).
func SortedRefs(m map[string]*LocInfo) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, _ := strconv.Atoi(strings.TrimPrefix(keys[i], "e"))
		b, _ := strconv.Atoi(strings.TrimPrefix(keys[j], "e"))
		return a < b
	})
	return keys
}
