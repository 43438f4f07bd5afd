package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

type rawSnap struct {
	Elements []struct {
		Ref      string   `json:"ref"`
		Role     string   `json:"role"`
		Name     string   `json:"name"`
		Action   string   `json:"action"`
		Frame    []string `json:"frame"`
		Box      *struct{ X, Y, Width, Height int }
		Locators []struct {
			Locator  string `json:"locator"`
			Strategy string `json:"strategy"`
			Fragile  bool   `json:"fragile"`
		} `json:"locators"`
		Stable bool `json:"stable"`
	} `json:"elements"`
}

type located struct {
	Ref  string `json:"ref"`
	Role string `json:"role"`
	Name string `json:"name"`
}

func locate(t *testing.T, s, target string) (located, result) {
	t.Helper()
	r := tact(t, s, "-o", "json", "--timeout", "3s", "locate", target)
	var l located
	if r.code == 0 {
		if err := json.Unmarshal([]byte(r.out), &l); err != nil {
			t.Fatalf("locate %s: %v\n%s", target, err, r.out)
		}
	}
	return l, r
}

func rawOf(t *testing.T, s string, args ...string) rawSnap {
	t.Helper()
	r := tact(t, s, append([]string{"snap", "--raw"}, args...)...)
	mustOK(t, r)
	var raw rawSnap
	if err := json.Unmarshal([]byte(r.out), &raw); err != nil {
		t.Fatalf("snap --raw: %v\n%s", err, r.out)
	}
	return raw
}

// TestLocatorsResolveBack: every verified locator of every element of a
// page with a form, generated names, rows, shadow DOM and an iframe
// resolves through tact locate to the same ref; after a reload the stable
// ones still find an element of the same role and name.
func TestLocatorsResolveBack(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	raw := rawOf(t, s, page("loc_page.html"))
	if len(raw.Elements) < 15 {
		t.Fatalf("only %d elements", len(raw.Elements))
	}
	frames := 0
	for _, e := range raw.Elements {
		if len(e.Locators) == 0 {
			t.Errorf("%s %q: no locators", e.Ref, e.Name)
		}
		if e.Action == "" || e.Box == nil || e.Box.Width == 0 {
			t.Errorf("%s %q: action %q box %+v", e.Ref, e.Name, e.Action, e.Box)
		}
		if len(e.Frame) > 0 {
			frames++
		}
		for _, l := range e.Locators {
			got, r := locate(t, s, l.Locator)
			if r.code != 0 || got.Ref != e.Ref {
				t.Errorf("%s %q: %s resolved to %q (exit %d %s)", e.Ref, e.Name, l.Locator, got.Ref, r.code, r.err)
			}
		}
	}
	if frames != 2 {
		t.Errorf("want the iframe's 2 elements with a frame path, got %d", frames)
	}
	mustOK(t, tact(t, s, "reload", "--no-snap"))
	for _, e := range raw.Elements {
		for _, l := range e.Locators {
			if l.Fragile {
				continue
			}
			got, r := locate(t, s, l.Locator)
			if r.code != 0 || got.Role != e.Role || got.Name != e.Name {
				t.Errorf("after reload %s found %+v (exit %d %s), want [%s] %q", l.Locator, got, r.code, r.err, e.Role, e.Name)
			}
		}
	}
}

func TestActWithLocators(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", page("loc_page.html"), "--no-snap"))
	// Into the iframe and the shadow root by locator.
	mustOK(t, tact(t, s, "fill", `css=#inner >> label=Code`, "abc", "--no-snap"))
	r := tact(t, s, "click", `loc=css:#inner >> role=button[name="Send"]`)
	mustOK(t, r)
	if !strings.Contains(r.out, "sent abc") {
		t.Errorf("frame click by locator:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "click", `role=button[name="Shadow button"]`, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("out").textContent`); got != "shadow clicked" {
		t.Errorf("shadow click by locator: %q", got)
	}
	mustOK(t, tact(t, s, "click", `css=#row-2 >> text=Delete`, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("out").textContent`); got != "deleted Pear" {
		t.Errorf("scoped click: %q", got)
	}

	// Several matches: AMBIGUOUS at once, listing them with their refs.
	snap := tact(t, s, "snap")
	mustOK(t, snap)
	r = tact(t, s, "click", `role=button[name="Delete"]`)
	if r.code != 9 || !strings.Contains(r.err, "matches 3 elements") || !strings.Contains(r.err, refOf(t, snap.out, `"Delete"`)+" [button]") {
		t.Errorf("ambiguous: exit %d %q", r.code, r.err)
	}
	// Nothing: waits for --timeout, then NOT_FOUND.
	r = tact(t, s, "--timeout", "1s", "click", `text="No such text"`)
	if r.code != 8 || !strings.Contains(r.err, "matches nothing") {
		t.Errorf("not found: exit %d %q", r.code, r.err)
	}
	// Appearing later is found by waiting.
	mustOK(t, tact(t, s, "eval", `setTimeout(() => { const b = document.createElement("button"); b.textContent = "Late"; document.body.append(b); }, 400); 1`))
	if _, r := locate(t, s, `role=button[name="Late"]`); r.code != 0 {
		t.Errorf("late element: exit %d %s", r.code, r.err)
	}
	// On a page at rest, a locator that matches nothing is NOT_FOUND once
	// the page has not changed for a while, not at --timeout (which would
	// be TIMEOUT-sized here); a page that keeps changing is waited on.
	r = tact(t, s, "--timeout", "60s", "click", `text="Not on this page"`)
	if r.code != 8 || !strings.Contains(r.err, "matches nothing (the page was at rest for 2s)") || !strings.Contains(r.err, "tact wait") {
		t.Errorf("not found on a page at rest: exit %d %q", r.code, r.err)
	}
	mustOK(t, tact(t, s, "eval", `window.tick = setInterval(() => { document.body.classList.toggle("tick"); }, 200);
setTimeout(() => { const b = document.createElement("button"); b.textContent = "Much later"; document.body.append(b); }, 3000); 1`))
	if r := tact(t, s, "--timeout", "30s", "locate", `role=button[name="Much later"]`); r.code != 0 {
		t.Errorf("an element a changing page adds after the rest time: exit %d %s", r.code, r.err)
	}
	mustOK(t, tact(t, s, "eval", `clearInterval(window.tick); 1`))
	// A clock rewriting its text (and recolouring itself) shows nothing
	// new: the page is at rest for a locator all the same.
	mustOK(t, tact(t, s, "eval", `const c = document.createElement("span"); document.body.append(c);
window.clock = setInterval(() => { c.textContent = String(Date.now()); c.style.color = c.style.color === "red" ? "blue" : "red"; }, 200); 1`))
	r = tact(t, s, "--timeout", "60s", "click", `text="Still not here"`)
	if r.code != 8 || !strings.Contains(r.err, "at rest") {
		t.Errorf("not found beside a ticking clock: exit %d %q", r.code, r.err)
	}
	mustOK(t, tact(t, s, "eval", `clearInterval(window.clock); 1`))
	// Malformed locators are usage errors, one line.
	for _, bad := range []string{`role=button[name=x]`, `nth=1`, `text="open`, `bogus=1`, `css=a[[`} {
		r := tact(t, s, "locate", bad)
		if r.code != 2 || strings.Count(strings.TrimSpace(r.err), "\n") > 0 {
			t.Errorf("%s: exit %d %q", bad, r.code, r.err)
		}
	}
}

// TestSnapLocatorsFlag: --locators adds loc= to element lines; without it
// the text output has none.
func TestSnapLocatorsFlag(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	plain := tact(t, s, "snap", page("loc_page.html"))
	mustOK(t, plain)
	if strings.Contains(plain.out, "loc=") {
		t.Errorf("plain snap has loc=:\n%s", plain.out)
	}
	r := tact(t, s, "snap", "--locators")
	mustOK(t, r)
	for _, want := range []string{`"Sign in" loc=testid=login-submit`, `loc=css=#inner >> role=button[name="Send"]`, `loc=css=#row-2 >> role=button[name="Delete"]`, `loc=role=clickable[name="Same"] >> nth=1 unstable`} {
		if !strings.Contains(r.out, want) {
			t.Errorf("--locators output lacks %q:\n%s", want, r.out)
		}
	}
	for _, bad := range []string{"a8f3e2b1", "ember1234", "css-1x2y3z", "sc-bdVaJa", "jsx-2938471", "Button_root", "x9f3a"} {
		if strings.Contains(r.out, bad) {
			t.Errorf("generated-looking name %q chosen:\n%s", bad, r.out)
		}
	}
	if !strings.Contains(r.err, "locators: ~") {
		t.Errorf("stderr: %q", r.err)
	}
}
