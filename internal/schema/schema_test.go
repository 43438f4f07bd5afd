package schema_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/schema"
	"github.com/tact-browser/tact/internal/snapshot"
)

// compile checks s against the draft 2020-12 metaschema and compiles it.
func compile(t *testing.T, name string, s any) *jsonschema.Schema {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("%s: marshal: %v", name, err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := "tact:" + strings.ReplaceAll(name, " ", "/") + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: invalid schema: %v\n%s", name, err, b)
	}
	return sch
}

func validate(t *testing.T, sch *jsonschema.Schema, name, instance string) error {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(instance))
	if err != nil {
		t.Fatalf("%s: example is not JSON: %v\n%s", name, err, instance)
	}
	return sch.Validate(v)
}

// TestEveryCommandHasSchema walks the registry: each command has a valid
// input schema (and output schema where it documents one).
func TestEveryCommandHasSchema(t *testing.T) {
	cmds := commands.SchemaCommands()
	if len(cmds) != len(commands.All()) {
		t.Fatalf("SchemaCommands has %d commands, registry %d", len(cmds), len(commands.All()))
	}
	withOutput := 0
	for _, c := range cmds {
		d, err := schema.Describe(c)
		if err != nil {
			t.Errorf("%s: no schema: %v", c.Name, err)
			continue
		}
		in, _ := d.Get("input")
		compile(t, c.Name+" input", in)
		if out, ok := d.Get("output"); ok {
			withOutput++
			compile(t, c.Name+" output", out)
		}
		if u, _ := d.Get("usage"); !strings.HasPrefix(u.(string), "tact "+c.Name) {
			t.Errorf("%s: usage %q", c.Name, u)
		}
	}
	if withOutput < len(cmds)/2 {
		t.Errorf("only %d of %d commands document their output", withOutput, len(cmds))
	}
	doc, err := schema.Document(cmds, "test")
	if err != nil {
		t.Fatal(err)
	}
	errSch, _ := doc.Get("error")
	sch := compile(t, "error", errSch)
	for code := range failure.Codes() {
		b, _ := json.Marshal(map[string]any{"error": failure.New(code, "x")})
		if err := validate(t, sch, "error", string(b)); err != nil {
			t.Errorf("error %s does not validate: %v", code, err)
		}
	}
}

func describe(t *testing.T, name string) *schema.Obj {
	t.Helper()
	c, ok := schema.Find(commands.SchemaCommands(), name)
	if !ok {
		t.Fatalf("no command %s", name)
	}
	d, err := schema.Describe(c)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestInputShape(t *testing.T) {
	d := describe(t, "fill")
	in, _ := d.Get("input")
	b, _ := json.Marshal(in)
	var s struct {
		Properties map[string]struct {
			Type    any    `json:"type"`
			Desc    string `json:"description"`
			Default any    `json:"default"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Required) != 1 || s.Required[0] != "target" {
		t.Errorf("required: %v", s.Required)
	}
	if fmt.Sprint(s.Properties["value"].Type) != "[array string]" || s.Properties["target"].Desc == "" {
		t.Errorf("properties: %+v", s.Properties)
	}
	if s.Properties["max_tokens"].Default != float64(5000) {
		t.Errorf("max_tokens default: %v", s.Properties["max_tokens"].Default)
	}
	if _, ok := s.Properties["interactive"]; ok {
		t.Errorf("hidden flag in schema")
	}
	// Input schemas refuse unknown properties and wrong types.
	sch := compile(t, "fill input", in)
	if validate(t, sch, "fill", `{"target":"@e1","value":["a"]}`) != nil {
		t.Errorf("valid fill input rejected")
	}
	for _, bad := range []string{`{}`, `{"target":1}`, `{"target":"@e1","bogus":true}`} {
		if validate(t, sch, "fill", bad) == nil {
			t.Errorf("invalid fill input %s accepted", bad)
		}
	}
}

func TestParams(t *testing.T) {
	c, _ := schema.Find(commands.SchemaCommands(), "fill")
	p, err := schema.Params(c, json.RawMessage(`{"target":"@e3","value":"a b","no-snap":true}`), schema.InputOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cmd, _ := commands.New("fill")
	if err := json.Unmarshal(p, cmd); err != nil {
		t.Fatal(err)
	}
	f := cmd.(*commands.Fill)
	if f.Target != "@e3" || len(f.Value) != 1 || f.Value[0] != "a b" || !f.NoSnap || f.MaxTokens != 5000 {
		t.Errorf("params %s decoded to %+v", p, f)
	}
	for _, bad := range []string{`{"value":"x"}`, `{"target":"@e1","nope":1}`, `{"target":5}`, `[1]`} {
		_, err := schema.Params(c, json.RawMessage(bad), schema.InputOptions{})
		if failure.From(err).Code != failure.Usage {
			t.Errorf("%s: err %v, want USAGE", bad, err)
		}
	}
}

// TestSnapOutputValidates: a real Page (as snap -o json prints it)
// validates against snap's output schema.
func TestSnapOutputValidates(t *testing.T) {
	d := describe(t, "snap")
	out, _ := d.Get("output")
	sch := compile(t, "snap output", out)
	page := snapshot.Build("http://x/", "X", []snapshot.Item{
		{K: snapshot.KindHeading, Level: 1, Text: "Hello"},
		{K: snapshot.KindText, Text: "Some text"},
		{K: snapshot.KindElement, Ref: 3, Role: "link", Name: "Other", Tag: "a", Attrs: [][2]string{{"href", "/o"}, {"disabled", ""}}, Action: "click"},
	})
	b, _ := json.Marshal(page)
	if err := validate(t, sch, "page", string(b)); err != nil {
		t.Errorf("page does not validate: %v\n%s", err, b)
	}
}

// TestREADMEExamples validates each JSON example in the README and docs/
// that is preceded by <!-- schema: COMMAND input|output|error -->.
func TestREADMEExamples(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	var b []byte
	for _, p := range append(pages, filepath.Join("..", "..", "README.md")) {
		s, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		b = append(b, s...)
	}
	re := regexp.MustCompile("<!-- schema: ([a-z ]+?) (input|output|error) -->\\s*```json\\n([\\s\\S]*?)```")
	ms := re.FindAllStringSubmatch(string(b), -1)
	if len(ms) < 3 {
		t.Fatalf("README and docs/ have %d schema-checked JSON examples, want at least 3", len(ms))
	}
	cmds := commands.SchemaCommands()
	for _, m := range ms {
		name, part, example := m[1], m[2], m[3]
		var s any
		if part == "error" {
			s = schema.Error()
		} else {
			c, ok := schema.Find(cmds, name)
			if !ok {
				t.Errorf("README example for unknown command %q", name)
				continue
			}
			d, _ := schema.Describe(c)
			s, ok = d.Get(part)
			if !ok {
				t.Errorf("%s has no %s schema", name, part)
				continue
			}
		}
		if err := validate(t, compile(t, name+" "+part, s), name, example); err != nil {
			t.Errorf("README example for %s %s does not validate: %v\n%s", name, part, err, example)
		}
	}
}
