package cli_test

import (
	"strings"
	"testing"
)

// A negative number is a value, as a positional argument or a flag's
// value, on the command line and in a batch step alike.
func TestNegativeNumbersAreValues(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("snap_form.html"))
	name := refOf(t, out, `"Name"`)
	mustOK(t, tact(t, s, "fill", name, "-97", "--no-snap"))
	if got := evalIn(t, s, `document.querySelector("input[name=fullname]").value`); got != "-97" {
		t.Errorf("fill -97: value %q", got)
	}
	r := tact(t, s, "batch", "fill "+name+" -3.5", "scroll down --amount -10")
	mustOK(t, r)
	if !strings.Contains(r.out, `value="-3.5"`) {
		t.Errorf("batch fill -3.5:\n%s", r.out)
	}
}
