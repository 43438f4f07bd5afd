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
  // run drives a recursive walk written as generators on a heap stack, so
  // the page's DOM depth is no limit (the JS stack overflows at ~1,000
  // levels of plain recursion): a generator yields the generator of a call
  // it would make and gets that call's return value back.
  T.run = (g) => {
    const stack = [g];
    let v;
    while (stack.length) {
      const r = stack[stack.length - 1].next(v);
      v = undefined;
      if (r.done) {
        stack.pop();
        v = r.value;
      } else stack.push(r.value);
    }
    return v;
  };
})();
