package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// Each wrong part of a value is a problem of its own, at its path, and no
// message quotes the value.
func TestValidatorProblems(t *testing.T) {
	t.Parallel()
	s := O("$schema", Draft, "type", "object",
		"properties", O(
			"name", O("type", "string", "pattern", "^[a-z]+$"),
			"items", O("type", "array", "items", O("$ref", "#/$defs/item")),
			"vars", O("type", "object", "propertyNames", O("pattern", "^[A-Z]+$"), "additionalProperties", O("type", "string"))),
		"required", []string{"name", "items"},
		"additionalProperties", false,
		"$defs", O("item", O("type", "object",
			"properties", O("n", O("type", "integer", "minimum", 1)), "required", []string{"n"}, "additionalProperties", false)))
	v, err := NewValidator(s)
	if err != nil {
		t.Fatal(err)
	}
	check := func(doc string) []string {
		t.Helper()
		var x any
		if err := json.Unmarshal([]byte(doc), &x); err != nil {
			t.Fatal(err)
		}
		probs, err := v.Problems(x)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range probs {
			out = append(out, strings.Join(p.Path, ".")+": "+p.Message)
		}
		return out
	}
	if got := check(`{"name": "ok", "items": [{"n": 1}], "vars": {"A": "x"}}`); len(got) != 0 {
		t.Errorf("a valid value: %q", got)
	}
	got := strings.Join(check(`{"name": "Hunter2", "items": [{"n": 1}, {"n": "s3cret"}, {"m": 2}, 7], "vars": {"lower": "x", "B": false}, "extra": 1}`), "\n")
	for _, want := range []string{
		": additional properties 'extra' not allowed",
		"name: does not match ^[a-z]+$",
		"items.1.n: got string, want integer",
		"items.2: additional properties 'm' not allowed",
		"items.2: missing property 'n'",
		"items.3: got integer, want object",
		"vars: property name 'lower': does not match ^[A-Z]+$",
		"vars.B: got boolean, want string",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "items.0") || strings.Contains(got, "s3cret") || strings.Contains(got, "Hunter2") {
		t.Errorf("a valid item named, or a value quoted:\n%s", got)
	}
	if got := check(`{"items": []}`); strings.Join(got, "\n") != ": missing property 'name'" {
		t.Errorf("missing name: %q", got)
	}
}
