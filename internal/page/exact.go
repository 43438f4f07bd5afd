package page

import (
	"context"

	"github.com/tact-browser/tact/internal/failure"
)

// ExactText is read --exact's text: a field's whole value, else the
// element's rendered text (line breaks, trailing whitespace), byte for
// byte. A password or a value filled with --secret is refused.
func (t *Tab) ExactText(ctx context.Context, target string) (string, error) {
	if err := t.checkUsable(); err != nil {
		return "", err
	}
	el, err := t.FocusElement(ctx, target)
	if err == nil && el == nil {
		// Not a locator: a bare CSS selector, as --focus takes it.
		el, err = t.Resolve(ctx, "css="+target)
	}
	if err != nil {
		return "", err
	}
	defer el.Release(context.WithoutCancel(ctx))
	var r struct {
		V      *string `json:"v"`
		Secret bool    `json:"secret"`
	}
	if err := t.ownWork(ctx, el.tg, el.frameID, "read", func(pageSize) error { return el.callLib(ctx, "exactText", &r) }); err != nil {
		return "", err
	}
	if r.Secret {
		return "", failure.New(failure.Usage, "%s holds a password or a secret: --exact never prints it", target)
	}
	if r.V == nil {
		return "", nil
	}
	return *r.V, nil
}
