package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSessionSaveLoadAcrossRestart(t *testing.T) {
	s := "sess"
	out := openPage(t, s, page("session_app.html"))
	if !strings.Contains(out, "Please log in") {
		t.Fatalf("fresh app:\n%s", out)
	}
	r := tact(t, s, "click", refOf(t, out, `"Log in"`))
	mustOK(t, r)
	if !strings.Contains(r.out, "Welcome back / cookie set") {
		t.Fatalf("after login:\n%s", r.out)
	}
	r = tact(t, s, "session", "save", "app")
	mustOK(t, r)
	path := filepath.Join(os.Getenv("TACT_HOME"), "sessions", "app.json")
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("session file: %v %v", st, err)
	}
	// A fresh browser with a fresh profile: nothing is logged in...
	mustOK(t, tact(t, s, "browser", "stop"))
	os.RemoveAll(filepath.Join(os.Getenv("TACT_HOME"), "profiles", s))
	out = openPage(t, s, page("session_app.html"))
	if !strings.Contains(out, "Please log in / cookie missing") {
		t.Fatalf("fresh profile still logged in:\n%s", out)
	}
	// ...until the session is loaded: storage is there before the app's
	// startup script runs (its title says so), and the cookie too.
	r = tact(t, s, "session", "load", "app")
	mustOK(t, r)
	if !strings.Contains(r.out, "Logged in — ") || !strings.Contains(r.out, "Welcome back / cookie set") {
		t.Errorf("after load:\n%s", r.out)
	}
	r = tact(t, s, "session", "list")
	mustOK(t, r)
	if !strings.Contains(r.out, "app\t") {
		t.Errorf("list: %q", r.out)
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"session", "save", "../evil"}, 2},
		{[]string{"session", "load", "a/b"}, 2},
		{[]string{"session", "load", "missing"}, 8},
		{[]string{"session", "delete", "missing"}, 8},
	} {
		if r := tact(t, s, c.args...); r.code != c.code {
			t.Errorf("%v: exit %d want %d (%s)", c.args, r.code, c.code, r.err)
		}
	}
	os.WriteFile(filepath.Join(os.Getenv("TACT_HOME"), "sessions", "broken.json"), []byte("{not json"), 0o600)
	if r := tact(t, s, "session", "load", "broken"); r.code != 12 || !strings.Contains(r.err, "corrupt") {
		t.Errorf("corrupt file: exit %d %s", r.code, r.err)
	}
	mustOK(t, tact(t, s, "session", "delete", "app"))
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("delete left %s", path)
	}
}
