package schema

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// Problem is one thing wrong with a JSON value checked against a schema:
// where (property names and array indexes from the top) and what.
type Problem struct {
	Path    []string
	Message string
}

// Validator checks JSON values against one of tact's schemas with
// google/jsonschema-go (which the MCP SDK links anyway). That library
// stops at the first error and says where only in its own terms, so the
// validator walks the value beside the schema and asks it about each part:
// every wrong field is a problem of its own, named by its path. The
// messages never quote the value (a workflow's values may be secrets).
type Validator struct {
	root     *jsonschema.Schema
	defs     map[string]json.RawMessage // the root's $defs, as JSON
	resolved map[*jsonschema.Schema]*jsonschema.Resolved
}

// NewValidator compiles s. Its $refs may point into its own $defs only.
func NewValidator(s *Obj) (*Validator, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var root jsonschema.Schema
	if err := json.Unmarshal(b, &root); err != nil {
		return nil, err
	}
	defs := map[string]json.RawMessage{}
	for name, d := range root.Defs {
		if defs[name], err = json.Marshal(d); err != nil {
			return nil, err
		}
	}
	return &Validator{root: &root, defs: defs, resolved: map[*jsonschema.Schema]*jsonschema.Resolved{}}, nil
}

// Problems lists what is wrong with v (a value decoded by encoding/json
// into any), in document order where the value has one (object keys
// sorted); none when it is valid.
func (v *Validator) Problems(x any) ([]Problem, error) {
	var w walk
	w.v = v
	if err := w.check(v.root, x, nil); err != nil {
		return nil, err
	}
	return w.out, nil
}

type walk struct {
	v   *Validator
	out []Problem
}

func (w *walk) add(path []string, msg string) {
	for _, p := range w.out {
		if p.Message == msg && slices.Equal(p.Path, path) {
			return
		}
	}
	w.out = append(w.out, Problem{Path: slices.Clone(path), Message: msg})
}

// check adds the problems of x under s; where none of s's parts names
// one, the schema's own complaint is the problem.
func (w *walk) check(s *jsonschema.Schema, x any, path []string) error {
	err, fail := w.v.validate(s, x)
	if fail != nil || err == nil {
		return fail
	}
	before := len(w.out)
	s = w.v.deref(s)
	switch x := x.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if s.PropertyNames != nil {
				if err, fail := w.v.validate(s.PropertyNames, k); fail != nil {
					return fail
				} else if err != nil {
					w.add(path, fmt.Sprintf("property name '%s': %s", k, leaf(w.v.deref(s.PropertyNames), k, err)))
				}
			}
			sub := s.Properties[k]
			if sub == nil {
				if s.AdditionalProperties == nil {
					continue
				}
				if isFalse(s.AdditionalProperties) {
					w.add(path, fmt.Sprintf("additional properties '%s' not allowed", k))
					continue
				}
				sub = s.AdditionalProperties
			}
			if err := w.check(sub, x[k], append(path, k)); err != nil {
				return err
			}
		}
		for _, r := range s.Required {
			if _, ok := x[r]; !ok {
				w.add(path, fmt.Sprintf("missing property '%s'", r))
			}
		}
	case []any:
		if s.Items != nil {
			for i, e := range x {
				if err := w.check(s.Items, e, append(path, strconv.Itoa(i))); err != nil {
					return err
				}
			}
		}
	}
	for _, c := range s.AllOf {
		if err := w.check(c, x, path); err != nil {
			return err
		}
	}
	if s.If != nil {
		branch := s.Else
		if err, fail := w.v.validate(s.If, x); fail != nil {
			return fail
		} else if err == nil {
			branch = s.Then
		}
		if branch != nil {
			if err := w.check(branch, x, path); err != nil {
				return err
			}
		}
	}
	if len(s.AnyOf) > 0 {
		none := true
		for _, c := range s.AnyOf {
			if err, fail := w.v.validate(c, x); fail != nil {
				return fail
			} else if err == nil {
				none = false
			}
		}
		// What the first way lacks: the schema's preferred one.
		if none {
			if err := w.check(s.AnyOf[0], x, path); err != nil {
				return err
			}
		}
	}
	if s.Not != nil && len(s.Not.Required) > 0 {
		if err, fail := w.v.validate(s.Not, x); fail != nil {
			return fail
		} else if err == nil {
			w.add(path, fmt.Sprintf("property '%s' not allowed here", strings.Join(s.Not.Required, "', '")))
		}
	}
	if len(w.out) == before {
		w.add(path, leaf(s, x, err))
	}
	return nil
}

// validate is the library's verdict on x under s (err), or why s cannot
// be compiled (fail).
func (v *Validator) validate(s *jsonschema.Schema, x any) (err, fail error) {
	r, ok := v.resolved[s]
	if !ok {
		// A part of the schema is validated on its own, with the root's
		// $defs for its $refs: a copy of both, as the library wants a
		// tree (no schema in two places).
		c := s
		if s != v.root {
			b, fail := json.Marshal(s)
			if fail != nil {
				return nil, fail
			}
			c = new(jsonschema.Schema)
			if fail := json.Unmarshal(b, c); fail != nil {
				return nil, fail
			}
			if c.Defs, fail = v.defsFor(b); fail != nil {
				return nil, fail
			}
		}
		var fail error
		if r, fail = c.Resolve(nil); fail != nil {
			return nil, fail
		}
		v.resolved[s] = r
	}
	return r.Validate(x), nil
}

// defsFor copies the $defs that schema b refers to, directly or through
// each other (most parts refer to none, and copying all is slow).
func (v *Validator) defsFor(b []byte) (map[string]*jsonschema.Schema, error) {
	var out map[string]*jsonschema.Schema
	todo := []string{string(b)}
	for len(todo) > 0 {
		src := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, name := range refNames(src) {
			raw, ok := v.defs[name]
			if _, done := out[name]; done || !ok {
				continue
			}
			d := new(jsonschema.Schema)
			if err := json.Unmarshal(raw, d); err != nil {
				return nil, err
			}
			if out == nil {
				out = map[string]*jsonschema.Schema{}
			}
			out[name] = d
			todo = append(todo, string(raw))
		}
	}
	return out, nil
}

// refNames are the NAMEs of the "#/$defs/NAME" in a schema's JSON.
func refNames(src string) []string {
	const mark = `"#/$defs/`
	var names []string
	for {
		i := strings.Index(src, mark)
		if i < 0 {
			return names
		}
		src = src[i+len(mark):]
		if j := strings.IndexByte(src, '"'); j > 0 {
			names = append(names, src[:j])
		}
	}
}

// deref follows $ref "#/$defs/NAME" to the schema it names.
func (v *Validator) deref(s *jsonschema.Schema) *jsonschema.Schema {
	for range 8 {
		name, ok := strings.CutPrefix(s.Ref, "#/$defs/")
		if !ok || v.root.Defs[name] == nil {
			break
		}
		s = v.root.Defs[name]
	}
	return s
}

// isFalse reports whether s is the schema false (which decodes as
// {"not": {}}).
func isFalse(s *jsonschema.Schema) bool {
	return s.Not != nil && reflect.ValueOf(*s.Not).IsZero()
}

// leaf says what the library found wrong with x under s, from the keyword
// that failed (its messages quote the value; these do not).
func leaf(s *jsonschema.Schema, x any, err error) string {
	msg := err.Error()
	for strings.HasPrefix(msg, "validating ") {
		i := strings.Index(msg, ": ")
		if i < 0 {
			break
		}
		msg = msg[i+2:]
	}
	keyword, _, _ := strings.Cut(msg, ":")
	switch keyword {
	case "type":
		want := s.Type
		if want == "" {
			want = strings.Join(s.Types, " or ")
		}
		return fmt.Sprintf("got %s, want %s", typeOf(x), want)
	case "enum":
		var vals []string
		for _, e := range s.Enum {
			b, _ := json.Marshal(e)
			vals = append(vals, string(b))
		}
		return "want one of " + strings.Join(vals, ", ")
	case "const":
		if s.Const != nil {
			b, _ := json.Marshal(*s.Const)
			return "want " + string(b)
		}
	case "pattern":
		return fmt.Sprintf("does not match %s", s.Pattern)
	case "minimum":
		if s.Minimum != nil {
			return fmt.Sprintf("want at least %v", *s.Minimum)
		}
	case "minItems":
		if s.MinItems != nil {
			return fmt.Sprintf("want at least %d items", *s.MinItems)
		}
	}
	return keyword + ": not valid"
}

// typeOf is x's JSON Schema type: a whole number is an integer.
func typeOf(x any) string {
	switch x := x.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if x == math.Trunc(x) && !math.IsInf(x, 0) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", x)
}
