// effects: what the page did after an action (DOM mutations that are the
// page reacting, the action's own input/change/scroll events), quiet
// windows for settling, and the document's HTTP status. Like every module
// it lives in tact's isolated world: it shares the DOM with the page but
// none of its JS, so page scripts can neither see nor break it.
__tact.define('effects', [], () => {
  'use strict';
  const T = globalThis.__tact;
  T.lastMutation = performance.now();
  // Effect tracking for actions (see page/effect.go): T.muts counts DOM
  // mutations that are the page reacting, T.owns the input/change/scroll
  // events an action itself causes. A value attribute synced on a field
  // (React does) and edits inside the contenteditable being typed into
  // are the action's own doing, not a reaction.
  T.waiters = T.waiters || new Set(); // pending awaitEffect calls
  T.muts = T.muts || 0;
  T.owns = T.owns || 0;
  T.mutated = (recs) => {
    T.lastMutation = performance.now();
    const tgt = T.actTarget;
    for (const r of recs) {
      if (r.type === 'attributes' && r.attributeName === 'value' && /^(INPUT|TEXTAREA)$/.test(r.target.nodeName)) continue;
      if (tgt && tgt.isContentEditable && tgt.contains(r.target)) continue;
      T.muts++;
      for (const w of T.waiters) w();
      return;
    }
  };
  // A newer library in a document that ran an older one (a browser kept
  // across tact versions with --cdp) replaces the observer, whose
  // callback may predate T.mutated.
  if (T.observer) T.observer.disconnect();
  T.observer = new MutationObserver((recs) => T.mutated(recs));
  const watch = { subtree: true, childList: true, attributes: true, characterData: true };
  if (document) T.observer.observe(document, watch);
  // observeAll adds what a document observer does not see: open shadow
  // roots (a web component adding items) and same-origin iframes'
  // documents, at any depth. Observing a node again only renews it.
  T.observeAll = () => {
    // A work list, not recursion: shadow roots nest as deep as the page likes.
    const todo = document ? [document] : [];
    while (todo.length) {
      const it = document.createTreeWalker(todo.pop(), NodeFilter.SHOW_ELEMENT);
      for (let n = it.nextNode(); n; n = it.nextNode()) {
        if (n.shadowRoot) {
          T.observer.observe(n.shadowRoot, watch);
          todo.push(n.shadowRoot);
        }
        if (n.localName === 'iframe' || n.localName === 'frame') {
          let d = null;
          try { d = n.contentDocument; } catch (e) { /* cross-origin */ }
          if (d && d.documentElement) {
            T.observer.observe(d, watch);
            todo.push(d);
          }
        }
      }
    }
  };
  if (!T.listening) {
    T.listening = true;
    const own = () => { T.owns++; };
    for (const ev of ['input', 'change', 'scroll']) document.addEventListener(ev, own, true);
    // When the action's input reached the page (page time): its window
    // for a reaction starts there, not at markAct, so a page or machine
    // slow to deliver the click does not eat into it.
    const arrived = (e) => { if (e.isTrusted) T.inputAt = performance.now(); };
    for (const ev of ['pointerdown', 'mousedown', 'mouseup', 'click', 'keydown', 'keyup', 'input', 'change']) document.addEventListener(ev, arrived, true);
    // Focus moving is the action's doing too, unless it only lands on the
    // clicked button itself (which a click that does nothing also causes).
    document.addEventListener('focusin', (e) => {
      const el = e.target;
      if (el !== T.actTarget || el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.nodeName)) T.owns++;
    }, true);
  }
  // quiet resolves once the DOM has not changed for `ms`, or after `cap` ms.
  T.quiet = (ms, cap) => new Promise((resolve) => {
    const t0 = performance.now();
    const tick = () => {
      const now = performance.now();
      if (now - T.lastMutation >= ms || now - t0 >= cap) return resolve(now - t0);
      setTimeout(tick, Math.max(5, ms - (now - T.lastMutation)));
    };
    tick();
  });
  // markAct notes the counters before an action on el (or the page).
  T.markAct = (el) => {
    T.observeAll();
    T.actTarget = el || null;
    T.actMark = { muts: T.muts, owns: T.owns, at: performance.now() };
  };
  // awaitEffect resolves at the first page reaction since markAct, or `ms`
  // after the action's last input arrived (page time, so a timer the
  // action set for less than `ms` always fires first): {page, own}.
  T.awaitEffect = (ms) => new Promise((resolve) => {
    const m = T.actMark || { muts: T.muts, owns: T.owns, at: performance.now() };
    let timer = 0;
    const done = () => {
      clearTimeout(timer);
      T.waiters.delete(done);
      resolve({ page: T.muts > m.muts, own: T.owns > m.owns });
    };
    if (T.muts > m.muts) return done();
    T.waiters.add(done);
    const from = Math.max(m.at, T.inputAt || 0);
    timer = setTimeout(done, Math.max(0, from + ms - performance.now()));
  });
  // navStatus is the HTTP status of the document's own response (0 when unknown).
  T.navStatus = () => {
    const e = performance.getEntriesByType("navigation")[0];
    return e && e.responseStatus ? e.responseStatus : 0;
  };
  return {};
});
