// Package datadir locates tact's data directory and keeps user-given names
// (sessions, profiles, workflows) inside it.
package datadir

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// CheckName accepts names that are safe as a single path element.
func CheckName(kind, name string) error {
	if !nameRE.MatchString(name) || strings.Contains(name, "..") {
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
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Chmod(perm); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// SessionPaths are the files of one tact session's daemon.
type SessionPaths struct {
	Dir    string // <root>/run/<session>
	Socket string // daemon's unix socket (0600; AF_UNIX on Windows too)
	Lock   string // held by the live daemon
	State  string // ref numbering and browser identity
	Log    string // daemon and browser stderr
}

// Session returns (and creates) the run directory of a session.
func Session(name string) (SessionPaths, error) {
	if err := CheckName("session", name); err != nil {
		return SessionPaths{}, err
	}
	d, err := Dir("run", name)
	if err != nil {
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
		if err := os.MkdirAll(short, 0o700); err != nil {
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
