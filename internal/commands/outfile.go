package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
)

// outFile is where a command writes a file for the user (screenshot, pdf,
// a HAR). What it holds came from the page, so a new file is 0600, and a
// file that is there already is replaced only when the user asked.
type outFile struct {
	path      string
	given     bool // the user named it (else a fresh name of tact's own)
	overwrite bool
}

// outputFile checks where a command will write: the file the user gave
// (absolute by now; its folder must exist), or a new timestamped name
// under the data dir's sub. It fails before the command does its work
// when the file exists and overwrite is not set. For a confined caller
// (MCP) the file must be inside the data dir or the caller's directory,
// not hidden, and is never replaced.
func outputFile(env *Env, file, sub, prefix, ext string, overwrite bool) (outFile, error) {
	if file == "" {
		dir, err := datadir.Dir(sub)
		if err != nil {
			return outFile{}, failure.New(failure.IO, "%v", err)
		}
		return outFile{path: filepath.Join(dir, prefix+"-"+time.Now().Format("20060102-150405.000")+ext)}, nil
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return outFile{}, failure.New(failure.Usage, "%q: %v", file, err)
	}
	if st, err := os.Stat(filepath.Dir(abs)); err != nil || !st.IsDir() {
		return outFile{}, failure.New(failure.IO, "%s: directory %s does not exist", file, filepath.Dir(abs))
	}
	if env.Globals.Confine {
		if overwrite {
			return outFile{}, failure.New(failure.Usage, "MCP tools never replace a file (overwrite): give a new name")
		}
		if err := confined(abs, env.Globals.Cwd, "write"); err != nil {
			return outFile{}, err
		}
	}
	if _, err := os.Lstat(abs); err == nil && !overwrite {
		return outFile{}, exists(abs)
	}
	return outFile{path: abs, given: true, overwrite: overwrite}, nil
}

func exists(path string) error {
	return failure.New(failure.IO, "%s exists; tact does not replace files unless told to (--overwrite), or give another name", path)
}

// write writes data and returns the path written.
func (o outFile) write(data []byte) (string, error) {
	var err error
	switch {
	case o.overwrite:
		perm := fs.FileMode(0o600)
		if st, lerr := os.Lstat(o.path); lerr == nil {
			if !st.Mode().IsRegular() {
				return "", failure.New(failure.IO, "%s is not a regular file; tact replaces only files", o.path)
			}
			// Replaced, not loosened: a 0600 file stays 0600.
			perm = st.Mode().Perm()
		}
		err = datadir.WriteFile(o.path, data, perm)
	case o.given:
		if err = datadir.WriteNew(o.path, data, 0o600); errors.Is(err, fs.ErrExist) {
			// Made since outputFile looked.
			return "", exists(o.path)
		}
	default:
		// A name of tact's own: two files in one millisecond (a batch)
		// take the next free suffix.
		ext := filepath.Ext(o.path)
		base := strings.TrimSuffix(o.path, ext)
		for i := 1; i <= 100; i++ {
			if i > 1 {
				o.path = fmt.Sprintf("%s-%d%s", base, i, ext)
			}
			if err = datadir.WriteNew(o.path, data, 0o600); !errors.Is(err, fs.ErrExist) {
				break
			}
		}
	}
	if err != nil {
		return "", failure.New(failure.IO, "write %s: %v", o.path, err)
	}
	return o.path, nil
}

// outputDirs are the data dir's folders of files tact made for the user,
// the only ones an MCP client may write or upload.
var outputDirs = map[string]bool{"downloads": true, "screenshots": true, "pdf": true, "har": true}

// confined refuses a path an MCP client may not write (or upload, verb):
// outside both the data dir and the caller's directory (symlinks
// followed), or hidden below them (.bashrc, .ssh/, .git/, .env).
func confined(abs, cwd, verb string) error {
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		// A file still to be written: where its folder really is.
		dir, derr := filepath.EvalSymlinks(filepath.Dir(abs))
		if derr != nil {
			return failure.New(failure.IO, "%s: %v", abs, derr)
		}
		real = filepath.Join(dir, filepath.Base(abs))
	}
	roots := []string{cwd}
	data := ""
	if r, err := datadir.Root(); err == nil {
		// First: the data dir may be a hidden folder under cwd.
		roots, data = []string{r, cwd}, r
	}
	for _, r := range roots {
		if r == "" {
			continue
		}
		rr, err := filepath.EvalSymlinks(r)
		// A server started in / (as some desktop clients start theirs)
		// has no project directory: / would admit /etc.
		if err != nil || rr == filepath.Dir(rr) {
			continue
		}
		rel, err := filepath.Rel(rr, real)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		parts := strings.Split(rel, string(filepath.Separator))
		if r == data && (len(parts) < 2 || !outputDirs[parts[0]]) {
			// The data dir also holds saved sessions (cookies in clear),
			// browser profiles, logs and workflows: a page that talked a
			// client into uploading those would get the user's logins.
			return failure.New(failure.Usage, "%s is tact's own state: MCP tools %s files of the data dir only in its downloads, screenshots, pdf and har folders", abs, verb)
		}
		for _, part := range parts {
			if strings.HasPrefix(part, ".") {
				return failure.New(failure.Usage, "%s is hidden (%s): MCP tools do not %s hidden files or folders", abs, part, verb)
			}
		}
		return nil
	}
	if filepath.Dir(cwd) == cwd {
		return failure.New(failure.Usage, "%s is outside tact's data dir: MCP tools started in %s %s files only there", abs, cwd, verb)
	}
	return failure.New(failure.Usage, "%s is outside the working directory (%s) and tact's data dir: MCP tools %s files only there", abs, cwd, verb)
}
