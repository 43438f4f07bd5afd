// Package datadir locates tact's data directory and keeps user-given names
// (sessions, profiles, workflows) inside it.
package datadir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Root returns $TACT_HOME, else $XDG_DATA_HOME/tact, else on Windows
// %LocalAppData%\tact (a directory only its user can open: the daemon's
// socket lives there), else ~/.local/share/tact.
func Root() (string, error) {
	if d := os.Getenv("TACT_HOME"); d != "" {
		return filepath.Abs(d)
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "tact"), nil
	}
	if d := os.Getenv("LocalAppData"); d != "" && runtime.GOOS == "windows" {
		return filepath.Join(d, "tact"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find a home directory; set TACT_HOME: %w", err)
	}
	return filepath.Join(home, ".local", "share", "tact"), nil
}

// safeName is ^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$, by hand: the regexp's
// compiled program cost every process ~1.4 ms of start-up.
func safeName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || c != '.' && c != '_' && c != '-') {
			return false
		}
	}
	return true
}

// CheckName accepts names that are safe as a single path element.
func CheckName(kind, name string) error {
	if !safeName(name) || strings.Contains(name, "..") {
		return fmt.Errorf("invalid %s name %q: use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit", kind, name)
	}
	return nil
}

// Dir returns root/parts..., created with mode 0700.
func Dir(parts ...string) (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	d := filepath.Join(append([]string{root}, parts...)...)
	if err := os.MkdirAll(d, 0o700); err != nil {
		return "", fmt.Errorf("data dir: %w", err)
	}
	return d, nil
}

// WriteFile writes data atomically (temp file + rename in the same
// directory), so a crash or a full disk never leaves a half-written file.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	return os.Rename(tmp, path)
}

// WriteNew writes data to path, which must not exist: it never replaces a
// file, a symlink or anything else there (the error is then fs.ErrExist).
// The file appears whole, with mode perm, or not at all: it is written
// under a temporary name and hard-linked to path, which fails rather than
// replace; where the file system has no hard links, path is created
// exclusively instead.
func WriteNew(path string, data []byte, perm os.FileMode) error {
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	err = os.Link(tmp, path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = out.Write(data)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// writeTemp writes data, synced, to a new temporary file beside path and
// returns its name.
func writeTemp(path string, data []byte, perm os.FileMode) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return "", err
	}
	err = f.Chmod(perm)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// SessionPaths are the files of one tact session's daemon.
type SessionPaths struct {
	Dir    string // <root>/run/<session>
	Socket string // daemon's unix socket (0600; AF_UNIX on Windows too)
	Lock   string // held by the live daemon
	State  string // ref numbering and browser identity
	Log    string // daemon and browser stderr
}

// Session returns (and creates) the run directory of a session. The
// folder that holds the daemon's socket (the run directory, or the short
// fallback under $TMPDIR) must be private: another local user who owns
// it, can open it or points it elsewhere with a symlink could listen in
// the daemon's place and receive every request, secrets included. An
// *UnsafeDirError says which folder is not.
func Session(name string) (SessionPaths, error) {
	if err := CheckName("session", name); err != nil {
		return SessionPaths{}, err
	}
	root, err := Root()
	if err != nil {
		return SessionPaths{}, err
	}
	d := filepath.Join(root, "run", name)
	if err := privateDir(d); err != nil {
		return SessionPaths{}, err
	}
	p := SessionPaths{
		Dir:    d,
		Socket: filepath.Join(d, "daemon.sock"),
		Lock:   filepath.Join(d, "daemon.lock"),
		State:  filepath.Join(d, "state.json"),
		Log:    filepath.Join(d, "daemon.log"),
	}
	// Unix socket paths are limited to ~107 bytes; fall back to a short
	// per-user directory when the data dir is deep.
	if len(p.Socket) > 100 {
		short := filepath.Join(os.TempDir(), fmt.Sprintf("tact-%d", os.Getuid()))
		if err := privateDir(short); err != nil {
			return p, err
		}
		p.Socket = filepath.Join(short, shortHash(d)+".sock")
	}
	return p, nil
}

func shortHash(s string) string {
	var h uint64 = 14695981039346656037
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return fmt.Sprintf("%016x", h)
}

// UnsafeDirError is a folder tact keeps a session's socket in that is not
// private to the user: a symlink, not a folder, someone else's, or open
// to others.
type UnsafeDirError struct {
	Dir string
	Why string // "is a symlink", "is owned by uid 65534", ...
}

func (e *UnsafeDirError) Error() string {
	return fmt.Sprintf("%s %s: it holds the session's socket, so it must be a folder you own with mode 0700; remove it (or chmod 700 it if it is yours)", e.Dir, e.Why)
}

// privateDir creates d (mode 0700, parents as needed) and checks that it
// is a folder of this user's, not a symlink, that no one else can open.
// A folder that already exists is checked, never trusted: anyone can
// create a name in a shared $TMPDIR first.
func privateDir(d string) error {
	if err := os.MkdirAll(filepath.Dir(d), 0o700); err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	if err := os.Mkdir(d, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("data dir: %w", err)
	}
	st, err := os.Lstat(d)
	if err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		return &UnsafeDirError{Dir: d, Why: "is a symlink"}
	case !st.IsDir():
		return &UnsafeDirError{Dir: d, Why: "is not a folder"}
	}
	if uid, ok := owner(st); ok && uid != os.Geteuid() {
		return &UnsafeDirError{Dir: d, Why: fmt.Sprintf("is owned by uid %d, not you (uid %d)", uid, os.Geteuid())}
	}
	if runtime.GOOS != "windows" && st.Mode().Perm()&0o077 != 0 {
		return &UnsafeDirError{Dir: d, Why: fmt.Sprintf("has mode %04o, open to other users", st.Mode().Perm())}
	}
	return nil
}
