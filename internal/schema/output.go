package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/snapshot"
)

// special are types whose JSON form is not what their fields say.
var special = map[reflect.Type]func() *Obj{
	// Attrs marshal as an object: flags true, everything else a string.
	reflect.TypeOf(snapshot.Attrs{}): func() *Obj {
		return O("type", "object", "additionalProperties", O("type", []any{"string", "boolean"}))
	},
	reflect.TypeOf(time.Time{}): func() *Obj { return O("type", "string", "format", "date-time") },
}

// reflector turns Go types into schemas through their json tags; named
// structs go to $defs once and are referenced.
type reflector struct {
	defs *Obj
}

func (r *reflector) schema(t reflect.Type) *Obj {
	if f, ok := special[t]; ok {
		return f()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return r.schema(t.Elem())
	case reflect.String:
		return O("type", "string")
	case reflect.Bool:
		return O("type", "boolean")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return O("type", "integer")
	case reflect.Float32, reflect.Float64:
		return O("type", "number")
	case reflect.Slice, reflect.Array:
		// A nil slice marshals as null.
		return O("type", []any{"array", "null"}, "items", r.schema(t.Elem()))
	case reflect.Map:
		return O("type", "object", "additionalProperties", r.schema(t.Elem()))
	case reflect.Struct:
		if t.Name() == "" {
			return r.object(t)
		}
		name := t.Name()
		if _, ok := r.defs.Get(name); !ok {
			r.defs.Set(name, true) // placeholder against recursion
			r.defs.Set(name, r.object(t))
		}
		return O("$ref", "#/$defs/"+name)
	}
	return O() // interface{}: anything
}

func (r *reflector) object(t reflect.Type) *Obj {
	props := O()
	var req []string
	r.props(t, props, &req)
	s := O("type", "object", "properties", props)
	if len(req) > 0 {
		s.Set("required", req)
	}
	return s
}

func (r *reflector) props(t reflect.Type, props *Obj, req *[]string) {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" {
			et := sf.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				r.props(et, props, req)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		props.Set(name, r.schema(sf.Type))
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") && sf.Type.Kind() != reflect.Pointer {
			*req = append(*req, name)
		}
	}
}

// Output is the schema of a command's `-o json` output, nil when the
// command has no documented shape.
func Output(c Command) *Obj {
	if len(c.Output) == 0 {
		return nil
	}
	r := &reflector{defs: O()}
	var alts []any
	for _, o := range c.Output {
		switch v := o.(type) {
		case reflect.Type:
			alts = append(alts, r.schema(v))
		case *Obj:
			alts = append(alts, v)
		default:
			panic(fmt.Sprintf("schema: output of %s: unsupported %T", c.Name, o))
		}
	}
	var s *Obj
	if len(alts) == 1 {
		s = alts[0].(*Obj)
	} else {
		s = O("anyOf", alts)
	}
	if len(r.defs.Keys()) > 0 {
		s.Set("$defs", r.defs)
	}
	return s
}

// Error is the schema of `{"error":{...}}`, what json mode prints on failure.
func Error() *Obj {
	var codes []any
	for _, c := range sortedCodes() {
		codes = append(codes, string(c.Code))
	}
	return O("type", "object",
		"properties", O("error", O("type", "object",
			"properties", O(
				"code", O("enum", codes),
				"message", O("type", "string"),
				"hint", O("type", "string")),
			"required", []string{"code", "message"})),
		"required", []string{"error"})
}

// ExitCode is one row of the exit code table.
type ExitCode struct {
	Exit int          `json:"exit"`
	Code failure.Code `json:"code"`
}

// ExitCodes is failure's table, by exit status (0 is success).
func ExitCodes() []ExitCode { return sortedCodes() }

func sortedCodes() []ExitCode {
	var out []ExitCode
	for c, n := range failure.Codes() {
		out = append(out, ExitCode{n, c})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Exit < out[j].Exit })
	return out
}

// Describe is the full description of one command: synopsis, input and
// output schemas.
func Describe(c Command) (*Obj, error) {
	in, err := Input(c, InputOptions{})
	if err != nil {
		return nil, err
	}
	in = prepend(O("$schema", Draft, "title", c.Name+" input"), in)
	d := O("command", c.Name, "description", c.Help, "usage", Usage(c), "input", in)
	if out := Output(c); out != nil {
		d.Set("output", prepend(O("$schema", Draft, "title", c.Name+" output (-o json)"), out))
	}
	return d, nil
}

func prepend(head, rest *Obj) *Obj {
	for _, k := range rest.Keys() {
		v, _ := rest.Get(k)
		head.Set(k, v)
	}
	return head
}

// Document is what `tact schema` prints: every command, the error object
// and the exit code table.
func Document(cmds []Command, version string) (*Obj, error) {
	var list []any
	for _, c := range cmds {
		d, err := Describe(c)
		if err != nil {
			return nil, err
		}
		list = append(list, d)
	}
	return O(
		"tact", version,
		"commands", list,
		"error", prepend(O("$schema", Draft, "title", "error (-o json)"), Error()),
		"exit_codes", ExitCodes(),
	), nil
}

// Find looks a command up by name ("tab new" or "tab_new").
func Find(cmds []Command, name string) (Command, bool) {
	name = strings.Join(strings.Fields(strings.ReplaceAll(name, "_", " ")), " ")
	for _, c := range cmds {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// Marshal writes v as indented JSON with a trailing newline.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
