package workflow

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tact-browser/tact/internal/datadir"
)

// A project's workflows come with its checkout: a cloned repository can
// ship any of them. One runs only once the user trusted that exact
// content; trust is kept in the data dir (0600) as the file's SHA-256 by
// its real path, so an edited file needs trusting again.

// trustFile is where trust is kept.
func trustFile() (string, error) {
	root, err := datadir.Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "trusted-workflows.json"), nil
}

// Hash is the content hash trust is given to.
func Hash(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// trustKey is the path trust is stored under: absolute, links resolved
// (a link to the file is the file).
func trustKey(path string) string {
	p, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

func loadTrust() (map[string]string, string, error) {
	f, err := trustFile()
	if err != nil {
		return nil, "", err
	}
	m := map[string]string{}
	b, err := os.ReadFile(f)
	if errors.Is(err, fs.ErrNotExist) {
		return m, f, nil
	} else if err != nil {
		return nil, f, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return map[string]string{}, f, nil // a damaged file trusts nothing
	}
	return m, f, nil
}

// TrustState is what the user decided about a file's content.
type TrustState int

const (
	// Untrusted: never trusted.
	Untrusted TrustState = iota
	// Changed: trusted once, but its content changed since.
	Changed
	// Trusted: this exact content is trusted.
	Trusted
)

func (s TrustState) String() string {
	switch s {
	case Trusted:
		return "trusted"
	case Changed:
		return "changed since it was trusted"
	}
	return "not trusted"
}

// TrustOf says whether content b of the file at path is trusted.
func TrustOf(path string, b []byte) TrustState {
	m, _, err := loadTrust()
	if err != nil {
		return Untrusted
	}
	h, ok := m[trustKey(path)]
	switch {
	case !ok:
		return Untrusted
	case h == Hash(b):
		return Trusted
	}
	return Changed
}

// Trust records that content b of the file at path is trusted.
func Trust(path string, b []byte) error {
	m, f, err := loadTrust()
	if err != nil {
		return err
	}
	m[trustKey(path)] = Hash(b)
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return datadir.WriteFile(f, append(out, '\n'), 0o600)
}

// NeedsTrust reports whether a workflow at loc runs only when trusted:
// one of a project's (found by name or given as a path into a
// .tact/workflows directory).
func NeedsTrust(loc Location) bool {
	return loc.Scope == "project"
}

// inProject reports whether path is in a project's .tact/workflows, as
// named or once links are resolved (a link there to a file elsewhere is
// still the project's).
func inProject(path string) bool {
	in := func(p string) bool {
		d := filepath.Dir(p)
		return filepath.Base(d) == "workflows" && filepath.Base(filepath.Dir(d)) == ".tact"
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return in(abs) || in(trustKey(path))
}
