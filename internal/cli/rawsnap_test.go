package cli_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// ego-browser writes refs as @N: "click @3" acts like "click @e3", while
// @0, @-1 and @x stay usage errors that touch nothing.
func TestBareNumberRef(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("act_form.html"))
	ref := refOf(t, out, `"Count me"`)
	bare := "@" + strings.TrimPrefix(ref, "@e")
	if bare == ref || bare == "@" {
		t.Fatalf("unexpected ref %q", ref)
	}
	mustOK(t, tact(t, s, "click", bare, "--no-snap"))
	if got := evalIn(t, s, `document.querySelector("#counter").textContent`); got != "Clicked 1x" {
		t.Fatalf("click %s: counter says %q", bare, got)
	}
	mustOK(t, tact(t, s, "click", ref, "--no-snap"))
	if got := evalIn(t, s, `document.querySelector("#counter").textContent`); got != "Clicked 2x" {
		t.Fatalf("click %s: counter says %q", ref, got)
	}
	for _, bad := range []string{"@0", "@-1", "@x"} {
		if r := tact(t, s, "click", bad, "--no-snap"); r.code != 2 {
			t.Errorf("click %s: exit %d, want 2 (%s)", bad, r.code, r.err)
		}
	}
	if got := evalIn(t, s, `document.querySelector("#counter").textContent`); got != "Clicked 2x" {
		t.Errorf("a malformed ref clicked: counter says %q", got)
	}
}

// snap --raw honours --max-tokens: a small budget keeps the first elements
// and says, in the JSON and on stderr, which it cut.
func TestSnapRawMaxTokens(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	full := rawOf(t, s, page("loc_page.html"), "--max-tokens", "0")
	if len(full.Elements) < 5 {
		t.Fatalf("only %d elements", len(full.Elements))
	}
	r := tact(t, s, "snap", "--raw", "--max-tokens", "200")
	mustOK(t, r)
	var cut struct {
		Elements []struct {
			Ref string `json:"ref"`
		} `json:"elements"`
		Cut string `json:"cut"`
	}
	if err := json.Unmarshal([]byte(r.out), &cut); err != nil {
		t.Fatalf("snap --raw --max-tokens 200: %v\n%s", err, r.out)
	}
	n := len(cut.Elements)
	if n == 0 || n >= len(full.Elements) {
		t.Fatalf("kept %d of %d elements", n, len(full.Elements))
	}
	if len(r.out) > 200*4+200 {
		t.Errorf("output is %d chars for a 200-token budget", len(r.out))
	}
	want := fmt.Sprintf("@%s–@%s (%d of %d) not shown", full.Elements[n].Ref, full.Elements[len(full.Elements)-1].Ref, len(full.Elements)-n, len(full.Elements))
	if !strings.Contains(cut.Cut, want) || !strings.Contains(r.err, want) {
		t.Errorf("cut %q, stderr %q: want %q in both", cut.Cut, r.err, want)
	}
}

// snap --raw --html adds each element's outer HTML, cut at 300 characters.
func TestSnapRawHTML(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	openPage(t, s, page("act_form.html"))
	evalIn(t, s, `(() => { const b = document.createElement("button"); b.id = "long"; b.textContent = "L".repeat(1000); document.body.append(b); return 1 })()`)
	r := tact(t, s, "snap", "--raw", "--html", "--max-tokens", "0")
	mustOK(t, r)
	var raw struct {
		Elements []struct {
			Ref  string `json:"ref"`
			Tag  string `json:"tag"`
			HTML string `json:"html"`
		} `json:"elements"`
	}
	if err := json.Unmarshal([]byte(r.out), &raw); err != nil {
		t.Fatalf("snap --raw --html: %v\n%s", err, r.out)
	}
	counter, long := false, false
	for _, e := range raw.Elements {
		if !strings.HasPrefix(e.HTML, "<"+e.Tag) {
			t.Errorf("%s: html %q does not start with <%s", e.Ref, e.HTML, e.Tag)
		}
		if n := len([]rune(e.HTML)); n > 301 {
			t.Errorf("%s: html is %d characters, over the 300 cap", e.Ref, n)
		}
		counter = counter || strings.Contains(e.HTML, `id="counter"`)
		if strings.HasPrefix(e.HTML, `<button id="long">`) {
			long = true
			if !strings.HasSuffix(e.HTML, "LLL…") || len([]rune(e.HTML)) != 301 {
				t.Errorf("long button not cut at 300: %q", e.HTML)
			}
		}
	}
	if !counter || !long {
		t.Errorf("counter %v, long %v in:\n%s", counter, long, r.out)
	}
	// Without --html there is no html.
	if r := tact(t, s, "snap", "--raw", "--max-tokens", "0"); !strings.Contains(r.out, `"ref"`) || strings.Contains(r.out, `"html"`) {
		t.Errorf("snap --raw without --html:\n%s", r.out)
	}
}
