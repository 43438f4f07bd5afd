package cli

import (
	"reflect"
	"strings"
	"sync"
	"unicode"
)

// Building kong's model of every command costs ~12 ms of each call (tag
// parsing, interpolation), more than the rest of the client. A call
// names one command, so the model is first built with only that command
// (a struct of the globals and that command's field); help, completion, a call naming no
// command and any parse error fall back to the whole tree, so what the
// user sees never depends on the shortcut.

// fullModel names the calls that need every command: help lists them,
// completion writes them all.
func fullModel(cmd string) bool {
	return cmd == "help" || cmd == "completion"
}

// pruneFor returns the field of app (or of a struct it embeds) holding
// the command args name, "" when they name none and only print the
// version, and ok=false when the call needs the whole tree.
func pruneFor(args []string) (field string, ok bool) {
	cmds := topCommands()
	takesValue := globalValueFlags()
	version := false
	for _, a := range args {
		if a == "-h" || a == "--help" {
			return "", false
		}
		version = version || a == "--version" || a == "-V"
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			if !strings.Contains(a, "=") && takesValue[a] {
				i++
			}
			continue
		}
		// A word before the command is the value of a command's flag
		// hoisted before it (--port 9222 browser launch); a misreading
		// fails the pruned parse, and the whole tree parses the call.
		if f, found := cmds[a]; found {
			return f.field, !fullModel(f.name)
		}
	}
	// Bare `tact` prints help that lists every command.
	return "", version
}

// prunedApp is app with only the globals and one command field (none
// for ""): a struct type of its own, which kong builds in a fraction of
// the time.
func prunedApp(field string) reflect.Value {
	fields := []reflect.StructField{{Name: "Globals", Type: reflect.TypeFor[Globals](), Anonymous: true}}
	if field != "" {
		f, _ := reflect.TypeFor[app]().FieldByName(field)
		fields = append(fields, reflect.StructField{Name: f.Name, Type: f.Type, Tag: f.Tag})
	}
	return reflect.New(reflect.StructOf(fields))
}

// unprune copies what kong filled in p (a prunedApp) into a.
func unprune(p reflect.Value, a *app) {
	p = p.Elem()
	av := reflect.ValueOf(a).Elem()
	for i := 0; i < p.NumField(); i++ {
		av.FieldByName(p.Type().Field(i).Name).Set(p.Field(i))
	}
}

type commandField struct{ field, name string }

// topCommands maps each top-level command name and alias to its field
// (app's own and those of the structs it embeds), read from app's type
// once per process: a daemon reads every relayed line with it.
var topCommands = sync.OnceValue(func() map[string]commandField {
	out := map[string]commandField{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if _, ok := f.Tag.Lookup("embed"); ok || f.Anonymous {
				if f.Type.Kind() == reflect.Struct {
					walk(f.Type)
				}
				continue
			}
			if _, ok := f.Tag.Lookup("cmd"); !ok {
				continue
			}
			name := f.Tag.Get("name")
			if name == "" {
				name = kebab(f.Name)
			}
			cf := commandField{field: f.Name, name: name}
			out[name] = cf
			for alias := range strings.SplitSeq(f.Tag.Get("aliases"), ",") {
				if alias = strings.TrimSpace(alias); alias != "" {
					out[alias] = cf
				}
			}
		}
	}
	walk(reflect.TypeFor[app]())
	return out
})

// globalValueFlags are the global flags (long and short forms) that take
// a value as the next argument.
var globalValueFlags = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	t := reflect.TypeFor[Globals]()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if k := f.Type.Kind(); k == reflect.Bool || k == reflect.Pointer {
			continue // switches, negatable ones and --version
		}
		name := f.Tag.Get("name")
		if name == "" {
			name = kebab(f.Name)
		}
		out["--"+name] = true
		if s := f.Tag.Get("short"); s != "" {
			out["-"+s] = true
		}
	}
	return out
})

// kebab is kong's default name for a field: UserAgent → user-agent.
func kebab(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
