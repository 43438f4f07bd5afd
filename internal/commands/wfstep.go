package commands

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/schema"
	"github.com/tact-browser/tact/internal/workflow"
)

// A workflow step holds a command as it was typed: its arguments and the
// flags that differ from their defaults, under the names `tact schema
// COMMAND` gives them, and the elements it acted on as durable targets.
// This file converts between steps and command structs; the struct's Go
// field names never reach a file.

// dropTargeted commands act on a second element (drag's drop target); a
// step keeps it as "to".
type dropTargeted interface {
	GetDrop() string
	SetDrop(string)
}

func (c *Drag) GetTarget() string  { return c.From }
func (c *Drag) SetTarget(s string) { c.From = s }
func (c *Drag) GetDrop() string    { return c.To }
func (c *Drag) SetDrop(s string)   { c.To = s }

// stepTypeOf is the schema view of a step command.
func stepTypeOf(name string) (schema.Command, bool) {
	registry()
	e, ok := reg[name]
	if !ok || !replayable(name) {
		return schema.Command{}, false
	}
	return schema.Command{Name: name, Help: e.Help, Type: e.Type}, true
}

// targetField is one element argument of a command: the field that takes
// it and whether the command needs it.
type targetField struct {
	prop     string
	required bool
	point    bool // the parameter may be a point (X,Y) instead of an element
}

// needsElement reports whether step s must give f as a target with
// locators: f is required and s does not give a point for it in its args.
func (f *targetField) needsElement(s *workflow.Step) bool {
	if f == nil || !f.required {
		return false
	}
	if f.point {
		var args map[string]json.RawMessage
		var v string
		if json.Unmarshal(s.Args, &args) == nil && json.Unmarshal(args[f.prop], &v) == nil && pointTarget(v) {
			return false
		}
	}
	return true
}

// targetFields finds which of a command's parameters take its target and
// its drop target, by setting a marker through Targeted and dropTargeted
// and looking where it landed.
func targetFields(c schema.Command) (target, drop *targetField) {
	const mark = "\x00element"
	cmd := reflect.New(c.Type).Interface()
	if t, ok := cmd.(Targeted); ok {
		t.SetTarget(mark)
	}
	if d, ok := cmd.(dropTargeted); ok {
		d.SetDrop(mark + "2")
	}
	var m map[string]json.RawMessage
	b, _ := json.Marshal(cmd)
	_ = json.Unmarshal(b, &m)
	fs, _ := schema.Fields(c.Type)
	for _, f := range fs {
		var s string
		if json.Unmarshal(m[f.GoName], &s) != nil {
			continue
		}
		switch s {
		case mark:
			// A command whose target may be a point (click X,Y) keeps the
			// point in its args: it needs no element then.
			_, point := cmd.(pointTargeted)
			target = &targetField{prop: f.Prop, required: f.Required, point: point}
		case mark + "2":
			drop = &targetField{prop: f.Prop, required: f.Required}
		}
	}
	return target, drop
}

// pointTargeted is a command whose target may be a point of the viewport
// instead of an element.
type pointTargeted interface{ takesPoint() }

func (*Click) takesPoint() {}

// omitTargets lists the element parameters a step gives as targets, not
// args: a required one always, an optional one (press's, scroll's) when
// the step has a target.
func omitTargets(c schema.Command, s *workflow.Step) map[string]bool {
	target, drop := targetFields(c)
	omit := map[string]bool{}
	if target != nil && (target.needsElement(s) || s.Target != nil) {
		omit[target.prop] = true
	}
	if drop != nil && (drop.required || s.To != nil) {
		omit[drop.prop] = true
	}
	return omit
}

// encodeArgs spells a command's parameters as a step's args: positionals
// then flags, each only when it differs from its default (a one-word list
// as a plain string). Element parameters are left out by the caller
// clearing them.
func encodeArgs(name string, cmd Command) (json.RawMessage, error) {
	c, ok := stepTypeOf(name)
	if !ok {
		return nil, fmt.Errorf("unknown step command %q", name)
	}
	fs, err := schema.Fields(c.Type)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	b, err := json.Marshal(cmd)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	args := schema.O()
	for _, f := range fs {
		v, ok := m[f.GoName]
		if !ok || f.Hidden || isDefault(f, v) {
			continue
		}
		if f.Type.Kind() == reflect.Slice {
			var words []json.RawMessage
			if json.Unmarshal(v, &words) == nil && len(words) == 1 {
				v = words[0]
			}
		}
		args.Set(f.Prop, v)
	}
	if len(args.Keys()) == 0 {
		return nil, nil
	}
	return json.Marshal(args)
}

// isDefault reports whether v is what the command line gives the field
// when it is not typed: its default, else the zero value.
func isDefault(f schema.Field, v json.RawMessage) bool {
	var def []byte
	if f.Default != nil {
		def, _ = json.Marshal(f.Default)
	} else {
		def, _ = json.Marshal(reflect.Zero(f.Type).Interface())
	}
	if bytes.Equal(bytes.TrimSpace(v), def) {
		return true
	}
	// An empty list is a missing one.
	t := bytes.TrimSpace(v)
	return f.Default == nil && (string(t) == "[]" || string(t) == "null")
}

// stepCommand builds the command a step runs: args (variables expanded
// when vars is not nil) checked as `tact schema COMMAND` describes them,
// defaults filled in as the command line would. Element parameters come
// from the step's targets, set by the caller.
func stepCommand(s *workflow.Step, vars map[string]string) (Command, error) {
	c, ok := stepTypeOf(s.Command)
	if !ok {
		return nil, failure.New(failure.Usage, "unknown step command %q", s.Command)
	}
	args := s.Args
	if vars != nil {
		var err error
		if args, err = workflow.ExpandJSON(args, vars); err != nil {
			return nil, failure.New(failure.Usage, "%v", err)
		}
	}
	omit := omitTargets(c, s)
	var given map[string]json.RawMessage
	_ = json.Unmarshal(args, &given)
	for k := range given {
		if omit[strings.ReplaceAll(strings.ToLower(k), "-", "_")] {
			where := "target"
			if _, drop := targetFields(c); drop != nil && drop.prop == k {
				where = "to"
			}
			return nil, failure.New(failure.Usage, "args: %q is an element: give it as \"%s\": {\"locators\": [\"css=…\"]}, not in args", k, where)
		}
	}
	params, err := schema.Params(c, args, schema.InputOptions{Omit: omit})
	if err != nil {
		return nil, failure.New(failure.Usage, "args: %s", strings.TrimPrefix(failure.From(err).Message, s.Command+": "))
	}
	cmd, _ := New(s.Command)
	if err := json.Unmarshal(params, cmd); err != nil {
		return nil, failure.New(failure.Usage, "args: %v", err)
	}
	return cmd, nil
}

// upgradeStep turns a version 1 step (the command struct as "params",
// Go field names, every default) into args.
func upgradeStep(s *workflow.Step) error {
	if len(s.Params) == 0 {
		return nil
	}
	cmd, ok := New(s.Command)
	if !ok || !replayable(s.Command) {
		return fmt.Errorf("unknown step command %q", s.Command)
	}
	var present map[string]json.RawMessage
	_ = json.Unmarshal(s.Params, &present)
	// A flag added after the file was written is not in its params: it
	// takes its default, as on the command line.
	setDefaults(reflect.ValueOf(cmd).Elem(), present)
	dec := json.NewDecoder(bytes.NewReader(s.Params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(cmd); err != nil {
		return fmt.Errorf("bad params for %s: %v", s.Command, err)
	}
	args, err := encodeArgs(s.Command, cmd)
	if err != nil {
		return err
	}
	s.Args, s.Params = args, nil
	return nil
}

// setDefaults gives each field of v that has a default tag and is not
// among present (the params' Go field names) that default.
func setDefaults(v reflect.Value, present map[string]json.RawMessage) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			setDefaults(v.Field(i), present)
			continue
		}
		def, ok := f.Tag.Lookup("default")
		if _, given := present[f.Name]; !ok || given || !f.IsExported() {
			continue
		}
		switch fv := v.Field(i); fv.Kind() {
		case reflect.String:
			fv.SetString(def)
		case reflect.Int, reflect.Int64:
			if n, err := strconv.ParseInt(def, 10, 64); err == nil {
				fv.SetInt(n)
			}
		case reflect.Bool:
			fv.SetBool(def == "true")
		}
	}
}

// upgrade brings a version 1 workflow to the current format, so that a
// replay --update writes the new one; the first bad step is an error.
func upgrade(w *workflow.Workflow) error {
	if w.Version == workflow.Version {
		return nil
	}
	for i := range w.Steps {
		if err := upgradeStep(&w.Steps[i]); err != nil {
			return fmt.Errorf("step %d: %v", i+1, err)
		}
	}
	w.Version = workflow.Version
	return nil
}

// withArgs is a command built from args alone, defaults filled in (a
// recorded navigation: snap URL is stored as open URL).
func withArgs(name string, args map[string]any) Command {
	b, _ := json.Marshal(args)
	cmd, _ := stepCommand(&workflow.Step{Command: name, Args: b}, nil)
	return cmd
}

// isPageURL reports whether a tab's address is a page a replay can open
// again (not about:blank, a new-tab page or a browser page).
func isPageURL(u string) bool {
	for _, p := range []string{"http://", "https://", "file://"} {
		if strings.HasPrefix(u, p) {
			return true
		}
	}
	return false
}
