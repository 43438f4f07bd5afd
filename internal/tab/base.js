// Installed in tact's isolated world of every frame. It shares the DOM with
// the page but none of its JS, so page scripts can neither see nor break it.
(() => {
  const T = globalThis.__tact = globalThis.__tact || {};
  T.v = "%VERSION%";
  T.lastMutation = performance.now();
  if (!T.observer) {
    T.observer = new MutationObserver(() => { T.lastMutation = performance.now(); });
    const start = () => T.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    if (document) start();
  }
  // quiet resolves once the DOM has not changed for `ms`, or after `cap` ms.
  T.quiet = (ms, cap) => new Promise((resolve) => {
    const t0 = performance.now();
    const tick = () => {
      const now = performance.now();
      if (now - T.lastMutation >= ms || now - t0 >= cap) return resolve(now - t0);
      setTimeout(tick, Math.max(5, ms - (now - T.lastMutation)));
    };
    tick();
  });
  // navStatus is the HTTP status of the document's own response (0 when unknown).
  T.navStatus = () => {
    const e = performance.getEntriesByType("navigation")[0];
    return e && e.responseStatus ? e.responseStatus : 0;
  };
})();
