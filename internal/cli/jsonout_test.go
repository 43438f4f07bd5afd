package cli_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Every command's `-o json` output validates against the output schema
// `tact schema <command>` publishes, made strict: an object may hold only
// the properties the schema names, so a field added to a command's output
// without its schema fails here.
func TestJSONOutputMatchesSchema(t *testing.T) {
	t.Parallel()
	s := "jsonout"
	r := tact(t, s, "-o", "json", "open", page("seed_marks.html"))
	mustOK(t, r)
	var p struct {
		Snap struct {
			Elements []struct {
				Ref, Name string
				Attrs     map[string]any
			} `json:"elements"`
		} `json:"snap"`
	}
	if err := json.Unmarshal([]byte(r.out), &p); err != nil {
		t.Fatalf("open -o json: %v\n%s", err, r.out)
	}
	ref := func(name string) string {
		for _, e := range p.Snap.Elements {
			if e.Name == name || e.Attrs["id"] == name {
				return "@" + e.Ref
			}
		}
		t.Fatalf("no element %q in %s", name, r.out)
		return ""
	}
	user, terms, size, pay := ref("Username"), ref("Accept the terms"), ref("size"), ref("Pay now")
	flow := writeFlow(t, "jsonout", `{"command":"open","params":{"URL":"`+page("wf_home.html?user=${WHO}")+`"}},
 {"command":"read","params":{"Focus":"h1","As":"headline"}},
 {"command":"eval","params":{"Expr":["({n: 1})"]}}`)
	steps := [][]string{
		{"snap"},
		{"snap", "--raw", "--html"},
		{"locate", user},
		{"batch", "press Tab", "eval 1"},
		{"session", "save", "jsonout-saved"},
		{"session", "list"},
		{"session", "delete", "jsonout-saved"},
		{"read"},
		{"fill", user, "neo"},
		{"type", user, "x"},
		{"press", "Tab"},
		{"check", terms},
		{"uncheck", terms},
		{"select", size, "Medium"},
		{"hover", pay},
		{"scroll", "down"},
		{"click", pay, "--dry-run"},
		{"click", pay},
		{"eval", "1+1"},
		{"screenshot", "--file", t.TempDir() + "/s.png", "--annotate"},
		{"wait", "10"},
		{"reload"},
		{"tab", "list"},
		{"tab", "new", page("hello.html")},
		{"back"},
		{"forward"},
		{"close"},
		{"replay", flow, "--var", "WHO=ada"},
		{"workflow", "vars", flow},
		{"browser", "status"},
	}
	for _, st := range steps {
		name := st[0]
		if name == "tab" || name == "browser" || name == "session" || name == "workflow" {
			name += " " + st[1]
		}
		sch := outputSchema(t, name)
		if sch == nil {
			t.Errorf("%s has no output schema", name)
			continue
		}
		r := tact(t, s, append([]string{"-o", "json"}, st...)...)
		if r.code != 0 {
			t.Errorf("%v: exit %d %s", st, r.code, r.err)
			continue
		}
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(r.out))
		if err != nil {
			t.Errorf("%v: not JSON: %v\n%s", st, err, r.out)
			continue
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%v: -o json does not match its schema: %v\n%s", st, err, r.out)
		}
	}
}

// outputSchema compiles the strict form of a command's published output
// schema, or returns nil when it has none.
func outputSchema(t *testing.T, command string) *jsonschema.Schema {
	t.Helper()
	r := tact(t, "jsonout", append([]string{"schema"}, strings.Fields(command)...)...)
	mustOK(t, r)
	var d struct {
		Output map[string]any `json:"output"`
	}
	if err := json.Unmarshal([]byte(r.out), &d); err != nil {
		t.Fatalf("schema %s: %v", command, err)
	}
	if d.Output == nil {
		return nil
	}
	strict(d.Output)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := "tact:" + strings.ReplaceAll(command, " ", "/") + ".json"
	if err := c.AddResource(url, any(d.Output)); err != nil {
		t.Fatalf("schema %s: %v", command, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("schema %s: %v", command, err)
	}
	return sch
}

// strict forbids properties a schema object does not name.
func strict(v any) {
	switch v := v.(type) {
	case map[string]any:
		if _, ok := v["properties"]; ok {
			if _, set := v["additionalProperties"]; !set {
				v["additionalProperties"] = false
			}
		}
		for _, x := range v {
			strict(x)
		}
	case []any:
		for _, x := range v {
			strict(x)
		}
	}
}
