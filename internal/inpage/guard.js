// guard: the click guard. The hit test runs before the press, and a page
// can swap the element under the pointer in between (a hover handler that
// re-renders a few ms later). So the press itself is checked: a capture
// listener sees the trusted pointer/mouse events first and stops the ones
// whose target is not the intended element (or inside it, or one of its
// labels). The first event decides: when it missed, every later event of
// the click is stopped too and the click fails; when it hit, later events
// that wander off (the element removed itself on mousedown) are stopped
// silently, so no other element ever gets the click. Go side:
// page/clickguard.go.
__tact.define('guard', ['dom'], (dom) => {
  'use strict';
  const T = globalThis.__tact;

  // name: what a person would call n (its control's role and text), for
  // messages about what a press reached.
  const name = (n) => {
    if (n && (n.localName === "iframe" || n.localName === "frame")) return dom.describe(n);
    const a = (n.closest && n.closest("button,a[href],input,select,textarea,summary,label,[role]")) || n;
    if (!a.tagName) return String(a.nodeName || a).toLowerCase();
    let role = a.getAttribute("role") || a.tagName.toLowerCase();
    if (role === "a") role = "link";
    if (role === "input") role = "input:" + (a.type || "text");
    const text = (a.getAttribute("aria-label") || a.innerText || a.value || a.title || "").trim().replace(/\s+/g, " ").slice(0, 50);
    if (text) return role + " " + JSON.stringify(text);
    return a === n ? dom.describe(n) : role;
  };

  // guardInstall arms the guard for a click of `clicks` presses at x,y on el.
  T.guardInstall = (el, clicks, x, y, holdMs) => {
    const life = 10000 + (holdMs || 0) * clicks;
    const win = el.ownerDocument.defaultView;
    if (globalThis.__tactGuard) globalThis.__tactGuard.remove();
    const onTarget = (ev) => {
      for (const n of ev.composedPath()) {
        if (n === el) return true;
        if (n.tagName === "LABEL" && n.control === el) return true;
      }
      return false;
    };
    const g = {first: null, hit: "", seen: 0, ups: 0, upHit: "", focused: false, done: false, clicked: false, clickHit: "", x, y,
      sig: el.localName + "|" + (el.textContent || "").trim()}, born = performance.now();
    const types = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "dblclick", "auxclick", "contextmenu"];
    const h = (ev) => {
      // A guard that was never read back (the click opened a dialog left
      // open) must not outlive its click.
      if (!ev.isTrusted || g.done) return;
      if (performance.now() - born > life) { g.remove(); return; }
      g.seen++;
      if (ev.type === "mouseup") {
        g.ups++;
        if (!onTarget(ev)) g.upHit = name(ev.composedPath()[0] || ev.target);
      }
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
      if (ev.type === "mousedown" && ok) {
        // After the page's own mousedown handlers (this bubbles last):
        // was the element still there, or did its press remove it?
        win.addEventListener("mousedown", () => { g.downKept = el.isConnected; }, {once: true});
      }
      if (g.first && ok) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
    };
    // Focus reaching the element after its press: the page's focus
    // handler may replace the element, which is the press's doing. Seen
    // while capturing (by focusin time a handler may have taken the
    // element out of the window); whether the handlers replaced it is read
    // by a listener added to the element now, which runs after the page's
    // own in this same dispatch. A page that re-renders on a timer (not
    // the press's doing) replaces it in a later task: the element is still
    // there then, and a release that missed is no click.
    const f = (ev) => {
      if (!ev.isTrusted || !g.first || !onTarget(ev)) return;
      el.addEventListener("focus", () => { if (!el.isConnected) g.focused = true; }, {once: true});
    };
    for (const t of types) win.addEventListener(t, h, true);
    win.addEventListener("focus", f, true);
    g.remove = () => {
      for (const t of types) win.removeEventListener(t, h, true);
      win.removeEventListener("focus", f, true);
      if (globalThis.__tactGuard === g) globalThis.__tactGuard = null;
    };
    globalThis.__tactGuard = g;
    setTimeout(g.remove, life);
    return true;
  };

  // guardRead disarms the guard and says what the press hit. A press that
  // hit but saw no click at all, on an element that is gone, was cut off
  // between press and release when a lookalike now sits under the pointer
  // (a framework re-mounting on a timer) or when the element outlived its
  // own mousedown and was removed later (the page swapped it): the browser
  // sent the click nowhere, so it did not happen. (An element that removes
  // itself on mousedown acted on the press.)
  T.guardRead = (el) => {
    const g = globalThis.__tactGuard;
    if (!g) return {missing: true};
    g.remove();
    let replaced = false;
    const win = el.ownerDocument.defaultView;
    if (g.first && !g.clicked && !g.clickHit && !el.isConnected) {
      replaced = g.downKept === true;
      if (!replaced && win.parent === win) {
        const at = document.elementFromPoint(g.x, g.y);
        const look = at && at.closest(el.localName);
        replaced = !!look && look.localName + "|" + (look.textContent || "").trim() === g.sig;
      }
    }
    // The page reacted to the press itself (a DOM change, focus moving
    // into a field): the press did its work even if the release did not.
    const m = T.actMark;
    const reacted = !!m && (T.muts > m.muts || T.owns > m.owns);
    return {missed: g.first === false, hit: g.hit, seen: g.seen, ups: g.ups, upHit: g.upHit, focused: g.focused, clicked: g.clicked, clickHit: g.clickHit, replaced, reacted};
  };

  // ---- presses at a point ----

  const isFrame = (n) => !!n && (n.localName === "iframe" || n.localName === "frame");

  // afterFrame resolves once the page has run a frame and its timers after
  // the pointer arrived (a hover handler that moves things on the next
  // frame), or after 50 ms when frames do not run.
  const afterFrame = () => new Promise((resolve) => {
    const t = setTimeout(resolve, 50);
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(t); resolve(); }, 0));
  });

  // pointHit says what a press at x,y (this frame's viewport) reaches:
  // {what, frame (it is an iframe), origin (this document's)}. With wait,
  // after the page has run a frame.
  T.pointHit = async (x, y, wait) => {
    if (wait) await afterFrame();
    const h = dom.hitAt(x, y);
    return { what: h ? name(h) : "nothing", frame: isFrame(h), origin: String(globalThis.origin) };
  };
  // pointFrame is the iframe at x,y, or null.
  T.pointFrame = (x, y) => {
    const h = dom.hitAt(x, y);
    return isFrame(h) ? h : null;
  };

  // pressWatch records, stopping nothing, the trusted presses and
  // releases (or drops) this document receives from now on, and what they hit: a
  // press tact aimed at this document that never arrived went into
  // something that moved under the pointer as it pressed (a frame).
  T.pressWatch = () => {
    if (T.watch) T.watch.remove();
    const w = { downs: 0, ups: 0, downHit: "", upHit: "" };
    const h = (ev) => {
      if (!ev.isTrusted) return;
      const what = name(ev.composedPath()[0] || ev.target);
      if (ev.type === "mousedown") { w.downs++; w.downHit = what; } else { w.ups++; w.upHit = what; }
    };
    // A native drag and drop ends in drop and dragend, not mouseup.
    const types = ["mousedown", "mouseup", "drop", "dragend"];
    for (const t of types) addEventListener(t, h, true);
    w.remove = () => {
      for (const t of types) removeEventListener(t, h, true);
      if (T.watch === w) T.watch = null;
    };
    T.watch = w;
    // A watch never read back (its command ended early) must not stay.
    setTimeout(w.remove, 70000);
    return true;
  };
  // pressRead disarms the watch and says what it saw. With waitMs, a
  // watch that has seen no press or release yet waits that long for one: the input
  // can be acknowledged before a busy out-of-process frame dispatched it.
  T.pressRead = (waitMs) => {
    const w = T.watch;
    if (!w) return { missing: true };
    const done = () => {
      w.remove();
      return { downs: w.downs, ups: w.ups, downHit: w.downHit, upHit: w.upHit };
    };
    const seen = () => w.downs + w.ups > 0;
    if (!waitMs || seen()) return done();
    return new Promise((resolve) => {
      const end = Date.now() + waitMs;
      const poll = () => (seen() || Date.now() >= end ? resolve(done()) : setTimeout(poll, 10));
      poll();
    });
  };
  return {};
});
