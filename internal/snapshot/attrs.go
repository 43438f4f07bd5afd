package snapshot

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// MarshalJSON writes attributes as an object in walker order, flags as true:
// {"href":"/x","disabled":true}. An object is what jq users expect, and
// keeping the order keeps diffs of two snapshots readable.
func (a Attrs) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(x.Key)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		if x.Value == "" {
			b.WriteString("true")
			continue
		}
		v, err := json.Marshal(x.Value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the object form written by MarshalJSON, keeping the
// order of the keys.
func (a *Attrs) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok == nil {
		*a = nil
		return nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("snapshot: attrs: want an object, got %v", tok)
	}
	var out Attrs
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := kt.(string)
		vt, err := dec.Token()
		if err != nil {
			return err
		}
		switch v := vt.(type) {
		case bool:
			if v {
				out = append(out, Attr{Key: key})
			}
		case string:
			out = append(out, Attr{Key: key, Value: v})
		default:
			return fmt.Errorf("snapshot: attrs: %q: want a string or true, got %v", key, vt)
		}
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	*a = out
	return nil
}
