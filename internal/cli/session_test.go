package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSessionSaveLoadAcrossRestart(t *testing.T) {
	t.Parallel()
	s := "sess"
	// A fresh profile, also when the test runs again (-count).
	tact(t, s, "browser", "stop")
	os.RemoveAll(filepath.Join(os.Getenv("TACT_HOME"), "profiles", s))
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

// An unwritable place to save: a clear IO error, and the saved file that
// was there before stays intact.
func TestSaveFailsCleanly(t *testing.T) {
	home := t.TempDir()
	t.Setenv("TACT_HOME", home)
	s := "diskfail"
	// The test points TACT_HOME elsewhere below: stop the daemon of this
	// home, not of whatever TACT_HOME says at the end.
	defer func() {
		os.Setenv("TACT_HOME", home)
		tact(t, s, "browser", "stop")
	}()
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	mustOK(t, tact(t, s, "session", "save", "keep"))
	path := filepath.Join(home, "sessions", "keep.json")
	before, _ := os.ReadFile(path)
	// Replace the file by a directory of the same name: the rename that
	// completes an atomic write cannot succeed.
	os.Rename(path, path+".bak")
	os.Mkdir(path, 0o700)
	os.WriteFile(filepath.Join(path, "x"), []byte("x"), 0o600)
	r := tact(t, s, "session", "save", "keep")
	if r.code != 12 || !strings.HasPrefix(r.err, "error: save session keep") || strings.Count(strings.TrimSpace(r.err), "\n") > 0 {
		t.Errorf("save over a directory: exit %d %q", r.code, r.err)
	}
	os.RemoveAll(path)
	os.Rename(path+".bak", path)
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the previous session file changed")
	}
	// No temp files are left behind.
	entries, _ := os.ReadDir(filepath.Join(home, "sessions"))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("left %s", e.Name())
		}
	}
	// A data dir that is a file: every command says so in one line.
	t.Setenv("TACT_HOME", filepath.Join(home, "sessions", "keep.json"))
	if r := tact(t, "other", "snap"); r.code != 12 || strings.Count(strings.TrimSpace(r.err), "\n") > 0 {
		t.Errorf("data dir is a file: exit %d %q", r.code, r.err)
	}
}

// Corrupt state files never break a session: they are replaced.
func TestCorruptStateFiles(t *testing.T) {
	t.Parallel()
	s := "corrupt"
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	mustOK(t, tact(t, s, "browser", "stop"))
	run := filepath.Join(os.Getenv("TACT_HOME"), "run", s)
	os.WriteFile(filepath.Join(run, "state.json"), []byte("{\"next_ref\": \"garbage"), 0o600)
	os.WriteFile(filepath.Join(run, "recording.json"), []byte("\x00\x01not json"), 0o600)
	r := tact(t, s, "snap", page("hello.html"))
	mustOK(t, r)
	if !strings.Contains(r.out, "# Hello") {
		t.Errorf("snap after corrupt state: %s", r.out)
	}
	if r := tact(t, s, "record", "list"); r.code != 0 || strings.Contains(r.out, "(recording") {
		t.Errorf("record list after a corrupt recording file: %d %q", r.code, r.out)
	}
}
