package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A secret given by --secret-env or --secret-stdin never needs argv, and
// after a secret fill into a plain text field no snap format prints it.
func TestSecretFill(t *testing.T) {
	t.Parallel()
	s := "secret"
	const secret = "s3cr3t-Zq81"
	// Not t.Setenv, which a parallel test cannot use: no other test reads
	// this variable, so setting it for the whole process is harmless.
	os.Setenv("TACT_TEST_SECRET", secret)
	t.Cleanup(func() { os.Unsetenv("TACT_TEST_SECRET") })
	out := openPage(t, s, page("act_form.html"))
	name := refOf(t, out, `"Keys"`) // a field the page does not echo

	mustOK(t, tact(t, s, "record", "start", "secretrec"))
	r := tact(t, s, "fill", name, "--secret-env", "TACT_TEST_SECRET")
	mustOK(t, r)
	// eval's answer is masked like every output: compare in the page.
	if got := evalIn(t, s, `document.getElementById("keys").value === "`+secret+`"`); got != "true" {
		t.Fatalf("the field does not hold the secret: %q", got)
	}
	if got := evalIn(t, s, `document.getElementById("keys").value`); got != "***" {
		t.Errorf("eval of the field = %q, want ***", got)
	}
	if strings.Contains(r.out, secret) {
		t.Errorf("the action's snap prints the secret:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "record", "stop"))
	if b, err := os.ReadFile(filepath.Join(os.Getenv("TACT_HOME"), "workflows", "secretrec.json")); err != nil || strings.Contains(string(b), secret) {
		t.Errorf("the recording holds the secret (or is missing: %v):\n%s", err, b)
	}
	for _, format := range []string{"text", "json", "ndjson"} {
		r := tact(t, s, "-o", format, "snap")
		mustOK(t, r)
		if strings.Contains(r.out, secret) {
			t.Errorf("snap -o %s prints the secret:\n%s", format, r.out)
		}
		if !strings.Contains(r.out, "***") {
			t.Errorf("snap -o %s does not show the field as masked:\n%s", format, r.out)
		}
	}
	for _, args := range [][]string{
		{"read"}, {"snap", "--locators"}, {"snap", "--raw"}, {"locate", name},
	} {
		r := tact(t, s, args...)
		mustOK(t, r)
		if strings.Contains(r.out, secret) {
			t.Errorf("%v prints the secret:\n%s", args, r.out)
		}
	}
	if logb, _ := os.ReadFile(filepath.Join(os.Getenv("TACT_HOME"), "run", s, "daemon.log")); strings.Contains(string(logb), secret) {
		t.Error("daemon.log contains the secret")
	}

	// stdin: one trailing newline dropped.
	rd, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdin
	os.Stdin = rd
	defer func() { os.Stdin = old }()
	wr.WriteString("from-stdin-77\n")
	wr.Close()
	mustOK(t, tact(t, s, "fill", "css=#notes", "--secret-stdin", "--no-snap"))
	os.Stdin = old
	if got := evalIn(t, s, `document.getElementById("notes").value === "from-stdin-77"`); got != "true" {
		t.Errorf("stdin secret: value = %q", got)
	}
	if r := tact(t, s, "snap"); strings.Contains(r.out, "from-stdin-77") {
		t.Errorf("snap prints the stdin secret:\n%s", r.out)
	}

	// Misuse is a usage error.
	for _, args := range [][]string{
		{"fill", name, "--secret-env", "TACT_NO_SUCH_VAR_X"},
		{"fill", name, "inline", "--secret-env", "TACT_TEST_SECRET"},
		{"type", name},
	} {
		if r := tact(t, s, args...); r.code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, r.code, r.err)
		}
	}
}
