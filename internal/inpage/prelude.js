// Module loader of tact's in-page library (see inpage.go). define runs a
// module's factory with its dependencies' exports; a missing dependency is
// an error at load time, not an undefined function later.
(() => {
  const T = (globalThis.__tact = globalThis.__tact || {});
  T.mods = {};
  T.define = (name, deps, factory) => {
    const args = deps.map((d) => {
      if (!(d in T.mods)) throw new Error('tact module ' + name + ' needs ' + d + ', which is not loaded');
      return T.mods[d];
    });
    T.mods[name] = factory(...args) || {};
  };
})();
