// dom: what every part of tact agrees on about an element. Visibility and
// actionability (can a person see it, can a click reach it), labels and
// the walker's roles mapped to ARIA roles. snap, locate, read and the
// actions (hit test, frame checks) all ask here, so a control is never
// visible for one and hidden for another. Never writes to the DOM.
__tact.define('dom', [], () => {
  'use strict';

  const fold = (s) => (s || '').replace(/\s+/g, ' ').trim();
  // Subtrees whose text is never a label's or a name's.
  const NO_TEXT = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base',
    'object', 'embed', 'canvas', 'audio', 'video', 'map', 'datalist', 'math']);
  const COLLECT_CAP = 400; // raw chars gathered for a label before folding

  // The parent in the flat tree: a shadow root's host, not the root.
  function flatParent(el) {
    const p = el.parentNode;
    return p && p.nodeType === 11 ? p.host : p && p.nodeType === 1 ? p : null;
  }

  // Text of the elements named by an id-reference list (aria-labelledby,
  // aria-describedby). Referenced text counts even when hidden, per accname.
  function idrefText(el, attr) {
    const v = el.getAttribute(attr);
    if (!v) return '';
    const root = el.getRootNode();
    let out = '';
    for (const id of v.split(/\s+/)) {
      const t = id && root.getElementById ? root.getElementById(id) : null;
      if (t) out += ' ' + (t === el ? el.getAttribute('aria-label') || '' : t.textContent);
    }
    return fold(out);
  }

  // Text of a <label> without the text of the controls inside it (a
  // select's options would otherwise end up in its own name).
  // Elements that start a line of their own: text on either side of one
  // is separate text ("Gender" and "Male" in two cells, not "GenderMale").
  const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'dialog', 'div',
    'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
    'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th',
    'thead', 'tr', 'ul']);

  const labelText = (label) => fold(rawText(label));

  // rawText is labelText before folding: inline text keeps its edge
  // spaces, to be joined to the text beside it.
  function rawText(label) {
    let out = '';
    // In document order without recursion: a label can be nested as deep
    // as the page likes.
    let c = label.firstChild;
    while (c && out.length <= COLLECT_CAP) {
      if (c.nodeType === 3) out += c.data;
      else if (c.nodeType === 1) {
        const t = c.localName;
        if (BLOCK.has(t)) out += ' ';
        if (t === 'img' && c.alt) out += ' ' + c.alt;
        else if (c.firstChild && !(t === 'select' || t === 'textarea' || t === 'input' || t === 'button' || NO_TEXT.has(t))) {
          c = c.firstChild;
          continue;
        }
      }
      while (c !== label && !c.nextSibling) {
        c = c.parentNode;
        if (BLOCK.has(c.localName)) out += ' ';
      }
      c = c === label ? null : c.nextSibling;
    }
    return out;
  }

  // ---- visibility ----

  const VIS_ALL = { checkOpacity: true, checkVisibilityCSS: true, opacityProperty: true, visibilityProperty: true };
  const VIS_OPACITY = { checkOpacity: true, opacityProperty: true };

  // hiddenWhy says why el (or its subtree) is not seen: '' (seen),
  // 'none' (no box: display:none here or above), 'contents' (no box of
  // its own, children render), 'opacity' (opacity 0 here or above: the
  // whole subtree), 'hidden' (visibility:hidden/collapse: children may be
  // visible again). One call for the common visible case.
  function hiddenWhy(el) {
    if (el.checkVisibility(VIS_ALL)) return '';
    if (!el.checkVisibility()) {
      return el.localName === 'slot' || getComputedStyle(el).display === 'contents' ? 'contents' : 'none';
    }
    if (!el.checkVisibility(VIS_OPACITY)) return 'opacity';
    return 'hidden';
  }

  // rendered: el has a layout box (display is not none here or above).
  const rendered = (el) => (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0);

  // visuallyHidden catches boxes that are laid out but not seen: the
  // "visually hidden"/sr-only pattern (a 1px clipped box), boxes parked
  // off-screen, and collapsed overflow containers (closed accordions).
  // cs is el's computed style.
  function visuallyHidden(el, cs) {
    const pos = cs.position;
    const clips = cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
    if (pos === 'absolute' || pos === 'fixed') {
      const r = el.getBoundingClientRect();
      if (r.right + window.scrollX <= 0 || r.bottom + window.scrollY <= 0) return true;
      // A 1px box only hides its content if it clips it; zero-size
      // positioned wrappers that let content overflow are common anchors
      // for visible popups.
      if (r.width <= 1 && r.height <= 1 && (clips || cs.clip !== 'auto' || cs.clipPath !== 'none')) return true;
    }
    if (clips) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return true;
    }
    return false;
  }

  // parkedOff: el's box r lies where no scrolling brings it into view:
  // wholly above the document's start, or before its start edge (left;
  // right in a right-to-left page), where scroll offsets never go. A box
  // inside a scroll container that can scroll is not parked: a
  // carousel's other slides come back by scrolling it. Only boxes that
  // are off to those sides pay for the walk up.
  function parkedOff(el, r) {
    const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
    const side = rtl ? r.left + scrollX >= document.documentElement.clientWidth : r.right + scrollX <= 0;
    const above = r.bottom + scrollY <= 0;
    if (!side && !above) return false;
    for (let p = flatParent(el); p && p !== document.body && p !== document.documentElement; p = flatParent(p)) {
      if ((side && p.scrollWidth > p.clientWidth) || (above && p.scrollHeight > p.clientHeight)) {
        const cs = getComputedStyle(p);
        if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') return false;
      }
    }
    return true;
  }

  // shown: a person can see el itself: it has a box, is not transparent
  // or visibility:hidden, and is not clipped to a pixel or parked
  // off-screen (only boxes of at most a pixel pay for the style check).
  function shown(el) {
    if (!el.checkVisibility(VIS_ALL)) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0 && el.getClientRects().length === 0) return false;
    if (r.width <= 1 || r.height <= 1 || r.right <= 0 || r.bottom <= 0) return !visuallyHidden(el, getComputedStyle(el)) && !parkedOff(el, r);
    return true;
  }

  const isToggle = (el) => el.localName === 'input' && /^(checkbox|radio)$/i.test(el.type || '');

  // customToggle: a checkbox or radio hidden by its own styling (opacity 0,
  // the sr-only clip, display:none) while a person sees and clicks a
  // styled stand-in: the input's own transparent box laid over a drawn box
  // (TodoMVC's toggles), or a shown <label> of it. Returns {own, label}
  // (own: its box takes clicks; label: the label to click instead, or
  // null) or null. An input whose surroundings are hidden too is just
  // hidden.
  function customToggle(el) {
    if (!isToggle(el)) return null;
    const p = flatParent(el);
    if (p && !p.checkVisibility(VIS_ALL)) return null;
    let own = false;
    if (el.checkVisibility({ checkVisibilityCSS: true })) {
      const r = el.getBoundingClientRect();
      own = r.width >= 8 && r.height >= 8 && getComputedStyle(el).opacity === '0';
    }
    let label = null;
    for (const l of el.labels || []) if (shown(l)) { label = l; break; }
    return own || label ? { own, label } : null;
  }

  // reachable: a person can see el, or act on it through its stand-in.
  const reachable = (el) => shown(el) || !!customToggle(el);

  // The name a person reads next to an unlabelled checkbox/radio: a
  // following <label> that labels nothing else (TodoMVC's
  // `<input class=toggle><label>Call bank</label>`).
  function siblingLabel(el) {
    if (!isToggle(el) || (el.labels && el.labels.length)) return '';
    const l = el.nextElementSibling;
    return l && l.localName === 'label' && !l.control ? labelText(l) : '';
  }

  // namesControl: label l is the name of a control listed on its own (its
  // own control, or the unlabelled checkbox just before it), so it is
  // not a second control.
  function namesControl(l) {
    if (l.control) return true;
    const p = l.previousElementSibling;
    return !!p && siblingLabel(p) !== '';
  }

  // ---- names a person reads with a field ----

  const CONTROL = 'input:not([type=hidden]),select,textarea,button,[contenteditable=""],[contenteditable=true]';
  const NEAR_MAX = 120; // longer text beside a field is prose, not its label
  const SHORT_MAX = 60; // text above the field's own box: a label is short
  const NEAR_UP = 4; // ancestors climbed looking for it
  // Where the text before a field stops belonging to it: a cell (its
  // column header names it instead), a list item, a form or a group.
  const NEAR_STOP = new Set(['td', 'th', 'li', 'tr', 'table', 'form', 'fieldset', 'dialog', 'body', 'ul', 'ol']);
  const sameKind = (a, b) => a.localName === b.localName && a.type === b.type && a.className === b.className;
  // stopsText: going back from a field, s ends the text that can name it:
  // another control, a heading, another control's label, or a table
  // (whose cells name the fields inside it, not one after it).
  const stopsText = (s) => s.matches(CONTROL) || /^h[1-6]$/.test(s.localName) || s.getAttribute('role') === 'heading' ||
    (s.localName === 'label' && !!s.control) || s.localName === 'table' || !!s.querySelector(CONTROL + ',table');

  // lastBlock is the text of the last block of el with text (the
  // "subject: Re: …" line of a header, not the header's every line), or
  // '': a run of inline text and elements is one block.
  function lastBlock(el) {
    let run = '';
    for (let c = el.lastChild; c; c = c.previousSibling) {
      if (c.nodeType === 3) { run = c.data + run; continue; }
      if (c.nodeType !== 1 || NO_TEXT.has(c.localName) || !rendered(c) || !c.checkVisibility(VIS_ALL)) continue;
      if (!BLOCK.has(c.localName)) { run = rawText(c) + run; continue; }
      if (fold(run)) break;
      const t = lastBlock(c);
      if (t) return t;
    }
    return fold(run);
  }

  // textBefore is the text a person reads just before an unlabelled field
  // (a "Username" span beside it, the question above an answer box): the
  // last block of text going back from el through its siblings and up to
  // NEAR_UP ancestors, never past another control, a heading, a label of
  // another control, a table, or a cell or form boundary. Text beside the
  // field (its own siblings) may be a sentence (a paragraph to copy from);
  // text further up names it only when short (a label, a question), not
  // the page's instructions. Fields just like el in between (a row of
  // one-digit code boxes) are stepped over: the text names the row.
  // Returns the text or ''.
  function textBefore(el) {
    let node = el;
    const fit = (t, up) => (t.length <= (up ? SHORT_MAX : NEAR_MAX) ? t : '');
    for (let up = 0; up <= NEAR_UP && node; up++) {
      // The inline text and elements just before node, back to a block.
      let run = '';
      for (let s = node.previousSibling; s; s = s.previousSibling) {
        if (s.nodeType === 3) { run = s.data + run; continue; }
        if (s.nodeType !== 1 || NO_TEXT.has(s.localName) || !rendered(s)) continue;
        if (s.matches(CONTROL) && sameKind(s, el) && !fold(run)) continue;
        if (fold(run)) return fit(fold(run), up);
        if (stopsText(s)) return '';
        if (!s.checkVisibility(VIS_ALL)) continue;
        if (!BLOCK.has(s.localName)) { run = rawText(s) + run; continue; }
        const t = lastBlock(s);
        if (t) return fit(t, up);
      }
      if (fold(run)) return fit(fold(run), up);
      node = flatParent(node);
      if (!node || NEAR_STOP.has(node.localName)) break;
    }
    return '';
  }

  // rowHeader is the text of the cell before el's cell in its row (a
  // "Year" header cell, a label cell of a form laid out as a table), or
  // '' when that cell holds a control or no text.
  function rowHeader(el) {
    const cell = el.closest('td');
    if (!cell || cell.querySelectorAll(CONTROL).length !== 1) return '';
    for (let c = cell.previousElementSibling; c; c = c.previousElementSibling) {
      if (c.querySelector(CONTROL) || !c.checkVisibility(VIS_ALL)) return '';
      const t = labelText(c);
      if (t) return t.length <= NEAR_MAX ? t : '';
    }
    return '';
  }

  // columnHeader is the header text of the table column whose cell holds
  // el (a "Quantity" column of number fields), or ''.
  function columnHeader(el) {
    const cell = el.closest('td');
    const row = cell && cell.parentElement;
    const table = cell && cell.closest('table');
    if (!row || !table || cell.querySelectorAll(CONTROL).length !== 1) return '';
    let head = table.tHead && table.tHead.rows[0];
    if (!head) {
      const first = table.rows[0];
      if (first && first !== row && first.cells.length && [...first.cells].every((c) => c.localName === 'th')) head = first;
    }
    if (!head || head === row) return '';
    let col = 0;
    for (let c = row.firstElementChild; c && c !== cell; c = c.nextElementSibling) col += c.colSpan || 1;
    let i = 0;
    for (const h of head.cells) {
      i += h.colSpan || 1;
      if (col < i) return h.checkVisibility(VIS_ALL) ? labelText(h).slice(0, NEAR_MAX) : '';
    }
    return '';
  }

  // generatedText is the text CSS draws in el's ::before or ::after
  // (which), as a person reads it (a name printed by content: "Alice" or
  // attr(data-name)): without the quotes, counters or icon-font glyphs
  // (private-use characters).
  function generatedText(el, which) {
    const c = getComputedStyle(el, which).content;
    if (!c || c === 'none' || c === 'normal') return '';
    let t = '';
    for (const m of c.matchAll(/"((?:[^"\\]|\\.)*)"|attr\(\s*([\w-]+)\s*\)/g)) {
      t += m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : el.getAttribute(m[2]) || '';
    }
    return fold(t.replace(/[\uE000-\uF8FF]/g, ''));
  }

  const DRAWN_NODES = 12; // elements looked at for drawn text in one name

  // drawnText is el's text with what CSS draws in the ::before/::after of
  // el and its descendants, in reading order, or '' when CSS draws no
  // text there (or el is too big to look through): then the walker's
  // text is the name.
  function drawnText(el) {
    let drawn = false, s = '', nodes = 0;
    const walk = (n) => {
      if (n.nodeType === 3) { s += n.data; return; }
      if (n.nodeType !== 1 || NO_TEXT.has(n.localName) || ++nodes > DRAWN_NODES) return;
      const b = generatedText(n, '::before'), a = generatedText(n, '::after');
      if (b || a) drawn = true;
      s += ' ' + b + ' ';
      for (let c = n.firstChild; c; c = c.nextSibling) walk(c);
      s += ' ' + a + ' ';
    };
    walk(el);
    return drawn && nodes <= DRAWN_NODES ? fold(s) : '';
  }

  // ---- actions ----

  function describe(n) {
    if (!n || !n.tagName) return String(n);
    let s = n.tagName.toLowerCase();
    if (n.id) s += '#' + n.id;
    const cls = (typeof n.className === 'string' ? n.className : '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (cls.length) s += '.' + cls.join('.');
    return s;
  }

  // Centre of el's first box inside the viewport, or null.
  function centre(el) {
    const vw = innerWidth, vh = innerHeight;
    for (const r of el.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      const x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0), x1 = Math.min(r.right, vw), y1 = Math.min(r.bottom, vh);
      if (x1 > x0 && y1 > y0) return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
    }
    return null;
  }

  function hitAt(x, y) {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  // Does a click on hit reach el? Inside it, or on a label forwarding the
  // click to it.
  function reaches(hit, el) {
    if (!hit) return false;
    for (let n = hit; n; n = n.parentNode || n.host) if (n === el) return true;
    if (el.labels) for (const l of el.labels) if (l === hit || l.contains(hit)) return true;
    return hit.localName === 'label' && hit.control === el;
  }

  // clipRect is the part of the viewport that el's clipping ancestors
  // (overflow other than visible) let show, as {l, t, r, b}.
  function clipRect(el) {
    const c = { l: 0, t: 0, r: innerWidth, b: innerHeight };
    for (let a = flatParent(el); a && a !== document.documentElement && a !== document.body; a = flatParent(a)) {
      const cs = getComputedStyle(a);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        const r = a.getBoundingClientRect();
        const l = r.left + a.clientLeft, t = r.top + a.clientTop;
        c.l = Math.max(c.l, l); c.t = Math.max(c.t, t);
        c.r = Math.min(c.r, l + a.clientWidth); c.b = Math.min(c.b, t + a.clientHeight);
      }
      if (cs.position === 'fixed') break;
    }
    return c;
  }

  // visiblePart aims at an element larger than what can show of it (a
  // 3000px map in a 600px view): scrolling cannot bring it whole into
  // view, and scrolling its clipping view would pan it. It returns the
  // first of the centre and four inner points of the part that shows
  // (its box cut by the viewport and every clipping ancestor) that a
  // click reaches, {error: 'covered'} when none does, or null for an
  // element that fits (aimed at as before).
  function visiblePart(el) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return null;
    const c = clipRect(el);
    if (r.width <= c.r - c.l && r.height <= c.b - c.t) return null;
    const v = { l: Math.max(r.left, c.l), t: Math.max(r.top, c.t), r: Math.min(r.right, c.r), b: Math.min(r.bottom, c.b) };
    if (v.r - v.l < 1 || v.b - v.t < 1) return null;
    const w = v.r - v.l, h = v.b - v.t;
    let by = null;
    for (const [fx, fy] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
      const x = v.l + w * fx, y = v.t + h * fy;
      const hit = hitAt(x, y);
      if (reaches(hit, el)) return { x, y };
      by = by || hit;
    }
    return { error: 'covered', by: describe(by) };
  }

  // point scrolls el into view, checks that a click would reach it and
  // returns where to click in its frame's viewport, or {error, by}. A
  // custom checkbox/radio is clicked where a person would: on its own
  // transparent box when that takes the hit, else on its label.
  function point(el, checkEnabled) {
    if (!el.isConnected) return { error: 'detached' };
    if (checkEnabled && (el.disabled || el.getAttribute('aria-disabled') === 'true')) return { error: 'disabled' };
    const big = visiblePart(el);
    if (big) return big;
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    let aim = el;
    if (!shown(el)) {
      const ct = customToggle(el);
      if (!ct) return { error: 'hidden' };
      const own = ct.own ? centre(el) : null;
      if (!own || !reaches(hitAt(own.x, own.y), el)) {
        if (!ct.label) return own ? { error: 'covered', by: describe(hitAt(own.x, own.y)) } : { error: 'hidden' };
        aim = ct.label;
        aim.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      }
    }
    const box = centre(aim);
    if (!box) return { error: 'zero-size or outside the viewport' };
    const hit = hitAt(box.x, box.y);
    if (!reaches(hit, el) && !reaches(hit, aim)) return { error: 'covered', by: describe(hit) };
    return box;
  }

  // frameShown: an iframe worth reading or walking into (snap, read and
  // locators all ask here): seen, not a tracking pixel or a hidden ad
  // slot, and not parked off-screen where nothing in it can be reached.
  function frameShown(el) {
    const r = el.getBoundingClientRect();
    return r.width >= 20 && r.height >= 20 && el.checkVisibility(VIS_ALL) && !parkedOff(el, r);
  }

  // frameOrigin: the top-left of an iframe's content box (where its
  // document's viewport starts) in its parent's viewport.
  function frameOrigin(el) {
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    return { X: r.left + el.clientLeft + parseFloat(cs.paddingLeft), Y: r.top + el.clientTop + parseFloat(cs.paddingTop) };
  }

  // ---- secrets ----

  // SECRET_AUTOCOMPLETE: autocomplete tokens that say a field takes a
  // password or a one-time code, whatever its type.
  const SECRET_AUTOCOMPLETE = /(^|\s)(current-password|new-password|one-time-code)(\s|$)/i;

  // secretField: el holds a secret: tact marked it (a --secret fill, or
  // a field that was a password when tact typed into it), it is a
  // password field, or its autocomplete says password or one-time code.
  // Actions ask before they type as well as after: a page can turn a
  // password field into a text field on focus.
  function secretField(el) {
    const T = globalThis.__tact;
    if (T.secrets && T.secrets.has(el)) return true;
    const tag = el.localName;
    if (tag === 'input' && (el.type || '').toLowerCase() === 'password') return true;
    return (tag === 'input' || tag === 'textarea') && SECRET_AUTOCOMPLETE.test(el.getAttribute('autocomplete') || '');
  }

  // ---- roles ----

  // ---- action marks ----

  // actionMark is what an agent can do with el: 'click', 'type', 'check',
  // 'select', 'upload' or 'drag' (draggable=true). It is the snapshot's `action` field and what
  // every action checks before it touches the page. role is the walker's
  // role (an ARIA widget role, 'editable', or a tag-derived one).
  function actionMark(el, role) {
    const tag = el.localName;
    const type = tag === 'input' ? (el.type || 'text').toLowerCase() : '';
    let mark = 'click';
    if (tag === 'input') {
      if (type === 'checkbox' || type === 'radio') mark = 'check';
      else if (type === 'file') mark = 'upload';
      else if (MARK_TYPED.has(type)) mark = 'type';
    } else if (tag === 'textarea' || role === 'editable') mark = 'type';
    else if (tag === 'select') mark = 'select';
    if (role === 'textbox' || role === 'searchbox' || role === 'spinbutton') mark = 'type';
    else if (role === 'combobox') mark = tag === 'input' ? 'type' : tag === 'select' ? 'select' : 'click';
    else if (role === 'listbox') mark = 'select';
    else if (CHECK_ROLES.has(role)) mark = 'check';
    if (mark === 'click' && (el.getAttribute('draggable') === 'true' || role === 'draggable')) mark = 'drag';
    return mark;
  }
  const MARK_TYPED = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date',
    'datetime-local', 'month', 'week', 'time']);
  const CHECK_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

  // ---- file inputs behind stand-ins ----

  const isFile = (el) => el.localName === 'input' && (el.type || '').toLowerCase() === 'file';

  // fileFor: the hidden file input a person reaches through el: el's own
  // label's control, or the one file input near a button that opens it
  // (`<button onclick="file.click()">` beside `<input type=file hidden>`).
  // null when el is no such stand-in.
  function fileFor(el) {
    if (isFile(el)) return null;
    const l = el.closest && el.closest('label');
    if (l) return l.control && isFile(l.control) && !shown(l.control) ? l.control : null;
    const hiddenFile = (n) => n && isFile(n) && !shown(n) && !(n.labels && n.labels.length);
    if (hiddenFile(el.nextElementSibling)) return el.nextElementSibling;
    if (hiddenFile(el.previousElementSibling)) return el.previousElementSibling;
    let p = flatParent(el);
    for (let i = 0; p && i < 3; i++, p = flatParent(p)) {
      const fs = p.querySelectorAll('input[type=file]');
      if (fs.length > 1) return null;
      if (fs.length === 1) return shown(fs[0]) || (fs[0].labels && fs[0].labels.length) ? null : fs[0];
    }
    return null;
  }

  // fileStandIns maps each stand-in a person clicks to open a hidden file
  // input (a shown label of it, else the one button beside it) to that
  // input, for the walker: one pass per snap.
  function fileStandIns() {
    const m = new Map();
    for (const f of document.querySelectorAll('input[type=file]')) {
      if (shown(f) || customToggle(f)) continue;
      let found = null;
      for (const l of f.labels || []) if (shown(l)) { found = l; break; }
      for (let p = f.parentElement, i = 0; !found && p && i < 3; p = p.parentElement, i++) {
        const bs = [...p.querySelectorAll('button,[role=button],a,label')].filter((b) => shown(b) && fileFor(b) === f);
        if (bs.length === 1) found = bs[0];
        if (bs.length) break;
      }
      if (found) m.set(found, f);
    }
    return m;
  }

  // markOf: actionMark for any element, its role read from the DOM.
  function markOf(el) {
    let role = ((el.getAttribute('role') || '').trim().split(/\s+/)[0] || '').toLowerCase();
    if (!role && el.isContentEditable) role = 'editable';
    return actionMark(el, role);
  }

  // The walker's role → the ARIA role a locator may also use.
  function ariaRole(role, el) {
    if (role.startsWith('input:')) {
      switch (role.slice(6)) {
        case 'text': case 'email': case 'tel': case 'url': return 'textbox';
        case 'search': return 'searchbox';
        case 'number': return 'spinbutton';
        case 'range': return 'slider';
        case 'checkbox': return 'checkbox';
        case 'radio': return 'radio';
        case 'submit': case 'button': case 'reset': case 'image': return 'button';
      }
      return '';
    }
    switch (role) {
      case 'textarea': case 'editable': return 'textbox';
      case 'select': return el && (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    }
    return '';
  }

  // ---- sliders drawn without ARIA ----

  // handleSlider: el is the handle of a slider without ARIA (jQuery UI's
  // <span class="ui-slider-handle" tabindex=0> in a .ui-slider track): its
  // class names it a slider handle, or a handle in a track whose class
  // says slider. Returns {pos, vertical}, pos its place along the track
  // in percent (its inline left/bottom percentage when set: exact), or
  // null.
  function handleSlider(el) {
    const p = el.parentElement;
    if (!p || el.hasAttribute('role') || el.hasAttribute('aria-valuenow')) return null;
    const cls = el.getAttribute('class') || '';
    if (!/slider[-_]?handle|handle[-_]?slider/i.test(cls) &&
        !(/(^|[\s_-])handle($|[\s_-])/i.test(cls) && /slider|range/i.test(p.getAttribute('class') || ''))) return null;
    const t = p.getBoundingClientRect(), h = el.getBoundingClientRect();
    if (!t.width || !t.height) return null;
    const vertical = t.height > t.width;
    let pos = vertical ? (t.bottom - (h.top + h.bottom) / 2) / t.height : ((h.left + h.right) / 2 - t.left) / t.width;
    const inline = vertical ? el.style.bottom : el.style.left;
    if (inline && inline.endsWith('%')) pos = parseFloat(inline) / 100;
    return { pos: Math.round(Math.min(1, Math.max(0, pos)) * 1000) / 10, vertical };
  }

  __tact.point = point;
  __tact.frameShown = frameShown;
  // shownFrame is the document's index-th iframe that frameShown (read
  // and locators look for frames the way snap lists them).
  __tact.shownFrame = (i) => [...document.querySelectorAll('iframe, frame')].filter(frameShown)[i] || null;
  __tact.frameOrigin = frameOrigin;
  __tact.secretField = secretField;
  return {
    fold, flatParent, idrefText, labelText, hiddenWhy, rendered, visuallyHidden, parkedOff, shown, isToggle,
    customToggle, reachable, siblingLabel, namesControl, textBefore, columnHeader, rowHeader, generatedText, drawnText, point, frameShown, frameOrigin, ariaRole,
    actionMark, markOf, fileFor, fileStandIns, handleSlider, secretField, hitAt, describe,
  };
});
