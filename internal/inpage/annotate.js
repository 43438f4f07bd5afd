// annotate: the screenshot overlay of ref labels. The only in-page code
// that writes to the DOM, and only for the screenshot: the overlay is
// removed right after it.
__tact.define('annotate', ['snapshot'], (snapshot) => {
  'use strict';
  // annotate(on) draws (or, with on false, removes) a label box for every
  // ref of this frame's latest snap; returns how many it drew.
  __tact.annotate = (on) => {
    const old = document.getElementById('__tact_annotations');
    if (old) old.remove();
    if (!on) return 0;
    const box = document.createElement('div');
    box.id = '__tact_annotations';
    box.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
    let n = 0;
    for (const [ref, el] of snapshot.liveRefs()) {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.bottom < 0 || r.top > innerHeight) continue;
      const o = document.createElement('div');
      o.style.cssText = 'position:fixed;border:2px solid #e11;left:' + r.left + 'px;top:' + r.top + 'px;width:' + r.width + 'px;height:' + r.height + 'px;box-sizing:border-box';
      const l = document.createElement('span');
      l.textContent = '@e' + ref;
      l.style.cssText = 'position:absolute;left:-2px;top:-16px;background:#e11;color:#fff;font:bold 11px/14px monospace;padding:0 3px';
      o.appendChild(l);
      box.appendChild(o);
      n++;
    }
    document.documentElement.appendChild(box);
    return n;
  };
  return {};
});
