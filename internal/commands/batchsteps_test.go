package commands

import (
	"strings"
	"testing"
)

// A batch step keeps a locator's quoted attribute value whole, given as
// one argument or one stdin line alike.
func TestBatchStepKeepsLocatorQuotes(t *testing.T) {
	for in, want := range map[string]string{
		`click role=button[name="Load goat"]`:          `click|role=button[name="Load goat"]`,
		`click role=button[name='Load goat']`:          `click|role=button[name='Load goat']`,
		`click css=a[title="a \"b\" c"] --no-snap`:     `click|css=a[title="a \"b\" c"]|--no-snap`,
		`fill role=textbox[name="First name"] "Ada L"`: `fill|role=textbox[name="First name"]|Ada L`,
		`click "role=button[name=\"Go\"]"`:             `click|role=button[name="Go"]`,
		`fill @e1 "say [\"hi\"]"`:                      `fill|@e1|say ["hi"]`,
	} {
		got, err := SplitWords(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("SplitWords(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := SplitWords(`click role=button[name="open]`); err == nil {
		t.Error("unclosed quote in a locator accepted")
	}
	steps, err := parseSteps(t.Context(), []string{`click role=button[name="Load goat"]`})
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := steps[0].cmd.(*Click); !ok || c.Target != `role=button[name="Load goat"]` {
		t.Errorf("step parsed as %#v", steps[0].cmd)
	}
}

// press takes its target before or after the keys; a target is never a
// key, and a wrong order says which order press takes.
func TestPressOrder(t *testing.T) {
	for _, c := range []struct{ key, target, wantKey, wantTarget string }{
		{"Enter", "@e3", "Enter", "@e3"},
		{"@e148", "ArrowRight", "ArrowRight", "@e148"},
		{`role=slider[name="Volume"]`, "ArrowDown ArrowDown", "ArrowDown ArrowDown", `role=slider[name="Volume"]`},
		{"e", "", "e", ""},
		{"=", "css=input", "=", "css=input"},
	} {
		p := &Press{Key: c.key, Target: c.target}
		if _, err := p.order(); err != nil || p.Key != c.wantKey || p.Target != c.wantTarget {
			t.Errorf("press %q %q: key %q target %q, %v", c.key, c.target, p.Key, p.Target, err)
		}
	}
	for _, c := range [][2]string{{"@e3", ""}, {"@e3", "@e4"}, {"Entr", "@e3"}} {
		p := &Press{Key: c[0], Target: c[1]}
		if _, err := p.order(); err == nil || !strings.Contains(err.Error(), "press KEY [TARGET]") {
			t.Errorf("press %q %q: %v, want an error showing press KEY [TARGET]", c[0], c[1], err)
		}
	}
}
