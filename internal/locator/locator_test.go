package locator

import (
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in    string
		want  Locator
		canon string // "" = same as in
	}{
		{"@e12", Locator{Ref: 12}, ""},
		{"e7", Locator{Ref: 7}, "@e7"},
		{"@3", Locator{Ref: 3}, "@e3"}, // ego-browser's spelling
		{"css=#login", Locator{Steps: []Step{{Kind: CSS, Value: "#login"}}}, ""},
		{"css:#login", Locator{Steps: []Step{{Kind: CSS, Value: "#login"}}}, "css=#login"},
		{"loc=css:.btn.primary", Locator{Steps: []Step{{Kind: CSS, Value: ".btn.primary"}}}, "css=.btn.primary"},
		{"xpath=//button[text()='Login']", Locator{Steps: []Step{{Kind: XPath, Value: "//button[text()='Login']"}}}, ""},
		{"//a[@href]", Locator{Steps: []Step{{Kind: XPath, Value: "//a[@href]"}}}, "xpath=//a[@href]"},
		{"text=Sign in", Locator{Steps: []Step{{Kind: Text, Value: "Sign in"}}}, ""},
		{`text="Sign in"`, Locator{Steps: []Step{{Kind: Text, Value: "Sign in", Exact: true}}}, ""},
		{`text='it\'s'`, Locator{Steps: []Step{{Kind: Text, Value: "it's", Exact: true}}}, `text="it's"`},
		{`text=Don't save`, Locator{Steps: []Step{{Kind: Text, Value: "Don't save"}}}, ""},
		{`text=/sign\s*in/i`, Locator{Steps: []Step{{Kind: Text, Value: `sign\s*in`, Regex: true, Flags: "i"}}}, ""},
		{`label=/^E-?mail$/`, Locator{Steps: []Step{{Kind: Label, Value: `^E-?mail$`, Regex: true}}}, ""},
		{`text=/path/to`, Locator{Steps: []Step{{Kind: Text, Value: "/path/to"}}}, ""}, // not /…/flags: plain text
		{`text="/a/"`, Locator{Steps: []Step{{Kind: Text, Value: "/a/", Exact: true}}}, ""},
		{`role=button[name="Sign in"]`, Locator{Steps: []Step{{Kind: Role, Value: "button", Name: "Sign in", HasName: true, NameExact: true}}}, ""},
		{`loc=role:button[name="Login"]`, Locator{Steps: []Step{{Kind: Role, Value: "button", Name: "Login", HasName: true, NameExact: true}}}, `role=button[name="Login"]`},
		{`role=Button [ name = "x" i ]`, Locator{Steps: []Step{{Kind: Role, Value: "button", Name: "x", HasName: true}}}, `role=button[name="x"i]`},
		{`role=input:email`, Locator{Steps: []Step{{Kind: Role, Value: "input:email"}}}, ""},
		{`role=checkbox[checked=false][name="A"]`, Locator{Steps: []Step{{Kind: Role, Value: "checkbox", Name: "A", HasName: true, NameExact: true, States: map[string]bool{"checked": false}}}}, `role=checkbox[name="A"][checked=false]`},
		{`label=Email`, Locator{Steps: []Step{{Kind: Label, Value: "Email"}}}, ""},
		{`placeholder="Search…"`, Locator{Steps: []Step{{Kind: Placeholder, Value: "Search…", Exact: true}}}, ""},
		{`testid=submit`, Locator{Steps: []Step{{Kind: TestID, Value: "submit"}}}, ""},
		{`testid="submit"`, Locator{Steps: []Step{{Kind: TestID, Value: "submit"}}}, `testid=submit`},
		{`css=#form >> role=button[name="Go"] >> nth=-1`, Locator{Steps: []Step{{Kind: CSS, Value: "#form"}, {Kind: Role, Value: "button", Name: "Go", HasName: true, NameExact: true}, {Kind: Nth, N: -1}}}, ""},
		{`text="a >> b"`, Locator{Steps: []Step{{Kind: Text, Value: "a >> b", Exact: true}}}, ""},
		{`css=[title="x >> y"]>>text=z`, Locator{Steps: []Step{{Kind: CSS, Value: `[title="x >> y"]`}, {Kind: Text, Value: "z"}}}, `css=[title="x >> y"] >> text=z`},
		{`css=a[title='>>'] >> nth=0`, Locator{Steps: []Step{{Kind: CSS, Value: `a[title='>>']`}, {Kind: Nth}}}, ""},
	}
	for _, c := range cases {
		got, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", c.in, got, c.want)
		}
		canon := c.canon
		if canon == "" {
			canon = c.in
		}
		if s := got.String(); s != canon {
			t.Errorf("String(Parse(%q)) = %q, want %q", c.in, s, canon)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "empty target"},
		{"@x", "malformed ref"},
		{"@e0", "malformed ref"},
		{"@0", "malformed ref"},
		{"@-1", "malformed ref"},
		{"@3x", "malformed ref"},
		{"@e", "malformed ref"},
		{"#login", "unsupported target"},
		{"button", "unsupported target"},
		{"css=", "empty css"},
		{"css=a >> ", "empty part"},
		{">> css=a", "empty part"},
		{"nth=0", "nth= picks among"},
		{"css=a >> nth=x", "integer index"},
		{`text="abc`, "unterminated quote"},
		{`text="a"b`, "unexpected"},
		{`text=""`, "empty text"},
		{`role=`, "want role="},
		{`role=button[name=Sign]`, "must be quoted"},
		{`role=button[name="x"`, "missing ]"},
		{`role=button[foo="x"]`, "unknown role attribute"},
		{`role=button[checked=maybe]`, "true or false"},
		{`role=button[name="a"][name="b"]`, "name given twice"},
		{`role=button x`, "unexpected"},
		{`loc=foo:bar`, "want loc=<kind>"},
		{`text="\q"`, "bad escape"},
		{"css=\xff", "UTF-8"},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q): no error, want %q", c.in, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %q, want it to mention %q", c.in, err, c.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): multi-line error %q", c.in, err)
		}
	}
}

// FuzzParse: Parse never panics, errors are one line, and what parses
// prints to a form that parses back to the same locator.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"@e1", "css=a", `role=button[name="x"i]`, `text="a >> b" >> nth=2`, "loc=css:#x", `label='a\'b'`, "//a", `testid=" x"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := Parse(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error for %q: %q", s, err)
			}
			return
		}
		canon := l.String()
		l2, err := Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q) ok, but its String %q fails: %v", s, canon, err)
		}
		if !reflect.DeepEqual(l, l2) {
			t.Fatalf("round trip %q -> %q: %+v != %+v", s, canon, l, l2)
		}
	})
}
