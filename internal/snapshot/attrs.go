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
		if err := writeString(&b, x.Key); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if x.Value == "" {
			b.WriteString("true")
			continue
		}
		if err := writeString(&b, x.Value); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeString appends s as a JSON string without HTML escaping; an
// encoder that wants "<" escaped (json.Marshal) re-escapes our output.
func writeString(b *bytes.Buffer, s string) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1) // Encode's newline
	return nil
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
