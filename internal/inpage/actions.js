// actions: the in-page half of tact's actions (fill, select, check, …):
// preparing a field for typing, native <select> and value setters, and
// what the actions read from ARIA widgets while they drive them with real
// keys and clicks (a slider's value, a listbox's options). Go calls these
// by name through __tact (page/resolve.go, page/widgets.go).
__tact.define('actions', ['dom'], (dom) => {
  'use strict';
  const T = globalThis.__tact;
  const { fold } = dom;

  const roleOf = (el) => ((el.getAttribute('role') || '').trim().split(/\s+/)[0] || '').toLowerCase();
  const num = (v) => (v === null || v === undefined || v === '' || isNaN(+v) ? null : +v);

  // rangeState: {kind, now, min, max, text} of a slider, spinbutton or
  // <input type=range>, or {kind: ''} for anything else.
  function rangeState(el) {
    if (el.localName === 'input' && (el.type || '').toLowerCase() === 'range') {
      return { kind: 'slider', now: num(el.value), min: num(el.min) ?? 0, max: num(el.max) ?? 100, text: '', native: true };
    }
    const role = roleOf(el);
    if (!role) {
      // A slider without ARIA: its position in percent is all it shows.
      const h = dom.handleSlider(el);
      if (h) return { kind: 'slider', now: h.pos, min: 0, max: 100, text: '', unit: '%' };
    }
    if (role !== 'slider' && role !== 'spinbutton') return { kind: '' };
    // A text field marked spinbutton that keeps no aria-valuenow (jQuery
    // UI's spinner) has nothing to steer by: fill types the value.
    if (role === 'spinbutton' && !el.hasAttribute('aria-valuenow') && (el.localName === 'textarea' ||
      el.localName === 'input' && /^(text|search|number|tel|)$/.test((el.getAttribute('type') || '').toLowerCase()))) return { kind: '' };
    return {
      kind: role, now: num(el.getAttribute('aria-valuenow')), min: num(el.getAttribute('aria-valuemin')),
      max: num(el.getAttribute('aria-valuemax')), text: fold(el.getAttribute('aria-valuetext') || ''),
    };
  }

  // A few frames for the page to react to a key (frameworks re-render
  // asynchronously): resolves with the new state once it differs from
  // prev, or with the unchanged state after ms.
  function rangeAfter(el, prev, ms) {
    const t0 = performance.now();
    return new Promise((resolve) => {
      const tick = () => {
        const s = rangeState(el);
        // Removed or hidden while being driven (the page finished the task).
        if (!el.isConnected || !el.getClientRects().length) s.gone = true;
        if (s.gone || s.now !== prev.now || s.text !== prev.text || performance.now() - t0 >= ms) return resolve(s);
        requestAnimationFrame(tick);
      };
      tick();
    });
  }

  function optionName(o) {
    if (o.hasAttribute('aria-labelledby')) {
      const n = dom.idrefText(o, 'aria-labelledby');
      if (n) return n;
    }
    return fold(o.getAttribute('aria-label') || o.textContent || '');
  }

  // The listbox an element stands for: itself, the popup its
  // aria-controls/aria-owns names, or one inside it.
  function listboxOf(el) {
    if (roleOf(el) === 'listbox') return el;
    const root = el.getRootNode();
    for (const a of ['aria-controls', 'aria-owns']) {
      for (const id of (el.getAttribute(a) || '').split(/\s+/)) {
        const t = id && root.getElementById ? root.getElementById(id) : null;
        if (t) return roleOf(t) === 'listbox' ? t : t.querySelector('[role=listbox]') || t;
      }
    }
    return el.querySelector('[role=listbox]');
  }

  function optionsIn(lb) {
    return lb ? [...lb.querySelectorAll('[role=option]')] : [];
  }

  // listState: {kind: 'select'|'listbox'|'combobox'|'', open, options}:
  // open when the options a person could click are on screen.
  function listState(el) {
    if (el.localName === 'select') return { kind: 'select', open: true, options: [] };
    const role = roleOf(el);
    const kind = role === 'listbox' || role === 'combobox' ? role : el.querySelector('[role=option]') ? 'listbox' : '';
    if (!kind) return { kind: '', open: false, options: [] };
    const opts = optionsIn(listboxOf(el));
    return { kind, open: opts.some(dom.shown), options: opts.map(optionName).filter(Boolean).slice(0, 30) };
  }

  // Waits up to ms for the popup to show its options.
  function listOpened(el, ms) {
    const t0 = performance.now();
    return new Promise((resolve) => {
      const tick = () => {
        const s = listState(el);
        if (s.open || performance.now() - t0 >= ms) return resolve(s);
        requestAnimationFrame(tick);
      };
      tick();
    });
  }

  // optionFor: the option named want (exactly, else ignoring case), or null.
  function optionFor(el, want) {
    const opts = optionsIn(listboxOf(el));
    const w = fold(want);
    return opts.find((o) => optionName(o) === w) || opts.find((o) => optionName(o).toLowerCase() === w.toLowerCase()) || null;
  }

  // Did picking want take? Its option is selected, or the combobox now
  // shows its name (a popup that closes often drops its options).
  function optionTaken(el, want) {
    const o = optionFor(el, want);
    if (o && o.getAttribute('aria-selected') === 'true') return true;
    if (roleOf(el) !== 'combobox') return false;
    const shows = fold(el.localName === 'input' ? el.value : el.textContent || '');
    return shows.toLowerCase() === fold(want).toLowerCase();
  }

  // ---- fields ----

  // describe: tag (input:<type>) and a short name, for messages.
  function describe(el) {
    const n = fold(el.getAttribute('aria-label') || el.innerText || el.value || el.placeholder || el.title || '').slice(0, 60);
    const tag = el.localName;
    return { tag: tag === 'input' && el.type ? 'input:' + el.type : tag, name: n };
  }

  const TYPED = new Set(['', 'text', 'search', 'email', 'url', 'tel', 'password', 'number']);
  // fillPrep focuses el and selects its content so typing replaces it:
  // {kind: 'text'|'editable'|'setter'} or {error}.
  function fillPrep(el) {
    if (el.disabled) return { error: 'disabled' };
    if (el.readOnly) return { error: 'read-only' };
    const t = (el.type || '').toLowerCase();
    if (el.isContentEditable) {
      el.focus();
      const r = document.createRange();
      r.selectNodeContents(el);
      const s = getSelection();
      s.removeAllRanges();
      s.addRange(r);
      return { kind: 'editable' };
    }
    if (el.localName === 'textarea' || (el.localName === 'input' && TYPED.has(t))) {
      el.focus();
      if (el.select) el.select();
      return { kind: 'text' };
    }
    if (el.localName === 'input') return { kind: 'setter' };
    return { error: 'not a text field (' + el.localName + ')' };
  }

  // setValue: date, color…: no typing model; set the value natively and
  // tell the page like an edit would.
  function setValue(el, v) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }

  // changed: some inputs fire change only on blur; emit it like a user
  // moving on. It returns what the field held just before (a page may
  // take the value on change and clear the field).
  const changed = (el) => {
    const v = el.isContentEditable ? el.innerText : String(el.value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return v;
  };

  // selectNative picks options of a <select> by value or label:
  // {selected} or {error, options}. dry only checks that they exist.
  function selectNative(el, want, dry) {
    if (el.localName !== 'select') return { error: 'not a <select> (' + el.localName + ')' };
    if (el.disabled) return { error: 'disabled' };
    const opts = Array.from(el.options);
    const picked = [];
    for (const w of want) {
      const o = opts.find((o) => o.value === w) || opts.find((o) => fold(o.label) === fold(w)) ||
        opts.find((o) => fold(o.label).toLowerCase() === fold(w).toLowerCase());
      if (!o) return { error: 'nomatch', options: opts.map((o) => fold(o.label) + (o.value !== fold(o.label) ? ' (' + o.value + ')' : '')).slice(0, 30) };
      picked.push(o);
    }
    if (!el.multiple && picked.length > 1) return { error: 'single-choice select; give one value' };
    if (dry) return { selected: picked.map((o) => fold(o.label)) };
    for (const o of opts) o.selected = picked.includes(o);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { selected: picked.map((o) => fold(o.label)) };
  }

  // checked: a checkbox/radio's state, else aria-checked/aria-pressed.
  function checked(el) {
    if (dom.isToggle(el)) return el.checked;
    return el.getAttribute('aria-checked') === 'true' || el.getAttribute('aria-pressed') === 'true';
  }

  // fits: does el take an action that needs `need` ('fill', 'type',
  // 'check', 'select', 'upload')? {ok} or {ok: false, mark}. A label (or
  // text inside one) stands for its control, as a click on it would:
  // {ok, control} parks the control in T.lastMatch for Go to act on.
  function fits(el, need) {
    if (fitsMark(el, need)) return { ok: true };
    const l = el.closest && el.closest('label');
    const c = l && l.control;
    if (c && c !== el && fitsMark(c, need)) {
      T.lastMatch = c;
      return { ok: true, control: true };
    }
    // A button or label standing in for a hidden file input uploads to it.
    const f = need === 'upload' ? dom.fileFor(el) : null;
    if (f) {
      T.lastMatch = f;
      return { ok: true, control: true };
    }
    return { ok: false, mark: dom.markOf(el) };
  }
  function fitsMark(el, need) {
    const mark = dom.markOf(el);
    if (mark === need) return true;
    const role = roleOf(el);
    const type = el.localName === 'input' ? (el.type || 'text').toLowerCase() : '';
    switch (need) {
      case 'fill': // sliders, spinbuttons and value-setter inputs (color, range) too
        return mark === 'type' || role === 'slider' || role === 'spinbutton' || (!role && !!dom.handleSlider(el)) ||
          (el.localName === 'input' && !NOT_FILLED.has(type));
      case 'type': // typing goes wherever focus can take keys
        return el.isContentEditable || (el.localName === 'input' && !NOT_FILLED.has(type));
      case 'select':
        return role === 'combobox' || role === 'listbox';
      case 'check':
        return el.hasAttribute('aria-checked') || el.hasAttribute('aria-pressed');
    }
    return false;
  }
  const NOT_FILLED = new Set(['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image', 'hidden']);

  // keep(el, name, ...args) parks what T[name](el, ...args) returns in
  // T.lastMatch, for Go to take a handle on; true when it is an element.
  const keep = (el, name, ...args) => {
    T.lastMatch = T[name](el, ...args) || null;
    return !!T.lastMatch;
  };
  Object.assign(T, {
    describe, fillPrep, setValue, changed, selectNative, checked, keep, fits,
    rangeState, rangeAfter, listState, listOpened, optionFor, optionTaken,
    isFileInput: (el) => el.localName === 'input' && el.type === 'file',
    focus: (el) => el.focus(),
    scrollTo: (el) => el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' }),
  });
  // wholeValue is a field's whole value as a person sees it, for locate
  // and read --focus: {v, secret}, or {} for an element that is no field.
  // A password or a secret fill is never returned.
  T.wholeValue = (el) => {
    const tag = el.localName;
    if (tag !== 'textarea' && tag !== 'input' && tag !== 'select' && !el.isContentEditable) return {};
    if (dom.secretField(el)) return { secret: true };
    if (tag === 'input' && /^(checkbox|radio|file|button|submit|reset|image|hidden)$/i.test(el.type)) return {};
    if (tag === 'select') return { v: [...el.selectedOptions].map((o) => o.label || o.textContent).join(', ') };
    return { v: el.isContentEditable && tag !== 'textarea' && tag !== 'input' ? el.innerText : String(el.value) };
  };
  // rangeTrack is where the thumb of a horizontal <input type=range>
  // travels, for fill's drag: its centre from x0 (min) to x1 (max) at y,
  // in the frame's viewport, for a thumb of Chromium's 16 px (a styled
  // thumb's width cannot be read: the strokes after the first correct);
  // {} for a vertical or disabled one.
  T.rangeTrack = (el) => {
    if (el.localName !== 'input' || (el.type || '').toLowerCase() !== 'range' || el.disabled) return {};
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (r.height > r.width || cs.writingMode.startsWith('vertical')) return {};
    const left = r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
    const right = r.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
    const w = Math.min(16, right - left);
    const step = el.step === 'any' ? 0 : +el.step || 1;
    return { x0: left + w / 2, x1: right - w / 2, y: r.top + r.height / 2, rtl: cs.direction === 'rtl', step };
  };
  // exactText is what read --exact prints: a field's whole value, else
  // the element's text as rendered (innerText: its line breaks, trailing
  // spaces kept), never trimmed. {v} or {secret: true}.
  T.exactText = (el) => {
    const w = T.wholeValue(el);
    if (w.secret || w.v !== undefined) return w;
    if (el.localName === 'input') return { v: String(el.value) };
    return { v: el.innerText !== undefined ? el.innerText : el.textContent };
  };
  // fieldValue is what a field holds after one macrotask (so a mask or a
  // framework rewriting the value in a timer has done so): {v, pw}, or {}
  // for an element that is not a field.
  T.fieldValue = async (el) => {
    await new Promise((r) => setTimeout(r, 0));
    if (el.isContentEditable) return { v: el.innerText.trim() };
    if ((el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && el.isConnected) return { v: String(el.value), pw: dom.secretField(el) };
    return {};
  };
  // claimSecret decides, before tact types into el, whether what it
  // types is a secret (given: --secret; else dom.secretField), and if so
  // records it: snaps print its value masked like a password's even when
  // the page turns the field into text (the page can neither see nor
  // clear the mark).
  T.claimSecret = (el, given) => {
    if (!given && !dom.secretField(el)) return false;
    (T.secrets = T.secrets || new WeakSet()).add(el);
    return true;
  };
  // storage is the document's origin and both its storages (session save).
  T.storage = () => {
    const dump = (s) => {
      const o = {};
      try {
        for (let i = 0; i < s.length; i++) { const k = s.key(i); o[k] = s.getItem(k); }
      } catch (e) { /* storage blocked (sandbox, opaque origin) */ }
      return o;
    };
    return { origin: location.origin, local: dump(localStorage), session: dump(sessionStorage) };
  };
  // box is el's border box in document coordinates (screenshot clips).
  T.box = (el) => {
    const b = el.getBoundingClientRect();
    return { X: b.left + scrollX, Y: b.top + scrollY, W: b.width, H: b.height };
  };

  return {};
});
