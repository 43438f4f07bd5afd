package schema

import (
	"bytes"
	"encoding/json"
)

// Obj is a JSON object that keeps its keys in insertion order, so schemas
// read top-down (positional arguments first, "type" before "properties").
type Obj struct {
	keys []string
	vals map[string]any
}

// O builds an Obj from alternating keys and values.
func O(kv ...any) *Obj {
	o := &Obj{vals: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

// Set adds or replaces a key (a replaced key keeps its position).
func (o *Obj) Set(k string, v any) *Obj {
	if o.vals == nil {
		o.vals = map[string]any{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
	return o
}

// Get returns a key's value.
func (o *Obj) Get(k string) (any, bool) {
	v, ok := o.vals[k]
	return v, ok
}

// Delete removes a key.
func (o *Obj) Delete(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, x := range o.keys {
		if x == k {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			break
		}
	}
}

// Keys lists the keys in order.
func (o *Obj) Keys() []string { return append([]string(nil), o.keys...) }

// MarshalJSON writes the keys in insertion order.
func (o *Obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := encode(&b, k); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := encode(&b, o.vals[k]); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// encode writes v without escaping <, > and & (schemas quote <selector>).
func encode(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // Encode's newline
	return nil
}
