// effects: what the page did after an action (DOM mutations that are the
// page reacting, the action's own input/change/scroll events), quiet
// windows for settling, and the document's HTTP status. Like every module
// it lives in tact's isolated world: it shares the DOM with the page but
// none of its JS, so page scripts can neither see nor break it.
__tact.define('effects', [], () => {
  'use strict';
  const T = globalThis.__tact;
  T.lastMutation = performance.now();
  T.lastInput = T.lastInput || 0;
  // Effect tracking for actions (see page/effect.go): T.muts counts DOM
  // mutations that are the page reacting, T.owns the input/change/scroll
  // events an action itself causes. A value attribute synced on a field
  // (React does) and edits inside the contenteditable being typed into
  // are the action's own doing, not a reaction.
  T.waiters = T.waiters || new Set(); // pending awaitEffect calls
  T.muts = T.muts || 0;
  T.owns = T.owns || 0;
  // lastGrowth: the last mutation that could bring an element into view
  // (one added, or an attribute that shows or hides one). A clock or
  // counter rewriting its text does not count: a locator that matches
  // nothing on such a page is not waited on for ever (page/locate.go).
  T.lastGrowth = performance.now();
  const SHOWS = new Set(['class', 'style', 'hidden', 'open', 'aria-hidden', 'aria-expanded']);
  T.mutated = (recs) => {
    T.lastMutation = performance.now();
    const tgt = T.actTarget;
    let counted = false;
    for (const r of recs) {
      if (r.type === 'childList' ? [...r.addedNodes].some((n) => n.nodeType === 1) : r.type === 'attributes' && SHOWS.has(r.attributeName) && showsBy(r)) T.lastGrowth = T.lastMutation;
      if (r.type === 'attributes' && r.attributeName === 'value' && /^(INPUT|TEXTAREA)$/.test(r.target.nodeName)) continue;
      if (tgt && tgt.isContentEditable && tgt.contains(r.target)) continue;
      noteAppeared(r);
      if (r.type === 'attributes' && T.moved && movedBy(r)) T.moved.add(r.target);
      if (!counted) {
        counted = true;
        T.muts++;
        for (const w of T.waiters) w();
      }
    }
  };
  // noteAppeared notes what was added or shown since the mark (not a
  // class change: a dragged piece marked 'dragging' still moved);
  // bounded, as a page may add nodes for as long as nobody acts again.
  const noteAppeared = (r) => {
    if (!T.appeared || T.appeared.size >= 500) return;
    if (r.type === 'childList') {
      for (const n of r.addedNodes) if (n.nodeType === 1) T.appeared.add(n);
    } else if (r.type === 'attributes' && (r.attributeName === 'hidden' || r.attributeName === 'open' || (r.attributeName === 'style' && showsBy(r)))) {
      T.appeared.add(r.target);
    }
  };
  // movedBy reports an attribute change that moves its element: a
  // transform, a position in its style, or an SVG shape's geometry (a map
  // panned, a piece dragged on a board). A class that moves it is not seen.
  const GEOMETRY = new Set(['transform', 'x', 'y', 'cx', 'cy', 'x1', 'y1', 'x2', 'y2', 'points', 'd']);
  const PLACE = ['transform', 'translate', 'left', 'top', 'right', 'bottom', 'inset'];
  const scratch = document ? document.createElement('div').style : null;
  const placeOf = (css) => {
    if (!scratch) return css || '';
    scratch.cssText = css || '';
    return PLACE.map((k) => scratch.getPropertyValue(k)).join('|');
  };
  // showsBy reports an attribute change that may show or hide its
  // element: any class, hidden, open or aria change; a style only when
  // its display, visibility, opacity or size changed (a countdown that
  // recolours itself every second shows nothing new).
  const SHOW_STYLE = ['display', 'visibility', 'opacity', 'height', 'max-height', 'width', 'max-width'];
  const showOf = (css) => {
    if (!scratch) return css || '';
    scratch.cssText = css || '';
    return SHOW_STYLE.map((k) => scratch.getPropertyValue(k)).join('|');
  };
  const showsBy = (r) => r.attributeName !== 'style' || showOf(r.oldValue) !== showOf(r.target.getAttribute('style'));
  // A change that shows or hides the element, or one made while it has
  // no box (a menu placed before it opens), is an element appearing, not
  // moving: the diff shows what appeared.
  const movedBy = (r) => {
    const now = r.target.getAttribute(r.attributeName);
    if (now === r.oldValue) return false;
    if (!GEOMETRY.has(r.attributeName) && !(r.attributeName === 'style' && placeOf(r.oldValue) !== placeOf(now) && showOf(r.oldValue) === showOf(now))) return false;
    return !r.target.getClientRects || r.target.getClientRects().length > 0;
  };
  // A newer library in a document that ran an older one (a browser kept
  // across tact versions with --cdp) replaces the observer, whose
  // callback may predate T.mutated.
  if (T.observer) T.observer.disconnect();
  T.observer = new MutationObserver((recs) => T.mutated(recs));
  const watch = { subtree: true, childList: true, attributes: true, attributeOldValue: true, characterData: true };
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
    const own = () => { T.owns++; T.lastInput = performance.now(); };
    for (const ev of ['input', 'change']) document.addEventListener(ev, own, true);
    // A scroll before the action's input arrived is tact bringing the
    // target into view: the action's own only when no input ever comes
    // (scroll, or scroll to a target).
    document.addEventListener('scroll', () => {
      const m = T.actMark;
      if (m && !m.inputScroll) m.early = (m.early || 0) + 1;
      else T.owns++;
    }, true);
    // When the action's input reached the page (page time): its window
    // for a reaction starts there, not at markAct, so a page or machine
    // slow to deliver the click does not eat into it.
    // Where the document was scrolled then is where the action's own
    // scroll (tact brings a target into view first) ended: a scroll
    // after it is the page's.
    const arrived = (e) => {
      if (!e.isTrusted) return;
      T.inputAt = performance.now();
      if (T.actMark && !T.actMark.inputScroll) T.actMark.inputScroll = [scrollX, scrollY];
    };
    for (const ev of ['pointerdown', 'mousedown', 'mouseup', 'click', 'keydown', 'keyup', 'input', 'change']) document.addEventListener(ev, arrived, true);
    // Focus moving is the action's doing too, unless it only lands on the
    // clicked button itself (which a click that does nothing also causes).
    // A submit the browser's own validation stopped fires invalid on
    // each field that failed (it does not bubble: captured here), in the
    // same task as the click or key that submitted; a page's own
    // checkValidity() while a field is filled is no submit.
    const trying = (e) => {
      if (!e.isTrusted || e.type !== 'click' && e.key !== 'Enter') return;
      T.submitting = true;
      setTimeout(() => { T.submitting = false; }, 0);
    };
    for (const ev of ['click', 'keydown', 'keypress']) document.addEventListener(ev, trying, true);
    document.addEventListener('invalid', (e) => {
      if (T.submitting && T.invalid && T.invalid.length < 10) T.invalid.push(e.target);
    }, true);
    // What scrolled since the mark: the document or an element.
    document.addEventListener('scroll', (e) => { if (T.scrolled) T.scrolled.add(e.target); }, true);
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
    T.actMark = { muts: T.muts, owns: T.owns, at: performance.now(), scroll: [scrollX, scrollY] };
    T.moved = new Set();
    T.appeared = new Set();
    T.scrolled = new Set();
    T.invalid = [];
  };
  const round = (v) => Math.round(v);
  // fieldName is what a person reads for a field: its label, else its
  // aria-label, placeholder or name.
  const fieldName = (el) => {
    const l = el.labels && el.labels[0];
    const own = [...((l && l.childNodes) || [])].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' ');
    return (own || (l && l.textContent) || el.getAttribute('aria-label') || el.placeholder || el.name || el.localName).replace(/\s+/g, ' ').trim().slice(0, 60);
  };
  // movedName names an element that moved as the snap would: its ref
  // when a snap listed it, and its label or first words, else its id or
  // tag (`@e12 "Start"`, `"Card 3"`, `div#ball`).
  const movedName = (el) => {
    const ref = T.refOf && T.refOf.get(el);
    let words = (el.getAttribute('aria-label') || el.innerText || el.getAttribute('alt') || '').replace(/\s+/g, ' ').trim();
    if (words.length > 30) words = words.slice(0, 29).trimEnd() + '…';
    const what = words ? JSON.stringify(words) : el.localName + (el.id ? '#' + el.id : '');
    return ref && T.refs && T.refs.get(ref) === el ? '@e' + ref + ' ' + what : what;
  };
  // actReport is what the page did since markAct that no DOM diff shows:
  // the document's scroll (from, to, and whether it reached its end),
  // elements that scrolled, elements that moved (still in the page), and
  // the fields whose validation stopped a submit, with the browser's message.
  T.actReport = () => {
    const m = T.actMark;
    if (!m) return null;
    const se = document.scrollingElement || document.documentElement;
    const to = [round(scrollX), round(scrollY)];
    const max = [round(se.scrollWidth - innerWidth), round(se.scrollHeight - innerHeight)];
    const boxes = [];
    for (const el of T.scrolled || []) {
      if (el === document || el === se || !el.isConnected || boxes.length >= 5) continue;
      boxes.push({ name: (el.getAttribute('aria-label') || el.id || el.localName).slice(0, 40), to: [round(el.scrollLeft), round(el.scrollTop)] });
    }
    let moved = 0;
    const movedNames = [];
    const named = [];
    // An element placed as it was added or shown since the mark (a menu
    // opening, positioned after it showed) appeared: it did not move.
    const appeared = [...(T.appeared || [])].filter((a) => a.isConnected);
    for (const el of T.moved || []) {
      if (!el.isConnected || appeared.some((a) => a.contains(el))) continue;
      moved++;
      // The first few, outermost first met: what a person saw move.
      if (movedNames.length < 3 && !named.some((o) => o.contains(el))) {
        named.push(el);
        movedNames.push(movedName(el));
      }
    }
    const invalid = (T.invalid || []).filter((el) => el.isConnected && el.validationMessage)
      .map((el) => ({ field: fieldName(el), message: el.validationMessage }));
    return { from: (m.inputScroll || m.scroll).map(round), to, max, boxes, moved, movedNames, invalid };
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
      resolve({ page: T.muts > m.muts, own: T.owns > m.owns || (!m.inputScroll && m.early > 0) });
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
