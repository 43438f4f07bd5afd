package cli_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretNeverEchoed types a password and a --secret token into a GET
// form whose next page copies both into its URL (query and fragment),
// title (at once and later), a heading, a label, an aria-label, the
// console, an alert and a download's name. Nothing tact prints or stores
// may carry either value.
func TestSecretNeverEchoed(t *testing.T) {
	t.Parallel()
	const s = "sec-echo"
	const pw, token = "ZZpw-hunter2", "ZZtok-9f3k"
	var outs []string
	run := func(args ...string) result {
		t.Helper()
		r := tact(t, s, args...)
		// The arguments carry the secret; what came back must not.
		outs = append(outs, r.out+r.err)
		if os.Getenv("SECB_SHOW") != "" {
			t.Logf("%s\n%s%s", strings.Join(args, " "), r.out, r.err)
		}
		return r
	}
	mustOK(t, run("open", page("secret_form.html")))
	mustOK(t, run("record", "start", "secwf"))
	mustOK(t, run("fill", "label=User", "ada"))
	mustOK(t, run("fill", "label=Password", pw))
	mustOK(t, run("fill", "label=Token", token, "--secret"))
	r := run("click", `role=button[name="Sign in"]`)
	mustOK(t, r)
	if !strings.Contains(r.out, "secret_echo_dashboard.html") || !strings.Contains(r.out, "***") {
		t.Errorf("effect line: want the new URL with *** for the secrets:\n%s", r.out)
	}
	eventually(t, "the page's late title", func() bool {
		r := run("eval", "document.title")
		return strings.Contains(r.out, "Later")
	})
	mustOK(t, run("snap"))
	mustOK(t, run("-o", "json", "snap"))
	mustOK(t, run("snap", "--locators"))
	mustOK(t, run("locate", "css=#tok"))
	mustOK(t, run("locate", "css=#b"))
	mustOK(t, run("click", "css=#b"))
	mustOK(t, run("click", "css=#al"))
	mustOK(t, run("click", "css=#dl"))
	mustOK(t, run("console"))
	mustOK(t, run("-o", "json", "console"))
	mustOK(t, run("network"))
	har := filepath.Join(t.TempDir(), "sec.har")
	mustOK(t, run("network", "--har", har))
	mustOK(t, run("tab", "list"))
	mustOK(t, run("browser", "status"))
	mustOK(t, run("eval", "location.href"))
	// A page that echoes the secret still shows it to itself: tact only
	// masks what it passes on.
	r = run("eval", "document.getElementById('h').textContent")
	if !strings.Contains(r.out, "Hello ***") {
		t.Errorf("eval of the heading: %q", r.out)
	}
	for _, o := range outs {
		if strings.Contains(o, pw) || strings.Contains(o, token) || strings.Contains(o, "hunter2") {
			t.Errorf("a secret in the output of %s", o)
		}
	}
	if got := run("locate", "css=#tok"); strings.Contains(got.out, "role=textbox[name=\"token") {
		t.Errorf("locate proposes a locator spelled with the secret:\n%s", got.out)
	}
	// On disk: the session's run dir (state, daemon.log, the recording),
	// its downloads, and the HAR.
	files := []string{har}
	for _, dir := range []string{filepath.Join(env.Home, "run", s), filepath.Join(env.Home, "downloads", s)} {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".sock") {
				files = append(files, p)
			}
			return nil
		})
	}
	var sawState, sawLog bool
	for _, f := range files {
		sawState = sawState || strings.HasSuffix(f, "state.json")
		sawLog = sawLog || strings.HasSuffix(f, "daemon.log")
		if strings.Contains(f, "hunter2") {
			t.Errorf("a file named with the secret: %s", f)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if strings.Contains(string(b), pw) || strings.Contains(string(b), token) || strings.Contains(string(b), "hunter2") {
			t.Errorf("%s holds a secret:\n%s", f, b)
		}
	}
	if !sawState || !sawLog {
		t.Errorf("state file or daemon.log not found among %v", files)
	}
}
