package page

import "context"

// WholeValue is a field's whole value (a textarea's every line), for
// locate and read --focus; ok is false for an element that is no field
// and for a password or a value filled with --secret.
func (e *Element) WholeValue(ctx context.Context) (v string, ok bool) {
	var r struct {
		V      *string `json:"v"`
		Secret bool    `json:"secret"`
	}
	if err := e.callLib(ctx, "wholeValue", &r); err != nil || r.V == nil || r.Secret {
		return "", false
	}
	return *r.V, true
}
