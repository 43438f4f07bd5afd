// html.js: serializes what the browser shows of the page as plain HTML, for
// `tact read` in the daemon (Go): the main-content extractor and the
// markdown renderer (internal/read) both read it.
//
// Runs in tact's isolated world and never mutates the DOM. Defines
// __tact.readHTML(opts) returning {url, title, html}, or {error}. opts:
//   max: a cap in bytes; a page over it returns {tooBig: true} (the
//     daemon then reads all its visible text instead);
//   text: a cap on the text's characters: what is past it is left out
//     (a page's 50 MB text node must not travel to the daemon whole);
//   frames: same-origin iframes inlined, each in a <div data-tact-frame>
//     (the extractor reads them in place; the renderer leaves them to
//     the daemon, which reads every frame on its own);
//   focus: a CSS selector, or focusEl (this, for a resolved --focus
//     target): only the matches, each in a <div data-tact-root>;
//   lean: only what the renderer reads (no metadata in <head>, no image
//     sources, links' targets only with links: true);
//   loose: aria-hidden and visibility:hidden are not honoured, and html
//     is '' unless the page holds more than 2,000 characters of text
//     (read's second try, when the strict reading left almost nothing).
// A number for opts is max with frames. The output is
// the flat tree (open shadow roots in place of their host's children, slots
// replaced by what is assigned to them, same-origin iframes inlined) with
// everything a person cannot see left out: display:none, aria-hidden,
// visually-hidden and off-screen boxes, closed <details> bodies, text of
// visibility:hidden boxes, scripts, styles, svg and media. Only attributes
// an extractor scores or a reader needs are kept; URLs are absolute.
// What the renderer needs of the computed style is written in data-tact-*
// attributes (which no page attribute can forge: the page's data-*
// attributes are dropped):
//   data-tact-d="b"/"i": a box laid out as a block (or inline) where the
//     tag's default is the other (INLINE below, and read's render.go);
//   data-tact-ws: white-space keeps line breaks (pre-line, pre-wrap, …);
//   data-tact-value: a button input's value, a select's chosen option;
//   data-tact-tex: a formula's TeX (alttext, a TeX annotation);
//   data-tact-hidden: a line break or rule of a visibility:hidden box;
//   data-tact-layout: a table that lays out the page, not data (judged on
//     all its content, the hidden parts too);
//   data-tact-cookie: a consent banner (a dialog or a fixed box so named).
__tact.define('readhtml', ['dom'], (dom) => {
  const T = globalThis.__tact;

  const SKIP = new Set([
    'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link',
    'base', 'frame', 'frameset', 'object', 'embed', 'canvas', 'video', 'audio',
    'map', 'svg', 'datalist',
  ]);
  // Form controls are written empty: their presence tells an app screen
  // from an article; their values are not content.
  const VOID = new Set(['br', 'hr', 'img', 'wbr', 'input', 'select', 'textarea']);
  const KEEP = new Set(['id', 'class', 'role', 'lang', 'dir', 'colspan', 'rowspan', 'datetime', 'itemprop', 'rel', 'start', 'aria-level', 'data-lang']);
  // Tags whose default box is inline: a box laid out otherwise is marked
  // (data-tact-d). render.go holds the same list.
  const INLINE = new Set(('a abbr b bdi bdo big br button cite code data del dfn em font i img input ins kbd ' +
    'label mark math meter nobr output progress q rp rt ruby s samp select small span strike strong sub sup ' +
    'textarea time tt u var wbr').split(' '));
  const COOKIE = /cookie|consent|gdpr|onetrust|didomi|cookiebot|truste|privacy-?banner/i;
  const TEX_ALT = /^\{\\(?:display|text)style/;
  const PRE_WS = /^(pre|pre-wrap|break-spaces)$/;
  // <head> content the extractor reads metadata from.
  const META = /^(?:og:|article:|twitter:title|author$|description$|dc\.|citation_title)/i;
  const MAX_FRAME_DEPTH = 3;
  const MAX_OPEN = 400;

  const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  const esc = (s) => (/[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => ESC[c]) : s);
  const attr = (s) => (/[&<"]/.test(s) ? s.replace(/[&<"]/g, (c) => ESC[c]) : s);

  // Thrown when the output would pass its cap (TOO_BIG), or when the text
  // reached its cap (FULL: the rest is left out).
  const TOO_BIG = {};
  const FULL = {};

  class Writer {
    constructor(o) {
      this.out = [];
      this.left = o.max || Infinity;
      this.textLeft = o.text || Infinity;
      this.frames = !!o.frames;
      this.strict = !o.loose;
      this.lean = !!o.lean;
      this.hrefs = !o.lean || !!o.links;
      this.open = 0; // elements open around what is written
      this.inPre = 0; // <pre> elements among them
    }

    // take counts n bytes of output against the cap (markup estimated).
    take(n) {
      if ((this.left -= n) < 0) throw TOO_BIG;
    }

    // text writes a text node's data, within the caps.
    text(s) {
      this.take(s.length);
      if (s.length >= this.textLeft) {
        this.out.push(esc(s.slice(0, this.textLeft)));
        throw FULL;
      }
      this.textLeft -= s.length;
      this.out.push(esc(s));
    }

    head(doc) {
      const o = this.out;
      o.push('<head><title>', esc(doc.title || ''), '</title>');
      for (const m of doc.querySelectorAll('meta[property], meta[name], meta[itemprop]')) {
        const k = m.getAttribute('property') || m.getAttribute('name') || m.getAttribute('itemprop') || '';
        if (!META.test(k)) continue;
        o.push('<meta ', m.hasAttribute('property') ? 'property' : 'name', '="', attr(k), '" content="', attr(m.getAttribute('content') || ''), '">');
      }
      for (const s of doc.querySelectorAll('script[type="application/ld+json"]')) {
        o.push('<script type="application/ld+json">', (s.textContent || '').replace(/<\//g, '<\\/'), '</script>');
      }
      o.push('</head>');
    }

    // children writes the flat-tree children of el; shown says whether
    // el's own text is (its computed visibility is visible).
    *children(el, shown, depth) {
      if (el.localName === 'slot' && !el.shadowRoot) {
        const a = el.assignedNodes();
        if (a.length) {
          for (const n of a) yield this.node(n, shown, depth);
          return;
        }
      }
      // Text inline: a generator per text node would double the walk's cost.
      for (let n = (el.shadowRoot || el).firstChild; n; n = n.nextSibling) {
        if (n.nodeType === 1) yield this.element(n, depth);
        else if (n.nodeType === 3 && shown) this.text(n.data);
      }
    }

    *node(n, shown, depth) {
      if (n.nodeType === 1) yield this.element(n, depth);
      else if (n.nodeType === 3 && shown) this.text(n.data);
    }

    *element(el, depth) {
      const tag = el.localName;
      if (tag === 'iframe') {
        yield this.frame(el, depth);
        return;
      }
      if (SKIP.has(tag)) return;
      this.take(2 * tag.length + 5);
      let kept = '';
      for (const a of el.attributes) {
        const k = a.name;
        if (k === 'aria-hidden') {
          if (this.strict && a.value === 'true' && !(tag === 'img' && TEX_ALT.test(el.getAttribute('alt') || ''))) return;
        } else if (KEEP.has(k) && a.value !== '') {
          kept += ' ' + k + '="' + attr(a.value) + '"';
        }
      }
      const cs = getComputedStyle(el);
      const display = cs.display;
      if (display === 'none') return;
      if (display !== 'inline' && dom.visuallyHidden(el, cs)) return;
      const shown = !this.strict || cs.visibility === 'visible';
      // Custom elements become plain boxes the extractor knows; a block
      // laid out as preformatted text (white-space: pre/pre-wrap) with
      // line breaks is a <pre>, so it is read exactly. A focus root that
      // is the body (or html) is a box inside the one written around it.
      let name = tag.includes('-') || tag === 'body' || tag === 'html' ? (display.startsWith('inline') ? 'span' : 'div') : tag;
      const ws = cs.whiteSpace;
      if (!display.startsWith('inline') && tag !== 'textarea' && PRE_WS.test(ws) &&
          !(el.parentElement && el.parentElement.closest('pre')) && el.textContent.indexOf('\n') >= 0) name = 'pre';
      const o = this.out;
      // An HTML parser keeps at most 512 open elements (Go's x/net/html
      // fails past that): deeper boxes are written without their tags, a
      // block's content between line breaks.
      if (this.open >= MAX_OPEN && !VOID.has(tag)) {
        const block = !display.startsWith('inline');
        if (block) o.push('<br>');
        if (!block || cs.contentVisibility !== 'hidden') yield this.children(el, shown, depth);
        if (block) o.push('<br>');
        return;
      }
      o.push('<', name, kept);
      if ((display.startsWith('inline') || display === 'contents' || display === 'math' || display.startsWith('ruby')) !== INLINE.has(name)) {
        o.push(INLINE.has(name) ? ' data-tact-d="b"' : ' data-tact-d="i"');
      }
      // (A <pre>'s text is read as it is: no mark inside.)
      if (name !== 'pre' && !this.inPre && ws !== 'normal' && ws !== 'nowrap') o.push(' data-tact-ws');
      if (tag === 'input') {
        o.push(' type="', attr(el.type), '"');
        if (shown && /^(submit|button|reset)$/.test(el.type) && el.value) o.push(' data-tact-value="', attr(el.value), '"');
      } else if (tag === 'select') {
        if (shown && el.selectedOptions && el.selectedOptions.length) o.push(' data-tact-value="', attr(el.selectedOptions[0].text), '"');
      } else if (tag === 'table') {
        if (layoutTable(el)) o.push(' data-tact-layout');
      } else if (tag === 'hr' || tag === 'br') {
        if (!shown) o.push(' data-tact-hidden');
      } else if (tag === 'math') {
        // Its TeX source, when the page gives it, is what a reader wants
        // (the annotation holding it is not displayed).
        const ann = el.querySelector('annotation[encoding="application/x-tex"]');
        const tex = el.getAttribute('alttext') || (ann && ann.textContent) || '';
        if (shown && tex.trim()) o.push(' data-tact-tex="', attr(tex), '"');
      } else if (tag === 'ol') {
        if (el.reversed) o.push(' reversed');
      } else if (tag === 'li') {
        const v = el.getAttribute('value');
        if (v) o.push(' value="', attr(v), '"');
      }
      if ((COOKIE.test(el.id) || COOKIE.test(el.getAttribute('class') || '') || COOKIE.test(el.getAttribute('aria-label') || '')) &&
          (/^(alert)?dialog$/.test(el.getAttribute('role') || '') || el.getAttribute('aria-modal') === 'true' ||
           cs.position === 'fixed' || cs.position === 'sticky')) {
        o.push(' data-tact-cookie');
      }
      this.take(kept.length);
      if (tag === 'a' && this.hrefs && el.href && !el.href.startsWith('javascript:')) {
        this.take(el.href.length + 8);
        o.push(' href="', attr(el.href), '"');
      }
      if (tag === 'img') {
        if (!shown) {
          o.push('>');
          return;
        }
        const src = this.lean ? '' : el.currentSrc || el.src;
        if (src && !src.startsWith('data:')) o.push(' src="', attr(src), '"');
        const alt = el.getAttribute('alt');
        if (alt) o.push(' alt="', attr(alt), '"');
        const r = el.getBoundingClientRect();
        if (r.width && r.height) o.push(' width="', String(Math.round(r.width)), '" height="', String(Math.round(r.height)), '"');
      }
      o.push('>');
      if (name === 'pre') {
        const f = el.firstChild;
        if (f && f.nodeType === 3 && f.data[0] === '\n') o.push('\n');
      }
      if (VOID.has(tag)) {
        if (tag === 'select' || tag === 'textarea') o.push('</', tag, '>');
        // A textarea's text is read exactly, as a <pre> after it (never a
        // --secret fill's).
        // (A <pre> drops a line break right after its start tag: one more
        // keeps the value's own.)
        if (tag === 'textarea' && shown && el.value.trim() && !(T.secrets && T.secrets.has(el))) {
          this.take(el.value.length);
          o.push('<pre data-tact-field>', el.value[0] === '\n' ? '\n' : '', esc(el.value), '</pre>');
        }
        return;
      }
      this.open++;
      if (name === 'pre') this.inPre++;
      if (tag === 'details' && !el.open) {
        for (const c of el.children) {
          if (c.localName === 'summary') {
            yield this.element(c, depth);
            break;
          }
        }
      } else if (display.startsWith('inline') || cs.contentVisibility !== 'hidden') {
        yield this.children(el, shown, depth);
      }
      o.push('</', name, '>');
      this.open--;
      if (name === 'pre') this.inPre--;
    }

    // frame inlines a same-origin iframe's document; others are read
    // separately (or not at all) by the daemon.
    *frame(el, depth) {
      if (!this.frames || depth >= MAX_FRAME_DEPTH || !dom.rendered(el)) return;
      let doc;
      try {
        doc = el.contentDocument;
      } catch (e) {
        return;
      }
      if (!doc || !doc.body) return;
      const cs = getComputedStyle(el);
      if (cs.visibility !== 'visible' || dom.visuallyHidden(el, cs)) return;
      this.out.push('<div data-tact-frame>');
      yield this.children(doc.body, doc.defaultView.getComputedStyle(doc.body).visibility === 'visible', depth + 1);
      this.out.push('</div>');
    }
  }

  // layoutTable tells a table used for page layout from a table of data.
  function layoutTable(t) {
    const role = t.getAttribute('role');
    if (role === 'presentation' || role === 'none' || t.querySelector('table')) return true;
    let cells = 0;
    for (const r of t.rows) cells = Math.max(cells, r.cells.length);
    // Cells holding whole sections of a page mean layout.
    if (cells < 2 || t.querySelector('td h1, td h2, td h3, td ul, td ol, td pre, td blockquote, td p + p, td div div div')) return true;
    for (const c of t.querySelectorAll('td')) {
      if (c.textContent.length > 400) return true;
    }
    return false;
  }

  // roots are the --focus matches, minus matches nested inside an earlier
  // one (printed twice otherwise), or an {error}.
  function roots(o) {
    if (o.focusEl) return [o.focusEl];
    let found;
    try {
      found = document.querySelectorAll(o.focus);
    } catch (e) {
      return { error: 'invalid --focus selector: ' + o.focus };
    }
    if (found.length === 0) return { error: 'no element matches --focus ' + o.focus };
    // Matches come in document order, so only the last kept match can
    // contain the next one.
    const out = [];
    for (const el of found) {
      if (!out.length || !out[out.length - 1].contains(el)) out.push(el);
    }
    return out;
  }

  T.readHTML = function (opts) {
    const o = typeof opts === 'object' && opts ? opts : { max: opts, frames: true };
    const doc = document;
    const result = (w) => ({ url: location.href, title: doc.title, html: w.out.join('') });
    let w;
    try {
      w = new Writer(o);
      const body = doc.body;
      if (o.loose) {
        // The second try is for text-rich pages only.
        const all = o.focus || o.focusEl ? roots(o) : [body || doc.documentElement];
        if (all.error || all.reduce((n, r) => n + (r.textContent || '').length, 0) <= 2000) return { url: location.href, title: doc.title, html: '' };
      }
      const root = doc.documentElement;
      w.out.push('<!doctype html><html');
      const lang = root.getAttribute('lang');
      if (lang) w.out.push(' lang="', attr(lang), '"');
      w.out.push('>');
      if (w.lean) w.out.push('<head><title>', esc(doc.title || ''), '</title></head>');
      else w.head(doc);
      if (o.focus || o.focusEl) {
        const rs = roots(o);
        if (rs.error) return rs;
        w.out.push('<body>');
        for (const r of rs) {
          w.out.push('<div data-tact-root>');
          T.run(w.element(r, 0));
          w.out.push('</div>');
        }
        w.out.push('</body>');
      } else if (body) {
        w.out.push('<body>');
        T.run(w.children(body, !w.strict || getComputedStyle(body).visibility === 'visible', 0));
        w.out.push('</body>');
      }
      w.out.push('</html>');
      return result(w);
    } catch (e) {
      if (e === FULL) return result(w);
      if (e === TOO_BIG) return { url: location.href, title: doc.title, tooBig: true };
      return { error: 'read failed: ' + (e && e.message ? e.message : String(e)) };
    }
  };
  return {};
});
