// Package schema derives JSON Schemas (draft 2020-12) from tact's command
// structs by reflection: the same kong tags that make the CLI flags (arg,
// optional, default, enum, help, name, hidden) make the input schema of a
// command, which is also the argument schema of its MCP tool. Output
// schemas describe what `-o json` prints.
package schema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/tact-browser/tact/internal/failure"
)

// Draft is the JSON Schema dialect of every schema tact prints.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// Command is one registry entry as the schema package sees it.
type Command struct {
	Name string // "tab new"
	Help string
	Type reflect.Type // the command struct
	// Output describes `-o json`: reflect.Type values are reflected through
	// their json tags, *Obj values are used as they are; several are anyOf.
	Output []any
}

// Field is one parameter of a command.
type Field struct {
	Prop        string // JSON property: max_tokens
	Flag        string // CLI flag or placeholder name: max-tokens
	Placeholder string // CLI value name: CSS, N
	GoName      string // key of the daemon params (encoding/json matches it)
	Type        reflect.Type
	Help        string
	Default     any // typed; nil when the tag has none
	Enum        []string
	Positional  bool
	Required    bool
	Hidden      bool
}

// Fields lists a command's parameters: positionals first (in order), then
// flags, embedded option structs flattened. It fails on a field type the
// schema cannot describe, so a test over the registry catches it.
func Fields(t reflect.Type) ([]Field, error) {
	var pos, flags []Field
	if err := fields(t, &pos, &flags); err != nil {
		return nil, err
	}
	return append(pos, flags...), nil
}

func fields(t reflect.Type, pos, flags *[]Field) error {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return fmt.Errorf("%s is not a struct", t)
	}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() || sf.Tag.Get("kong") == "-" {
			continue
		}
		if _, ok := sf.Tag.Lookup("cmd"); ok {
			continue
		}
		if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
			if err := fields(sf.Type, pos, flags); err != nil {
				return err
			}
			continue
		}
		name := sf.Tag.Get("name")
		if name == "" {
			name = Kebab(sf.Name)
		}
		f := Field{
			Prop:   strings.ReplaceAll(name, "-", "_"),
			Flag:   name,
			GoName: sf.Name,
			Type:   sf.Type,
			Help:   sf.Tag.Get("help"),
		}
		f.Placeholder = sf.Tag.Get("placeholder")
		_, f.Positional = sf.Tag.Lookup("arg")
		_, optional := sf.Tag.Lookup("optional")
		_, f.Hidden = sf.Tag.Lookup("hidden")
		f.Required = f.Positional && !optional
		if _, err := typeSchema(sf.Type); err != nil {
			return fmt.Errorf("%s.%s: %v", t.Name(), sf.Name, err)
		}
		if d, ok := sf.Tag.Lookup("default"); ok {
			v, err := parseDefault(sf.Type, d)
			if err != nil {
				return fmt.Errorf("%s.%s: default %q: %v", t.Name(), sf.Name, d, err)
			}
			f.Default = v
		}
		if e, ok := sf.Tag.Lookup("enum"); ok {
			for _, x := range strings.Split(e, ",") {
				f.Enum = append(f.Enum, strings.TrimSpace(x))
			}
		}
		if f.Positional {
			*pos = append(*pos, f)
		} else {
			*flags = append(*flags, f)
		}
	}
	return nil
}

// typeSchema maps a parameter's Go type to JSON Schema.
func typeSchema(t reflect.Type) (*Obj, error) {
	switch t.Kind() {
	case reflect.String:
		return O("type", "string"), nil
	case reflect.Bool:
		return O("type", "boolean"), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return O("type", "integer"), nil
	case reflect.Int64:
		if t.PkgPath() != "" { // time.Duration and friends: kong and JSON disagree
			return nil, fmt.Errorf("unsupported parameter type %s", t)
		}
		return O("type", "integer"), nil
	case reflect.Float32, reflect.Float64:
		return O("type", "number"), nil
	case reflect.Slice:
		it, err := typeSchema(t.Elem())
		if err != nil {
			return nil, err
		}
		return O("type", "array", "items", it), nil
	}
	return nil, fmt.Errorf("unsupported parameter type %s", t)
}

func parseDefault(t reflect.Type, s string) (any, error) {
	switch t.Kind() {
	case reflect.String:
		if s == "" {
			return nil, nil
		}
		return s, nil
	case reflect.Bool:
		return strconv.ParseBool(s)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.ParseInt(s, 10, 64)
	case reflect.Float32, reflect.Float64:
		return strconv.ParseFloat(s, 64)
	case reflect.Slice:
		if s == "" {
			return nil, nil
		}
		var out []any
		for _, x := range strings.Split(s, ",") {
			v, err := parseDefault(t.Elem(), x)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	}
	return nil, fmt.Errorf("unsupported type %s", t)
}

// InputOptions tune Input for its two readers.
type InputOptions struct {
	// Terse leaves out flag descriptions and defaults (kept for
	// positionals), for MCP tool lists where every token counts.
	Terse bool
	// AsString lists array properties that also accept one string and are
	// shown as a string (fill's value: the words are joined anyway).
	AsString map[string]bool
	// Omit leaves parameters out (CLI-only ones such as eval's --stdin).
	Omit map[string]bool
	// Require makes optional parameters required (eval's expression is
	// optional on the CLI only because --stdin can supply it).
	Require map[string]bool
	// Undescribed parameters go without a description even when Terse
	// keeps them (targets and URLs, which a server's instructions explain
	// once for every tool).
	Undescribed map[string]bool
}

func (o InputOptions) skip(f Field) bool { return f.Hidden || o.Omit[f.Prop] }

// Input is the JSON Schema of a command's parameters (the MCP tool's
// arguments). Hidden fields are left out.
func Input(c Command, o InputOptions) (*Obj, error) {
	fs, err := Fields(c.Type)
	if err != nil {
		return nil, err
	}
	props := O()
	var req []string
	for _, f := range fs {
		if o.skip(f) {
			continue
		}
		var p *Obj
		if o.AsString[f.Prop] && f.Type.Kind() == reflect.Slice {
			p = O("type", "string")
		} else {
			p, _ = typeSchema(f.Type)
			if f.Type.Kind() == reflect.Slice && !o.Terse {
				p.Set("type", []any{"array", "string"}) // Params takes a lone string as [s]
			}
		}
		if f.Help != "" && (!o.Terse || f.Positional) && !o.Undescribed[f.Prop] {
			h := f.Help
			if o.Terse {
				h = Short(h)
			}
			if !o.Terse || len(strings.Fields(h)) > 2 { // "The value." says nothing
				p.Set("description", h)
			}
		}
		if len(f.Enum) > 0 {
			var en []any
			for _, e := range f.Enum {
				en = append(en, e)
			}
			p.Set("enum", en)
		}
		if f.Default != nil && !(o.Terse && isZero(f.Default)) {
			if !o.Terse || f.Positional {
				p.Set("default", f.Default)
			}
		}
		props.Set(f.Prop, p)
		if f.Required || o.Require[f.Prop] {
			req = append(req, f.Prop)
		}
	}
	s := O("type", "object", "properties", props)
	if len(req) > 0 {
		s.Set("required", req)
	}
	// Params refuses unknown arguments, naming the known ones; the schema
	// says so too, except a terse one (an MCP tool list pays for it on
	// every tool, and the server refuses them all the same).
	if !o.Terse {
		s.Set("additionalProperties", false)
	}
	return s, nil
}

func isZero(v any) bool {
	return v == nil || reflect.ValueOf(v).IsZero()
}

// Usage renders a one-line CLI synopsis: tact fill <target> [<value>...] [--no-snap].
func Usage(c Command) string {
	fs, _ := Fields(c.Type)
	parts := []string{"tact", c.Name}
	for _, f := range fs {
		if f.Hidden {
			continue
		}
		var s string
		if f.Positional {
			s = "<" + f.Flag + ">"
			if f.Type.Kind() == reflect.Slice {
				s += "..."
			}
			if !f.Required {
				s = "[" + s + "]"
			}
		} else {
			s = "--" + f.Flag
			if f.Type.Kind() != reflect.Bool {
				ph := f.Placeholder
				if ph == "" && f.Type.Kind() == reflect.Int {
					ph = "N"
				}
				if ph == "" {
					ph = strings.ToUpper(strings.ReplaceAll(f.Flag, "-", "_"))
				}
				s += " " + ph
			}
			s = "[" + s + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// Params turns tool arguments (JSON object with schema property names)
// into the daemon's params for the command: Go field names, tag defaults
// for what is missing (as the CLI would have filled them), a lone string
// accepted for an array. Unknown, missing or mistyped arguments are USAGE
// errors, as they are on the command line.
func Params(c Command, args json.RawMessage, o InputOptions) (json.RawMessage, error) {
	fs, err := Fields(c.Type)
	if err != nil {
		return nil, err
	}
	in := map[string]json.RawMessage{}
	if s := strings.TrimSpace(string(args)); s != "" && s != "null" {
		if err := json.Unmarshal(args, &in); err != nil {
			return nil, failure.New(failure.Usage, "%s: arguments must be a JSON object: %v", c.Name, err)
		}
	}
	byKey := map[string]*Field{}
	var known []string
	for i := range fs {
		if o.skip(fs[i]) {
			continue
		}
		byKey[fs[i].Prop] = &fs[i]
		known = append(known, fs[i].Prop)
	}
	out := map[string]json.RawMessage{}
	seen := map[string]bool{}
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := in[k]
		f := byKey[strings.ToLower(strings.ReplaceAll(k, "-", "_"))]
		if f == nil {
			if len(known) == 0 {
				return nil, failure.New(failure.Usage, "%s takes no arguments (got %q)", c.Name, k)
			}
			return nil, failure.New(failure.Usage, "%s: unknown argument %q (known: %s)", c.Name, k, strings.Join(known, ", "))
		}
		if string(v) == "null" {
			continue
		}
		if f.Type.Kind() == reflect.Slice && len(v) > 0 && v[0] == '"' {
			v = json.RawMessage("[" + string(v) + "]")
		}
		if err := json.Unmarshal(v, reflect.New(f.Type).Interface()); err != nil {
			return nil, failure.New(failure.Usage, "%s: argument %q: want %s, got %s", c.Name, f.Prop, kindName(f.Type), clip(string(v)))
		}
		if len(f.Enum) > 0 {
			var s string
			_ = json.Unmarshal(v, &s)
			if !contains(f.Enum, s) {
				return nil, failure.New(failure.Usage, "%s: argument %q must be one of %s", c.Name, f.Prop, strings.Join(f.Enum, ", "))
			}
		}
		out[f.GoName] = v
		seen[f.Prop] = true
	}
	for _, f := range fs {
		if seen[f.Prop] || o.skip(f) {
			continue
		}
		if f.Required || o.Require[f.Prop] {
			return nil, failure.New(failure.Usage, "%s: missing required argument %q", c.Name, f.Prop)
		}
		if f.Default != nil {
			b, _ := json.Marshal(f.Default)
			out[f.GoName] = b
		}
	}
	b, err := json.Marshal(out)
	return b, err
}

func kindName(t reflect.Type) string {
	s, err := typeSchema(t)
	if err != nil {
		return t.String()
	}
	v, _ := s.Get("type")
	if v == "array" {
		return "an array of strings (or one string)"
	}
	return fmt.Sprint("a", map[bool]string{true: "n", false: ""}[v == "integer"], " ", v)
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Kebab converts a Go field name the way kong does (MaxTokens -> max-tokens).
func Kebab(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			if i > 0 && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
				b.WriteByte('-')
			}
			b.WriteRune(unicode.ToLower(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var parenRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` \([^()]*\)`) })

// Short shortens a help text for terse schemas: the first clause, without
// parenthetical remarks ("Click an element; prints…" -> "Click an element.").
func Short(h string) string {
	if i := strings.Index(h, "; "); i > 0 {
		h = h[:i] + "."
	}
	if s := parenRE().ReplaceAllString(h, ""); strings.TrimSpace(s) != "" && s != "." {
		h = s
	}
	return h
}
