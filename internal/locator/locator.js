// tact locators, in-page half. Runs in tact's isolated world of every
// frame, on the walker (role= and names) and dom (visibility, labels);
// never writes to the DOM.
//
// __tact.locate(steps) finds the matches of a parsed locator (see
// locator.go for the step shape) in this document, open shadow roots
// included. When a step before the last matches one iframe, it stops there
// and the Go side continues in that frame's document.
//
// __tact.locGen({refs, els, frames}) generates up to three verified
// locators per element. Every candidate is checked with the same matcher
// that resolves targets, through one per-call context whose indexes (the
// walker's role/name list, element texts, labels) are built once, so a
// whole snap's worth of elements costs one page round trip.
__tact.define('locator', ['dom', 'snapshot'], (dom, snapshot) => {
  'use strict';
  const T = globalThis.__tact;
  const { fold, ariaRole } = dom;
  const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base']);
  const TESTID = ['data-testid', 'data-test', 'data-cy', 'data-qa'];
  // Actionable ancestors a text match is retargeted to (clicking the <span>
  // inside a button means the button).
  const RETARGET = 'button, a[href], summary, [role=button], [role=link], [role=checkbox], [role=radio], ' +
    '[role=switch], [role=tab], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=option], [role=treeitem]';
  const TEXT_MAX = 10000; // raw text chars considered for text=
  const GEN_TEXT_MAX = 60; // longest text/name a generated locator quotes

  // Ids and classes that a framework generated (they change between builds
  // or renders): GUIDs, hashes, long digit runs, CSS-in-JS prefixes.
  const GEN_PREFIX = /^(css|sc|jsx|emotion|styled|svelte|astro|tw|ember|yui|ext-gen|ng-|mui-|chakra-|radix-|headlessui-|react-|rc-|:r)/i;
  function generated(s) {
    if (!s || s.length > 40) return true;
    if (/\d{4,}|[:{}()]|\s/.test(s)) return true;
    if (/^[0-9a-f]{8}-?[0-9a-f]{4}/i.test(s) || /^[0-9a-f_-]{10,}$/i.test(s)) return true;
    if (GEN_PREFIX.test(s) || /__[A-Za-z0-9]{4,}$/.test(s) || /^_/.test(s)) return true;
    for (const tok of s.split(/[-_]+/)) {
      if (tok.length >= 5 && /[a-z]/i.test(tok) && (tok.match(/\d/g) || []).length >= 2) return true; // x9f3a, a1b2c3
      if (tok.length >= 6 && /[a-z][A-Z].*[a-z][A-Z]|[A-Z]{2}[a-z][A-Z]/.test(tok) && /\d/.test(tok)) return true; // eXr7Lq
    }
    return false;
  }
  const STATE_CLASS = /^(is-|has-|js-|ng-|v-|x-)|^(active|selected|hover|hovered|focus|focused|focus-visible|open|opened|closed|disabled|enabled|checked|expanded|collapsed|visible|hidden|show|shown|in|fade|current|loading|loaded|error|valid|invalid|dirty|pristine|touched|untouched|on|off|animated|sticky|fixed)$/i;
  const stableClass = (c) => c && !generated(c) && !STATE_CLASS.test(c);

  // What a person can see or act on (a custom checkbox through its label).
  const visible = dom.reachable;

  // One matcher context per call: lazily built indexes over this document.
  function Ctx() {
    this._walk = null;
    this._all = null;
    this._order = null;
    this._roots = null;
    this._text = new Map();
    this._textIdx = null;
    this._labels = null;
    this._roleIdx = null;
  }
  // The walker's own list of actionable elements with role and name: role=
  // means exactly what snap prints.
  Ctx.prototype.walk = function () {
    if (!this._walk) {
      this._walk = snapshot.probe();
      this._item = new Map();
      for (const p of this._walk) this._item.set(p.el, p.item);
    }
    return this._walk;
  };
  Ctx.prototype.item = function (el) {
    this.walk();
    return this._item.get(el) || null;
  };
  // Every element in document order, open shadow trees after their host's
  // position.
  // A subtree (shadow trees included) is a contiguous range of it, so
  // "inside scope" is a range test: order(scope) < order(el) <= end(scope).
  Ctx.prototype.all = function () {
    if (!this._all) {
      const out = [];
      const roots = [];
      const order = new Map();
      const end = new Map();
      // Depth first on a stack of its own (the page decides how deep its
      // tree is): an element, then its shadow tree, then its children, then
      // its end (an {end} entry).
      const kids = (stack, root) => {
        const at = stack.length;
        for (let c = root.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
        return at;
      };
      const stack = [];
      kids(stack, document);
      while (stack.length) {
        const c = stack.pop();
        if (c.end) {
          end.set(c.end, out.length - 1);
          continue;
        }
        order.set(c, out.length);
        out.push(c);
        stack.push({ end: c });
        kids(stack, c);
        if (c.shadowRoot) {
          roots.push(c.shadowRoot);
          kids(stack, c.shadowRoot);
        }
      }
      this._all = out;
      this._roots = roots;
      this._order = order;
      this._end = end;
    }
    return this._all;
  };
  Ctx.prototype.pos = function (el) {
    this.all();
    const i = this._order.get(el);
    return i === undefined ? -1 : i;
  };
  Ctx.prototype.visible = function (el) {
    if (!this._vis) this._vis = new Map();
    let v = this._vis.get(el);
    if (v === undefined) this._vis.set(el, (v = visible(el)));
    return v;
  };
  // Document-level matches of one (non-nth) step, sorted, memoized.
  Ctx.prototype.docMatch = function (st) {
    if (!this._memo) this._memo = new Map();
    const key = JSON.stringify(st);
    let m = this._memo.get(key);
    if (!m) {
      const els = this.sort(matchDoc(this, st));
      m = { els, pos: els.map((e) => this.pos(e)) };
      this._memo.set(key, m);
    }
    return m;
  };
  Ctx.prototype.shadowRoots = function () {
    this.all();
    return this._roots;
  };
  Ctx.prototype.sort = function (els) {
    if (els.length < 2) return els;
    this.all();
    const o = this._order;
    return els.sort((a, b) => (o.get(a) || 0) - (o.get(b) || 0));
  };
  // textContent without the source of scripts and styles inside el (a
  // script that builds a shadow tree from a string must not make <body>
  // match the tree's text).
  function shownText(el) {
    if (!el.querySelector('script, style, noscript, template')) return el.textContent;
    let out = '';
    const w = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.nodeType === 1 && SKIP.has(n.localName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let n = w.nextNode(); n && out.length <= TEXT_MAX; n = w.nextNode()) if (n.nodeType === 3) out += n.data;
    return out;
  }
  // Folded text of an element for text=: an input button's value, else its
  // text content (up to TEXT_MAX raw characters; longer is '\u0000').
  Ctx.prototype.textOf = function (el) {
    let t = this._text.get(el);
    if (t !== undefined) return t;
    const tag = el.localName;
    if (SKIP.has(tag) || tag === 'select' || tag === 'textarea') t = '';
    else if (tag === 'input') t = /^(button|submit|reset)$/i.test(el.type) ? fold(el.value) : '';
    else {
      const raw = shownText(el);
      t = raw.length > TEXT_MAX ? '\u0000' : fold(raw);
    }
    this._text.set(el, t);
    return t;
  };
  Ctx.prototype.textIndex = function () {
    if (!this._textIdx) {
      const idx = new Map();
      for (const el of this.all()) {
        const t = this.textOf(el);
        if (!t || t === '\u0000' || t.length > 500) continue;
        const a = idx.get(t);
        if (a) a.push(el);
        else idx.set(t, [el]);
      }
      this._textIdx = idx;
    }
    return this._textIdx;
  };
  // Label strings per element: aria-labelledby text, aria-label, <label>s.
  Ctx.prototype.labels = function () {
    if (!this._labels) {
      const m = new Map();
      const add = (el, s) => {
        s = fold(s);
        if (!s) return;
        const a = m.get(el);
        if (a) a.push(s);
        else m.set(el, [s]);
      };
      const fields = [];
      for (const el of this.all()) {
        if (el.hasAttribute('aria-labelledby')) add(el, dom.idrefText(el, 'aria-labelledby'));
        if (el.hasAttribute('aria-label')) add(el, el.getAttribute('aria-label'));
        if (el.localName === 'label' && el.control) add(el.control, dom.labelText(el));
        if (/^(input|select|textarea)$/.test(el.localName) && !/^(hidden|submit|button|reset|image|radio|checkbox)$/.test(el.type)) fields.push(el);
      }
      // A field with no label of its own is labelled by what a person
      // reads with it, as snap names it: its column or row header, or the
      // text just before it.
      for (const el of fields) {
        if (!m.has(el)) add(el, dom.columnHeader(el) || dom.rowHeader(el) || dom.textBefore(el));
      }
      this._labels = m;
    }
    return this._labels;
  };
  Ctx.prototype.roleIndex = function () {
    if (!this._roleIdx) {
      const idx = new Map();
      const add = (k, el) => {
        const a = idx.get(k);
        if (a) a.push(el);
        else idx.set(k, [el]);
      };
      for (const { el, item } of this.walk()) {
        add(item.role + '\u0000' + item.name, el);
        const a = ariaRole(item.role, el);
        if (a && a !== item.role) add(a + '\u0000' + item.name, el);
      }
      this._roleIdx = idx;
    }
    return this._roleIdx;
  };

  // textTest tests folded text against a textual step's value: whole,
  // a case-insensitive substring, or a regular expression (st.re).
  function textTest(v, exact, st) {
    if (st && st.re) {
      let re;
      try {
        // g and y would make test() remember where it stopped.
        re = new RegExp(v, (st.flags || '').replace(/[gy]/g, ''));
      } catch (e) {
        throw new UsageError(String(e.message).replace(/^Invalid/, 'invalid'));
      }
      return (s) => re.test(s);
    }
    if (exact) {
      const f = fold(v);
      return (s) => s === f;
    }
    const f = fold(v).toLowerCase();
    return (s) => s.toLowerCase().includes(f);
  }

  // cssAll: matches of a selector in the document and its open shadow trees.
  function cssAll(ctx, sel) {
    const out = [];
    const q = (root) => {
      for (const e of root.querySelectorAll(sel)) out.push(e);
    };
    q(document);
    for (const sr of ctx.shadowRoots()) q(sr);
    return out;
  }

  class UsageError extends Error {}

  // matchStep returns the elements step matches inside scope (a document
  // or an element), in document order. Apart from XPath (whose context node
  // matters) that is the document's matches within scope's range.
  function matchStep(ctx, st, scope) {
    if (st.k === 'xpath' && scope.nodeType !== 9) return xpathAll(st, scope);
    const m = ctx.docMatch(st);
    if (scope.nodeType === 9) return m.els;
    const a = ctx.pos(scope);
    if (a < 0) return [];
    const b = ctx._end.get(scope);
    const lo = lowerBound(m.pos, a + 1);
    const hi = lowerBound(m.pos, b + 1);
    return m.els.slice(lo, hi);
  }
  function lowerBound(arr, x) {
    let lo = 0, hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (arr[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  function xpathAll(st, scope) {
    let r;
    try {
      r = document.evaluate(st.v, scope, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    } catch (e) {
      throw new UsageError('invalid XPath ' + JSON.stringify(st.v) + ': ' + e.message.replace(/^.*?: /, ''));
    }
    const out = [];
    for (let i = 0; i < r.snapshotLength; i++) {
      const n = r.snapshotItem(i);
      if (n.nodeType === 1) out.push(n);
    }
    return out;
  }

  // matchDoc: every element of the document (open shadow trees included)
  // that step matches.
  function matchDoc(ctx, st) {
    const scope = document;
    switch (st.k) {
      case 'css': {
        try {
          scope.querySelector(st.v);
        } catch (e) {
          throw new UsageError('invalid CSS selector ' + JSON.stringify(st.v) + ': ' + e.message.replace(/^.*?: /, ''));
        }
        return cssAll(ctx, st.v);
      }
      case 'xpath':
        return xpathAll(st, scope);
      case 'role': {
        const want = st.v;
        let cands;
        if (st.hasName && st.nameExact) cands = ctx.roleIndex().get(want + '\u0000' + fold(st.name)) || [];
        else {
          cands = [];
          const test = st.hasName ? textTest(st.name, false) : null;
          for (const { el, item } of ctx.walk()) {
            if (item.role !== want && ariaRole(item.role, el) !== want) continue;
            if (test && !test(item.name)) continue;
            cands.push(el);
          }
        }
        return st.states ? cands.filter((el) => statesOk(ctx.item(el), st.states)) : cands.slice();
      }
      case 'text': {
        const test = textTest(st.v, st.exact, st);
        let cands;
        if (st.exact) cands = ctx.textIndex().get(fold(st.v)) || [];
        else cands = ctx.all().filter((el) => { const t = ctx.textOf(el); return t && t !== '\u0000' && test(t); });
        const seen = new Set();
        const out = [];
        // Matches whose whole text is the value (any case): an unquoted
        // text= that also matches longer text (an instruction naming the
        // button) means these (see run).
        const whole = new Set();
        const lower = st.exact || st.re ? null : fold(st.v).toLowerCase();
        for (const el of cands) {
          // innermost: no child element has matching text too
          let inner = true;
          for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
            const t = ctx.textOf(c);
            if (t && t !== '\u0000' && test(t)) { inner = false; break; }
          }
          if (!inner) continue;
          const tgt = el.closest(RETARGET) || el;
          if (lower !== null && ctx.textOf(el).toLowerCase() === lower) whole.add(tgt);
          if (seen.has(tgt) || !ctx.visible(tgt)) continue;
          seen.add(tgt);
          out.push(tgt);
        }
        out.whole = whole;
        return out;
      }
      case 'label': {
        const test = textTest(st.v, st.exact, st);
        const out = [];
        for (const [el, ss] of ctx.labels()) {
          if (!ss.some(test)) continue;
          if (ctx.visible(el)) out.push(el);
        }
        return out;
      }
      case 'placeholder':
      case 'alt':
      case 'title': {
        const test = textTest(st.v, st.exact, st);
        const out = [];
        const attrs = st.k === 'placeholder' ? ['placeholder', 'aria-placeholder'] : [st.k];
        for (const el of cssAll(ctx, attrs.map((a) => '[' + a + ']').join(','))) {
          if (attrs.some((a) => el.hasAttribute(a) && test(fold(el.getAttribute(a)))) && ctx.visible(el)) out.push(el);
        }
        return out;
      }
      case 'testid': {
        const out = [];
        for (const el of cssAll(ctx, TESTID.map((a) => '[' + a + ']').join(','))) {
          if (TESTID.some((a) => el.getAttribute(a) === st.v)) out.push(el);
        }
        return out;
      }
    }
    throw new UsageError('unknown locator kind ' + st.k);
  }

  function statesOk(item, states) {
    if (!item) return false;
    const has = (k) => !!(item.attrs && item.attrs.some((a) => a[0] === k));
    for (const k in states) {
      let v;
      if (k === 'expanded') v = has('expanded');
      else v = has(k);
      if (v !== states[k]) return false;
    }
    return true;
  }

  // run evaluates steps from scopes; returns {els} or {frameAt, el}.
  function run(ctx, steps, scopes) {
    let cur = scopes || [document];
    for (let i = 0; i < steps.length; i++) {
      const st = steps[i];
      if (i > 0 && st.k !== 'nth' && cur.some((e) => e.localName === 'iframe' || e.localName === 'frame')) {
        if (cur.length !== 1) return { els: cur, frameAmbiguous: i };
        return { frameAt: i, el: cur[0] };
      }
      if (st.k === 'nth') {
        const n = (st.n || 0) < 0 ? cur.length + st.n : st.n || 0;
        cur = n >= 0 && n < cur.length ? [cur[n]] : [];
        continue;
      }
      const whole = new Set();
      if (cur.length === 1) {
        cur = matchStep(ctx, st, cur[0]);
        for (const e of cur.whole || []) whole.add(e);
      } else {
        const seen = new Set();
        const next = [];
        for (const s of cur) {
          const m = matchStep(ctx, st, s);
          for (const e of m.whole || []) whole.add(e);
          for (const e of m) if (!seen.has(e)) { seen.add(e); next.push(e); }
        }
        cur = ctx.sort(next);
      }
      // An unquoted text= matching several elements means those whose
      // whole text it is, when there are some (text=Reply: the Reply
      // button, not the instruction "…and reply to them"); an nth= after
      // it counts every match, as written.
      const wholeOnes = cur.filter((e) => whole.has(e));
      if (cur.length > 1 && wholeOnes.length > 0 && !(steps[i + 1] && steps[i + 1].k === 'nth')) cur = wholeOnes;
    }
    return { els: cur };
  }

  function describe(ctx, el) {
    const ref = snapshot.refOf(el);
    const it = ctx.item(el);
    let s = ref ? '@e' + ref + ' ' : '';
    if (it) s += '[' + it.role + '] ' + JSON.stringify(it.name);
    else {
      s += el.localName + (el.id ? '#' + el.id : '');
      const t = fold(el.innerText || el.value || '').slice(0, 40);
      if (t) s += ' ' + JSON.stringify(t);
    }
    return s;
  }

  // locate(steps): {count, matches: [descriptions], frameAt?} or {error}.
  // The single match (or the iframe to continue in) is kept in
  // __tact.lastMatch for the Go side to take a handle on. visible drops
  // hidden matches (wait looks for what a person would see).
  T.locate = function (steps, visible) {
    const ctx = new Ctx();
    T.lastMatch = null;
    let r;
    try {
      r = run(ctx, steps);
    } catch (e) {
      if (e instanceof UsageError) return { error: e.message };
      throw e;
    }
    if (r.frameAt) {
      T.lastMatch = r.el;
      return { count: 1, frameAt: r.frameAt };
    }
    const els = visible ? r.els.filter((e) => ctx.visible(e)) : r.els;
    if (els.length === 1) T.lastMatch = els[0];
    // Each listed match with its box in this frame's viewport, so an
    // ambiguous target says where its matches are.
    const listed = els.slice(0, 20);
    const boxes = listed.map((e) => { const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; });
    return { count: els.length, matches: listed.map((e) => describe(ctx, e)), boxes, frameAmbiguous: r.frameAmbiguous || 0 };
  };

  // ---- generation ----

  const q = (s) => JSON.stringify(s);
  const cssId = (id) => '#' + CSS.escape(id);
  const cssAttr = (tag, a, v) => tag + '[' + a + '=' + q(v) + ']';

  // Candidates for el, each {steps, loc, strategy, score}; scope-relative.
  function candidates(ctx, el, forAnchor) {
    const out = [];
    const add = (strategy, score, st, loc) => out.push({ strategy, score, steps: [st], loc });
    const tag = el.localName;
    for (const a of TESTID) {
      const v = el.getAttribute(a);
      if (v && !generated(v)) { add('testid', 1, { k: 'testid', v }, 'testid=' + (/^\s|\s$|^["']|>>/.test(v) ? q(v) : v)); break; }
    }
    const it = forAnchor ? null : ctx.item(el);
    if (it) {
      const role = ariaRole(it.role, el) || it.role;
      if (it.name && it.name.length <= GEN_TEXT_MAX && !it.name.endsWith('…')) {
        add('role', 100, { k: 'role', v: role, name: it.name, hasName: true, nameExact: true }, 'role=' + role + '[name=' + q(it.name) + ']');
      } else if (!it.name) add('role', 510, { k: 'role', v: role }, 'role=' + role);
    }
    if (!forAnchor) {
      const ph = fold(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') || '');
      if (ph && ph.length <= GEN_TEXT_MAX) add('placeholder', 120, { k: 'placeholder', v: ph, exact: true }, 'placeholder=' + q(ph));
      const ls = ctx.labels().get(el);
      if (ls && ls[0].length <= GEN_TEXT_MAX) add('label', 140, { k: 'label', v: ls[0], exact: true }, 'label=' + q(ls[0]));
      const alt = fold(el.getAttribute('alt') || '');
      if (alt && alt.length <= GEN_TEXT_MAX) add('alt', 160, { k: 'alt', v: alt, exact: true }, 'alt=' + q(alt));
      const t = ctx.textOf(el);
      if (t && t !== '\u0000' && t.length <= GEN_TEXT_MAX) add('text', 180, { k: 'text', v: t, exact: true }, 'text=' + q(t));
      const ti = fold(el.getAttribute('title') || '');
      if (ti && ti.length <= GEN_TEXT_MAX) add('title', 200, { k: 'title', v: ti, exact: true }, 'title=' + q(ti));
    }
    const id = el.getAttribute('id');
    if (id && !generated(id)) add('id', 500, { k: 'css', v: cssId(id) }, 'css=' + cssId(id));
    const nm = el.getAttribute('name');
    if (nm && !generated(nm) && nm.length <= GEN_TEXT_MAX) {
      const s = cssAttr(tag, 'name', nm);
      add('name', 520, { k: 'css', v: s }, 'css=' + s);
    }
    const href = tag === 'a' || tag === 'area' ? el.getAttribute('href') : '';
    if (href && href.length <= 80 && href !== '#' && !/^\s*javascript:|[?&](utm_|ref=|sid=|session|token)/i.test(href)) {
      const s = cssAttr(tag, 'href', href);
      add('href', 530, { k: 'css', v: s }, 'css=' + s);
    }
    const cls = el.getAttribute('class');
    if (cls) {
      let n = 0;
      for (const c of cls.split(/\s+/)) {
        if (!stableClass(c) || n++ >= 4) continue;
        const s = tag + '.' + CSS.escape(c);
        add('class', 540, { k: 'css', v: s }, 'css=' + s);
      }
    }
    return out;
  }

  // count of matches of steps within scope, and whether el is the only one.
  function uniqueIn(ctx, steps, scope, el) {
    if (steps.length === 1 && steps[0].k !== 'xpath') {
      let m;
      try {
        m = ctx.docMatch(steps[0]);
      } catch (e) {
        return false;
      }
      if (scope.nodeType === 9) return m.els.length === 1 && m.els[0] === el;
      const a = ctx.pos(scope);
      if (a < 0) return false;
      const lo = lowerBound(m.pos, a + 1);
      return lowerBound(m.pos, ctx._end.get(scope) + 1) - lo === 1 && m.els[lo] === el;
    }
    let r;
    try {
      r = run(ctx, steps, [scope]);
    } catch (e) {
      return false;
    }
    return !!r.els && r.els.length === 1 && r.els[0] === el;
  }

  // Anchors: locators of an ancestor that are unique in the document.
  function anchorsOf(ctx, a) {
    if (!ctx._anchors) ctx._anchors = new Map();
    let r = ctx._anchors.get(a);
    if (r) return r;
    r = [];
    for (const c of candidates(ctx, a, true)) if (uniqueIn(ctx, c.steps, document, a)) { r.push(c); break; }
    if (!r.length && /^(nav|form|main|header|footer|aside|table|ul|ol|dialog|section)$/.test(a.localName)) {
      const c = { strategy: 'tag', score: 560, steps: [{ k: 'css', v: a.localName }], loc: 'css=' + a.localName };
      if (uniqueIn(ctx, c.steps, document, a)) r.push(c);
    }
    ctx._anchors.set(a, r);
    return r;
  }

  const parentOf = dom.flatParent;

  // absXPath: /html/body/div[2]/button. Unique by construction (a
  // position at every level), so it needs no page-wide check; sibling
  // positions are computed once per parent.
  function absXPath(ctx, el) {
    if (el.getRootNode() !== document) return '';
    if (!ctx._sib) ctx._sib = new Map();
    const parts = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentNode) {
      const html = n.namespaceURI === 'http://www.w3.org/1999/xhtml';
      const name = html ? n.localName : '*[local-name()=' + q(n.localName).replace(/"/g, "'") + ']';
      const p = n.parentNode;
      let info = p && ctx._sib.get(p);
      if (p && !info) {
        info = { pos: new Map(), count: new Map() };
        for (let s = p.firstElementChild; s; s = s.nextElementSibling) {
          const k = (info.count.get(s.localName) || 0) + 1;
          info.count.set(s.localName, k);
          info.pos.set(s, k);
        }
        ctx._sib.set(p, info);
      }
      const k = info ? info.count.get(n.localName) : 1;
      parts.unshift(k > 1 ? name + '[' + info.pos.get(n) + ']' : name);
    }
    return '/' + parts.join('/');
  }

  // gen: up to three verified locators for el from different strategies.
  function gen(ctx, el) {
    const found = [];
    const nonUnique = [];
    const cands = candidates(ctx, el, false);
    for (const c of cands) {
      if (uniqueIn(ctx, c.steps, document, el)) found.push(c);
      else nonUnique.push(c);
    }
    // Scoped to a uniquely locatable ancestor (at most two levels).
    if (found.length < 2) {
      const inner = (scope) => {
        const local = cands.slice();
        local.push({ strategy: 'tag', score: 600, steps: [{ k: 'css', v: el.localName }], loc: 'css=' + el.localName });
        for (const c of local) if (uniqueIn(ctx, c.steps, scope, el)) return c;
        return null;
      };
      let chain = null;
      let depth = 0;
      for (let a = parentOf(el); a && a !== document.body && a !== document.documentElement && depth < 8 && !chain; a = parentOf(a), depth++) {
        const an = anchorsOf(ctx, a);
        if (an.length) {
          const c = inner(a);
          if (c) chain = { strategy: 'scoped', score: an[0].score + c.score + 1, steps: an[0].steps.concat(c.steps), loc: an[0].loc + ' >> ' + c.loc };
          else break;
        }
      }
      if (!chain) {
        // two levels: el unique inside B, B unique inside an anchored A
        depth = 0;
        for (let b = parentOf(el); b && b !== document.body && depth < 4 && !chain; b = parentOf(b), depth++) {
          const c = inner(b);
          if (!c) continue;
          const bc = candidates(ctx, b, true).filter((x) => x.strategy === 'class' || x.strategy === 'id' || x.strategy === 'testid');
          let d2 = 0;
          for (let a = parentOf(b); a && a !== document.body && d2 < 6 && !chain; a = parentOf(a), d2++) {
            const an = anchorsOf(ctx, a);
            if (!an.length) continue;
            for (const x of bc) {
              if (uniqueIn(ctx, x.steps, a, b)) {
                chain = { strategy: 'scoped', score: an[0].score + x.score + c.score + 2, steps: an[0].steps.concat(x.steps, c.steps), loc: an[0].loc + ' >> ' + x.loc + ' >> ' + c.loc };
                break;
              }
            }
          }
        }
      }
      if (chain && uniqueIn(ctx, chain.steps, document, el)) found.push(chain);
    }
    found.sort((a, b) => a.score - b.score);
    const out = [];
    const used = new Set();
    for (const c of found) {
      if (used.has(c.strategy) || out.length >= 3) continue;
      used.add(c.strategy);
      out.push({ locator: c.loc, strategy: c.strategy, score: c.score });
    }
    const stable = out.length > 0;
    if (!out.length) {
      // Last resorts: nth among the matches of the best candidate, then an
      // absolute XPath; both break when the page changes.
      nonUnique.sort((a, b) => a.score - b.score);
      const base = nonUnique[0] || { score: 600, steps: [{ k: 'css', v: el.localName }], loc: 'css=' + el.localName };
      try {
        const m = ctx.docMatch(base.steps[0]);
        const p = lowerBound(m.pos, ctx.pos(el));
        const i = m.els[p] === el ? p : -1;
        if (i >= 0) {
          const steps = base.steps.concat([{ k: 'nth', n: i }]);
          if (uniqueIn(ctx, steps, document, el)) out.push({ locator: base.loc + ' >> nth=' + i, strategy: 'nth', score: 10000 + base.score, fragile: true });
        }
      } catch (e) { /* base not runnable */ }
      {
        const xp = absXPath(ctx, el);
        if (xp) out.push({ locator: 'xpath=' + xp, strategy: 'xpath', score: 10000000, fragile: true });
      }
    }
    return { locators: out, stable };
  }

  // locGen({refs: [n...], els: [Element...], frames: [i...], box, html}): one
  // entry per requested element: {ref, role, name, tag, action, locators,
  // stable, box?, html?}. frames are indexes into __tact.frames (iframe elements
  // from the last snap), for frame paths.
  T.locGen = function (req) {
    const ctx = new Ctx();
    const t0 = performance.now();
    const one = (el, key) => {
      if (!el || !el.isConnected) return { key, error: 'gone' };
      const it = ctx.item(el);
      const g = gen(ctx, el);
      const o = { key, tag: el.localName, locators: g.locators, stable: g.stable };
      if (it) { o.role = it.role; o.name = it.name; o.action = it.action; o.attrs = it.attrs; }
      const ref = snapshot.refOf(el);
      if (ref) o.ref = ref;
      if (req.box) {
        const r = el.getBoundingClientRect();
        o.box = { x: Math.round(r.left), y: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) };
      }
      if (req.html > 0) {
        // outerHTML, cut at req.html characters (snap --raw --html).
        const h = Array.from(el.outerHTML || '');
        o.html = h.length > req.html ? h.slice(0, req.html).join('') + '…' : h.join('');
      }
      return o;
    };
    const out = [];
    for (const n of req.refs || []) out.push(one(T.byRef(n), n));
    for (const el of req.els || []) out.push(one(el, 0));
    for (const i of req.frames || []) out.push(one(T.frames[i], i));
    T.lastGenMs = performance.now() - t0;
    return out;
  };
  return {};
});
