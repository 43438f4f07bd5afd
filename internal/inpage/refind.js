// Re-finding an element the page re-rendered in the same document (a list
// rebuilt with innerHTML): see Tab.ResolveRef. It lives in tact's isolated
// world, so what it keeps dies with the document: a ref of another
// document can never be re-found.
__tact.define('refind', [], () => {
  'use strict';
  const T = globalThis.__tact;
  const GONE_MAX = 2000;
  T.gone = T.gone || new Map(); // ref -> element that left the document
  // keepGone runs before each snap, which forgets refs whose element is
  // no longer in the document: the detached element still holds its old
  // subtree, which is what identifies its replacement.
  T.keepGone = () => {
    if (!T.refs) return;
    for (const [n, el] of T.refs) if (!el.isConnected) T.gone.set(n, el);
    let extra = T.gone.size - GONE_MAX;
    for (const n of T.gone.keys()) {
      if (extra-- <= 0) break;
      T.gone.delete(n);
    }
  };
  // Attributes that are state, not identity: a re-render may change them.
  const STATE = new Set(['class', 'style', 'checked', 'value', 'selected', 'disabled', 'hidden', 'tabindex',
    'aria-checked', 'aria-selected', 'aria-expanded', 'aria-pressed', 'aria-current', 'aria-hidden']);
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const ident = (el) => {
    const a = [];
    for (const at of el.attributes) if (!STATE.has(at.name)) a.push(at.name + '=' + at.value);
    return el.tagName + '|' + a.sort().join('|');
  };
  // headingOf is the text of the nearest heading before el in document
  // order (crossing shadow roots upward): the fingerprint's heading.
  const isH = (n) => n.nodeType === 1 && (/^H[1-6]$/.test(n.tagName) || n.getAttribute('role') === 'heading');
  const hText = (n) => n.textContent.trim().replace(/\s+/g, ' ').slice(0, 120);
  T.headingOf = (el) => {
    let n = el;
    for (let guard = 0; n && guard < 5000; guard++) {
      if (n.previousElementSibling) {
        n = n.previousElementSibling;
        if (isH(n)) return hText(n);
        const hs = n.querySelectorAll ? n.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]') : [];
        if (hs.length) return hText(hs[hs.length - 1]);
      } else {
        n = n.parentElement || (n.getRootNode && n.getRootNode().host) || null;
        if (n && isH(n)) return hText(n);
      }
    }
    return '';
  };
  // Loose: the snap's heading is the visible text (joined, cut at 150
  // characters), headingOf the whole text; letters and digits must agree.
  const key = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '').slice(0, 60);
  const sameHeading = (a, b) => !a || !b || key(a) === key(b);
  // What a person sees of an element, which a replacement must show too:
  // its text with CSS generated content (::before/::after) and field
  // values, none of which textContent or the identity attributes carry
  // (a one-row list re-rendered from Alice to Bob may differ only there).
  const SEEN_NODES = 300, SEEN_CHARS = 600;
  const generated = (el, which) => {
    const c = getComputedStyle(el, which).content;
    return c && c !== 'none' && c !== 'normal' ? ' ' + c + ' ' : '';
  };
  const seenText = (el) => {
    let s = '', nodes = 0;
    const walk = (n) => {
      if (s.length > SEEN_CHARS || ++nodes > SEEN_NODES) return;
      if (n.nodeType === 3) { s += n.data; return; }
      if (n.nodeType !== 1 || n.localName === 'script' || n.localName === 'style') return;
      s += generated(n, '::before');
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(n.tagName) && n.type !== 'password') s += ' ' + n.value + ' ';
      for (const c of (n.shadowRoot || n).childNodes) walk(c);
      s += generated(n, '::after');
    };
    walk(el);
    return norm(s);
  };
  // The row an element belongs to: what tells one record from another.
  const ROW = 'li,tr,[role=row],[role=listitem],[role=option],[role=treeitem],[role=article],article';
  const rowOf = (el) => el.closest(ROW) || el.parentElement || el;
  const fingerprint = (el, rows) => {
    const row = rowOf(el);
    let rt = rows && rows.get(row);
    if (rt === undefined) {
      rt = seenText(row);
      if (rows) rows.set(row, rt);
    }
    return seenText(el) + '\u0001' + rt;
  };
  T.seenOf = T.seenOf || new WeakMap(); // element -> fingerprint at its last snap
  // noteSeen runs after each snap: the fingerprint of every element with
  // a ref, while it is in the document (a removed one has no styles).
  // When nothing changed since the last note (no mutation, no input:
  // T.lastMutation, T.lastInput of effects), the fingerprints taken then
  // still hold and only refs new since then get one; a computed style is
  // costly to ask for every element of a big page on every snap. (A value
  // a script set, which neither signals, stays as noted: a re-found
  // element then fails to match and the ref is stale, never wrong.)
  T.noteSeen = () => {
    if (!T.refs) return;
    const all = !(T.seenAt > T.lastMutation && T.seenAt > T.lastInput);
    const rows = new Map();
    for (const el of T.refs.values()) if (el.isConnected && (all || !T.seenOf.has(el))) T.seenOf.set(el, fingerprint(el, rows));
    T.seenAt = performance.now();
  };
  // refind(n, heading) looks for the one element that replaced ref n's:
  // an element in the document with the same tag, identity attributes and
  // text as the removed subtree's root, holding at the same child path an
  // element with the same tag, identity attributes and text, under the
  // heading the snap showed it under, and showing what the old one showed
  // at the snap (T.seenOf). It sets T.lastMatch and returns {count}; tact
  // acts only when count is 1.
  T.refind = (n, heading) => {
    let old = T.refs && T.refs.get(n);
    if (!old || old.isConnected) old = T.gone.get(n);
    if (!old || old.isConnected) return { count: 0 };
    const path = [];
    let root = old;
    while (root.parentNode && root.parentNode.nodeType === 1) {
      path.unshift(Array.prototype.indexOf.call(root.parentNode.children, root));
      root = root.parentNode;
    }
    const rootID = ident(root), rootText = norm(root.textContent);
    const oldID = ident(old), oldText = norm(old.textContent);
    const matches = [];
    const cands = document.getElementsByTagName(root.tagName);
    for (let i = 0; i < cands.length && i < 50000 && matches.length < 2; i++) {
      const c = cands[i];
      if (ident(c) !== rootID || norm(c.textContent) !== rootText) continue;
      let el = c;
      for (const k of path) if (!(el = el.children[k])) break;
      if (el && ident(el) === oldID && norm(el.textContent) === oldText && sameHeading(norm(heading), T.headingOf(el))) matches.push(el);
    }
    // One lookalike is the element only when a person would see the same
    // thing there: otherwise it is another record (Bob, not Alice).
    const was = T.seenOf.get(old);
    if (matches.length === 1 && was !== undefined && fingerprint(matches[0]) !== was) matches.pop();
    T.lastMatch = matches.length === 1 ? matches[0] : null;
    return { count: matches.length };
  };
  return {};
});
