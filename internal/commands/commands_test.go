package commands

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/failure"
)

func TestNormalizeURL(t *testing.T) {
	cases := []struct {
		in, want string
		allow    bool
		code     failure.Code
	}{
		{in: "example.com", want: "https://example.com"},
		{in: "example.com/a?b=1", want: "https://example.com/a?b=1"},
		{in: "localhost:8080/x", want: "http://localhost:8080/x"},
		{in: "127.0.0.1:9/", want: "http://127.0.0.1:9/"},
		{in: "https://example.com/", want: "https://example.com/"},
		{in: "about:blank", want: "about:blank"},
		{in: "javascript:alert(1)", code: failure.Usage},
		{in: "file:///etc/passwd", code: failure.Usage},
		{in: "file:///tmp/x.html", allow: true, want: "file:///tmp/x.html"},
		{in: "ftp://example.com", code: failure.Usage},
		{in: "http://", code: failure.Usage},
		{in: "", code: failure.Usage},
		{in: "http://a\nb", code: failure.Usage},
	}
	for _, c := range cases {
		got, err := NormalizeURL(c.in, c.allow)
		if c.code != "" {
			if err == nil || failure.From(err).Code != c.code {
				t.Errorf("%q: err %v, want %s", c.in, err, c.code)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestRegistryNamesMatchKong(t *testing.T) {
	want := []string{"snap", "read", "open", "click", "fill", "tab list", "tab new", "dialog accept", "browser launch", "browser stop"}
	for _, n := range want {
		if _, ok := New(n); !ok {
			t.Errorf("registry lacks %q", n)
		}
	}
	for _, e := range All() {
		if e.Help == "" || strings.ToLower(e.Name) != e.Name {
			t.Errorf("entry %q: help %q", e.Name, e.Help)
		}
	}
	if NameOf(&Click{}) != "click" || NameOf(&TabNew{}) != "tab new" {
		t.Errorf("NameOf")
	}
}

// What used to be lists of command names is declared on the commands;
// these are the commands each declaration covers.
func TestCommandTraits(t *testing.T) {
	var steppers, readers, notInBatch, actions, ownShapes []string
	roles := map[string]DaemonRole{}
	for _, e := range All() {
		c, _ := New(e.Name)
		if _, ok := c.(Stepper); ok {
			steppers = append(steppers, e.Name)
		}
		if readsPage(e.Name) {
			readers = append(readers, e.Name)
		}
		if !inBatch(c) {
			notInBatch = append(notInBatch, e.Name)
		}
		if _, ok := c.(actionCmd); ok {
			actions = append(actions, e.Name)
			// An action's -o json is actionData, unless it declares its
			// own shapes (mouse down and up embed ActOpts one level down).
			if _, own := c.(outputShaper); own {
				ownShapes = append(ownShapes, e.Name)
			} else if out := outputOf(e); len(out) != 2 || out[0] != reflect.TypeOf(actionData{}) {
				t.Errorf("%s: outputs %v, want actionData and dryRunData", e.Name, out)
			}
		}
		if r := RoleOf(c); r != Starts {
			roles[e.Name] = r
		}
	}
	for _, c := range []struct {
		what string
		got  []string
		want string
	}{
		{"steppers", steppers, "batch replay"},
		{"page readers", readers, "snap snapshot read eval screenshot"},
		{"actions", actions, "open click dblclick hover drag mouse move mouse down mouse up mouse wheel fill type press select check uncheck upload scroll back forward reload tab new tab switch session load"},
		{"actions with shapes of their own", ownShapes, ""},
		{"not in a batch", notInBatch, "batch workflow trust browser launch browser stop browser status schema mcp init"},
	} {
		if got := strings.Join(c.got, " "); got != c.want {
			t.Errorf("%s: %s, want %s", c.what, got, c.want)
		}
	}
	if len(roles) != 2 || roles["browser status"] != Reports || roles["browser stop"] != Stops {
		t.Errorf("daemon roles: %v", roles)
	}
}
