package cli_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Files tact writes for the user (screenshot, pdf, HAR) never replace a
// file that is there unless --overwrite says so, which keeps the file's
// mode; new files are 0600 (they hold the page).
func TestOutputFilesNotReplaced(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	openPage(t, s, page("hello.html"))
	dir := t.TempDir()
	mode := func(p string) os.FileMode {
		t.Helper()
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return st.Mode().Perm()
	}
	for _, c := range []struct {
		args []string // the command, before the file
		perm os.FileMode
		head string // what the written file starts with
	}{
		{[]string{"screenshot", "--file"}, 0o600, "\x89PNG"},
		{[]string{"pdf", "--file"}, 0o640, "%PDF"},
		{[]string{"network", "--har"}, 0o600, "{"},
	} {
		name := c.args[0]
		victim := filepath.Join(dir, name+"-notes.txt")
		if err := os.WriteFile(victim, []byte("private notes"), c.perm); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(victim, c.perm); err != nil {
			t.Fatal(err)
		}
		r := tact(t, s, append(c.args, victim)...)
		if b, _ := os.ReadFile(victim); r.code != 12 || string(b) != "private notes" || !strings.Contains(r.err, "--overwrite") || strings.Count(strings.TrimSpace(r.err), "\n") > 0 {
			t.Errorf("%s over an existing file: exit %d %q, file now %q", name, r.code, r.err, b)
		}
		// A symlink there is not followed, nor replaced.
		link := filepath.Join(dir, name+"-link")
		if err := os.Symlink(victim, link); err != nil {
			t.Fatal(err)
		}
		if r := tact(t, s, append(c.args, link)...); r.code != 12 {
			t.Errorf("%s over a symlink: exit %d %q", name, r.code, r.err)
		}
		if b, _ := os.ReadFile(victim); string(b) != "private notes" {
			t.Errorf("%s wrote through a symlink: %q", name, b)
		}
		mustOK(t, tact(t, s, append(c.args, victim, "--overwrite")...))
		if b, _ := os.ReadFile(victim); !bytes.HasPrefix(b, []byte(c.head)) || mode(victim) != c.perm {
			t.Errorf("%s --overwrite: mode %v (want %v), starts %q", name, mode(victim), c.perm, b[:min(len(b), 8)])
		}
		fresh := filepath.Join(dir, name+"-new")
		mustOK(t, tact(t, s, append(c.args, fresh)...))
		if mode(fresh) != 0o600 {
			t.Errorf("%s: a new file is %v, want 0600", name, mode(fresh))
		}
	}
	// A file of tact's own naming, under the data dir, too.
	r := tact(t, s, "screenshot")
	mustOK(t, r)
	if p := strings.TrimSpace(r.out); mode(p) != 0o600 {
		t.Errorf("screenshot under the data dir: %v", mode(p))
	}
}
