package commands

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/observe"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/snapshot"
	"github.com/tact-browser/tact/internal/verdict"
)

// ActOpts are the flags every page-changing command shares.
type ActOpts struct {
	NoSnap    bool `name:"no-snap" help:"Print only the result lines, not the page."`
	Snap      bool `help:"Print the whole fresh snap, not only what changed (the default after an action that stays on the page)."`
	Diff      bool `help:"Print only what changed since the previous snap: new and changed lines, removed elements."`
	DryRun    bool `name:"dry-run" help:"Resolve and check the target, print what would be done, do nothing."`
	MaxTokens int  `name:"max-tokens" default:"5000" help:"Budget for the fresh snap (0 = no limit)."`
	// The snap flags, for the fresh snap.
	Focus    string `help:"Snap only this part afterwards: a CSS selector, @eN or a locator (role=dialog)." placeholder:"TARGET"`
	Locators bool   `help:"Add loc=<best verified locator> to each element line of the fresh snap."`
}

// Settling after an action: shorter quiet window than after a navigation,
// because most actions change nothing or change it at once.
const actQuiet = 50 * time.Millisecond

// effectWindow is how long after an action tact watches for the page's
// first reaction when there is none yet: long enough for a toast shown
// 400 ms later or a search debounced by 350 ms, short enough that a
// click that does nothing costs well under a second.
const effectWindow = 700 * time.Millisecond

// popupWait is how long a tab the action opened (target=_blank,
// window.open) may take to attach: a new renderer can take seconds.
const popupWait = 3 * time.Second

// downloadWait bounds waiting for a download the action started to
// finish, so "download saved" names a complete file.
const downloadWait = 30 * time.Second

// action is one kind of page action on the daemon's page.
type action = actionOn[*page.Element]

// actionOn is one kind of page action as data: its verb for messages,
// what it needs of its target (checked before anything touches the page)
// and whether it clicks (a dry run then checks that a click would reach
// the target). E is the element type (a fake's in unit tests).
type actionOn[E any] struct {
	verb   string
	need   string // page.Need…; "" takes any element
	clicks bool
	// unseen: its effect may show in no DOM signal (hover's :hover
	// styles), so it never reports "no change".
	unseen bool
	// instant: input that is not an action (a pointer move): sent and
	// done, with no wait for the page's reaction or quiet (a page that
	// animates forever would hold it); what it causes shows in the next
	// verdict.
	instant bool
	// dryCheck, when set, is what a dry run checks beyond the target
	// (select: that the options exist).
	dryCheck func(ctx context.Context, el E) error
	// notMoved, when set, runs once the page has settled after the
	// action and says what a drag left in place ("" when it moved).
	notMoved func(ctx context.Context) string
	// already, when set, is true after do found nothing to do (check on
	// a checked box): there is no reaction to wait for.
	already *bool
}

// act resolves target (when given), checks that it takes the action, runs
// do, lets the page settle and returns "ok", the notable effects and the
// fresh snap. A dry run stops after the checks.
func act(ctx context.Context, env *Env, o ActOpts, target string, a action, do func(t *page.Tab, el *page.Element) ([]string, error)) (*Output, error) {
	return actIn(ctx, env, env.Browser, o, target, a, do)
}

// actIn is act in the tabs pages hands out: the session's browser, or a
// fake in the unit tests.
func actIn[T Tab[E], E Element[E]](ctx context.Context, env *Env, pages Pages[T], o ActOpts, target string, a actionOn[E], do func(t T, el E) ([]string, error)) (*Output, error) {
	t, err := pages.Current(ctx)
	if err != nil {
		return nil, err
	}
	var el, none E
	if target != "" {
		if el, err = t.Resolve(ctx, target); err != nil {
			return nil, err
		}
		defer el.Release(context.WithoutCancel(ctx))
		if a.need != "" {
			c, err := el.Fit(ctx, a.verb, a.need)
			if err != nil {
				return nil, err
			}
			if c != el {
				defer c.Release(context.WithoutCancel(ctx))
				el = c
			}
		}
	}
	if o.DryRun {
		return dryRun(ctx, target, a, el, el != none)
	}
	if env.Fast {
		a.instant = true
	}
	t.Drain()
	mark := t.Mark()
	// Whether the page was loading when the action began: its load (and
	// the widget's script) may come while the attempt still waits for a
	// reaction, and that attempt deserves its second try all the same.
	loading := t.StillLoading()
	obs, lines, err := attempt(ctx, t, el, a, do)
	var loadNote string
	// A refusal (a press into another origin's frame) is never tried
	// again: the second try would find that frame already there.
	if (err != nil && failure.From(err).Code == failure.NotInteractable && !errors.Is(err, page.ErrOtherOrigin) || err == nil && !obs.Already && verdict.Decide(obs).Outcome == verdict.NoReaction) && (loading || t.StillLoading()) && t.Usable() == nil {
		// A widget whose script starts on the load event (held by a slow
		// request) does not react yet: wait for the load and try once more.
		if t.AwaitLoad(ctx, loadRetryWait(ctx)) {
			loadNote = "the page was still loading: waited for its load event and tried again"
			obs, lines, err = attempt(ctx, t, el, a, do)
		} else if err == nil {
			obs.Loading = true
		} else {
			return nil, failure.From(err).WithHint("the page is still loading; try again once it has loaded (tact wait --load)")
		}
	}
	if err != nil {
		return nil, err
	}
	if a.notMoved != nil {
		obs.NotMoved = a.notMoved(ctx)
	}
	if loadNote != "" {
		lines = append([]string{loadNote}, lines...)
	}
	t.Hold(ctx, mark, popupWait, downloadWait)
	eff := t.Drain()
	if t.Navigated(mark) {
		// Also a navigation during a first attempt, or after the wait.
		obs.NewDocument, obs.URL = true, t.URL()
	}
	obs.Effects = effectsOf(eff)
	var out, notes []string
	if el != none {
		var refound bool
		if refound, notes = el.Remarks(); refound {
			out = append(out, target+" re-found after the page re-rendered it")
		}
	}
	out = append(out, lines...)
	out = append(out, notes...)
	if len(eff.Opened) > 0 {
		nt, err := pages.Adopt(ctx, eff.Opened[len(eff.Opened)-1])
		if err == nil {
			_ = nt.WaitLoaded(ctx)
			nt.Settle(ctx, actQuiet, settleCap)
			p := &verdict.Popup{Tab: tabName(ctx, env, nt.ID()), Refused: nt.TakeRefused()}
			if len(p.Refused) == 0 && nt.ShowsRefused() {
				p.Refused = []string{nt.URL()}
			}
			if len(p.Refused) == 0 {
				// After a refusal the tab is on its way off the refused
				// document, which may still be showing: its title and
				// URL are the refused site's, never printed.
				_ = nt.EvalWorld(ctx, "document.title", &p.Title)
				p.URL = nt.URL()
			}
			obs.Effects.Popup = p
			t = nt
		}
	}
	v := verdict.Decide(obs)
	out = append(out, v.Lines()...)
	out = append(out, v.EffectLines()...)
	out = append(out, closedPopupsLine(eff.ClosedPopups)...)
	// An action that left the document in place prints what changed
	// (the agent has the rest from the previous snap); after a navigation
	// or in a new tab, the whole page.
	changes := o.Diff || (!o.Snap && v.Outcome != verdict.NewDocument && v.Popup == nil)
	return actionResult(ctx, t, o, &v, out, changes)
}

// effectsOf is the verdict's view of what the tab drained.
func effectsOf(eff page.Effects) verdict.Effects {
	e := verdict.Effects{Refused: eff.Refused, ConsoleErrors: eff.ConsoleErrors, FirstError: eff.FirstError, Crashed: eff.Crashed}
	for _, d := range eff.Dialogs {
		e.Dialogs = append(e.Dialogs, verdict.Dialog{Type: d.Type, Message: d.Message, Action: d.Action})
	}
	for _, d := range eff.Downloads {
		e.Downloads = append(e.Downloads, verdict.Download{Path: d.Path, Bytes: d.Bytes, URL: d.URL, State: d.State})
	}
	return e
}

// attempt runs an action once: it marks the page, runs do, waits for the
// page's reaction and observes what the page did.
func attempt[T Tab[E], E Element[E]](ctx context.Context, t T, el E, a actionOn[E], do func(t T, el E) ([]string, error)) (verdict.Observation, []string, error) {
	var none E
	if a.instant {
		// Sent, not waited on: Own stands for "the input was delivered",
		// so the verdict is ok; what it caused shows in the next one.
		lines, err := do(t, el)
		t.Delivered()
		return verdict.Observation{Own: true, Targeted: el != none}, lines, err
	}
	am := t.MarkAction(ctx, el)
	lines, err := do(t, el)
	if err != nil {
		return verdict.Observation{}, nil, err
	}
	o := verdict.Observation{Unseen: a.unseen, Targeted: el != none, Already: a.already != nil && *a.already}
	if !o.Already {
		// The engine decides: a reaction within effectWindow, then the
		// page settled, and what it reported (see observe.Watch).
		r := t.Watch(ctx, am, observe.Policy{React: effectWindow, Quiet: actQuiet, Cap: settleCap})
		r.Unseen, r.Targeted = o.Unseen, o.Targeted
		o = r.Observation
	}
	return o, lines, nil
}

// loadRetryWait bounds waiting for the load event before trying an
// action again: 10 s, or half the time the command has left.
func loadRetryWait(ctx context.Context) time.Duration {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl)/2 < 10*time.Second {
		return time.Until(dl) / 2
	}
	return 10 * time.Second
}

// actionOutput prints a navigation's result: the whole page (what changed
// with --diff).
func actionOutput(ctx context.Context, t snapTab, o ActOpts, lines []string) (*Output, error) {
	return actionResult(ctx, t, o, nil, lines, o.Diff)
}

// actionResult is an action's result: the verdict ("ok" without one),
// the lines, and the fresh snap, or with changes what changed since the
// previous one. Its text renders its data (actionData.text).
func actionResult(ctx context.Context, t snapTab, o ActOpts, v *verdict.Verdict, lines []string, changes bool) (*Output, error) {
	data := actionData{OK: true, Effects: lines, Verdict: v}
	if data.Effects == nil {
		data.Effects = []string{}
	}
	if v != nil && !v.Changed() {
		data.Changed = new(bool)
	}
	if o.NoSnap {
		return &Output{Text: data.text(""), Data: data}, nil
	}
	// An empty diff says "no change" only where the verdict said nothing
	// of what the page did (no reaction, a scroll, a move are in the head
	// and lines already).
	said := v != nil && (!v.Changed() || v.Scroll != nil || len(v.Boxes) > 0 || v.Moved > 0 || v.Outcome == verdict.Blocked)
	text, page, stderr := freshSnap(ctx, t, o, changes, said)
	data.Snap = page
	return &Output{Text: data.text(text), Data: data, Stderr: stderr}, nil
}

// text is the action's result as text: the verdict's head ("ok" without
// one), the effects, and under "---" the page as printed after the
// action (the snap, or what changed in it since the previous one;
// "" with --no-snap).
func (d actionData) text(page string) string {
	var sb strings.Builder
	head := "ok"
	if d.Verdict != nil {
		head = d.Verdict.Head()
	}
	sb.WriteString(head + "\n")
	for _, l := range d.Effects {
		sb.WriteString(l + "\n")
	}
	if page != "" {
		sb.WriteString("---\n" + page)
	}
	return sb.String()
}

// freshSnap snaps the tab after a change and renders it: the whole page,
// or with changes (the action left the document in place) what changed
// since the previous snap, under the page line; an empty change is
// verdict.NoChange, unless said (the verdict has already told). A failed
// snap is a line of text, not an error: what ran before it has happened.
func freshSnap(ctx context.Context, t snapTab, o ActOpts, changes, said bool) (text string, page *snapshot.Page, stderr string) {
	page, err := t.Snapshot(ctx, o.Focus)
	if err != nil && o.Focus != "" && ctx.Err() == nil {
		return unfocusedSnap(ctx, t, o, err)
	}
	if err != nil {
		return "(snap failed: " + failure.From(err).Message + ")\n", nil, ""
	}
	var prev *snapshot.Page
	same := false
	if o.Focus == "" {
		prev, same = t.SwapLastSnap(page)
	} else {
		seenWhole(ctx, t)
	}
	// What the action changed shows even inside a folded region, and text
	// it made appear shows whole.
	shown := page.Folded(snapshot.Changed(prev, page)).WithNew(prev)
	// A part of the page is no base for a diff; nor is another document
	// (a hash or pushState navigation keeps it; --diff asked for one
	// takes any earlier snap of the same URL).
	// --locators asks for every element line with its locator.
	changes = changes && o.Focus == "" && !o.Locators && prev != nil && (same || o.Diff && sameDocumentURL(prev.URL, page.URL))
	if changes {
		d := diffText(prev, page)
		if d == "" && !said {
			d = "(" + verdict.NoChange + ")\n"
		}
		d = render.Header(page) + "\n" + d
		// A change as large as the page prints as the page (within the
		// budget): a diff is for saving characters.
		if full, _ := render.Text(shown, render.Options{MaxTokens: o.MaxTokens}); len(d) < len(full) {
			return d, shown, diffStats(d)
		}
	}
	so := snapOutput(shown, o.MaxTokens)
	if o.Locators {
		if lo, err := locatorLines(ctx, t, shown, o.MaxTokens); err == nil {
			so = lo
		}
	}
	// The data is the page the text prints (with --locators, each
	// element's loc too).
	page, _ = so.Data.(*snapshot.Page)
	return so.Text, page, so.Stderr
}

// sameDocumentURL reports whether two snaps' URLs can be one document's:
// equal but for the fragment (a link to "#" or "#top" stays on the page).
func sameDocumentURL(a, b string) bool {
	a, _, _ = strings.Cut(a, "#")
	b, _, _ = strings.Cut(b, "#")
	return a == b
}

// valueNote says what a field holds when a fill or type did not take as
// given (a number field that rejects text, a mask that rewrote it). A
// secret or a password is described by its length only. A field that
// became a password while tact typed is a secret too (claimSecret asked
// before): the session remembers the value and the field is marked.
func valueNote(ctx context.Context, env *Env, el *page.Element, want string, typed, secret bool) []string {
	got, pw, ok := el.FieldValue(ctx)
	if pw && !secret {
		_, _ = claimSecret(ctx, env, el, want, true)
	}
	if !ok || got == want || (typed && strings.HasSuffix(got, want)) {
		return nil
	}
	if got == "" && el.Held {
		// An "add item" box: the page used the value and emptied the field.
		return []string{"the page took the value and cleared the field"}
	}
	if secret || pw {
		return []string{fmt.Sprintf("value is now %d characters, not the %d given", len([]rune(got)), len([]rune(want)))}
	}
	return []string{fmt.Sprintf("value is now %q", got)}
}

func clickLike(ctx context.Context, t *page.Tab, el *page.Element, clicks int) error {
	return t.ClickElement(ctx, el, clicks)
}

// Click clicks an element.
type Click struct {
	Target string `arg:"" help:"@eN ref from snap, a locator (css=…, text=…, role=button[name=\"…\"], label=…), or X,Y (a point: CSS pixels of the viewport)."`
	Button string `default:"left" enum:"left,right,middle" help:"Mouse button (right: context menu)."`
	Hold   string `placeholder:"DURATION" help:"Hold the press this long (2s; at most 1m)."`
	OriginOpts
	ActOpts
}

// Run clicks after checking the element would receive the click.
func (c *Click) Run(ctx context.Context, env *Env) (*Output, error) {
	if buttonOr(c.Button) != "left" || c.Hold != "" || pointTarget(c.Target) {
		return c.clickButton(ctx, env)
	}
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "click", clicks: true}, func(t *page.Tab, el *page.Element) ([]string, error) {
		return nil, clickLike(ctx, t, el, 1)
	})
}

// Dblclick double-clicks an element.
type Dblclick struct {
	Target string `arg:"" help:"@eN ref from snap, or a locator (css=…, text=…, role=button[name=\"…\"], label=…)."`
	ActOpts
}

// Run double-clicks.
func (c *Dblclick) Run(ctx context.Context, env *Env) (*Output, error) {
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "double-click", clicks: true}, func(t *page.Tab, el *page.Element) ([]string, error) {
		return nil, clickLike(ctx, t, el, 2)
	})
}

// Hover moves the mouse over an element.
type Hover struct {
	Target string `arg:"" help:"@eN ref from snap, or a locator (css=…, text=…, role=button[name=\"…\"], label=…)."`
	ActOpts
}

// Run hovers.
func (c *Hover) Run(ctx context.Context, env *Env) (*Output, error) {
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "hover", unseen: true}, func(t *page.Tab, el *page.Element) ([]string, error) {
		x, y, err := el.ClickPoint(ctx, false)
		if err != nil {
			return nil, err
		}
		if err := t.HoverOnto(ctx, el, x, y); err != nil {
			return nil, err
		}
		// A menu opens a submenu on a timer after the pointer enters,
		// later than the highlight that ends the wait for a reaction.
		if el.AwaitPopup(ctx, hoverPopupWait) {
			return []string{"its popup opened"}, nil
		}
		return nil, nil
	})
}

// hoverPopupWait bounds waiting for the popup a hovered element announces
// (aria-haspopup): menus open submenus 300 ms or so after the pointer
// enters.
const hoverPopupWait = 1500 * time.Millisecond

// Drag drags one element onto another, to a point or by an offset with
// the mouse: press, moves with the button held, release.
type Drag struct {
	From string `arg:"" help:"@eN or locator to drag."`
	To   string `arg:"" optional:"" help:"@eN or locator to drop on, or X,Y (a point: CSS pixels of the viewport)."`
	By   string `placeholder:"DX,DY" help:"Drag by DX,DY pixels instead (pan a map: --by -200,0)."`
	OriginOpts
	ActOpts
}

// Run drags.
func (c *Drag) Run(ctx context.Context, env *Env) (*Output, error) {
	if (strings.TrimSpace(c.To) == "") == (c.By == "") {
		return nil, failure.New(failure.Usage, "drag needs a drop target (@eN, a locator or X,Y) or --by DX,DY, not both")
	}
	if c.By != "" || pointTarget(c.To) {
		var moved []*bool
		a := action{verb: "drag", notMoved: func(context.Context) string { return nothingMoved(moved) }}
		return actOn(ctx, env, c.ActOpts, c.From, a, func(t *page.Tab, el *page.Element) ([]string, error) {
			moved = moved[:0]
			return c.dragToPoint(ctx, t, el, &moved)
		})
	}
	// What the drag can move, before and after: a drag that a widget
	// ignored (it wanted other moves) must not read as done.
	var from, to *page.Element
	var before string
	a := action{verb: "drag", notMoved: func(ctx context.Context) string {
		if before == "" || from == nil || to == nil {
			return ""
		}
		if after := from.DragSig(ctx) + "\n" + to.DragSig(ctx); after != before {
			return ""
		}
		return c.From + " and " + c.To + " and the lists they are in are as before; for a widget that wants other moves: tact mouse down, move, up"
	}}
	defer func() {
		if to != nil {
			to.Release(context.WithoutCancel(ctx))
		}
	}()
	return actOn(ctx, env, c.ActOpts, c.From, a, func(t *page.Tab, el *page.Element) ([]string, error) {
		if to == nil {
			var err error
			if to, err = t.Resolve(ctx, c.To); err != nil {
				return nil, err
			}
		}
		from = el
		x1, y1, err := el.ClickPoint(ctx, true)
		if err != nil {
			return nil, err
		}
		x2, y2, err := to.DropPoint(ctx, x1, y1)
		if err != nil {
			return nil, err
		}
		before = ""
		if s1, s2 := el.DragSig(ctx), to.DragSig(ctx); s1 != "" && s2 != "" {
			before = s1 + "\n" + s2
		}
		if _, err := t.Drag(ctx, page.DragSpec{From: el, X1: x1, Y1: y1, X2: x2, Y2: y2, AllowOther: c.AllowOtherOrigin}); err != nil {
			return nil, err
		}
		lines := []string{"dragged " + c.From + " to " + c.To}
		return lines, nil
	})
}

// Fill replaces a field's value.
type Fill struct {
	Target string   `arg:"" help:"@eN ref or locator of an input, textarea, contenteditable, slider or spinbutton."`
	Value  []string `arg:"" optional:"" help:"The value (several words are joined with spaces); a slider that shows only its position takes a percentage (40%)."`
	SecretSource
	RecordAs
	ActOpts
}

// Run fills.
func (c *Fill) Run(ctx context.Context, env *Env) (*Output, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	v := strings.Join(c.Value, " ")
	if c.Secret {
		// Before the page sees it: the action's own output is scrubbed.
		env.Browser.Secrets().Add(v)
	}
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "fill", need: page.NeedFill}, func(t *page.Tab, el *page.Element) ([]string, error) {
		secret, err := claimSecret(ctx, env, el, v, c.Secret)
		if err != nil {
			return nil, err
		}
		// Sliders and spinbuttons are set with keys, as a person would.
		if ok, lines, err := el.FillWidget(ctx, v); ok || err != nil {
			return lines, err
		}
		if err := el.Fill(ctx, v); err != nil {
			return nil, err
		}
		return valueNote(ctx, env, el, v, false, secret), nil
	})
}

// Type types text with real key events into an element.
type Type struct {
	Target string   `arg:"" help:"@eN ref or locator to focus first."`
	Text   []string `arg:"" optional:"" help:"The text (several words are joined with spaces)."`
	SecretSource
	RecordAs
	ActOpts
}

// Run focuses and types.
func (c *Type) Run(ctx context.Context, env *Env) (*Output, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if len(c.Text) == 0 {
		return nil, failure.New(failure.Usage, "type needs the text (or --secret-env NAME / --secret-stdin)")
	}
	v := strings.Join(c.Text, " ")
	if c.Secret {
		env.Browser.Secrets().Add(v)
	}
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "type into", need: page.NeedType}, func(t *page.Tab, el *page.Element) ([]string, error) {
		secret, err := claimSecret(ctx, env, el, v, c.Secret)
		if err != nil {
			return nil, err
		}
		if err := el.Focus(ctx); err != nil {
			return nil, err
		}
		if err := t.TypeText(ctx, v); err != nil {
			return nil, err
		}
		return valueNote(ctx, env, el, v, true, secret), nil
	})
}

// Press presses a key, a chord or a sequence of them.
type Press struct {
	Key    string `arg:"" help:"A key, chord or several, space-separated (Enter, Tab, ArrowDown, F5, a character, Control+a, \"ArrowDown ArrowDown Enter\")."`
	Target string `arg:"" optional:"" help:"Focus this @eN or locator first (before or after the keys)."`
	Repeat int    `default:"1" help:"Press the whole sequence N times (1-1000); one snap at the end."`
	Down   bool   `help:"Only press the key or chord down and keep it held until press KEY --up (input: sent, not waited on)."`
	Up     bool   `help:"Only let go of a key or chord held with --down (input: sent, not waited on)."`
	ActOpts
}

// maxRepeat bounds --repeat: more presses than this is a loop gone wrong.
const maxRepeat = 1000

// Run presses.
func (c *Press) Run(ctx context.Context, env *Env) (*Output, error) {
	keys, err := c.order()
	if err != nil {
		return nil, err
	}
	// 0 is "not given" (a step recorded before --repeat existed, an MCP
	// call without it).
	if c.Repeat == 0 {
		c.Repeat = 1
	}
	if c.Repeat < 1 || c.Repeat > maxRepeat {
		return nil, failure.New(failure.Usage, "--repeat must be between 1 and %d, not %d", maxRepeat, c.Repeat)
	}
	if c.Down || c.Up {
		return c.hold(ctx, env, keys)
	}
	return act(ctx, env, c.ActOpts, c.Target, action{verb: "press " + c.Key + " on"}, func(t *page.Tab, el *page.Element) ([]string, error) {
		if el != nil {
			if err := el.Focus(ctx); err != nil {
				return nil, err
			}
		}
		for i := 0; i < c.Repeat; i++ {
			for _, k := range keys {
				if err := t.Press(ctx, k); err != nil {
					return nil, err
				}
			}
		}
		if n := len(keys) * c.Repeat; n > 1 {
			return []string{fmt.Sprintf("pressed %d keys", n)}, nil
		}
		return nil, nil
	})
}

// Select picks options of a <select> by value or visible label, or of an
// ARIA listbox/combobox by name.
type Select struct {
	Target string   `arg:"" help:"@eN ref or locator of a select, listbox or combobox."`
	Values []string `arg:"" help:"Option values or labels."`
	ActOpts
}

// Run selects.
func (c *Select) Run(ctx context.Context, env *Env) (*Output, error) {
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "select", need: page.NeedSelect, dryCheck: c.dryCheck}, func(t *page.Tab, el *page.Element) ([]string, error) {
		// ARIA listboxes and comboboxes: options clicked by name.
		ok, sel, err := el.SelectWidget(ctx, c.Values)
		if !ok && err == nil {
			sel, err = el.SelectOptions(ctx, c.Values)
		}
		if err != nil {
			return nil, err
		}
		return []string{"selected: " + strings.Join(sel, ", ")}, nil
	})
}

// dryCheck checks that a native <select> has the options (an ARIA
// listbox's may only exist once its popup opens).
func (c *Select) dryCheck(ctx context.Context, el *page.Element) error {
	if tag, _ := el.Describe(ctx); tag != "select" {
		return nil
	}
	_, err := el.CheckOptions(ctx, c.Values)
	return err
}

// Check ticks a checkbox, radio or switch (no-op when already checked).
type Check struct {
	Target string `arg:"" help:"@eN ref from snap, or a locator (css=…, text=…, role=button[name=\"…\"], label=…)."`
	ActOpts
}

// Run checks.
func (c *Check) Run(ctx context.Context, env *Env) (*Output, error) {
	var already bool
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "check", need: page.NeedCheck, clicks: true, already: &already}, func(t *page.Tab, el *page.Element) ([]string, error) {
		return setChecked(ctx, t, el, true, &already)
	})
}

// Uncheck unticks a checkbox or switch (no-op when already unchecked).
type Uncheck struct {
	Target string `arg:"" help:"@eN ref from snap, or a locator (css=…, text=…, role=button[name=\"…\"], label=…)."`
	ActOpts
}

// Run unchecks.
func (c *Uncheck) Run(ctx context.Context, env *Env) (*Output, error) {
	var already bool
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "uncheck", need: page.NeedCheck, clicks: true, already: &already}, func(t *page.Tab, el *page.Element) ([]string, error) {
		return setChecked(ctx, t, el, false, &already)
	})
}

// setChecked clicks el when it is not in the wanted state; already says
// it was.
func setChecked(ctx context.Context, t *page.Tab, el *page.Element, want bool, already *bool) ([]string, error) {
	cur, err := el.Checked(ctx)
	if err != nil {
		return nil, err
	}
	if *already = cur == want; *already {
		return []string{"already " + map[bool]string{true: "checked", false: "unchecked"}[want]}, nil
	}
	if err := clickLike(ctx, t, el, 1); err != nil {
		return nil, err
	}
	// The click was dispatched; if the page re-rendered the node, report
	// the click as done rather than failing (a retry would toggle it back).
	if now, err := el.Checked(ctx); err == nil && now != want {
		return nil, failure.New(failure.NotInteractable, "clicked, but the control is still %s", map[bool]string{true: "checked", false: "unchecked"}[now])
	}
	return nil, nil
}

// Upload sets the files of a file input.
type Upload struct {
	Target string   `arg:"" help:"@eN ref or locator of a file input."`
	Files  []string `arg:"" help:"Files to upload."`
	ActOpts
}

// Run uploads.
func (c *Upload) Run(ctx context.Context, env *Env) (*Output, error) {
	var abs []string
	for _, f := range c.Files {
		a, err := filepath.Abs(f)
		if err != nil {
			return nil, failure.New(failure.Usage, "file %q: %v", f, err)
		}
		if st, err := os.Stat(a); err != nil || st.IsDir() {
			return nil, failure.New(failure.Usage, "file %q does not exist or is a directory", f)
		}
		// A page that talked an MCP client into uploading ~/.ssh/id_rsa
		// would receive it: a client uploads from its project only.
		if env.Globals.Confine {
			if err := confined(a, env.Globals.Cwd, "upload"); err != nil {
				return nil, err
			}
		}
		abs = append(abs, a)
	}
	return actOn(ctx, env, c.ActOpts, c.Target, action{verb: "upload to", need: page.NeedUpload}, func(t *page.Tab, el *page.Element) ([]string, error) {
		return []string{fmt.Sprintf("uploaded %d file(s)", len(abs))}, el.SetFiles(ctx, abs)
	})
}

// Scroll scrolls the page, or brings a target into view.
type Scroll struct {
	Where  string `arg:"" optional:"" help:"up, down (default), left, right, or a target (brought into view)."`
	Amount int    `help:"Pixels to scroll (default: most of a screen)."`
	ActOpts
}

// Run scrolls.
func (c *Scroll) Run(ctx context.Context, env *Env) (*Output, error) {
	dir := strings.ToLower(c.Where)
	switch dir {
	case "", "up", "down", "left", "right":
	default:
		return act(ctx, env, c.ActOpts, c.Where, action{verb: "scroll to"}, func(t *page.Tab, el *page.Element) ([]string, error) {
			return nil, el.ScrollIntoView(ctx)
		})
	}
	amt := float64(c.Amount)
	if amt <= 0 {
		amt = 700
	}
	var dx, dy float64
	switch dir {
	case "up":
		dy = -amt
	case "left":
		dx = -amt
	case "right":
		dx = amt
	default:
		dy = amt
	}
	return act(ctx, env, c.ActOpts, "", action{verb: "scroll"}, func(t *page.Tab, _ *page.Element) ([]string, error) {
		return nil, t.Wheel(ctx, 640, 400, dx, dy)
	})
}
