package cli_test

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// leakOf names the forms in which out carries v, or "": as given, with
// invisible characters in it, letter-spaced or split (letters and digits
// only, case-blind), reversed, or as base64 (standard, URL-safe, after a
// prefix).
func leakOf(out, v string) string {
	visible := strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, out)
	var how []string
	if strings.Contains(visible, v) {
		how = append(how, "as typed")
	}
	letters := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, s)
	}
	l, lv := letters(out), letters(v)
	if strings.Contains(l, lv) {
		how = append(how, "letter-spaced or split")
	}
	rev := []rune(lv)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	if strings.Contains(l, string(rev)) {
		how = append(how, "reversed")
	}
	for _, enc := range []string{
		base64.StdEncoding.EncodeToString([]byte(v))[:12],
		base64.URLEncoding.EncodeToString([]byte("u:" + v))[4:14],
	} {
		if strings.Contains(out, enc) {
			how = append(how, "base64 "+enc)
		}
	}
	return strings.Join(how, ", ")
}

// TestSecretTransformedEcho attacks the secret scrub the ways issue 37
// found: a password field that turns into a text field on focus (fill
// decided "secret" only after typing), and a page that sends the typed
// value back split over two elements, reversed, with zero-width
// characters, letter-spaced in an aria-label, as base64 in its title and
// URL, and spaced in console.log; and a key logger on a one-time-code
// field. No output, the state file, the log or the recorded workflow may
// carry it, nor a later replay's read.
func TestSecretTransformedEcho(t *testing.T) {
	t.Parallel()
	const s = "secret-transform"
	const v = "Zq8-Kestrel?7x"
	var outs, cmds []string
	run := func(args ...string) result {
		t.Helper()
		r := tact(t, s, args...)
		mustOK(t, r)
		// The arguments carry the secret; what came back must not.
		outs, cmds = append(outs, r.out+r.err), append(cmds, args[0])
		return r
	}
	openPage(t, s, page("secret_transform.html"))
	run("record", "start", "transformwf")
	r := run("fill", "label=Password", v)
	if !strings.Contains(r.out, "You typed ***") {
		t.Errorf("fill: want the page's echo masked:\n%s", r.out)
	}
	if got := evalIn(t, s, `document.getElementById("pw").type + " " + (document.getElementById("pw").value === "`+v+`")`); got != "text true" {
		t.Fatalf("the page did not turn the field into text holding the value: %q", got)
	}
	run("eval", `document.getElementById("pw").value`)
	run("record", "stop")
	// A text field whose autocomplete says one-time code, logged key by
	// key: no start of the code of MinLen (4) or more in the console.
	const code = "834-29175"
	run("type", "label=Code", code)
	eventually(t, "the page logged the last key", func() bool {
		return strings.Contains(tact(t, s, "console").out, "key ***")
	})
	c := run("console")
	for k := 4; k <= len(code); k++ {
		if strings.Contains(c.out, "key "+code[:k]+"\n") {
			t.Errorf("console shows the code's first %d characters:\n%s", k, c.out)
		}
	}
	if leakOf(c.out, code) != "" || !strings.Contains(c.out, "key 834\n") {
		t.Errorf("console: want keys masked from the 4th on:\n%s", c.out)
	}
	r = run("click", "css=#go")
	for _, want := range []string{"Backwards: ***", "Welcome ***"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("click: want %q in\n%s", want, r.out)
		}
	}
	eventually(t, "the page's base64 title", func() bool {
		return strings.HasPrefix(evalIn(t, s, "document.title"), "T ")
	})
	run("snap")
	run("-o", "json", "snap")
	run("snap", "--locators")
	run("read")
	run("read", "--all")
	run("console")
	run("-o", "json", "console")
	run("eval", "document.title")
	run("eval", "location.href")
	run("eval", `document.getElementById("split").textContent`)
	run("eval", `document.getElementById("spaced").getAttribute("aria-label")`)
	run("tab", "list")
	for i, o := range outs {
		if how := leakOf(o, v); how != "" {
			t.Errorf("the secret came back %s in %s:\n%s", how, cmds[i], o)
		}
	}
	files := []string{filepath.Join(env.Home, "workflows", "transformwf.json")}
	for _, f := range []string{"state.json", "daemon.log", "recording.json"} {
		files = append(files, filepath.Join(env.Home, "run", s, f))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			if !strings.HasSuffix(f, "recording.json") {
				t.Errorf("%v", err)
			}
			continue
		}
		if how := leakOf(string(b), v); how != "" {
			t.Errorf("%s holds the secret %s:\n%s", f, how, b)
		}
	}

	// A replay in a new session (a daemon that never saw the value)
	// types the placeholder's value into the same field.
	const s2, v2 = "transform-replay", "Pw2-Osprey!55"
	r = tact(t, s2, "replay", "transformwf", "--var", "PASSWORD="+v2)
	mustOK(t, r)
	if got := evalIn(t, s2, `document.getElementById("pw").value === "`+v2+`"`); got != "true" {
		t.Fatalf("the replay did not fill the field: %q\n%s", got, r.out)
	}
	outs = []string{r.out + r.err}
	for _, args := range [][]string{{"read"}, {"snap"}, {"eval", `document.getElementById("echo").textContent`}, {"console"}} {
		r := tact(t, s2, args...)
		mustOK(t, r)
		outs = append(outs, r.out+r.err)
	}
	for _, o := range outs {
		if how := leakOf(o, v2); how != "" {
			t.Errorf("replay: the secret came back %s in:\n%s", how, o)
		}
	}
}

// A page that pads its echo of a secret (in its title, a button's name,
// its URL) makes tact cut the echo inside the secret: the start left
// before the cut is masked too (hostile pass H2).
func TestSecretPaddedEchoCut(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	const v = "Zq8-Kestrel?7x"
	openPage(t, s, page("secret_padded.html"))
	var outs []string
	for _, args := range [][]string{{"fill", "label=Password", v, "--secret"}, {"snap"}, {"tab", "list"}, {"-o", "json", "snap"}} {
		r := tact(t, s, args...)
		mustOK(t, r)
		outs = append(outs, r.out)
	}
	if got := evalIn(t, s, "document.title.endsWith(':' + document.getElementById('pw').value)"); got != "true" {
		t.Fatalf("the page did not echo the value into its title: %s", got)
	}
	for i, o := range outs {
		if strings.Contains(o, v[:6]) || strings.Contains(o, "Zq8%2DKe") || strings.Contains(o, "Zq8-K") {
			t.Errorf("output %d shows the start of the secret:\n%s", i, o)
		}
	}
}
