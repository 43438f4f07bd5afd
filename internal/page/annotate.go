package page

import (
	"context"
)

// Annotate shows or removes ref labels in every frame that holds refs and
// returns how many it drew (0 when the page has no snap yet).
func (t *Tab) Annotate(ctx context.Context, on bool) (int, error) {
	arg := "false"
	if on {
		arg = "true"
	}
	frames := map[[2]string]*Target{{t.main.id, t.id}: t.main}
	for _, ri := range t.host.RefsOf(t.id) {
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
	drawn := 0
	for k, tg := range frames {
		var n int
		if t.evalIn(ctx, tg, k[1], "__tact.annotate("+arg+")", &n) == nil {
			drawn += n
		}
	}
	return drawn, nil
}
