package datadir

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"default", "a.b-c_1", "X", "9", strings.Repeat("a", 64)} {
		if CheckName("session", ok) != nil {
			t.Errorf("%q rejected", ok)
		}
	}
	for _, bad := range []string{"", "../x", "a/b", "..", ".hidden", "a..b", "-x", "_x", "a b", "é", "a\x00", strings.Repeat("a", 65)} {
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

// The run folder holds the daemon's socket: a symlink, a file or a
// folder open to other users there is refused, with the folder named.
func TestSessionFolderPrivate(t *testing.T) {
	home := t.TempDir()
	t.Setenv("TACT_HOME", home)
	p, err := Session("s")
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Lstat(p.Dir); st.Mode().Perm() != 0o700 {
		t.Errorf("run folder mode %v", st.Mode())
	}
	if err := os.Chmod(p.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var ue *UnsafeDirError
	if _, err := Session("s"); !errors.As(err, &ue) || ue.Dir != p.Dir || !strings.Contains(err.Error(), "mode 0755") {
		t.Errorf("a 0755 run folder: %v", err)
	}
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(home, "run", "link")); err != nil {
		t.Fatal(err)
	}
	if _, err := Session("link"); !errors.As(err, &ue) || !strings.Contains(err.Error(), "is a symlink") {
		t.Errorf("a symlinked run folder: %v", err)
	}
	if err := os.WriteFile(filepath.Join(home, "run", "file"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Session("file"); !errors.As(err, &ue) || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("a file as run folder: %v", err)
	}
}

// WriteNew never replaces what is there, a symlink included, and leaves
// no temporary file behind.
func TestWriteNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "shot.png")
	if err := WriteNew(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
	if err := WriteNew(p, []byte("two"), 0o600); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second write: %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Errorf("replaced: %q", b)
	}
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("keep"), 0o600)
	link := filepath.Join(dir, "link")
	os.Symlink(target, link)
	if err := WriteNew(link, []byte("two"), 0o600); !errors.Is(err, fs.ErrExist) {
		t.Errorf("write over a symlink: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("symlink target written: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Errorf("left behind: %v", ents)
	}
}
