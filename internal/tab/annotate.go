package tab

import (
	"context"
)

// annotateJS draws (or removes) a label box for every ref of this frame's
// latest snap. The overlay lives only for the screenshot.
const annotateJS = `(on) => {
  const T = globalThis.__tact;
  const old = document.getElementById("__tact_annotations");
  if (old) old.remove();
  if (!on || !T.refs) return 0;
  const box = document.createElement("div");
  box.id = "__tact_annotations";
  box.style.cssText = "position:fixed;inset:0;pointer-events:none;z-index:2147483647";
  let n = 0;
  for (const [ref, el] of T.refs) {
    if (!el.isConnected) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.bottom < 0 || r.top > innerHeight) continue;
    const o = document.createElement("div");
    o.style.cssText = "position:fixed;border:2px solid #e11;left:" + r.left + "px;top:" + r.top + "px;width:" + r.width + "px;height:" + r.height + "px;box-sizing:border-box";
    const l = document.createElement("span");
    l.textContent = "@e" + ref;
    l.style.cssText = "position:absolute;left:-2px;top:-16px;background:#e11;color:#fff;font:bold 11px/14px monospace;padding:0 3px";
    o.appendChild(l); box.appendChild(o); n++;
  }
  document.documentElement.appendChild(box);
  return n;
}`

// Annotate shows or removes ref labels in every frame that holds refs.
func (t *Tab) Annotate(ctx context.Context, on bool) error {
	arg := "false"
	if on {
		arg = "true"
	}
	frames := map[[2]string]*target{{t.main.id, t.id}: t.main}
	t.m.mu.Lock()
	for _, ri := range t.m.state.Refs {
		if ri.Tab != t.id {
			continue
		}
		host := t.main
		if ri.Host != "" && ri.Host != t.id {
			if c := t.child(ri.Host); c != nil {
				host = c
			} else {
				continue
			}
		}
		frames[[2]string{host.id, ri.Frame}] = host
	}
	t.m.mu.Unlock()
	for k, tg := range frames {
		_ = t.evalIn(ctx, tg, k[1], "("+annotateJS+")("+arg+")", nil)
	}
	return nil
}
