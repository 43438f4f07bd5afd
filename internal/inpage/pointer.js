// pointer: the in-page half of `tact drag`, `tact mouse` and `tact
// hover`: where to release over a drop target, fingerprints of an element
// and its surroundings and of what is under a stroke, to tell afterwards
// whether a drag moved anything, and waiting for the popup a hovered
// element opens.
__tact.define('pointer', ['dom'], (dom) => {
  'use strict';
  const T = globalThis.__tact;

  // dropAim is where to release a drag on el, as an offset from the
  // centre dom.point found: a quarter of el's size past its centre in the
  // direction of travel (dx, dy). Sortable lists (jQuery UI, and others
  // that swap on "crossed the middle") swap an item only once the pointer
  // is beyond the middle of the item it goes over; the exact centre,
  // truncated to whole pixels by mouse events, is often just before it.
  // {x: 0, y: 0} when that spot is not el's.
  T.dropAim = (el, dx, dy) => {
    const r = el.getBoundingClientRect();
    let x = 0, y = 0;
    if (Math.abs(dy) >= Math.abs(dx)) y = Math.sign(dy) * r.height / 4;
    else x = Math.sign(dx) * r.width / 4;
    if (!x && !y) return { x, y };
    const c = dom.point(el, false);
    if (c.error) return { x: 0, y: 0 };
    const root = el.getRootNode();
    const hit = (root.elementFromPoint ? root : document).elementFromPoint(c.x + x, c.y + y);
    return hit && (hit === el || el.contains(hit)) ? { x, y } : { x: 0, y: 0 };
  };

  // FNV-1a of a string: a cheap fingerprint of a subtree's text.
  const hash = (s) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    return (h >>> 0).toString(36);
  };

  // dragSig fingerprints what a drag of or onto el can change: where el
  // is (its place among its siblings, its box in document coordinates,
  // its class and style) and the text of its parent (the list it sits
  // in, a drop zone's content). '' for what tact cannot judge: pixels
  // drawn on a canvas or in an SVG.
  T.dragSig = (el) => {
    if (!el.isConnected) return 'gone';
    if (el.localName === 'canvas' || el.closest('svg')) return '';
    const p = dom.flatParent(el);
    const r = el.getBoundingClientRect();
    const idx = p ? Array.prototype.indexOf.call(p.children, el) : -1;
    const at = [r.left + scrollX, r.top + scrollY, r.width, r.height].map(Math.round).join(',');
    return [idx, at, el.getAttribute('class') || '', el.getAttribute('style') || '',
      p ? hash(p.textContent) + (p.getAttribute('class') || '') : ''].join('|');
  };

  // hoverPopup resolves once the popup el announces (aria-haspopup) is
  // shown: el reports aria-expanded=true, what its aria-controls/owns
  // names is shown, or something hidden in el's parent (a submenu
  // beside its item) is; or after ms. Menus open a submenu a few hundred
  // milliseconds after the pointer enters, on a timer, long after the
  // first mutation (the item's highlight) that ends an action's wait.
  // Resolves {opened}; at once with {} when el announces no popup.
  T.hoverPopup = (el, ms) => {
    const pop = el.getAttribute('aria-haspopup');
    if (!pop || pop === 'false') return Promise.resolve({});
    const hidden = [];
    const root = el.getRootNode();
    for (const a of ['aria-controls', 'aria-owns']) {
      for (const id of (el.getAttribute(a) || '').split(/\s+/)) {
        const t = id && root.getElementById ? root.getElementById(id) : null;
        if (t && !dom.shown(t)) hidden.push(t);
      }
    }
    const p = el.parentElement;
    if (p) for (const n of p.querySelectorAll('*')) {
      if (hidden.length >= 50) break;
      if (n !== el && !el.contains(n) && n.firstElementChild && !dom.shown(n)) hidden.push(n);
    }
    const t0 = performance.now();
    return new Promise((resolve) => {
      const tick = () => {
        if (el.getAttribute('aria-expanded') === 'true' || hidden.some((n) => n.isConnected && dom.shown(n))) return resolve({ opened: true });
        if (!el.isConnected || performance.now() - t0 >= ms) return resolve({ opened: false });
        setTimeout(tick, 30);
      };
      tick();
    });
  };

  // nearSig fingerprints the text a person sees around el (its
  // ancestor three levels up): a menu that opens on hover beside its
  // trigger changes it.
  T.nearSig = (el) => {
    let p = el;
    for (let i = 0; i < 3 && p.parentElement && p.parentElement !== document.body; i++) p = p.parentElement;
    return hash(p.innerText || '');
  };

  // ---- strokes: what a drag moved ----

  // placeSig fingerprints where the elements under x,y are (their boxes)
  // and how far the document and their scroll containers are scrolled:
  // a pan, a slider handle, an item dragged away all change it. null
  // when tact cannot judge: pixels drawn on a canvas, or a frame.
  const placeSig = (els) => {
    const out = [Math.round(scrollX), Math.round(scrollY)];
    for (const el of els) {
      if (!el.isConnected) { out.push('gone'); continue; }
      const r = el.getBoundingClientRect();
      out.push([r.left, r.top, r.width, r.height].map(Math.round).join(','), Math.round(el.scrollLeft), Math.round(el.scrollTop));
    }
    return out.join('|');
  };
  const under = (x, y) => {
    const els = document.elementsFromPoint(x, y).filter((n) => n !== document.documentElement && n !== document.body).slice(0, 8);
    if (!els.length || els[0].localName === 'canvas' || els[0].localName === 'iframe' || els[0].localName === 'frame') return null;
    return els;
  };

  // onSelection: x,y lies on selected text.
  const onSelection = (sel, x, y) => {
    for (let i = 0; i < sel.rangeCount; i++) {
      for (const r of sel.getRangeAt(i).getClientRects()) {
        if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return true;
      }
    }
    return false;
  };

  // strokeBegin marks a drag or mouse stroke starting at x,y: what is
  // under the pointer and where. A text selection tact's previous stroke
  // left, or one under the press, is cleared first: pressing on selected
  // text starts a native drag of the text, and the page never sees the
  // moves it wanted (a map stays where it was).
  T.strokeBegin = (x, y) => {
    const sel = getSelection();
    if (sel && !sel.isCollapsed && (T.strokeSel && sel.toString() === T.strokeSel || onSelection(sel, x, y))) sel.removeAllRanges();
    T.strokeSel = '';
    const els = under(x, y);
    T.stroke = { els, sig: els ? placeSig(els) : '', hadSel: !!sel && !sel.isCollapsed };
    return true;
  };

  // strokeEnd says what the stroke moved: {moved: true/false, or null
  // when tact cannot judge; selected: text the stroke selected}. A
  // selection the stroke made while it moved something (a map panned
  // over text) is a by-product and is cleared; one made while nothing
  // moved is reported and cleared before the next stroke.
  T.strokeEnd = () => {
    const s = T.stroke;
    T.stroke = null;
    if (!s) return { moved: null, selected: '' };
    const moved = s.els ? placeSig(s.els) !== s.sig : null;
    const sel = getSelection();
    let selected = sel && !sel.isCollapsed && !s.hadSel ? sel.toString() : '';
    if (selected && moved) { sel.removeAllRanges(); selected = ''; }
    T.strokeSel = selected;
    return { moved, selected: selected.replace(/\s+/g, ' ').trim().slice(0, 80) };
  };

  return {};
});
