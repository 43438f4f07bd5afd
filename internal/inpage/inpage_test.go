package inpage

import (
	"strings"
	"testing"
)

func TestAssembleOrdersByDependencies(t *testing.T) {
	a := New("__tact.define('alpha', ['beta', 'dom'], (b, d) => ({}));")
	b := New(`__tact.define('beta', ["dom"], (d) => ({}));`)
	if a.Name != "alpha" || strings.Join(a.Deps, ",") != "beta,dom" || strings.Join(b.Deps, ",") != "dom" {
		t.Fatalf("headers read as %+v / %+v", a, b)
	}
	src, err := Assemble(a, b)
	if err != nil {
		t.Fatal(err)
	}
	iPre, iDom, iB, iA := strings.Index(src, "T.define ="), strings.Index(src, "define('dom'"), strings.Index(src, "define('beta'"), strings.Index(src, "define('alpha'")
	if !(iPre >= 0 && iPre < iDom && iDom < iB && iB < iA) {
		t.Fatalf("order: prelude %d dom %d beta %d alpha %d", iPre, iDom, iB, iA)
	}
	if strings.Count(src, "define('dom'") != 1 {
		t.Fatal("dom included more than once")
	}
}

func TestAssembleErrors(t *testing.T) {
	cases := map[string][]Module{
		"without a __tact.define header": {New("(() => {})();")},
		`needs "gamma"`:                  {New("__tact.define('alpha', ['gamma'], () => {});")},
		"depend on each other": {New("__tact.define('alpha', ['beta'], () => {});"),
			New("__tact.define('beta', ['alpha'], () => {});")},
	}
	for want, mods := range cases {
		if _, err := Assemble(mods...); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want error containing %q, got %v", want, err)
		}
		if s := Source(mods...); !strings.HasPrefix(s, "throw new Error(") {
			t.Errorf("Source of a broken set should throw in the page, got %.40q", s)
		}
	}
}
