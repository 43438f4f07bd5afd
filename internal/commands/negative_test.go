package commands

import (
	"slices"
	"testing"

	"github.com/alecthomas/kong"
)

// A negative number is a value wherever it stands: after a flag that
// takes one, or as a positional argument; everything else is left for
// the parser as it was.
func TestNegativeValues(t *testing.T) {
	var root Root
	p, err := kong.New(&root, kong.Name("tact"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want []string }{
		{[]string{"drag", "@e45", "--by", "-600,-350"}, []string{"drag", "@e45", "--by=-600,-350"}},
		{[]string{"fill", "@e5", "-97"}, []string{"fill", "@e5", "--", "-97"}},
		{[]string{"fill", "@e5", "-97", "--no-snap"}, []string{"fill", "@e5", "--no-snap", "--", "-97"}},
		{[]string{"fill", "@e5", "-.5", "--", "x"}, []string{"fill", "@e5", "--", "-.5", "x"}},
		{[]string{"fill", "-o", "json", "@e5", "-1"}, []string{"fill", "-o", "json", "@e5", "--", "-1"}},
		{[]string{"fill", "@e5", "-x"}, []string{"fill", "@e5", "-x"}},
		{[]string{"fill", "@e5", "--", "-1"}, []string{"fill", "@e5", "--", "-1"}},
		{[]string{"scroll", "down", "--amount", "-5"}, []string{"scroll", "down", "--amount=-5"}},
	} {
		if got := NegativeValues(p.Model.Node, c.in); !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
	// The rewritten words parse, and the value arrives intact.
	kctx, err := p.Parse(NegativeValues(p.Model.Node, []string{"fill", "@e5", "-97", "--no-snap"}))
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := kctx.Selected().Target.Addr().Interface().(*Fill); !ok || !slices.Equal(f.Value, []string{"-97"}) || !f.NoSnap {
		t.Errorf("parsed %+v", kctx.Selected().Target.Interface())
	}
}
