// html.js: serializes what the browser shows of the page as plain HTML, for
// the main-content extractor that runs in the daemon (Go).
//
// Runs in tact's isolated world and never mutates the DOM. Defines
// __tact.readHTML(max) returning {url, title, html}, {tooBig: true} when
// the page would serialize to more than max bytes (the daemon then reads
// all its visible text instead), or {error}. The output is
// the flat tree (open shadow roots in place of their host's children, slots
// replaced by what is assigned to them, same-origin iframes inlined) with
// everything a person cannot see left out: display:none, aria-hidden,
// visually-hidden and off-screen boxes, closed <details> bodies, text of
// visibility:hidden boxes, scripts, styles, svg and media. Only attributes
// an extractor scores or a reader needs are kept; URLs are absolute.
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
  const KEEP = new Set(['id', 'class', 'role', 'lang', 'dir', 'colspan', 'rowspan', 'datetime', 'itemprop', 'rel', 'start', 'aria-level']);
  const TEX_ALT = /^\{\\(?:display|text)style/;
  const PRE_WS = /^(pre|pre-wrap|break-spaces)$/;
  // <head> content the extractor reads metadata from.
  const META = /^(?:og:|article:|twitter:title|author$|description$|dc\.|citation_title)/i;
  const MAX_FRAME_DEPTH = 3;

  const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  const esc = (s) => (/[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => ESC[c]) : s);
  const attr = (s) => (/[&<"]/.test(s) ? s.replace(/[&<"]/g, (c) => ESC[c]) : s);

  // Thrown when the output would pass its cap.
  const TOO_BIG = {};

  class Writer {
    constructor(max) {
      this.out = [];
      this.left = max || Infinity;
    }

    // take counts n bytes of output against the cap (markup estimated).
    take(n) {
      if ((this.left -= n) < 0) throw TOO_BIG;
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
        else if (n.nodeType === 3 && shown) {
          this.take(n.data.length);
          this.out.push(esc(n.data));
        }
      }
    }

    *node(n, shown, depth) {
      if (n.nodeType === 1) yield this.element(n, depth);
      else if (n.nodeType === 3 && shown) {
        this.take(n.data.length);
        this.out.push(esc(n.data));
      }
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
          if (a.value === 'true' && !(tag === 'img' && TEX_ALT.test(el.getAttribute('alt') || ''))) return;
        } else if (KEEP.has(k) && a.value !== '') {
          kept += ' ' + k + '="' + attr(a.value) + '"';
        }
      }
      const cs = getComputedStyle(el);
      const display = cs.display;
      if (display === 'none') return;
      if (display !== 'inline' && dom.visuallyHidden(el, cs)) return;
      const shown = cs.visibility === 'visible';
      // Custom elements become plain boxes the extractor knows; a block
      // laid out as preformatted text (white-space: pre/pre-wrap) with
      // line breaks is a <pre>, so it is read exactly.
      let name = tag.includes('-') ? (display.startsWith('inline') ? 'span' : 'div') : tag;
      if (!display.startsWith('inline') && tag !== 'textarea' && PRE_WS.test(cs.whiteSpace) &&
          !(el.parentElement && el.parentElement.closest('pre')) && el.textContent.indexOf('\n') >= 0) name = 'pre';
      const o = this.out;
      o.push('<', name, kept);
      if (tag === 'input') o.push(' type="', attr(el.type), '"');
      this.take(kept.length);
      if (tag === 'a' && el.href && !el.href.startsWith('javascript:')) {
        this.take(el.href.length + 8);
        o.push(' href="', attr(el.href), '"');
      }
      if (tag === 'img') {
        if (!shown) {
          o.push('>');
          return;
        }
        const src = el.currentSrc || el.src;
        if (src && !src.startsWith('data:')) o.push(' src="', attr(src), '"');
        const alt = el.getAttribute('alt');
        if (alt) o.push(' alt="', attr(alt), '"');
        const r = el.getBoundingClientRect();
        if (r.width && r.height) o.push(' width="', String(Math.round(r.width)), '" height="', String(Math.round(r.height)), '"');
      }
      o.push('>');
      if (VOID.has(tag)) {
        if (tag === 'select' || tag === 'textarea') o.push('</', tag, '>');
        // A textarea's text is read exactly, as a <pre> after it (never a
        // --secret fill's).
        const T = globalThis.__tact;
        if (tag === 'textarea' && shown && el.value.trim() && !(T.secrets && T.secrets.has(el))) o.push('<pre>', esc(el.value), '</pre>');
        return;
      }
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
    }

    // frame inlines a same-origin iframe's document; others are read
    // separately (or not at all) by the daemon.
    *frame(el, depth) {
      if (depth >= MAX_FRAME_DEPTH || !dom.rendered(el)) return;
      let doc;
      try {
        doc = el.contentDocument;
      } catch (e) {
        return;
      }
      if (!doc || !doc.body) return;
      const cs = getComputedStyle(el);
      if (cs.visibility !== 'visible' || dom.visuallyHidden(el, cs)) return;
      this.out.push('<div class="tact-frame">');
      yield this.children(doc.body, doc.defaultView.getComputedStyle(doc.body).visibility === 'visible', depth + 1);
      this.out.push('</div>');
    }
  }

  T.readHTML = function (max) {
    try {
      const w = new Writer(max);
      const doc = document;
      const root = doc.documentElement;
      w.out.push('<!doctype html><html');
      const lang = root.getAttribute('lang');
      if (lang) w.out.push(' lang="', attr(lang), '"');
      w.out.push('>');
      w.head(doc);
      const body = doc.body;
      if (body) {
        w.out.push('<body>');
        T.run(w.children(body, getComputedStyle(body).visibility === 'visible', 0));
        w.out.push('</body>');
      }
      w.out.push('</html>');
      return { url: location.href, title: doc.title, html: w.out.join('') };
    } catch (e) {
      if (e === TOO_BIG) return { url: location.href, title: document.title, tooBig: true };
      return { error: 'read failed: ' + (e && e.message ? e.message : String(e)) };
    }
  };
  return {};
});
