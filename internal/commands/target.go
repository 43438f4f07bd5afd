package commands

import (
	"context"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
)

// actOn is act for commands whose target is required: an empty one is a
// usage error here, before act (where "" means "no element").
func actOn(ctx context.Context, env *Env, o ActOpts, target string, a action, do func(t *page.Tab, el *page.Element) ([]string, error)) (*Output, error) {
	if strings.TrimSpace(target) == "" {
		return nil, failure.New(failure.Usage, "%s needs a target: an @eN ref from tact snap, or a locator such as css=…, text=…, role=button[name=\"…\"]", strings.Fields(a.verb)[0])
	}
	return act(ctx, env, o, target, a, do)
}
