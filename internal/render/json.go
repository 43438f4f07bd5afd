package render

import (
	"bytes"
	"encoding/json"

	"github.com/tact-browser/tact/internal/snapshot"
)

// JSON renders the page as one object:
// {url, title, sections: [{heading, level, summary, elements: [{ref, role,
// name, tag, attrs, action, frame}]}]}; attrs is an object with flags as
// true (see snapshot.Attrs).
func JSON(p *snapshot.Page) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "<" stays "<": shorter and readable
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ndjsonElement is one NDJSON line: an element with its section.
type ndjsonElement struct {
	snapshot.Element
	Section string `json:"section,omitempty"`
	Level   int    `json:"level,omitempty"`
}

// NDJSON renders one element per line, each with its section heading and
// level, for streaming through jq or grep.
func NDJSON(p *snapshot.Page) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, s := range p.Sections {
		for _, e := range s.Elements {
			// Encoding plain strings and string maps cannot fail.
			_ = enc.Encode(ndjsonElement{Element: e, Section: s.Heading, Level: s.Level})
		}
	}
	return b.Bytes()
}
