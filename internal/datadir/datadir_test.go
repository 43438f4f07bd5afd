package datadir

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"default", "a.b-c_1", "X"} {
		if CheckName("session", ok) != nil {
			t.Errorf("%q rejected", ok)
		}
	}
	for _, bad := range []string{"", "../x", "a/b", "..", ".hidden", "a..b", "-x", string(make([]byte, 65))} {
		if CheckName("session", bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.json")
	if err := WriteFile(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
	// An unwritable directory fails cleanly and keeps the old file.
	if os.Geteuid() != 0 {
		os.Chmod(dir, 0o500)
		defer os.Chmod(dir, 0o700)
		if WriteFile(p, []byte("two"), 0o600) == nil {
			t.Error("write into read-only dir succeeded")
		}
		if b, _ := os.ReadFile(p); string(b) != "one" {
			t.Errorf("old content lost: %q", b)
		}
	}
	if err := WriteFile(filepath.Join(dir, "missing", "x"), nil, 0o600); err == nil {
		t.Error("write into missing dir succeeded")
	}
}

// A relative TACT_HOME is taken from the working directory once, so the
// daemon, the browser's profile and the socket all agree on absolute paths.
func TestRelativeHomeIsAbsolute(t *testing.T) {
	t.Setenv("TACT_HOME", "rel/home")
	root, err := Root()
	if err != nil || !filepath.IsAbs(root) || filepath.Base(root) != "home" {
		t.Errorf("Root() = %q, %v", root, err)
	}
}
