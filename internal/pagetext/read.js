// read.js: turns the visible text of the current page into compact markdown.
//
// Runs in a CDP isolated world (same DOM, no page JS) and never mutates the
// DOM. Defines __tact.read(opts) with opts = {focus: string|null, links: bool,
// all: bool, page: bool}
// and returns {url, title, markdown} or {error}.
//
// Output conventions (chosen to keep tokens low for LLM readers):
//   - one block (paragraph, list item, table row...) per line, no blank lines
//     between paragraphs; a single blank line only before headings so
//     sections stand out;
//   - links are plain text unless opts.links, in which case [text](href);
//     the agent normally acts through `snap` refs, not URLs;
//   - images appear as ![alt] only when the alt text says something;
//   - see read.go for the full format and the content-root rules;
//   - no deduplication: repeated lines ("Reply", "Reply") are real content.
__tact.define('read', ['dom'], (dom) => {
  const T = globalThis.__tact;

  // Never rendered as text, or rendered by something other than this frame
  // (iframes are read by the Go side). svg text is mostly icon and
  // chart-label noise.
  const SKIP = new Set([
    'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link',
    'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'canvas',
    'video', 'audio', 'map', 'svg', 'datalist',
  ]);
  const HEADING = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
  const COOKIE = /cookie|consent|gdpr|onetrust|didomi|cookiebot|truste|privacy-?banner/i;
  // Class/id words of ad slots, sponsored-content widgets and share
  // buttons. Only small boxes are dropped (see skipAuto), so a page that
  // happens to call its article "share-story" keeps it.
  const FILLER = /(?:^|[\s_-])(?:ad|ads|adslot|adunit|advert|advertisement|sponsored|taboola|outbrain|share|sharing|sharebar|social-share)(?:$|[\s_-])/i;
  // MediaWiki renders formulas as images whose alt is the TeX source,
  // wrapped in {\displaystyle ...}; aria-hidden there only stops screen
  // readers from reading the formula twice.
  // white-space values that keep line breaks and spaces as written.
  const PRE_WS = /^(pre|pre-wrap|break-spaces)$/;
  const TEX_ALT = /^\{\\(?:display|text)style\s*([\s\S]*)\}$/;
  const ARIA_TABLE = /^(?:grid|treegrid|table)$/;
  const ARIA_CELL = '[role=gridcell], [role=cell], [role=columnheader], [role=rowheader]';
  const GENERIC_ALT = /^(image|img|photo|picture|pic|logo|icon|spacer|banner|thumbnail|thumb|avatar|placeholder|null|undefined|untitled|graphic|figure|\d+)$/i;
  const FILE_ALT = /\.(jpe?g|png|gif|webp|svg|avif|bmp)$/i;

  // Block-level boxes start and end a line; everything else flows inline.
  // Flex/grid items are blockified by CSS, so their computed display is
  // already block and div-soup layouts get line breaks for free.
  function isBlock(display) {
    return !(display.startsWith('inline') || display === 'contents' || display === 'math' ||
             display.startsWith('ruby'));
  }

  // Out accumulates markdown lines. `buf` is the current line's inline text;
  // `space` records a collapsible space that is only written if more text
  // follows on the same line (CSS white-space folding). `ctx` is the stack
  // of line prefixes: blockquotes ("> ") and list items (marker on the first
  // line of the item, same-width indent on later lines).
  class Out {
    constructor() {
      this.lines = [];
      this.buf = '';
      this.space = false;
      this.ctx = [];
    }
    text(s) {
      // What a read returns is capped (opts.max): a page's 50 MB text node
      // must not travel to the daemon whole.
      if (left <= 0) return;
      if (s.length > left) s = s.slice(0, left);
      left -= s.length;
      let t = s.replace(/[ \t\n\r\f]+/g, ' ');
      if (t === '') return;
      if (t === ' ') {
        if (this.buf) this.space = true;
        return;
      }
      if (t[0] === ' ') {
        if (this.buf) this.space = true;
        t = t.slice(1);
      }
      let trail = false;
      if (t[t.length - 1] === ' ') {
        trail = true;
        t = t.slice(0, -1);
      }
      this.raw(t);
      this.space = trail;
    }
    // raw appends text verbatim (after any pending space).
    raw(t) {
      if (!t) return;
      if (this.space && this.buf) this.buf += ' ';
      this.space = false;
      this.buf += t;
    }
    prefix() {
      // A one-line capture (heading, cell) has no room for markers.
      if (this.flat) return '';
      let p = '';
      for (const c of this.ctx) {
        if (c.quote) p += '> ';
        else if (c.used) p += ' '.repeat(c.marker.length);
        else {
          p += c.marker;
          c.used = true;
        }
      }
      return p;
    }
    // line emits a complete line with the current prefixes.
    line(s) {
      this.lines.push(this.prefix() + s);
    }
    flush() {
      // nbsp is kept by folding but reads as a space; zero-width spaces and
      // BOMs are invisible noise.
      const s = this.buf.replace(/[\u200b\ufeff]/g, '').replace(/[ \u00a0]+/g, ' ').trim();
      this.buf = '';
      this.space = false;
      if (s) this.line(s);
    }
    blank() {
      if (this.ctx.length === 0 && this.lines.length && this.lines[this.lines.length - 1] !== '') {
        this.lines.push('');
      }
    }
    // inline returns everything written so far as one line (blocks joined
    // by spaces); used for headings, table cells and link text.
    inline() {
      this.flush();
      return this.lines.join(' ').replace(/\s+/g, ' ').trim();
    }
  }

  // Characters of text a read may still take in (see Out.text).
  let left = Infinity;

  function run(opts) {
    left = (opts && opts.max) || Infinity;
    const focus = opts && opts.focus;
    const links = !!(opts && opts.links);
    let roots;
    let auto = false;
    if (focus || (opts && opts.focusEl)) {
      let found;
      try {
        // focusEl: a --focus target (ref or locator) the daemon resolved.
        found = opts.focusEl ? [opts.focusEl] : document.querySelectorAll(focus);
      } catch (e) {
        return { error: 'invalid --focus selector: ' + focus };
      }
      if (found.length === 0) return { error: 'no element matches --focus ' + focus };
      // Every match, minus matches nested inside an earlier one (which
      // would otherwise be printed twice). Matches come in document order,
      // so only the last kept match can contain the next one.
      roots = [];
      for (const el of found) {
        if (!roots.length || !roots[roots.length - 1].contains(el)) roots.push(el);
      }
    } else if (opts && (opts.all || opts.page)) {
      // all (--all): every visible text, page chrome included. page (a
      // page without main content): the body without navigation, consent
      // banners and ad widgets, so an app's header, sidebar and footer
      // data stay.
      roots = [document.body || document.documentElement];
      auto = !!opts.page;
    } else {
      auto = true;
      roots = [contentRoot()];
    }

    let md = render(roots, auto, links, true);
    // Two page states hide text that a person would still get to read:
    // opening a modal often sets aria-hidden on the whole app behind it,
    // and anti-flicker snippets keep <body> visibility:hidden until some
    // script (maybe one that never loads) reveals it. If honouring
    // aria-hidden and visibility leaves almost nothing of a text-rich page,
    // read again ignoring both.
    if (md.length < 200) {
      const total = roots.reduce((n, r) => n + (r.textContent || '').length, 0);
      if (total > 2000) {
        const again = render(roots, auto, links, false);
        if (again.length > md.length * 4) md = again;
      }
    }
    return { url: location.href, title: document.title, markdown: md };
  }

  const visible = dom.rendered;

  // contentRoot picks the element holding the page's main content:
  // the biggest visible main/[role=main]; else a dominant <article>, or the
  // common ancestor of several (a feed); else <body>.
  function contentRoot() {
    const body = document.body || document.documentElement;
    let best = null;
    let bestLen = 0;
    for (const el of document.querySelectorAll('main, [role=main]')) {
      if (!visible(el)) continue;
      const n = el.textContent.length;
      if (n > bestLen) {
        best = el;
        bestLen = n;
      }
    }
    if (best) return best;
    const arts = [];
    for (const el of document.querySelectorAll('article, [role=article]')) {
      if (!el.parentElement || el.parentElement.closest('article, [role=article]')) continue;
      if (visible(el)) arts.push(el);
    }
    if (arts.length === 0) return body;
    let total = 0;
    for (const el of arts) {
      const n = el.textContent.length;
      total += n;
      if (n > bestLen) {
        best = el;
        bestLen = n;
      }
    }
    if (bestLen >= total * 0.66) return best;
    let lca = arts[0];
    for (const el of arts) {
      while (!lca.contains(el)) lca = lca.parentElement;
    }
    return lca || body;
  }

  function render(roots, auto, links, strict) {
    const out = new Out();
    const w = new Walker(out, auto, links, strict);
    const body = document.body;
    w.marked = auto && roots[0] !== body;
    // When the content root sits below the page header, the page's h1 is
    // often outside it; print that title first so the reader knows where
    // they are.
    if (auto && roots[0] !== body && !roots[0].querySelector('h1')) {
      for (const h of document.querySelectorAll('h1')) {
        if (roots[0].contains(h) || !visible(h) || h.closest('nav, footer, [role=navigation]')) continue;
        T.run(w.element(h));
        break;
      }
    }
    for (const r of roots) {
      T.run(w.element(r));
      out.flush();
    }
    return out.lines.join('\n').replace(/^\n+|\s+$/g, '');
  }

  class Walker {
    constructor(out, auto, links, strict) {
      this.out = out;
      this.auto = auto;
      this.links = links;
      // strict honours aria-hidden and visibility (see run).
      this.strict = strict;
      this.inPre = 0;
      // Heading texts so far: a lead image whose alt repeats the headline
      // adds nothing.
      this.headings = new Set();
    }

    // vis reports whether text directly inside an element with computed
    // style cs is shown. visibility is inherited, so the parent's value
    // decides for its text nodes and no state is passed down.
    vis(cs) {
      return !this.strict || cs.visibility === 'visible';
    }

    // children walks the flat tree: a shadow host's shadow root replaces
    // its light children, and a slot stands for its assigned nodes (or its
    // own fallback content when nothing is assigned).
    *children(el, cs) {
      if (el.localName === 'slot' && !el.shadowRoot) {
        const a = el.assignedNodes();
        if (a.length) {
          for (const n of a) yield this.node(n, cs);
          return;
        }
      }
      // Sibling links are much cheaper than indexing a live NodeList.
      let vis;
      for (let n = (el.shadowRoot || el).firstChild; n; n = n.nextSibling) {
        const t = n.nodeType;
        if (t === 1) yield this.element(n);
        else if (t === 3) {
          if (vis === undefined) vis = this.vis(cs);
          if (vis) this.textNode(n.data, cs);
        }
      }
    }

    *node(n, cs) {
      const t = n.nodeType;
      if (t === 1) yield this.element(n);
      else if (t === 3 && this.vis(cs)) this.textNode(n.data, cs);
    }

    textNode(s, cs) {
      const o = this.out;
      // Only text with line breaks can be affected by white-space, so the
      // property is read just for those.
      if (this.fold || s.indexOf('\n') < 0 || /^(normal|nowrap)$/.test(cs.whiteSpace)) {
        o.text(s);
        return;
      }
      // pre-line / pre-wrap / pre / break-spaces outside <pre>: keep the
      // author's line breaks, fold the rest.
      const parts = s.split('\n');
      for (let i = 0; i < parts.length; i++) {
        if (i > 0) o.flush();
        o.text(parts[i]);
      }
    }

    // skipAuto reports page chrome that is left out when we chose the
    // content root ourselves (never under --focus, which is explicit).
    skipAuto(el, tag, cs) {
      const role = el.getAttribute('role');
      if (tag === 'nav' || role === 'navigation' || role === 'search') return true;
      // Banner, footer and sidebar go only when the page marked its content
      // (main/article): without that mark, a <header> is as likely to hold
      // a landing page's hero text as boilerplate.
      if (this.marked) {
        if (role === 'banner' || role === 'contentinfo' || role === 'complementary' || tag === 'aside') return true;
        // header/footer are page banners only when not scoped to a section
        // of content (HTML-AAM); an article's own header holds its title.
        if ((tag === 'header' || tag === 'footer') && el.parentElement &&
            !el.parentElement.closest('article, aside, main, nav, section, [role=main], [role=article]')) {
          return true;
        }
      }
      if (isBlock(cs.display)) {
        const cls = el.getAttribute('class');
        if (((cls && FILLER.test(cls)) || (el.id && FILLER.test(el.id))) && el.textContent.length < 400) return true;
      }
      // Consent banners float over the page (fixed/sticky) or are dialogs.
      if ((COOKIE.test(el.id) || COOKIE.test(el.getAttribute('class') || '') ||
           COOKIE.test(el.getAttribute('aria-label') || '')) &&
          (role === 'dialog' || role === 'alertdialog' || el.getAttribute('aria-modal') === 'true' ||
           cs.position === 'fixed' || cs.position === 'sticky')) {
        return true;
      }
      return false;
    }

    // hiddenBox: laid out but not seen (sr-only, off-screen, collapsed).
    hiddenBox(el, cs) {
      return dom.visuallyHidden(el, cs);
    }

    *element(el) {
      const tag = el.localName;
      if (SKIP.has(tag)) return;
      if (this.strict && el.getAttribute('aria-hidden') === 'true' &&
          !(tag === 'img' && TEX_ALT.test(el.getAttribute('alt') || ''))) {
        return;
      }
      const cs = getComputedStyle(el);
      const display = cs.display;
      if (display === 'none') return;
      if (this.auto && this.skipAuto(el, tag, cs)) return;
      const block = isBlock(display);
      // Plain inline boxes cannot be positioned or clip, so only other
      // boxes need the (comparatively costly) extra style reads.
      if (display !== 'inline' && this.hiddenBox(el, cs)) return;
      const o = this.out;
      // A block laid out as preformatted text (white-space: pre, pre-wrap,
      // break-spaces) with line breaks is kept exactly, as a <pre> is.
      if (block && !this.inPre && tag !== 'pre' && tag !== 'textarea' && PRE_WS.test(cs.whiteSpace) &&
          el.textContent.indexOf('\n') >= 0) {
        o.flush();
        yield this.pre(el, cs);
        return;
      }

      switch (tag) {
        case 'br':
          if (this.vis(cs)) o.flush();
          return;
        case 'hr':
          o.flush();
          // Not "---": under a paragraph line that would make a setext heading.
          if (this.vis(cs)) o.line('***');
          return;
        case 'img':
          if (this.vis(cs)) this.image(el);
          return;
        case 'input':
          if (this.vis(cs) && /^(submit|button|reset)$/.test(el.type) && el.value) o.text(' ' + el.value + ' ');
          return;
        case 'select':
          if (this.vis(cs) && el.selectedOptions && el.selectedOptions.length) {
            o.text(' ' + el.selectedOptions[0].text + ' ');
          }
          return;
        case 'textarea':
          // A field's text is read exactly (never a --secret fill's).
          if (this.vis(cs) && el.value.trim() && !(T.secrets && T.secrets.has(el))) {
            o.flush();
            this.fence(el.value.replace(/^\n|\s+$/g, ''), '');
          }
          return;
        case 'math':
          // MathML token soup reads badly; its TeX source, when given, is
          // what a reader wants.
          if (this.vis(cs)) this.math(el, block);
          return;
        case 'pre':
          o.flush();
          yield this.pre(el, cs);
          return;
        case 'table':
          if (this.dataTable(el)) {
            o.flush();
            yield this.table(el);
            return;
          }
          break;
        case 'div':
        case 'section':
        case 'ul':
        case 'ol':
          // An ARIA grid or table (a calendar, a board) keeps its rows and
          // columns, as a <table> does.
          if (ARIA_TABLE.test(el.getAttribute('role') || '') && this.ariaRows(el).length > 1) {
            o.flush();
            yield this.ariaTable(el);
            return;
          }
          break;
        case 'details':
          if (!el.open) {
            // Only the summary of a closed <details> is rendered.
            o.flush();
            for (const c of el.children) {
              if (c.localName === 'summary') {
                yield this.element(c);
                break;
              }
            }
            o.flush();
            return;
          }
          break;
      }

      const level = HEADING[tag] || (el.getAttribute('role') === 'heading' ? +el.getAttribute('aria-level') || 2 : 0);
      if (level && block) {
        o.flush();
        const text = yield this.capture(el, cs);
        if (text) {
          o.blank();
          o.line('#'.repeat(Math.min(level, 6)) + ' ' + text);
          this.headings.add(text.toLowerCase());
        }
        return;
      }

      if (tag === 'code' && !block && !this.inPre) {
        const text = yield this.capture(el, cs, true);
        if (text) {
          // Code containing a backtick needs a longer, space-padded fence.
          o.raw(text.includes('`') ? '`` ' + text + ' ``' : '`' + text + '`');
        }
        return;
      }
      if (tag === 'a' && this.links && el.href && !el.href.startsWith('javascript:') && !block) {
        const text = yield this.capture(el, cs);
        if (text) {
          // Let the surrounding whitespace decide spacing, as for any inline.
          o.raw('[' + text + '](' + el.href + ')');
        }
        return;
      }

      if (block && cs.contentVisibility === 'hidden') {
        o.flush();
        return;
      }

      if (block) o.flush();
      let pushed = null;
      if (tag === 'blockquote' && block) {
        pushed = { quote: true };
      } else if (tag === 'li' && block) {
        pushed = { marker: this.marker(el) };
      }
      if (pushed) o.ctx.push(pushed);
      yield this.children(el, cs);
      if (block) o.flush();
      if (pushed) {
        o.ctx.pop();
      }
    }

    // marker returns "- " or "N. " for a list item, honouring ol start,
    // reversed and li value. An ol's numbers are computed once, on its
    // first item, so long lists stay linear.
    marker(li) {
      const list = li.parentElement;
      if (!list || list.localName !== 'ol') return '- ';
      this.numbers = this.numbers || new WeakMap();
      let nums = this.numbers.get(list);
      if (!nums) {
        nums = new Map();
        const items = [];
        for (const c of list.children) if (c.localName === 'li') items.push(c);
        const step = list.reversed ? -1 : 1;
        let n = parseInt(list.getAttribute('start'), 10);
        if (isNaN(n)) n = list.reversed ? items.length : 1;
        n -= step;
        for (const c of items) {
          const v = parseInt(c.getAttribute('value'), 10);
          n = isNaN(v) ? n + step : v;
          nums.set(c, n);
        }
        this.numbers.set(list, nums);
      }
      const n = nums.get(li);
      return n === undefined ? '- ' : n + '. ';
    }

    // capture renders an element's content into a single line.
    // fold forces whitespace folding (inline code, table cells).
    *capture(el, cs, fold) {
      const saved = this.out;
      const savedFold = this.fold;
      this.out = new Out();
      this.out.flat = true;
      if (fold) this.fold = true;
      yield this.children(el, cs);
      const s = this.out.inline();
      this.out = saved;
      this.fold = savedFold;
      return s;
    }

    math(el, block) {
      const o = this.out;
      const ann = el.querySelector('annotation[encoding="application/x-tex"]');
      let tex = el.getAttribute('alttext') || (ann && ann.textContent) || '';
      const m = TEX_ALT.exec(tex.trim());
      if (m) tex = m[1];
      tex = tex.replace(/\s+/g, ' ').trim();
      if (!tex) tex = (el.textContent || '').replace(/\s+/g, ' ').trim();
      if (!tex) return;
      if (block) o.flush();
      o.raw('$' + tex + '$');
      if (block) o.flush();
    }

    image(el) {
      const alt = (el.getAttribute('alt') || '').replace(/\s+/g, ' ').trim();
      const tex = TEX_ALT.exec(alt);
      if (tex) {
        this.out.raw('$' + tex[1].trim() + '$');
        return;
      }
      if (!alt || alt.length < 2 || GENERIC_ALT.test(alt) || FILE_ALT.test(alt)) return;
      const r = el.getBoundingClientRect();
      // Tiny images are icons; their alt usually repeats nearby text.
      if (r.width > 0 && r.height > 0 && r.width < 24 && r.height < 24) return;
      const fig = el.closest('figure');
      const cap = fig && fig.querySelector('figcaption');
      if (cap && cap.textContent.includes(alt)) return;
      if (this.headings.has(alt.toLowerCase())) return;
      this.out.raw('![' + alt + ']');
      this.out.space = true;
    }

    *pre(el, cs) {
      const o = this.out;
      const buf = [];
      this.inPre++;
      yield this.preText(el, this.vis(cs), buf);
      this.inPre--;
      let text = buf.join('').replace(/\u00a0/g, ' ').replace(/^\n|\s+$/g, '');
      if (!text.trim()) return;
      // The language, from the usual highlighter conventions: class
      // language-x / lang-x on pre or code, data-lang, or GitHub's
      // highlight-source-x wrapper.
      let lang = '';
      for (const c of [el, el.querySelector('code'), el.parentElement]) {
        if (!c) continue;
        const m = /(?:^|\s)(?:lang(?:uage)?-|highlight-source-)([\w+#.-]+)/.exec(c.getAttribute('class') || '');
        lang = m ? m[1] : c.getAttribute('data-lang') || '';
        if (lang) break;
      }
      lang = lang.replace(/[^\w+#.-]/g, '');
      this.fence(text, lang);
    }

    // fence writes text as a fenced block, its lines exactly.
    fence(text, lang) {
      const o = this.out;
      let fence = '```';
      while (text.includes(fence)) fence += '`';
      o.line(fence + lang);
      for (const l of text.split('\n')) o.line(l.replace(/\s+$/, ''));
      o.line(fence);
    }

    // preText collects preformatted text verbatim, still skipping hidden
    // parts (e.g. copy buttons, line-number gutters with display:none).
    *preText(el, vis, buf) {
      let kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
      for (const n of kids) {
        if (n.nodeType === 3) {
          if (vis) buf.push(n.data);
          continue;
        }
        if (n.nodeType !== 1 || SKIP.has(n.localName)) continue;
        if (this.strict && n.getAttribute('aria-hidden') === 'true') continue;
        const cs = getComputedStyle(n);
        if (cs.display === 'none') continue;
        if (n.localName === 'br') {
          buf.push('\n');
          continue;
        }
        const block = isBlock(cs.display);
        if (block && buf.length && !buf[buf.length - 1].endsWith('\n')) buf.push('\n');
        yield this.preText(n, this.vis(cs), buf);
        if (block && buf.length && !buf[buf.length - 1].endsWith('\n')) buf.push('\n');
      }
    }

    // dataTable tells tables of data from tables used for page layout;
    // only the former become markdown tables.
    dataTable(t) {
      const role = t.getAttribute('role');
      if (role === 'presentation' || role === 'none') return false;
      if (t.querySelector('table')) return false;
      const rows = t.rows;
      if (rows.length === 0) return false;
      let maxCells = 0;
      for (const r of rows) maxCells = Math.max(maxCells, r.cells.length);
      if (maxCells < 2) return false;
      // Cells holding whole sections of a page mean layout.
      if (t.querySelector('td h1, td h2, td h3, td ul, td ol, td pre, td blockquote, td p + p, td div div div')) return false;
      for (const c of t.querySelectorAll('td')) {
        if (c.textContent.length > 400) return false;
      }
      return true;
    }

    *table(t) {
      const o = this.out;
      const rows = [];
      let width = 0;
      if (t.caption && visible(t.caption)) {
        const cap = yield this.capture(t.caption, getComputedStyle(t.caption), true);
        if (cap) o.line(cap);
      }
      for (const r of t.rows) {
        if (getComputedStyle(r).display === 'none') continue;
        // A row inside a hidden row group is hidden too.
        if (r.parentElement !== t && getComputedStyle(r.parentElement).display === 'none') continue;
        const cells = [];
        let real = 0;
        for (const c of r.cells) {
          const cs = getComputedStyle(c);
          if (cs.display === 'none') continue;
          const s = yield this.capture(c, cs, true);
          real++;
          cells.push(s.replace(/\|/g, '\\|'));
          for (let i = 1; i < c.colSpan && i < 100; i++) cells.push('');
        }
        if (cells.every((c) => c === '')) continue;
        cells.single = real === 1;
        rows.push(cells);
        width = Math.max(width, cells.length);
      }
      // Leading title rows (one cell spanning the table, as in navboxes)
      // read better as a line than as a header padded with empty cells.
      while (rows.length > 1 && rows[0].single && rows[0][0] !== '' && width > 1) {
        o.line(rows.shift()[0]);
      }
      this.rows(rows, width);
    }

    // rows prints table rows as "| a | b |", padded to width, the first
    // as the header.
    rows(rows, width) {
      rows.forEach((cells, i) => {
        while (cells.length < width) cells.push('');
        this.out.line('| ' + cells.join(' | ') + ' |');
        if (i === 0) this.out.line('|' + '---|'.repeat(width));
      });
    }

    // ariaRows lists an ARIA grid's shown rows that hold at least two
    // cells, each as its shown cells.
    ariaRows(g) {
      const out = [];
      for (const r of g.querySelectorAll('[role=row]')) {
        if (r.parentElement.closest('[role=grid], [role=treegrid], [role=table]') !== g) continue;
        if (getComputedStyle(r).display === 'none') continue;
        const cells = [];
        for (const c of r.querySelectorAll(ARIA_CELL)) {
          if (c.parentElement.closest('[role=row]') !== r || getComputedStyle(c).display === 'none') continue;
          cells.push(c);
        }
        if (cells.length > 1) out.push(cells);
      }
      return out;
    }

    *ariaTable(g) {
      const rows = [];
      let width = 0;
      for (const r of this.ariaRows(g)) {
        const cells = [];
        for (const c of r) {
          const s = yield this.capture(c, getComputedStyle(c), true);
          cells.push(s.replace(/\|/g, '\\|'));
        }
        if (cells.every((c) => c === '')) continue;
        rows.push(cells);
        width = Math.max(width, cells.length);
      }
      this.rows(rows, width);
    }
  }

  T.read = function (opts) {
    try {
      return run(opts || {});
    } catch (e) {
      return { error: 'read failed: ' + (e && e.message ? e.message : String(e)) };
    }
  };
  return {};
});
