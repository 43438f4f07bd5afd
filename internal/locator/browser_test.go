package locator_test

import (
	"encoding/json"
	"fmt"
	"github.com/tact-browser/tact/internal/inpage"
	"os"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/snapshot"
)

// TestMain shares one browser among the tests, except in fuzzing runs
// (FuzzParse needs none, and every fuzz worker would start one).
func TestMain(m *testing.M) {
	for _, a := range os.Args[1:] {
		if strings.HasPrefix(a, "-test.fuzz") {
			os.Exit(m.Run())
		}
	}
	os.Exit(browsertest.Main(m))
}

type gen struct {
	Key      int    `json:"key"`
	Role     string `json:"role"`
	Name     string `json:"name"`
	Locators []struct {
		Locator  string `json:"locator"`
		Strategy string `json:"strategy"`
	} `json:"locators"`
	Stable bool `json:"stable"`
}

// load defines the walker and the locator code in the page (the daemon
// uses an isolated world; the page's own world is fine for these tests),
// snaps and returns the refs.
func load(t testing.TB, tab *browsertest.Tab, path string) []int {
	t.Helper()
	tab.Navigate(t, path)
	var r snapshot.Result
	tab.Eval(t, inpage.Source(snapshot.Module, locator.Module)+";__tact.snap({nextRef: 1})", &r)
	var refs []int
	for _, it := range r.Items {
		if it.K == snapshot.KindElement {
			refs = append(refs, it.Ref)
		}
	}
	return refs
}

func generate(t testing.TB, tab *browsertest.Tab, refs []int) []gen {
	t.Helper()
	b, _ := json.Marshal(refs)
	var out []gen
	tab.Eval(t, "__tact.locGen({refs: "+string(b)+"})", &out)
	return out
}

// TestBigTableCost: locators for all 6,001 elements of the 3,000-row table
// in one call stay well under the time a snap may take.
func TestBigTableCost(t *testing.T) {
	tab := browsertest.NewTab(t)
	refs := load(t, tab, "snap_table.html")
	out := generate(t, tab, refs)
	var ms float64
	tab.Eval(t, "__tact.lastGenMs", &ms)
	t.Logf("%d elements: locators in %.0f ms", len(out), ms)
	if len(out) != len(refs) {
		t.Fatalf("got %d results for %d refs", len(out), len(refs))
	}
}

// resolvesTo reports whether loc, parsed by the Go parser and matched in
// the page, matches exactly the element of ref.
func resolvesTo(t testing.TB, tab *browsertest.Tab, loc string, ref int) (bool, string) {
	t.Helper()
	l, err := locator.Parse(loc)
	if err != nil {
		return false, "parse: " + err.Error()
	}
	b, _ := json.Marshal(l.Steps)
	var r struct {
		OK    bool   `json:"ok"`
		Count int    `json:"count"`
		Error string `json:"error"`
	}
	tab.Eval(t, fmt.Sprintf(`(() => { const r = __tact.locate(%s); return {ok: r.count === 1 && __tact.lastMatch === __tact.byRef(%d), count: r.count, error: r.error || ""}; })()`, b, ref), &r)
	if r.OK {
		return true, ""
	}
	return false, fmt.Sprintf("count %d %s", r.Count, r.Error)
}

// generatedNames appear in loc_page.html on purpose; no locator may use them.
var generatedNames = []string{"a8f3e2b1", "ember1234", "css-1x2y3z", "sc-bdVaJa", "jsx-2938471", "Button_root", "x9f3a"}

func TestGeneratedLocatorsRoundTrip(t *testing.T) {
	tab := browsertest.NewTab(t)
	for _, page := range []string{"loc_page.html", "act_form.html", "snap_form.html", "snap_shadow.html", "snap_pointer.html"} {
		refs := load(t, tab, page)
		out := generate(t, tab, refs)
		if len(out) != len(refs) || len(refs) == 0 {
			t.Fatalf("%s: %d results for %d refs", page, len(out), len(refs))
		}
		for _, g := range out {
			if len(g.Locators) == 0 {
				t.Errorf("%s: e%d [%s] %q has no locator", page, g.Key, g.Role, g.Name)
			}
			seen := map[string]bool{}
			for _, l := range g.Locators {
				if seen[l.Strategy] {
					t.Errorf("%s: e%d: strategy %s twice", page, g.Key, l.Strategy)
				}
				seen[l.Strategy] = true
				if ok, why := resolvesTo(t, tab, l.Locator, g.Key); !ok {
					t.Errorf("%s: e%d [%s] %q: %s does not resolve back (%s)", page, g.Key, g.Role, g.Name, l.Locator, why)
				}
				for _, bad := range generatedNames {
					if strings.Contains(l.Locator, bad) {
						t.Errorf("%s: e%d: generated-looking name in %s", page, g.Key, l.Locator)
					}
				}
			}
			if !g.Stable && g.Name != "Same" {
				t.Errorf("%s: e%d [%s] %q unstable: %+v", page, g.Key, g.Role, g.Name, g.Locators)
			}
		}
	}
}

func TestUnstableWhenNothingUnique(t *testing.T) {
	tab := browsertest.NewTab(t)
	refs := load(t, tab, "loc_page.html")
	n := 0
	for _, g := range generate(t, tab, refs) {
		if g.Name != "Same" {
			continue
		}
		n++
		if g.Stable || len(g.Locators) == 0 || g.Locators[0].Strategy != "nth" {
			t.Errorf("e%d: want unstable with an nth locator first, got %+v", g.Key, g)
		}
	}
	if n != 2 {
		t.Fatalf("want the two \"Same\" clickables, got %d", n)
	}
}

// TestSurvivesPageChanges: stable locators still find the same element
// after a wrapper div is inserted above every element and unrelated
// siblings are added around it.
func TestSurvivesPageChanges(t *testing.T) {
	tab := browsertest.NewTab(t)
	for _, page := range []string{"loc_page.html", "act_form.html", "snap_form.html"} {
		refs := load(t, tab, page)
		out := generate(t, tab, refs)
		tab.Eval(t, `(() => {
  const els = [...__tact.refs.values()].filter((e) => e.isConnected);
  for (const el of els) {
    const w = document.createElement("div");
    el.parentNode.insertBefore(w, el);
    w.appendChild(el);
    // Siblings go next to the wrapper, or next to the label holding it
    // (text added inside a label would change the field's name).
    const at = w.closest("label") || w;
    const sib = document.createElement("span");
    sib.textContent = "unrelated";
    at.parentNode.insertBefore(sib, at);
    const b = document.createElement("button");
    b.textContent = "Another button";
    at.parentNode.appendChild(b);
  }
  document.body.prepend(Object.assign(document.createElement("div"), {textContent: "banner"}));
  return els.length;
})()`, nil)
		checked := 0
		for _, g := range out {
			for _, l := range g.Locators {
				if l.Strategy == "nth" || l.Strategy == "xpath" {
					continue
				}
				checked++
				if ok, why := resolvesTo(t, tab, l.Locator, g.Key); !ok {
					t.Errorf("%s: e%d %q: %s broke after the page changed (%s)", page, g.Key, g.Name, l.Locator, why)
				}
			}
		}
		if checked < 10 {
			t.Errorf("%s: only %d locators checked", page, checked)
		}
	}
}

// TestMatchSemantics covers each kind on loc_page.html.
func TestMatchSemantics(t *testing.T) {
	tab := browsertest.NewTab(t)
	load(t, tab, "loc_page.html")
	cases := []struct {
		loc   string
		count int
	}{
		{`css=button`, 7}, // light DOM buttons + the shadow one
		{`css=#sb`, 1},    // inside an open shadow root
		{`xpath=//ul[@id="rows"]//button`, 3},
		{`text=delete`, 3}, // case-insensitive substring, retargeted to the buttons
		{`text="Delete"`, 3},
		{`text="delete"`, 0}, // exact is case-sensitive
		{`text="Sign"`, 0},   // exact is whole text
		{`text=Sign`, 1},
		{`role=button[name="Delete"]`, 3},
		{`role=textbox[name="Email"]`, 1}, // ARIA role of input:email
		{`role=input:email[name="Email"]`, 1},
		{`role=button[name="sign"i]`, 1},
		{`role=link`, 1},
		{`label=Email`, 1},
		{`label="Password"`, 1}, // aria-label
		{`placeholder=search`, 1},
		{`testid=login-submit`, 1},
		{`alt="Help icon"`, 1},
		{`title=help`, 1},
		{`css=#rows >> role=button`, 3},
		{`css=#row-2 >> text=Delete`, 1},
		{`css=#rows >> role=button >> nth=-1`, 1},
		{`css=#rows >> role=button >> nth=5`, 0},
		{`loc=role:button[name="Shadow button"]`, 1},
		{`role=textbox[name="Shadow field"]`, 1},
		{`css=#host >> css=#sb`, 1},
	}
	for _, c := range cases {
		l, err := locator.Parse(c.loc)
		if err != nil {
			t.Errorf("%s: %v", c.loc, err)
			continue
		}
		b, _ := json.Marshal(l.Steps)
		var r struct {
			Count int    `json:"count"`
			Error string `json:"error"`
		}
		tab.Eval(t, "__tact.locate("+string(b)+")", &r)
		if r.Count != c.count || r.Error != "" {
			t.Errorf("%s: %d matches (%s), want %d", c.loc, r.Count, r.Error, c.count)
		}
	}
	// An unquoted text= that matches several elements means those whose
	// whole text it is, when there are some; nth= after it counts all.
	load(t, tab, "loc_whole.html")
	for _, c := range []struct {
		loc   string
		count int
	}{
		{`text=reply`, 1},          // the Reply button, not the instruction or "Reply all"
		{`text=Reply >> nth=2`, 1}, // the third of all three matches
		{`text=Coletta`, 2},        // two whole matches: still ambiguous
		{`text=Reply a`, 1},
		{`text=/reply/i`, 3}, // a regex is taken as written
	} {
		l, err := locator.Parse(c.loc)
		if err != nil {
			t.Fatalf("%s: %v", c.loc, err)
		}
		b, _ := json.Marshal(l.Steps)
		var r struct {
			Count int `json:"count"`
		}
		tab.Eval(t, "__tact.locate("+string(b)+")", &r)
		if r.Count != c.count {
			t.Errorf("%s: %d matches, want %d", c.loc, r.Count, c.count)
		}
	}
	var r struct{ Error string }
	tab.Eval(t, `__tact.locate([{k: "css", v: "a[["}])`, &r)
	if !strings.Contains(r.Error, "invalid CSS selector") {
		t.Errorf("bad css: %q", r.Error)
	}
}
