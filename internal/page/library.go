package page

import (
	"bytes"
	"context"
)

// callLib calls the in-page library function __tact.<name>(element,
// ...args) and decodes its result into out. A document that lost (or
// never ran) the current library gets it installed first.
func (e *Element) callLib(ctx context.Context, name string, out any, args ...any) error {
	fn := "function (...a) { const T = globalThis.__tact; return T && T.v === " + jsString(e.tab.host.Library().Version) +
		" ? T." + name + "(this, ...a) : {__tactMissing: true}; }"
	for attempt := 0; ; attempt++ {
		var raw rawJSON
		if err := e.Call(ctx, fn, &raw, args...); err != nil {
			return err
		}
		if !bytes.HasPrefix(raw, []byte(`{"__tactMissing"`)) || attempt > 0 {
			if out == nil || len(raw) == 0 {
				return nil
			}
			return jsonUnmarshal(raw, out)
		}
		if err := e.tab.evalIn(ctx, e.tg, e.frameID, "0", nil); err != nil {
			return err
		}
	}
}
