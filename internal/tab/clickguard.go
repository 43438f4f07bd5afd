package tab

import (
	"context"
	"errors"
	"time"

	"github.com/tact-browser/tact/internal/failure"
)

// The hit test runs before the press, and a page can swap the element
// under the pointer in between (a hover handler that re-renders a few ms
// later). So the press itself is checked: a capture listener in tact's
// world sees the trusted pointer/mouse events first and stops the ones
// whose target is not the intended element (or inside it, or one of its
// labels). The first event decides: when it missed, every later event of
// the click is stopped too and the click fails; when it hit, later events
// that wander off (the element removed itself on mousedown) are stopped
// silently, so no other element ever gets the click.
const guardInstallJS = `function (clicks, x, y) {
  const el = this, win = el.ownerDocument.defaultView;
  if (globalThis.__tactGuard) globalThis.__tactGuard.remove();
  const onTarget = (ev) => {
    for (const n of ev.composedPath()) {
      if (n === el) return true;
      if (n.tagName === "LABEL" && n.control === el) return true;
    }
    return false;
  };
  const name = (n) => {
    const a = (n.closest && n.closest("button,a[href],input,select,textarea,summary,label,[role]")) || n;
    if (!a.tagName) return String(a.nodeName || a).toLowerCase();
    let role = a.getAttribute("role") || a.tagName.toLowerCase();
    if (role === "a") role = "link";
    if (role === "input") role = "input:" + (a.type || "text");
    const text = (a.getAttribute("aria-label") || a.innerText || a.value || a.title || "").trim().replace(/\s+/g, " ").slice(0, 50);
    return text ? role + " " + JSON.stringify(text) : role;
  };
  const g = {first: null, hit: "", seen: 0, done: false, clicked: false, clickHit: "", x, y,
    sig: el.localName + "|" + (el.textContent || "").trim()}, born = performance.now();
  const types = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "dblclick", "auxclick", "contextmenu"];
  const h = (ev) => {
    // A guard that was never read back (the click opened a dialog left
    // open) must not outlive its click.
    if (!ev.isTrusted || g.done) return;
    if (performance.now() - born > 10000) { g.remove(); return; }
    g.seen++;
    if ((clicks === 1 && ev.type === "click") || ev.type === "dblclick") g.done = true;
    const ok = onTarget(ev);
    if (ev.type === "click") {
      if (ok) g.clicked = true;
      else if (!g.clickHit) g.clickHit = name(ev.composedPath()[0] || ev.target);
    }
    if (g.first === null) {
      g.first = ok;
      if (!ok) g.hit = name(ev.composedPath()[0] || ev.target);
    }
    if (g.first && ok) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
  };
  for (const t of types) win.addEventListener(t, h, true);
  g.remove = () => {
    for (const t of types) win.removeEventListener(t, h, true);
    if (globalThis.__tactGuard === g) globalThis.__tactGuard = null;
  };
  globalThis.__tactGuard = g;
  setTimeout(g.remove, 10000);
  return true;
}`

// A press that hit but saw no click at all, on an element that is gone
// while a lookalike now sits under the pointer, was re-rendered between
// press and release (a framework re-mounting on a timer): the browser
// sent the click nowhere, so it did not happen. (An element that removes
// itself on mousedown, leaving no lookalike, acted on the press.)
const guardReadJS = `function () {
  const g = globalThis.__tactGuard;
  if (!g) return {missing: true};
  g.remove();
  let replaced = false;
  const win = this.ownerDocument.defaultView;
  if (g.first && !g.clicked && !g.clickHit && !this.isConnected && win.parent === win) {
    const at = document.elementFromPoint(g.x, g.y);
    const look = at && at.closest(this.localName);
    replaced = !!look && look.localName + "|" + (look.textContent || "").trim() === g.sig;
  }
  return {missed: g.first === false, hit: g.hit, seen: g.seen, clicked: g.clicked, clickHit: g.clickHit, replaced};
}`

type guardResult struct {
	Missing  bool   `json:"missing"`
	Missed   bool   `json:"missed"`
	Hit      string `json:"hit"`
	Seen     int    `json:"seen"`
	Clicked  bool   `json:"clicked"`
	ClickHit string `json:"clickHit"`
	Replaced bool   `json:"replaced"`
}

// errMissed is a click whose press went to another element; the caller
// may aim again once.
type errMissed struct{ hit string }

func (e errMissed) Error() string { return "would click " + e.hit + " instead" }

// guardedPress presses at x,y (the pointer is already there) with the
// event-time check installed on the element's window.
func (e *Element) guardedPress(ctx context.Context, x, y float64, clicks int) error {
	if err := e.Call(ctx, guardInstallJS, nil, clicks, x, y); err != nil {
		return err
	}
	if err := e.tab.Click(ctx, x, y, "left", clicks); err != nil {
		e.dropGuard()
		return err
	}
	if e.tab.OpenDialog() != nil {
		// The press opened a dialog left for the user: the page is frozen
		// until it is answered, and the guard expires by itself.
		return nil
	}
	var g guardResult
	if err := e.Call(ctx, guardReadJS, &g); err != nil {
		// The click navigated or replaced the document: the press reached
		// the page and the guard went with its document.
		return nil
	}
	switch {
	case g.Missed:
		return errMissed{g.Hit}
	case g.Missing:
		return nil
	case g.Seen == 0:
		return failure.New(failure.NotInteractable, "the click did not reach %s (another frame or the page's own handler took it)", e.Label()).WithHint("snap again and retry")
	case g.Replaced:
		return failure.New(failure.StaleRef, "the page re-rendered %s between press and release: the click did not happen", e.Label()).WithHint("snap again and retry")
	case !g.Clicked && g.ClickHit != "":
		return failure.New(failure.NotInteractable, "%s was pressed, but the page changed and the release landed on %s (stopped): the click did not happen", e.Label(), g.ClickHit).WithHint("snap again and retry")
	}
	return nil
}

// dropGuard removes the listener after a failed dispatch, on its own short
// deadline (the command's may have passed).
func (e *Element) dropGuard() {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_ = e.Call(ctx, guardReadJS, nil)
}

// ClickElement clicks the element's centre after a hit test, checking at
// event time that the press reaches the element. A press that would land
// on another element is stopped before the page sees it, and after one
// fresh aim the click fails NOT_INTERACTABLE naming what is there.
func (t *Tab) ClickElement(ctx context.Context, el *Element, clicks int) error {
	for tries := 0; ; tries++ {
		err := t.clickOnce(ctx, el, clicks)
		if err == nil || el.Ref > 0 || el.Target == "" || failure.From(err).Code != failure.StaleRef {
			return err
		}
		if tries >= 2 {
			return failure.New(failure.StaleRef, "%s: the page replaced the element %d times while tact aimed at it; nothing was clicked", el.Target, tries+1).WithHint("let the page settle (tact wait …) and retry")
		}
		// A locator names whatever matches now: when the page re-rendered
		// the element between resolving and clicking, click the new one.
		next, rerr := t.Resolve(ctx, el.Target)
		if rerr != nil {
			return err
		}
		defer next.Release(ctx)
		el = next
	}
}

func (t *Tab) clickOnce(ctx context.Context, el *Element, clicks int) error {
	var missed errMissed
	for attempt := 0; attempt < 2; attempt++ {
		x, y, err := el.ClickPoint(ctx, true)
		if err != nil {
			if attempt > 0 && (el.Ref > 0 || el.Target == "") {
				break // the element changed under the pointer: report what got in the way
			}
			return err // a locator is resolved again by the caller
		}
		// Moving the pointer can change :hover styles and shift the layout
		// (a menu closing above the target); aim again once it is there.
		if err := t.MouseMove(ctx, x, y); err != nil {
			return err
		}
		if err := t.dialogBlocks(t.OpenDialog()); err != nil {
			return err // hovering opened a dialog
		}
		x2, y2, err := el.ClickPoint(ctx, true)
		if err != nil {
			if attempt > 0 && (el.Ref > 0 || el.Target == "") {
				break
			}
			return err
		}
		if x2 != x || y2 != y {
			if err := t.MouseMove(ctx, x2, y2); err != nil {
				return err
			}
		}
		err = el.guardedPress(ctx, x2, y2, clicks)
		if !errors.As(err, &missed) {
			return err
		}
	}
	return failure.New(failure.NotInteractable, "%s: the page changed under the pointer; the click would have hit %s instead (stopped, nothing clicked)", el.Label(), missed.hit).WithHint("snap again and retry")
}
