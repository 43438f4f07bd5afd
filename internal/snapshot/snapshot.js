// tact in-page walker. Evaluated in a CDP isolated world (one per frame): it
// shares the DOM with the page but none of its JS, so the ref maps below are
// invisible to page scripts and die with the document, which is exactly the
// staleness signal the Go side wants. It never writes to the DOM.
//
// T.snap(opts) walks the flat tree (open shadow roots, slots) once, in
// document order, and returns {url, title, nextRef, items}; see snapshot.go
// for the item shapes.
__tact.define('snapshot', ['dom'], (dom) => {
  'use strict';
  const T = globalThis.__tact;
  if (!T.refs) {
    T.refs = new Map(); // ref number -> Element
    T.refOf = new WeakMap(); // Element -> ref number
    T.maxRef = 0;
  }
  T.frames = T.frames || [];
  T.byRef = (n) => {
    const el = T.refs.get(n);
    return el && el.isConnected ? el : null;
  };

  // Subtrees that never hold visible page text or controls.
  const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base',
    'object', 'embed', 'canvas', 'audio', 'video', 'map', 'datalist', 'math']);
  // Tags that normally flow inline: text on either side of them belongs to
  // one run. Everything else ends a run (a cheap stand-in for the computed
  // display, which would cost a style lookup per node).
  const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font',
    'i', 'img', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u',
    'var', 'wbr', 'label', 'svg', 'slot', 'tt', 'big', 'nobr']);
  // ARIA roles that make an element something an agent can act on.
  const WIDGET = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'option', 'combobox', 'listbox', 'textbox', 'searchbox', 'slider', 'spinbutton',
    'treeitem', 'gridcell', 'columnheader', 'rowheader', 'scrollbar']);
  // Roles whose name is their text content (accname "name from content").
  const NO_CONTENT_NAME = new Set(['textbox', 'searchbox', 'combobox', 'listbox', 'slider', 'spinbutton',
    'editable', 'select', 'textarea', 'scrollbar']);
  const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date',
    'datetime-local', 'month', 'week', 'time', 'color', 'range']);
  const NAME_CAP = 80;
  // Tags drawn rather than written: snap --boxes lists them with a box.
  const DRAWN = new Set(['canvas', 'img', 'svg', 'video', 'object', 'embed']);
  // boxOf is a box as snap --boxes prints it: x,y,w,h in CSS pixels of
  // the frame's viewport.
  const boxOf = (r) => [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
  const DRAG_CLASS = /(^|\s)ui-(sortable-handle|draggable)(\s|$)/;
  // Folding (see snapshot.go, Folded): regions an agent rarely needs in full
  // (navigation, menus, headers, footers, sidebars, long link lists outside the main
  // content) are marked with {k:'r'} ... {k:'r>'} when they hold at least
  // FOLD_MIN elements; a table of more than TABLE_FOLD rows marks the rows
  // after its first TABLE_KEEP; a <pre> is marked {k:'c'} ... {k:'c>'} with
  // its first line and line count. The walk itself is unchanged: Go decides
  // what to fold.
  const FOLD_MIN = 8;
  // Containers that are never a run of links themselves.
  const NOT_LINKS = new Set(['html', 'body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'select', 'form', 'main', 'article']);
  // Documentation in the main content (see docKind) folds from DOC_MIN links.
  const DOC_MIN = 3;
  const TABLE_FOLD = 8;
  const TABLE_KEEP = 5;
  const COLLECT_CAP = 400; // raw chars gathered for a name/heading before folding
  const FLOW_CAP = 100000; // raw chars of one run of flow text kept
  const { fold, idrefText, labelText } = dom;

  // "Login with Facebook Login with Facebook": a visible label plus a
  // screen-reader copy of it. Say it once.
  const undouble = (s) => {
    const h = s.length >> 1;
    return s.length > 2 && s[h] === ' ' && s.slice(0, h) === s.slice(h + 1) ? s.slice(0, h) : s;
  };
  const WORDY = /[\p{L}\p{N}]/u;
  const cap = (s, n) => (s.length > n ? s.slice(0, n - 1).trimEnd() + '…' : s);
  // Ids with long digit runs, colons or hex blobs are framework-generated and
  // change between renders: useless (and costly) for an agent to see.
  const stableId = (id) => id && id.length <= 40 && !/\d{4,}|:|^[0-9a-f-]{12,}$/i.test(id);

  // dialogName: a dialog's accessible name, or its first heading's text.
  function dialogName(el) {
    let n = el.hasAttribute('aria-labelledby') ? idrefText(el, 'aria-labelledby') : '';
    if (!n) n = fold(el.getAttribute('aria-label') || '');
    if (!n) {
      const h = el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
      if (h) n = fold(h.textContent || '');
    }
    if (!n && el.title) n = fold(el.title);
    return cap(n, NAME_CAP);
  }

  function hrefOf(el) {
    let h = el.href;
    if (h && typeof h !== 'string') h = el.getAttribute('href'); // SVG <a>: SVGAnimatedString
    if (!h || /^\s*javascript:/i.test(h)) return '';
    // el.href is already absolute; plain string tests are much cheaper than
    // new URL() per link.
    const o = location.origin;
    if (o !== 'null' && h.startsWith(o) && (h.length === o.length || '/?#'.includes(h[o.length]))) {
      const here = location.href.split('#')[0];
      const hash = h.indexOf('#');
      if (hash > 0 && h.slice(0, hash) === here) h = h.slice(hash);
      else h = h.slice(o.length) || '/';
    }
    // Long URLs are mostly tracking queries: keep the path, which is what
    // tells an agent where the link goes (it clicks by ref anyway).
    if (h.length > 80) {
      const q = h.search(/[?#]/);
      if (q > 0) h = h.slice(0, q) + '?…';
    }
    return cap(h, 100);
  }

  T.snap = function (opts) {
    opts = opts || {};
    const maxText = opts.maxText === undefined ? 1000 : opts.maxText; // flow text kept per section, chars
    let root = document.documentElement;
    let startInert = false;
    if (opts.focus || opts.focusEl) {
      // focusEl: a --focus target (ref or locator) the daemon resolved.
      try {
        root = opts.focusEl || document.querySelector(opts.focus);
      } catch (e) {
        return { error: 'invalid focus selector ' + JSON.stringify(opts.focus) + ': ' + e.message };
      }
      if (!root) return { error: 'focus selector ' + JSON.stringify(opts.focus) + ' matched nothing' };
      if (root.parentElement && root.parentElement.closest('[aria-hidden="true"]')) {
        return { error: '--focus ' + (opts.focus ? JSON.stringify(opts.focus) : 'target') + ' is inside aria-hidden content' };
      }
      startInert = !!root.closest('[inert]');
    }
    if (!root) return { url: location.href, title: document.title, nextRef: opts.nextRef || 1, items: [] };

    const vw = innerWidth, vh = innerHeight;
    const items = []; // output; entries may become null (dropped) and are filtered at the end
    const recs = []; // per element item: {el, item, role, tag, frame, col}
    const focused = root !== document.documentElement;
    const hasMain = !focused && !!document.querySelector('main,[role=main],article,[role=article]');
    const regions = []; // fold regions kept: {el, item}
    let region = null; // the open fold region: {el, item, at, from, bad, text}
    let table = null; // the long table being walked: {el, open}
    let inMain = 0; // >0: inside main or an article: never a region
    let inKeep = 0; // >0: inside a form or a dialog: never folded at all
    let headingTexts = null; // see sectionLink
    // A --focus on a documentation section's handle shows all of it: the
    // fold line promised its links one --focus away.
    const whole = focused && docKind(root, root.localName, (root.getAttribute('role') || '').trim().toLowerCase()) === 'doc';
    T.frames = [];
    const dialogs = []; // open dialogs met: {el, item}
    const rowItems = new Map(); // parent -> its children that are a row of items (splitItem)
    const drawn = []; // --boxes: drawn regions met outside controls: {el, item}
    standIns = dom.fileStandIns();
    standInFiles = new Set(standIns.values());
    labelMap = null;
    shadowLabels = [];

    // Walk state, saved/restored around recursion instead of allocating a
    // context object per node.
    let buf = ''; // pending flow text of the current block-ish run
    let plainBuf = ''; // the part of buf outside inline links
    let inLink = 0; // >0: inside a link whose text stays in the flow (see actionable)
    let secText = 0; // flow chars emitted since the last heading
    let muted = 0; // >0: inside an actionable element, heading or label: text is a name, not content
    let inAct = 0; // >0: inside an actionable element (JS-clickables fold into it)
    const tents = []; // open tentative containers (pointer regions, script-clickables): their recs
    let up = null; // the innermost open element record
    let inert = startInert;
    const cols = []; // active name/heading collectors: {s, alt}
    let frame = null; // innermost repeated-item frame: {gid, idx, up, n}
    let gseq = 0;

    const flush = () => {
      if (!buf) return;
      const t = fold(buf);
      const plain = plainBuf === buf ? t : fold(plainBuf);
      buf = plainBuf = '';
      // A run that is mostly link text (a menu, "Author in Publication",
      // a list of tags) says little the element lines do not; separators
      // alone say nothing.
      if (!t || !WORDY.test(plain) || plain.length * 10 < t.length * 3) return;
      // A region's text has its own cap, so a footer does not use up the
      // text of the section around it.
      if (maxText && (region ? region.text : secText) >= maxText) return;
      if (region) region.text += t.length;
      else secText += t.length;
      items.push({ k: 't', text: t });
    };
    const addText = (s) => {
      // A page's 50 MB text node: a section's text and a name are capped
      // when printed, so only its start is worth keeping.
      if (s.length > FLOW_CAP) s = s.slice(0, FLOW_CAP);
      // An element's name is its own text: text inside an element nested
      // in it is that element's name, kept apart as a fallback (inner).
      let innerEl = true;
      for (let i = cols.length - 1; i >= 0; i--) {
        const c = cols[i];
        if (c.el && !innerEl) {
          if (c.inner.length < COLLECT_CAP) c.inner += s;
          continue;
        }
        if (c.s.length < COLLECT_CAP) c.s += s;
        if (c.el) innerEl = false;
      }
      if (!muted && buf.length < FLOW_CAP) {
        buf += s;
        if (!inLink) plainBuf += s;
      }
    };
    const addAlt = (s) => {
      for (let i = 0; i < cols.length; i++) if (!cols[i].alt) cols[i].alt = s;
    };

    // Is el rendered with a non-empty box? Inline links around block children
    // report their fragments, so one non-empty client rect is enough.
    const hasBox = (el) => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 || r.height > 0) return r;
      return null;
    };

    // onCanvas: el has a box that is not pushed off the page's sides or top
    // (an off-canvas menu marked role=dialog is not an open dialog).
    const onCanvas = (el) => {
      const r = hasBox(el);
      return !!r && r.right > 0 && r.left < vw && r.bottom + scrollY > 0;
    };

    // Visit one element. parentPointer: the parent's computed cursor is
    // pointer (cursor is inherited, so only the root of a pointer region counts).
    function* visit(el, parentPointer, parentHidden) {
      const tag = el.localName;
      if (SKIP.has(tag)) {
        // A canvas or video has no text to walk, only its box to list.
        if (opts.boxes && DRAWN.has(tag) && !inAct && !parentHidden && !dom.hiddenWhy(el)) drawnRegion(el, tag);
        return;
      }
      if (el.getAttribute('aria-hidden') === 'true') return;

      // Visibility (dom.hiddenWhy): prune subtrees nobody sees, but keep
      // walking under visibility:hidden (children may be visible again)
      // and display:contents (children render). A checkbox/radio hidden
      // behind a styled stand-in is still the control a person uses.
      let hidden = false;
      const why = dom.hiddenWhy(el);
      let custom = false;
      if (why && tag === 'input' && dom.customToggle(el)) custom = true;
      else if (why === 'none' || why === 'opacity') return;
      else if (why === 'hidden') hidden = true;

      if (tag === 'iframe' || tag === 'frame') {
        if (!hidden && dom.frameShown(el)) {
          flush();
          items.push({ k: 'f', index: T.frames.length });
          T.frames.push(el);
        }
        return;
      }

      const roleAttr = el.getAttribute('role');
      const role0 = roleAttr ? roleAttr.trim().split(/\s+/)[0].toLowerCase() : '';

      // An open dialog (modal or not) is a section of its own that the
      // page model puts first: {k:'d'} ... {k:'d>'} around its content.
      if (!hidden && !inAct && (role0 === 'dialog' || role0 === 'alertdialog' || (tag === 'dialog' && el.open)) && onCanvas(el)) {
        flush();
        const d = { k: 'd', ref: 0, role: role0 === 'alertdialog' ? 'alertdialog' : 'dialog', name: dialogName(el) };
        dialogs.push({ el, item: d });
        items.push(d);
        const savedText = secText;
        secText = 0;
        yield visit2(el, tag, role0, hidden, false, parentPointer);
        flush();
        secText = savedText;
        items.push({ k: 'd>' });
        return;
      }
      yield visit2(el, tag, role0, hidden, custom, parentPointer);
    }

    // visit2 is visit after the visibility, frame and dialog checks.
    function* visit2(el, tag, role0, hidden, custom, parentPointer) {
      // Headings (not inside actionable elements: there they are just name text).
      if (!inAct && !hidden && (role0 === 'heading' || (!role0 && tag.length === 2 && tag[0] === 'h' && tag[1] >= '1' && tag[1] <= '6'))) {
        flush();
        let level = role0 === 'heading' ? parseInt(el.getAttribute('aria-level'), 10) || 2 : +tag[1];
        if (level < 1) level = 1;
        if (level > 6) level = 6;
        const h = { k: 'h', level, text: '' };
        const at = items.length;
        items.push(h);
        const col = { s: '', alt: '' };
        cols.push(col);
        muted++;
        yield children(el, false, hidden);
        muted--;
        cols.pop();
        const text = cap(fold(col.s) || col.alt || el.getAttribute('aria-label') || '', 150);
        if (text) {
          h.text = text;
          secText = 0;
        } else items[at] = null;
        return;
      }

      // Is it actionable? kind: 'native' | 'role' | 'js' (onclick/tabindex/editable) | 'pointer' (tentative)
      let kind = '';
      let role = '';
      // A dialog is a section, never a control itself (tabindex=0 or a
      // pointer cursor on it says nothing).
      const dlg = role0 === 'dialog' || role0 === 'alertdialog' || tag === 'dialog';
      if (!hidden && !inert && !el.inert && !dlg) {
        if (WIDGET.has(role0)) {
          kind = 'role';
          role = role0;
        }
        switch (tag) {
          case 'a':
          case 'area':
            if (el.hasAttribute('href')) { kind = kind || 'native'; role = role || 'link'; }
            break;
          case 'button':
            kind = kind || 'native'; role = role || 'button';
            break;
          case 'input': {
            const type = (el.type || 'text').toLowerCase();
            if (type === 'file' && standInFiles.has(el)) return; // listed as its stand-in
            if (type !== 'hidden') { kind = kind || 'native'; role = role || 'input:' + type; }
            break;
          }
          case 'select':
          case 'textarea':
            kind = kind || 'native'; role = role || tag;
            break;
          case 'summary':
            if (el.parentElement && el.parentElement.localName === 'details') { kind = kind || 'native'; role = role || 'summary'; }
            break;
        }
        if (!kind && el.hasAttribute('contenteditable') && el.isContentEditable &&
            !(el.parentElement && el.parentElement.isContentEditable)) {
          kind = 'js'; role = 'editable';
        }
        // A label or button a person clicks to open a hidden file input
        // is that input, and a draggable card is something to drag.
        if (!kind && (standIns.has(el) || (!inAct && el.getAttribute('draggable') === 'true'))) {
          kind = 'js'; role = standIns.has(el) ? 'button' : 'draggable';
        }
        // JS-clickable generic elements fold into an actionable ancestor.
        if (!kind && !inAct && tag !== 'html' && tag !== 'body') {
          const ti = el.getAttribute('tabindex');
          if (el.hasAttribute('onclick') || (ti !== null && parseInt(ti, 10) >= 0) || listened(el)) {
            kind = 'js'; role = 'clickable';
            if (dom.handleSlider(el)) { kind = 'role'; role = 'slider'; }
          }
        }
      }

      // Cursor: needed for pointer-root detection and for our children.
      // Inside an actionable element nothing can become a pointer root, so
      // skip the style lookup there (most nodes of a big table).
      let pointer = false;
      let split = false;
      if (!inAct) {
        const cur = getComputedStyle(el).cursor;
        pointer = cur === 'pointer';
        // Something to drag: a grab or move cursor of its own (not one
        // inherited), or the class drag libraries mark their items with
        // (jQuery UI's sortable items and draggables).
        if (!kind && !hidden && !inert && !el.inert && tag !== 'html' && tag !== 'body' &&
            (DRAG_CLASS.test(el.getAttribute('class') || '') || ((cur === 'grab' || cur === 'move') &&
              !(el.parentElement && getComputedStyle(el.parentElement).cursor === cur)))) {
          kind = 'js'; role = 'draggable';
        }
        // A label names (and hands its clicks to) a control listed itself.
        // Words styled as clickable inside a script-clickable are part of
        // its name ("Onclick div <span>nested pointer</span>"); blocks
        // there (an autocomplete's options) are items of their own.
        const inJS = tents.length && tents[tents.length - 1].kind === 'js' && INLINE.has(tag);
        if (pointer && !parentPointer && !kind && !dlg && !hidden && !inert && !el.inert && tag !== 'html' && tag !== 'body' &&
            !inJS && !(tag === 'label' && dom.namesControl(el))) {
          kind = 'pointer'; role = 'clickable';
        }
        // Inside a container that may be a control (a pointer region, a
        // script-clickable), the items a person tells apart are each a
        // control: list items, a row of same-tag siblings (Reply and
        // Forward under one delegated handler).
        if (!kind && tents.length && !hidden && !inert && !el.inert &&
            (pointer || tents[tents.length - 1].kind === 'js') && splitItem(el, tag)) {
          kind = 'pointer'; role = 'clickable'; split = true;
        }
      }

      let box = null;
      if (kind) {
        box = custom || hasBox(el);
        // Parked where no scrolling reaches (left: -9999px): nothing a
        // person or a click can get to.
        if (box && !custom && dom.parkedOff(el, box)) return;
        if (!box) {
          // Zero-size control: its content is clipped away too, unless it is
          // a display:contents wrapper whose children render on their own.
          if (getComputedStyle(el).display !== 'contents') return;
          kind = '';
        } else if ((kind === 'pointer' || (kind === 'js' && role === 'clickable')) && box &&
                 box.width >= vw * 0.9 && box.height >= vh * 0.9) {
          kind = ''; // page-sized wrapper: event delegation, not a control
        }
      }

      // inert content stays readable but nothing in it can be acted on.
      const wasInert = inert;
      if (el.inert) inert = true;
      const main = tag === 'main' || tag === 'article' || role0 === 'main' || role0 === 'article';
      const keep = tag === 'form' || tag === 'dialog' || role0 === 'dialog' || role0 === 'alertdialog' ||
        role0 === 'search' || el.getAttribute('aria-modal') === 'true';
      // A dialog is never folded; a form in a region stays out of its fold
      // (its elements are marked keep).
      if (keep && region && tag !== 'form' && role0 !== 'search') region.bad = true;
      if (main) inMain++;
      if (keep) inKeep++;
      if (tag === 'tr' && table && !table.open && !region && !whole && el.rowIndex >= TABLE_KEEP &&
          (el.parentElement === table.el || el.parentElement.parentElement === table.el)) openRows(el);
      if (kind) yield actionable(el, tag, kind, role, pointer, hidden, split);
      else if (hidden || region || el === root || inKeep) yield plain(el, tag, pointer, hidden);
      else {
        const rk = regionKind(el, tag, role0, main);
        if (rk) yield foldRegion(el, tag, pointer, rk);
        else if (tag === 'table' && el.rows.length > TABLE_FOLD) {
          const saved = table;
          table = { el, open: null };
          yield plain(el, tag, pointer, hidden);
          if (table.open) closeRegion(table.open);
          table = saved;
        } else yield plain(el, tag, pointer, hidden);
      }
      if (main) inMain--;
      if (keep) inKeep--;
      inert = wasInert;
    }

    // regionKind: what kind of fold region el is, or ''.
    function regionKind(el, tag, role0, main) {
      if (focused || main) return '';
      if (inMain) return docKind(el, tag, role0);
      if (role0 === 'navigation' || (tag === 'nav' && !role0)) return 'navigation';
      if (role0 === 'menu' || role0 === 'menubar') return 'menu';
      if (role0 === 'contentinfo' || (tag === 'footer' && !role0)) return 'footer';
      if (role0 === 'complementary' || (tag === 'aside' && !role0)) return 'sidebar';
      if (role0 === 'banner' || (tag === 'header' && !role0)) return 'header';
      // A long run of links outside the main content: any block (a list, a
      // menu of lists) that is nothing but links.
      if (el.childElementCount >= 2 && !INLINE.has(tag) && !NOT_LINKS.has(tag) && linkRun(el)) return 'links';
      return '';
    }

    // docKind: in the main content, what only documents: a table of
    // contents (a nav whose links jump to this page's sections) or a
    // section (a heading first, no other heading) whose only controls are
    // links that go elsewhere (specs, related pages). Their links fold
    // behind one --focus; a documentation section keeps its heading and
    // summary. A card (a linked heading) or a "#" link (a script's
    // button, a pager) is never documentation. Go folds them only on long
    // documents (see render).
    function docKind(el, tag, role0) {
      const nav = role0 === 'navigation' || (tag === 'nav' && !role0);
      const first = el.firstElementChild;
      const headed = !nav && first && /^h[1-6]$/.test(first.localName) && !first.querySelector('a') &&
        el.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]').length === 1;
      if (!nav && !headed) return '';
      if (el.querySelector('input,select,textarea,button,[role],[tabindex],[contenteditable],[onclick],form,dialog,details,iframe')) return '';
      const links = el.getElementsByTagName('a');
      if (links.length < DOC_MIN) return '';
      for (const a of links) {
        const h = (a.getAttribute('href') || '').trim();
        if (nav ? !sectionLink(a, h) : !h || h === '#' || /^javascript:/i.test(h)) return '';
      }
      return nav ? 'contents' : 'doc';
    }

    // sectionLink: a link to a part of this page (an existing id, or "#"
    // named as one of its headings).
    function sectionLink(a, h) {
      if (!h.startsWith('#')) return false;
      if (h.length > 1) {
        try { return !!document.getElementById(decodeURIComponent(h.slice(1))); } catch (e) { return false; }
      }
      if (!headingTexts) {
        headingTexts = new Set();
        for (const x of document.querySelectorAll('h1,h2,h3,h4,h5,h6')) headingTexts.add(fold(x.textContent));
      }
      return headingTexts.has(fold(a.textContent));
    }

    // linkRun: el holds FOLD_MIN+ links, no other control, and little text
    // besides the links' (checked before the walk, so a wrapper that fails
    // leaves its own lists to be found).
    function linkRun(el) {
      if (el.querySelector('input,select,textarea,button,[role=button],[contenteditable],h1,h2,h3,h4,h5,h6,p,pre,table,main,article,form')) return false;
      const links = el.getElementsByTagName('a');
      if (links.length < FOLD_MIN || links.length > 2000) return false;
      // Words only: markup indentation is whitespace.
      const size = (n) => n.textContent.replace(/\s+/g, '').length;
      let inLinks = 0;
      for (const a of links) inLinks += size(a);
      return inLinks * 10 >= size(el) * 6;
    }

    function* foldRegion(el, tag, pointer, kind) {
      flush();
      // Unlabelled (a footer), it takes the label of a navigation inside it.
      const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? el
        : el.querySelector('nav[aria-label],[role=navigation][aria-label]') || el;
      const name = fold(named.hasAttribute('aria-labelledby') ? idrefText(named, 'aria-labelledby') : named.getAttribute('aria-label') || '');
      const item = { k: 'r', ref: 0, role: kind, name: cap(name, 60), n: 0 };
      const reg = { el, item, at: items.length, from: recs.length, bad: false, text: 0 };
      items.push(item);
      region = reg;
      yield plain(el, tag, pointer, false);
      closeRegion(reg);
    }

    // openRows starts the fold of a long table's rows at row tr.
    function openRows(tr) {
      flush();
      const t = table.el;
      const item = { k: 'r', ref: 0, role: 'rows', name: '', n: t.rows.length - tr.rowIndex };
      const reg = { el: t, item, at: items.length, from: recs.length, bad: false, text: 0 };
      items.push(item);
      table.open = reg;
      region = reg;
    }

    // closeRegion keeps a region that is worth folding (and only holds
    // links and buttons), else drops its marker.
    function closeRegion(reg) {
      flush();
      region = null;
      let n = 0;
      let links = true;
      for (let i = reg.from; i < recs.length; i++) {
        const it = recs[i].item;
        if (!it) continue;
        n++;
        if (it.role !== 'link') links = false;
      }
      const rows = reg.item.role === 'rows';
      const doc = reg.item.role === 'doc' || reg.item.role === 'contents';
      if (reg.bad || (!rows && n < (doc ? DOC_MIN : FOLD_MIN)) || ((reg.item.role === 'links' || doc) && !links)) {
        items[reg.at] = null;
        return;
      }
      if (!rows) reg.item.n = n;
      items.push({ k: 'r>' });
      regions.push(reg);
    }

    // A non-actionable element: its text is page content (or part of an
    // enclosing element's name).
    function* plain(el, tag, pointer, hidden) {
      const block = !INLINE.has(tag);
      if (block) flush();
      if (block) sepCols();
      if (opts.boxes && !hidden && !inAct) drawnRegion(el, tag);
      if (tag === 'pre' && !hidden && !cols.length) {
        // A code listing: its first line and size, in a marker of its own.
        const src = el.textContent;
        const lines = src.replace(/\s+$/, '').split('\n');
        const first = lines.find((l) => l.trim()) || '';
        items.push({ k: 'c', text: cap(first.trim(), 100), n: lines.length });
        yield children(el, pointer, hidden);
        flush();
        items.push({ k: 'c>' });
      } else if (tag === 'img') {
        if (el.alt) addAlt(el.alt);
      } else if (tag === 'svg') {
        if (cols.length) {
          const t = el.getAttribute('aria-label') || (el.querySelector('title') || {}).textContent;
          if (t) addAlt(t);
        }
      } else if (tag === 'label' && el.control) {
        if (el.getRootNode() !== document) shadowLabels.push(el);
        // The label's text is its control's name: do not repeat it as content.
        muted++;
        yield children(el, pointer, hidden);
        muted--;
      } else {
        if (cols.length && el.hasAttribute('aria-label')) addAlt(el.getAttribute('aria-label'));
        yield children(el, pointer, hidden);
      }
      if (block) {
        flush();
        sepCols();
      }
    }

    // drawnRegion lists a canvas, image, svg, video or role=img region (a
    // board, a map, a chart) as a line of its own with its box (--boxes),
    // so an agent can aim at a point of it without a screenshot.
    function drawnRegion(el, tag) {
      const role = (el.getAttribute('role') || '').trim().toLowerCase();
      if (!DRAWN.has(tag) && role !== 'img' && role !== 'application') return;
      const r = el.getBoundingClientRect();
      // Icons (under 20 px) are decoration, or named by their control.
      const min = tag === 'canvas' || tag === 'video' ? 8 : 20;
      if (r.width < min || r.height < min) return;
      flush();
      const t = tag === 'svg' ? el.querySelector('title') : null;
      const name = fold(el.getAttribute('aria-label') || el.getAttribute('alt') || el.getAttribute('title') || (t ? t.textContent : ''));
      const item = { k: 'g', ref: 0, role: DRAWN.has(tag) ? tag : role, name: cap(name, NAME_CAP), tag, box: boxOf(r) };
      if (!name && stableId(el.id)) item.attrs = [['id', el.id]];
      items.push(item);
      drawn.push({ el, item });
    }

    // sepCols ends a word in the names being collected: blocks (list items,
    // divs) are separate words even when the markup has no space between
    // them ("Alexandria, LA (AEX)Lexington, …" otherwise).
    function sepCols() {
      for (let i = 0; i < cols.length; i++) {
        const c = cols[i];
        if (c.s && c.s[c.s.length - 1] !== ' ') c.s += ' ';
        if (c.inner && c.inner[c.inner.length - 1] !== ' ') c.inner += ' ';
      }
    }

    function* actionable(el, tag, kind, role, pointer, hidden, split) {
      // A link in running text keeps its words in the flow, so the
      // section's summary reads as a sentence instead of one with holes.
      const inline = kind === 'native' && tag === 'a';
      if (!inline) flush();
      const item = { k: 'e', ref: 0, role, name: '', tag, attrs: undefined, action: '', group: undefined };
      // A form's elements and any field are never folded away.
      if (region && (inKeep || tag === 'select' || tag === 'textarea' || role === 'editable' || role === 'textbox' ||
          role === 'searchbox' || role === 'combobox' || (tag === 'input' && TEXT_INPUTS.has((el.type || 'text').toLowerCase())))) {
        item.keep = true;
      }
      const at = items.length;
      items.push(item);
      if (!inline) sepCols();
      const rec = { el, item, role, tag, kind, frame, at, up, split: !!split, col: { s: '', alt: '', inner: '', el: true } };
      recs.push(rec);
      const nestedFrom = recs.length;
      cols.push(rec.col);
      // Tentative: a pointer region or a script-clickable (tabindex,
      // onclick) may be a control, or a container of the controls a
      // person clicks (a menu, an autocomplete list, a toolbar with
      // delegated handlers): walk it as content and decide after.
      const tentative = kind === 'pointer' || (kind === 'js' && role === 'clickable');
      if (inline) { inLink++; inAct++; }
      else if (!tentative) { muted++; inAct++; }
      else tents.push(rec);
      const savedUp = up;
      up = rec;
      if (tag !== 'select' && tag !== 'textarea' && tag !== 'svg') yield children(el, pointer, hidden);
      else if (tag === 'svg') {
        const t = el.getAttribute('aria-label') || (el.querySelector('title') || {}).textContent;
        if (t) rec.col.alt = t;
      }
      up = savedUp;
      if (inline) { inLink--; inAct--; }
      else if (!tentative) { muted--; inAct--; }
      else tents.pop();
      cols.pop();
      if (!inline) {
        flush();
        sepCols();
      }
      if (tentative) {
        // A container of controls is just styling around them: drop it
        // and keep its content. It stays a control itself when it has
        // words of its own beside items it was split into (a tree folder
        // "Truman" above its open subfolders) or, clickable by script,
        // beside any control (a card with its own Delete button);
        // otherwise its text and headings become its name.
        let nested = false, real = false;
        for (let i = nestedFrom; i < recs.length; i++) {
          if (!recs[i].item) continue;
          nested = true;
          if (!recs[i].split) real = true;
        }
        const own = nested && WORDY.test(rec.col.s);
        if (nested && !(own && (kind === 'js' || !real))) {
          items[at] = null;
          rec.item = null;
        } else {
          for (let i = at + 1; i < items.length; i++) if (items[i] && (items[i].k === 't' || items[i].k === 'h')) items[i] = null;
        }
      }
    }

    // splitItem: el is one item of the tentative container being walked:
    // a list item, or one of a row of same-tag siblings side by side that
    // each have words of their own, in a container that is not itself one
    // of a list's repeated rows (a row's columns are one control).
    function splitItem(el, tag) {
      if (tag === 'li') return true;
      const tent = tents[tents.length - 1];
      if (tent.frame && tent.frame.el === tent.el) return false;
      const p = el.parentElement;
      if (!p) return false;
      let set = rowItems.get(p);
      if (!set) {
        set = new Set();
        rowItems.set(p, set);
        let ownText = false;
        for (const n of p.childNodes) if (n.nodeType === 3 && WORDY.test(n.data)) ownText = true;
        const byTag = new Map();
        if (!ownText && p.childElementCount <= 20) {
          for (const c of p.children) {
            const a = byTag.get(c.localName);
            if (a) a.push(c);
            else byTag.set(c.localName, [c]);
          }
        }
        for (const [, a] of byTag) {
          if (a.length < 2 || !a.every((c) => WORDY.test(c.textContent) || c.hasAttribute('aria-label') || c.title)) continue;
          let top = -Infinity, bottom = Infinity;
          for (const c of a) {
            const b = c.getBoundingClientRect();
            if (!b.width || !b.height) { top = Infinity; break; }
            top = Math.max(top, b.top);
            bottom = Math.min(bottom, b.bottom);
          }
          if (top < bottom) for (const c of a) set.add(c);
        }
      }
      return set.has(el);
    }

    // Walk el's children in the flat tree: shadow root for hosts, assigned
    // nodes for slots. Repeated siblings (rows, list items, same tag+class)
    // each open a group frame so their controls can be rendered compactly.
    function* children(el, pointer, hidden) {
      let kids;
      if (el.shadowRoot) kids = el.shadowRoot.childNodes;
      else if (el.localName === 'slot') {
        kids = el.assignedNodes({ flatten: true });
        if (!kids.length) kids = el.childNodes;
      } else kids = el.childNodes;
      const n = kids.length;
      if (!n) return;
      let sigs = null;
      if (n >= 3) {
        let count = 0;
        for (let i = 0; i < n; i++) if (kids[i].nodeType === 1) count++;
        if (count >= 3) {
          sigs = new Map();
          for (let i = 0; i < n; i++) {
            const c = kids[i];
            if (c.nodeType !== 1) continue;
            const s = sigOf(c);
            if (s) sigs.set(s, (sigs.get(s) || 0) + 1);
          }
          for (const [s, v] of sigs) if (v < 3) sigs.delete(s);
          if (!sigs.size) sigs = null;
          else for (const [s] of sigs) sigs.set(s, { gid: 'g' + ++gseq, idx: 0 });
        }
      }
      for (let i = 0; i < n; i++) {
        const c = kids[i];
        const t = c.nodeType;
        if (t === 3) {
          if (!hidden) addText(c.data);
        } else if (t === 1) {
          const g = sigs && sigs.get(sigOf(c));
          if (g) {
            const saved = frame;
            frame = { gid: g.gid, idx: ++g.idx, up: saved, n: 0, el: c };
            yield visit(c, pointer, hidden);
            frame = saved;
          } else yield visit(c, pointer, hidden);
        }
      }
    }

    // Signature of a potential repeated item. Rows and list items group by
    // tag alone (zebra classes differ); cells are columns, never items.
    // Controls and inline tags are never items themselves: three sibling
    // inputs are a form, not a list.
    function sigOf(c) {
      const t = c.localName;
      if (t === 'tr' || t === 'li' || t === 'dt' || t === 'dd') return t;
      // Paragraphs are running text, not items of a list.
      if (t === 'p' || t === 'td' || t === 'th' || t === 'br' || t === 'hr' || INLINE.has(t) || SKIP.has(t) ||
          t === 'input' || t === 'button' || t === 'select' || t === 'textarea' || t === 'option') return '';
      return t + '.' + (c.getAttribute('class') || '');
    }

    const t0 = performance.now();
    if (root === document.documentElement) {
      if (document.body) T.run(children(root, false, false));
    } else {
      let pp = false;
      try { pp = !!root.parentElement && getComputedStyle(root.parentElement).cursor === 'pointer'; } catch (e) { /* detached */ }
      T.run(visit(root, pp, false));
    }
    flush();

    const t1 = performance.now();
    // Finish element records: names, attributes, groups, refs. Done after
    // the walk so dropped pointer regions cost nothing here.
    // filled: how many items of each repeated shape hold elements. A shape
    // only one of whose items has any (the page's one wrapper among empty
    // sibling divs) is no list, and its controls no rows.
    const filled = new Map();
    for (const r of recs) {
      if (!r.item) continue;
      for (let f = r.frame; f; f = f.up) if (f.n++ === 0) filled.set(f.gid, (filled.get(f.gid) || 0) + 1);
    }
    // opts.probe (locators): the element records only, no refs assigned.
    const probe = opts.probe ? [] : null;
    let next = Math.max(opts.nextRef || 1, T.maxRef + 1);
    // issue: el's ref, kept from an earlier snap or a new one.
    const issue = (el) => {
      let ref = T.refOf.get(el);
      if (!ref || T.refs.get(ref) !== el) {
        ref = next++;
        T.refOf.set(el, ref);
        T.refs.set(ref, el);
      }
      if (ref > T.maxRef) T.maxRef = ref;
      return ref;
    };
    for (const [n, el] of T.refs) if (!el.isConnected) T.refs.delete(n);
    for (const r of recs) if (r.item) finish(r);
    // An element inside another with the same name and action is one
    // thing to act on (a tab <li> around its <a>): list it once, as the
    // one with a real role (the inner one when the outer is a generic
    // clickable).
    for (const r of recs) {
      const o = r.up;
      if (!r.item || !o || !o.item || !r.item.name || r.item.name !== o.item.name || r.item.action !== o.item.action) continue;
      const drop = o.role === 'clickable' && r.role !== 'clickable' ? o : r;
      items[drop.at] = null;
      drop.item = null;
    }
    for (const r of recs) {
      const item = r.item;
      if (!item) continue;
      // Group: the outermost repeated item that is still small (a row, a
      // card), not a whole repeated page section.
      let g = null;
      for (let f = r.frame; f && f.n <= 8; f = f.up) if (filled.get(f.gid) > 1) g = f;
      if (g) {
        item.group = g.gid + ':' + g.idx;
        if (g.row === undefined) g.row = rowName(g.el);
        if (g.row && g.row !== item.name) item.row = g.row;
      }
      // A menu item's level: how many menus it is nested in below the bar.
      if (r.role.startsWith('menuitem')) {
        let d = 0;
        for (let p = r.el.parentElement; p; p = p.parentElement) if ((p.getAttribute('role') || '').trim() === 'menu') d++;
        if (d > 1 || (d === 1 && r.el.closest('[role=menubar]'))) item.depth = r.el.closest('[role=menubar]') ? d : d - 1;
      }
      if (probe) { probe.push({ el: r.el, item }); continue; }
      item.ref = issue(r.el);
    }
    // An open dialog answers role=dialog like an element (locators).
    if (probe) {
      for (const d of dialogs) probe.push({ el: d.el, item: { role: d.item.role, name: d.item.name, tag: d.el.localName, action: '' } });
      return { probe };
    }
    // Fold and dialog handles, numbered after the elements so those keep
    // their numbers.
    for (const reg of regions) reg.item.ref = issue(reg.el);
    findGrids(recs, items, issue);
    // --boxes: each element's box, and drawn regions' refs (so click @eN
    // aims at a board's centre) after the elements'.
    if (opts.boxes) {
      for (const r of recs) if (r.item) r.item.box = boxOf(r.el.getBoundingClientRect());
      for (const d of drawn) d.item.ref = issue(d.el);
    }
    for (const d of dialogs) d.item.ref = issue(d.el);
    const out = [];
    for (const it of items) if (it) out.push(it);
    // Where the time went, for benchmarks and --verbose.
    T.lastTiming = { walkMs: t1 - t0, finishMs: performance.now() - t1, items: out.length, elements: recs.length };
    return { url: location.href, title: document.title, nextRef: next, items: out };
  };

  // findGrids prints a board of cells (a 15x17 grid of divs that differ
  // only in colour, tic-tac-toe squares) as one grid item instead of a
  // line per cell: rows and columns by their boxes, each cell's state
  // (its short text, checked, or a letter for its colour, with a legend).
  // The cells keep their refs, which run row by row (a grid whose refs
  // do not, as after a cell was replaced, stays a list of lines).
  function findGrids(recs, items, issue) {
    // Links are left alone: a month of day links reads better as names.
    const cellOf = (r) => r.item && !r.split && r.role !== 'link' && r.item.name.length <= 3 && !/\s/.test(r.item.name);
    const byParent = new Map();
    for (const r of recs) {
      if (!cellOf(r) || !r.el.parentElement) continue;
      const p = r.el.parentElement;
      if (!byParent.has(p)) byParent.set(p, []);
      byParent.get(p).push(r);
    }
    // A row's parent holds one row; its parent holds the grid.
    const byRows = new Map();
    for (const [p, rs] of byParent) {
      if (grid(p, rs)) continue;
      const gp = p.parentElement;
      if (!gp) continue;
      if (!byRows.has(gp)) byRows.set(gp, []);
      byRows.get(gp).push(...rs);
    }
    for (const [gp, rs] of byRows) grid(gp, rs);

    function grid(box, rs) {
      const n = rs.length;
      if (n < 6) return false;
      const rects = rs.map((r) => r.el.getBoundingClientRect());
      const tops = [], lefts = [];
      const near = (list, v) => list.findIndex((x) => Math.abs(x - v) < 3);
      for (const b of rects) {
        if (!b.width || !b.height) return false;
        if (near(tops, b.top) < 0) tops.push(b.top);
        if (near(lefts, b.left) < 0) lefts.push(b.left);
      }
      const rows = tops.length, cols = lefts.length;
      if (rows < 2 || cols < 2 || rows * cols !== n) return false;
      tops.sort((a, b) => a - b);
      lefts.sort((a, b) => a - b);
      const first = rs[0].item.ref;
      let lo = Infinity, hi = -1;
      for (let i = 0; i < n; i++) {
        if (near(tops, rects[i].top) * cols + near(lefts, rects[i].left) !== i || rs[i].item.ref !== first + i) return false;
        lo = Math.min(lo, rs[i].at);
        hi = Math.max(hi, rs[i].at);
      }
      const mine = new Set(rs.map((r) => r.at));
      for (let i = lo; i <= hi; i++) if (items[i] && !mine.has(i)) return false;
      // States: the cell's text, checked, else a letter for how it looks
      // when the unnamed cells differ: its colour, and the classes not
      // every cell has (mark-x: an X drawn by CSS).
      const classes = rs.map((r) => (r.el.getAttribute('class') || '').split(/\s+/).filter(Boolean));
      const common = classes[0].filter((c) => classes.every((l) => l.includes(c)));
      const colours = new Map();
      const colour = rs.map((r, i) => (r.item.name ? '' : [cellColour(r.el), ...classes[i].filter((c) => !common.includes(c))].filter(Boolean).join(' ')));
      for (const c of colour) if (c && !colours.has(c)) colours.set(c, String.fromCharCode(97 + colours.size));
      const many = colours.size > 0 && colours.size <= 26 && new Set(colour).size > 1;
      const cells = [];
      for (let i = 0; i < n; i++) {
        const it = rs[i].item;
        const checked = (it.attrs || []).some((a) => a[0] === 'checked' || a[0] === 'pressed' || a[0] === 'selected');
        let st = it.name || (checked ? '✓' : many && colour[i] ? colours.get(colour[i]) : '.');
        if (it.name && checked) st += '✓';
        if (i % cols === 0) cells.push([]);
        cells[cells.length - 1].push(st);
        items[rs[i].at] = null;
      }
      const legend = many ? [...colours].map(([c, l]) => [l, c]) : undefined;
      const name = fold(box.getAttribute('aria-label') || '');
      items[lo] = { k: 'G', ref: issue(box), name: cap(name, NAME_CAP), rows, cols, first, cells, legend };
      for (const r of rs) r.item = null;
      return true;
    }
  }

  // rowName is what a person reads a repeated row by: its first words
  // outside its controls (the name cell of a table row, a card's title),
  // so `- @e79 "Edit" · @e80 "Delete"` says whose row it is.
  function rowName(el) {
    const w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (!WORDY.test(n.data)) continue;
      const p = n.parentElement;
      if (!p || p.closest('a,button,input,select,textarea,label,[role=button],[role=link],[role=checkbox],[role=menuitem]') ||
          !p.getClientRects().length) continue;
      return cap(fold(p.textContent), 40);
    }
    return '';
  }

  // cellColour is the colour a cell shows (its background, else its one
  // child's): a CSS name when it is one, else #rrggbb; '' for none.
  function cellColour(el) {
    for (let e = el, i = 0; e && i < 2; e = e.childElementCount === 1 ? e.firstElementChild : null, i++) {
      const m = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(getComputedStyle(e).backgroundColor);
      if (!m || m[4] === '0') continue;
      const hex = '#' + [m[1], m[2], m[3]].map((x) => (+x).toString(16).padStart(2, '0')).join('');
      return COLOUR_NAMES[hex] || hex;
    }
    return '';
  }
  // The colour names a task is likely to say ("click the grey box").
  const COLOUR_NAMES = {
    '#000000': 'black', '#ffffff': 'white', '#808080': 'grey', '#c0c0c0': 'silver', '#d3d3d3': 'lightgrey',
    '#a9a9a9': 'darkgrey', '#ff0000': 'red', '#800000': 'maroon', '#ffff00': 'yellow', '#808000': 'olive',
    '#00ff00': 'lime', '#008000': 'green', '#00ffff': 'cyan', '#008080': 'teal', '#0000ff': 'blue',
    '#000080': 'navy', '#ff00ff': 'magenta', '#800080': 'purple', '#ffa500': 'orange', '#ffc0cb': 'pink',
    '#a52a2a': 'brown', '#4b0082': 'indigo', '#ee82ee': 'violet', '#f5f5dc': 'beige', '#ffd700': 'gold',
  };

  // el.labels is avoided on purpose: Chromium answers it by scanning the
  // whole tree scope per element, uncached after any DOM change (1.3 s for
  // the 3,000-row table). One pass over the labels per snap is enough.
  let labelMap = null;
  function labelsOf(el) {
    if (!labelMap) {
      labelMap = new Map();
      const add = (l) => {
        const c = l.control;
        if (!c) return;
        const a = labelMap.get(c);
        if (a) a.push(l);
        else labelMap.set(c, [l]);
      };
      for (const l of document.getElementsByTagName('label')) add(l);
      for (const l of shadowLabels) add(l);
    }
    return labelMap.get(el);
  }
  let shadowLabels = [];
  let standIns = new Map(); // stand-in element -> the hidden file input it opens
  let standInFiles = new Set();

  // listened: el has a click or pointer listener of its own, as the
  // debugger told (Tab.markListeners; addEventListener is invisible to
  // scripts).
  const listened = (el) => !!globalThis.__tactListened && globalThis.__tactListened.has(el);

  // Inputs named by their own value or image, not by text around them.
  const NAMED_BY_VALUE = new Set(['submit', 'button', 'reset', 'image', 'hidden']);

  // Name, action and attributes of one actionable element.
  function finish(r) {
    const { el, item, role, tag } = r;
    const type = tag === 'input' ? (el.type || 'text').toLowerCase() : '';
    let name = el.hasAttribute('aria-labelledby') ? idrefText(el, 'aria-labelledby') : '';
    let from = '';
    if (!name) name = fold(el.getAttribute('aria-label') || '');
    if (!name && (tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'button') &&
        type !== 'submit' && type !== 'button' && type !== 'reset') {
      const ls = labelsOf(el);
      if (ls) {
        let s = '';
        for (const l of ls) s += ' ' + labelText(l);
        name = fold(s);
      }
    }
    const fromContent = !NO_CONTENT_NAME.has(role) && tag !== 'input' && tag !== 'select' && tag !== 'textarea';
    if (!name && fromContent) name = dom.drawnText(el) || fold(r.col.s) || fold(r.col.inner) || fold(r.col.alt || '');
    if (!name && type === 'image') name = fold(el.alt || '');
    if (!name && (type === 'checkbox' || type === 'radio')) name = dom.siblingLabel(el);
    if (!name && el.title) { name = fold(el.title); from = 'title'; }
    const ph = el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') || '';
    // An unlabelled field: the header of its table column, its
    // placeholder, else the text a person reads just before it (after the
    // placeholder, which text a page adds nearby cannot change).
    const field = (tag === 'input' || tag === 'select' || tag === 'textarea') && !NAMED_BY_VALUE.has(type);
    if (!name && field) name = dom.columnHeader(el) || dom.rowHeader(el);
    if (!name && ph) { name = fold(ph); from = 'placeholder'; }
    // Not for a radio or checkbox: the text before a group of them is the
    // group's question, and would give every choice the same name; an
    // unlabelled choice is named by its value ("1", "express").
    const choice = type === 'radio' || type === 'checkbox';
    if (!name && field && !choice) name = dom.textBefore(el);
    if (!name && choice && el.hasAttribute('value') && el.value !== 'on') name = fold(el.value);
    if (!name && (type === 'submit' || type === 'button' || type === 'reset')) {
      name = fold(el.value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : ''));
    }
    if (!name && (tag === 'input' || tag === 'select' || tag === 'textarea') && el.name) { name = el.name; from = 'nameattr'; }
    name = cap(undouble(name), NAME_CAP);
    item.name = name;

    item.action = standIns.has(el) ? 'upload' : dom.actionMark(el, role);

    // Attributes, in the documented order.
    const a = [];
    const aria = (k) => el.getAttribute(k);
    // Ids help agents write --focus selectors for controls; on links they
    // are mostly anchors and cost more than they tell.
    if (tag !== 'a' && tag !== 'area' && stableId(el.id)) a.push(['id', el.id]);
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) {
      const h = hrefOf(el);
      if (h) {
        a.push(['href', h]);
        // JSON gives the full address; text keeps the short one.
        const full = typeof el.href === 'string' ? el.href : '';
        if (full && full !== h) item.url = full.slice(0, 2048);
      }
    }
    if (ph && from !== 'placeholder' && fold(ph) !== name) a.push(['placeholder', cap(fold(ph), 80)]);
    let value = '', at = '';
    if (tag === 'input' && (TEXT_INPUTS.has(type))) value = type === 'password' ? (el.value ? '***' : '') : el.value;
    else if (tag === 'textarea') value = el.value;
    else if (tag === 'select') {
      const sel = [];
      for (const o of el.selectedOptions) sel.push(fold(o.label || o.textContent));
      value = sel.join(', ');
    } else if (role === 'editable') value = fold(el.textContent || '');
    else if (role === 'slider' || role === 'spinbutton' || role === 'combobox' || role === 'textbox' || role === 'searchbox') {
      value = aria('aria-valuetext') || aria('aria-valuenow') || (tag === 'input' ? el.value : '') || '';
      // Without ARIA the page states no value (the number it shows may be
      // anything): the handle's place along its track, as a place.
      const h = !value && role === 'slider' && !el.hasAttribute('role') && dom.handleSlider(el);
      if (h) at = h.pos + '%';
    }
    // What a text field holds is shown as it is (its newlines and edge
    // spaces quoted, not folded away): an agent copies and checks it.
    const typed = tag === 'textarea' || (tag === 'input' && TEXT_INPUTS.has(type));
    value = typed && /\S/.test(value || '') ? value : fold(value || '');
    if (value && dom.secretField(el)) value = '***'; // a password by type or autocomplete, or filled as a secret
    // A field's value is shown whole up to VALUE_CAP (a long textarea
    // is what the agent came to read or fix); valuelen says it was cut.
    if (value && value !== name) {
      a.push(['value', cap(value, VALUE_CAP)]);
      if (value.length > VALUE_CAP) a.push(['valuelen', String(value.length)]);
    }
    if (at) a.push(['at', at]);
    const checked = aria('aria-checked');
    if (tag === 'input' && (type === 'checkbox' || type === 'radio')) {
      if (el.indeterminate) a.push(['checked', 'mixed']);
      else if (el.checked) a.push(['checked', '']);
    } else if (checked === 'true') a.push(['checked', '']);
    else if (checked === 'mixed') a.push(['checked', 'mixed']);
    if (aria('aria-pressed') === 'true') a.push(['pressed', '']);
    const formy = tag === 'button' || tag === 'input' || tag === 'select' || tag === 'textarea';
    if ((formy && el.matches(':disabled')) || aria('aria-disabled') === 'true') a.push(['disabled', '']);
    const exp = aria('aria-expanded');
    if (exp === 'true') a.push(['expanded', '']);
    else if (exp === 'false') a.push(['collapsed', '']);
    else if (tag === 'summary') a.push([el.parentElement.open ? 'expanded' : 'collapsed', '']);
    if (aria('aria-selected') === 'true') a.push(['selected', '']);
    // aria-current: the current page/step/date of a set (a nav link, a
    // breadcrumb); "true" says only that.
    const cur = aria('aria-current');
    if (cur && cur !== 'false') a.push(['current', cur === 'true' ? '' : cur]);
    if ((formy && el.required) || aria('aria-required') === 'true') a.push(['required', '']);
    if (((tag === 'input' || tag === 'textarea') && el.readOnly) || aria('aria-readonly') === 'true') a.push(['readonly', '']);
    let desc = el.hasAttribute('aria-describedby') ? idrefText(el, 'aria-describedby') : '';
    // A link's title is mostly a tooltip repeating its text or SEO filler.
    if (!desc && el.title && from !== 'title' && tag !== 'a' && tag !== 'area') desc = fold(el.title);
    if (desc && desc !== name) a.push(['desc', cap(desc, 100)]);
    const pop = aria('aria-haspopup');
    if (pop && pop !== 'false') a.push(['popup', pop === 'true' ? '' : pop]);
    if (tag === 'select') {
      // The choices, briefly: the agent needs them to call select.
      const opts = [];
      let len = 0;
      const all = el.options;
      for (let i = 0; i < all.length; i++) {
        const t = fold(all[i].label || all[i].textContent || '');
        if (!t) continue;
        if (len + t.length > 100) { opts.push('…+' + (all.length - i)); break; }
        opts.push(t);
        len += t.length + 1;
      }
      if (opts.length) a.push(['options', opts.join('|')]);
    }
    if (standIns.has(el)) a.push(['upload', '']);
    // Nothing names it (an icon drawn by CSS): what the page calls it,
    // as it is, not a guessed name: its class, and the icon's file.
    if (!name && !value && !at && !a.some((x) => x[0] === 'id')) {
      const cls = fold((el.getAttribute('class') || '').split(/\s+/).filter((c) => c && !/\d{4,}|^[0-9a-f-]{12,}$/i.test(c)).join(' '));
      if (cls) a.push(['class', cap(cls, 40)]);
      // A box told apart by its colour alone ("click the grey box").
      const c = cellColour(el);
      if (c) a.push(['color', c]);
      const icon = iconFile(el) || (el.childElementCount === 1 ? iconFile(el.firstElementChild) : '');
      if (icon) a.push(['icon', icon]);
    }
    if (a.length) item.attrs = a;
  }

  // iconFile: the file name of the image CSS draws as el (content: url()
  // or a background image), or ''.
  function iconFile(el) {
    const cs = getComputedStyle(el);
    for (const v of [cs.content, cs.backgroundImage]) {
      const m = /url\("?([^")]*)"?\)/.exec(v || '');
      if (!m || m[1].startsWith('data:')) continue;
      const f = m[1].split(/[?#]/)[0].split('/').pop() || '';
      try { return cap(decodeURIComponent(f), 40); } catch (e) { return cap(f, 40); }
    }
    return '';
  }
  const VALUE_CAP = 600;

  // probe: the walker's element records ({el, item}, no refs assigned),
  // for locators: role= means exactly what snap prints.
  function probe() {
    const frames = T.frames;
    const r = T.snap({ probe: true, maxText: 1 });
    T.frames = frames;
    return r.probe || [];
  }
  // refOf: the ref a snap issued for el in this document, or 0.
  function refOf(el) {
    const n = T.refOf.get(el);
    return n && T.refs.get(n) === el ? n : 0;
  }
  // liveRefs: [ref, element] of every issued ref still in the document.
  function liveRefs() {
    const out = [];
    for (const [n, el] of T.refs) if (el.isConnected) out.push([n, el]);
    return out;
  }
  T.refFor = refOf;
  return { probe, refOf, liveRefs };
});
