package relay

import (
	"testing"
	"time"
)

// The relay reads only the session, output and timeout of a line, and
// leaves anything it is unsure of to the full CLI.
func TestScan(t *testing.T) {
	t.Parallel()
	env := func(session string) func(string) (string, bool) {
		return func(k string) (string, bool) {
			if k == "TACT_SESSION" && session != "unset" {
				return session, true
			}
			return "", false
		}
	}
	cases := []struct {
		args    []string
		session string // TACT_SESSION
		ok      bool
		want    call
	}{
		{[]string{"snap"}, "unset", true, call{"default", "text", 30 * time.Second}},
		{[]string{"--session", "a", "-o", "json", "click", "@e1", "--timeout", "5"}, "unset", true, call{"a", "json", 5 * time.Second}},
		{[]string{"snap", "--session=b", "--timeout=500ms"}, "env", true, call{"b", "text", 500 * time.Millisecond}},
		{[]string{"snap"}, "env", true, call{"env", "text", 30 * time.Second}},
		{[]string{"-ojson", "click", "@e9"}, "unset", true, call{"default", "json", 30 * time.Second}},
		{[]string{"type", "@e1", "--", "--session", "x"}, "unset", true, call{"default", "text", 30 * time.Second}},
		{[]string{"snap"}, "", false, call{}}, // TACT_SESSION set and empty: the CLI refuses it
		{[]string{"version"}, "unset", false, call{}},
		{[]string{"guide"}, "unset", false, call{}},
		{[]string{"snap", "--timeout", "soon"}, "unset", false, call{}},
		{[]string{"snap", "--timeout", "-1"}, "", false, call{}},
		{[]string{"snap", "--timeout", "Inf"}, "", false, call{}},
		{[]string{"snap", "--timeout", "1e10"}, "", false, call{}},
		{[]string{"snap", "--timeout", "25h"}, "", false, call{}},
		{[]string{"snap", "--timeout", "NaN"}, "", false, call{}},
		{[]string{"snap", "--session"}, "", false, call{}},
		{[]string{"snap", "--session", "../x"}, "", false, call{}},
		{[]string{"snap", "-h"}, "", false, call{}},
		{[]string{"help"}, "", false, call{}},
		{[]string{"__daemon"}, "", false, call{}},
		{nil, "", false, call{}},
	}
	for _, c := range cases {
		got, ok := scan(c.args, env(c.session))
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("scan(%q) = %+v %v, want %+v %v", c.args, got, ok, c.want, c.ok)
		}
	}
}
