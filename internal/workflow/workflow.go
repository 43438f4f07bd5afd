// Package workflow holds recorded command sequences: the file format, where
// files live (project .tact/workflows or the user data dir), variables, and
// the lint rules that keep temporary refs and plain-text secrets out.
package workflow

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tact-browser/tact/internal/datadir"
)

// Version is the current file format. Version 1 files (steps holding the
// command's Go struct as "params") are still read; files are written as
// Version.
const Version = 2

// LegacyVersion is the first format, read but never written.
const LegacyVersion = 1

// Workflow is a recorded sequence of tact commands.
type Workflow struct {
	Version   int       `json:"version"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created_at"`
	// Secrets lists the ${NAME} placeholders that stand for values typed
	// into password (or --secret) fields; replay needs them as variables.
	Secrets []string `json:"secrets,omitempty"`
	// Defaults are the values of ${NAME} variables replay uses when no
	// --var gives one (recorded with fill … --as NAME). Secrets have none.
	Defaults map[string]string `json:"defaults,omitempty"`
	Steps    []Step            `json:"steps"`
}

// Step is one command as it was typed. Args holds its arguments and the
// flags that differ from their defaults, named as `tact schema COMMAND`
// names them (url, value, no_snap, max_tokens); the element it acted on is
// not an argument but Target (drag's drop target: To).
type Step struct {
	Command string          `json:"command"`
	Args    json.RawMessage `json:"args,omitempty"`
	Target  *Target         `json:"target,omitempty"`
	To      *Target         `json:"to,omitempty"`
	// Start marks the page a recording started on: replay opens it only
	// when the current tab is elsewhere.
	Start bool `json:"start,omitempty"`
	// AtMS is when the step ran, in ms since the recording started; replay
	// --speed N keeps the recorded pauses, N times shorter.
	AtMS int64 `json:"at_ms,omitempty"`
	// Params is a version 1 step: the command struct with Go field names
	// and every default. Read to upgrade, never written.
	Params json.RawMessage `json:"params,omitempty"`
}

// Target identifies an element durably: verified locators best first, a
// fingerprint a match must agree with, and the frame path.
type Target struct {
	Locators    []string    `json:"locators"`
	Fingerprint Fingerprint `json:"fingerprint"`
	Frame       []string    `json:"frame,omitempty"`
}

// Fingerprint is what the recorded element was.
type Fingerprint struct {
	Role    string `json:"role,omitempty"`
	Name    string `json:"name,omitempty"`
	Tag     string `json:"tag,omitempty"`
	Heading string `json:"heading,omitempty"`
	// Form identifies the form the element is in (#id, name=…, action=…).
	Form string `json:"form,omitempty"`
	// Row identifies the list or table row (the record) it is in: a key
	// attribute, else the row's first cell or text other than its own.
	Row string `json:"row,omitempty"`
}

func norm(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// Agrees reports whether a candidate element looks like the recorded one:
// same tag and role, the same accessible name (case and whitespace
// aside) when the recording had one, and the same row: a button of
// another record is never the recorded one.
func (f Fingerprint) Agrees(g Fingerprint) bool {
	if f.Tag != "" && g.Tag != "" && f.Tag != g.Tag {
		return false
	}
	if f.Role != "" && g.Role != "" && f.Role != g.Role {
		return false
	}
	if f.Name != "" && norm(f.Name) != norm(g.Name) {
		return false
	}
	return f.SameRecord(g)
}

// SameRecord reports whether g is in the row f was recorded in (any
// element is, when the recording named no row).
func (f Fingerprint) SameRecord(g Fingerprint) bool {
	return f.Row == "" || norm(f.Row) == norm(g.Row)
}

// SamePlace reports whether g sits where f was recorded: the same
// nearest heading, form and row, as far as the recording says.
func (f Fingerprint) SamePlace(g Fingerprint) bool {
	if f.Heading != "" && norm(f.Heading) != norm(g.Heading) {
		return false
	}
	if f.Form != "" && f.Form != g.Form {
		return false
	}
	return f.SameRecord(g)
}

// Location is where a workflow file lives and in which scope.
type Location struct {
	Path  string
	Scope string // "project" or "user"
}

// ProjectDir finds the nearest directory at or above cwd holding a .tact
// directory, not looking above the repository root (a directory with .git).
func ProjectDir(cwd string) (string, bool) {
	if cwd == "" {
		return "", false
	}
	dir := filepath.Clean(cwd)
	for {
		if st, err := os.Stat(filepath.Join(dir, ".tact")); err == nil && st.IsDir() {
			return dir, true
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return "", false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

func userDir() (string, error) { return datadir.Dir("workflows") }

// SaveLocation decides where a new workflow is written: the project's
// .tact/workflows when there is one, else the user data dir. It creates
// the directory.
func SaveLocation(cwd, name string) (Location, error) {
	loc, err := SavePath(cwd, name)
	if err != nil {
		return loc, err
	}
	perm := os.FileMode(0o700)
	if loc.Scope == "project" {
		perm = 0o755 // a project's files are shared with its checkout
	}
	if err := os.MkdirAll(filepath.Dir(loc.Path), perm); err != nil {
		return Location{}, err
	}
	return loc, nil
}

// SavePath is where SaveLocation would write name, creating nothing.
func SavePath(cwd, name string) (Location, error) {
	if err := datadir.CheckName("workflow", name); err != nil {
		return Location{}, err
	}
	if p, ok := ProjectDir(cwd); ok {
		return Location{Path: filepath.Join(p, ".tact", "workflows", name+".json"), Scope: "project"}, nil
	}
	d, err := userDir()
	if err != nil {
		return Location{}, err
	}
	return Location{Path: filepath.Join(d, name+".json"), Scope: "user"}, nil
}

// Exists reports whether a file is at path.
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// IsPath reports whether Find takes nameOrPath as a file path (it has a
// slash or ends in .json) rather than a name.
func IsPath(nameOrPath string) bool {
	return strings.ContainsRune(nameOrPath, '/') || strings.HasSuffix(nameOrPath, ".json")
}

// SearchDirs says where Find looks for a name from cwd, in order: the
// project's .tact/workflows (when cwd is in a project) and the user's.
func SearchDirs(cwd string) []Location {
	var out []Location
	if p, ok := ProjectDir(cwd); ok {
		out = append(out, Location{Path: filepath.Join(p, ".tact", "workflows"), Scope: "project"})
	}
	if d, err := userDir(); err == nil {
		out = append(out, Location{Path: d, Scope: "user"})
	}
	return out
}

// ErrNotFound is returned when no workflow of that name or path exists.
var ErrNotFound = errors.New("workflow not found")

// Find resolves a name (project scope first, then user scope) or a file
// path (anything with a slash or ending in .json, relative to cwd).
func Find(cwd, nameOrPath string) (Location, error) {
	if IsPath(nameOrPath) {
		p := nameOrPath
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		if _, err := os.Stat(p); err != nil {
			return Location{}, fmt.Errorf("%w: %s", ErrNotFound, nameOrPath)
		}
		if inProject(p) {
			// A project's workflow named by its path is still a project's.
			return Location{Path: p, Scope: "project"}, nil
		}
		return Location{Path: p, Scope: "file"}, nil
	}
	if err := datadir.CheckName("workflow", nameOrPath); err != nil {
		return Location{}, err
	}
	if p, ok := ProjectDir(cwd); ok {
		f := filepath.Join(p, ".tact", "workflows", nameOrPath+".json")
		if _, err := os.Stat(f); err == nil {
			return Location{Path: f, Scope: "project"}, nil
		}
	}
	d, err := userDir()
	if err != nil {
		return Location{}, err
	}
	f := filepath.Join(d, nameOrPath+".json")
	if _, err := os.Stat(f); err != nil {
		return Location{}, fmt.Errorf("%w: %s", ErrNotFound, nameOrPath)
	}
	return Location{Path: f, Scope: "user"}, nil
}

// List returns the workflows visible from cwd, both scopes: a project's
// before the user's of the same name (which a replay by name does not
// run: see Shadowed).
func List(cwd string) ([]Location, error) {
	var out []Location
	add := func(dir, scope string) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			n, ok := strings.CutSuffix(e.Name(), ".json")
			if !ok || strings.HasPrefix(n, ".") || e.IsDir() {
				continue
			}
			out = append(out, Location{Path: filepath.Join(dir, e.Name()), Scope: scope})
		}
	}
	if p, ok := ProjectDir(cwd); ok {
		add(filepath.Join(p, ".tact", "workflows"), "project")
	}
	if d, err := userDir(); err == nil {
		add(d, "user")
	}
	name := func(l Location) string { return strings.TrimSuffix(filepath.Base(l.Path), ".json") }
	sort.SliceStable(out, func(i, j int) bool { return name(out[i]) < name(out[j]) })
	return out, nil
}

// Shadowed is the user's own workflow of the name a project workflow at
// loc has, which a replay by name does not run ("" when there is none).
func Shadowed(loc Location) string {
	if loc.Scope != "project" {
		return ""
	}
	d, err := userDir()
	if err != nil {
		return ""
	}
	f := filepath.Join(d, filepath.Base(loc.Path))
	if Exists(f) {
		return f
	}
	return ""
}

// Load reads and decodes a workflow file.
func Load(path string) (*Workflow, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, path)
	} else if err != nil {
		return nil, err
	}
	w, err := Parse(b)
	if err == nil && w.Name == "" {
		// A hand-written file may leave its name out: it is the file's.
		w.Name = strings.TrimSuffix(filepath.Base(path), ".json")
	}
	return w, err
}

// Parse decodes a workflow and checks its version.
func Parse(b []byte) (*Workflow, error) {
	var w Workflow
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("not a tact workflow: %v", err)
	}
	if w.Version != Version && w.Version != LegacyVersion {
		return nil, fmt.Errorf("workflow version %d is not supported (want %d)", w.Version, Version)
	}
	for i, s := range w.Steps {
		if w.Version == Version && len(s.Params) > 0 {
			return nil, fmt.Errorf("step %d: \"params\" is the version 1 spelling; version %d steps take \"args\" (tact schema workflow)", i+1, Version)
		}
		if w.Version == LegacyVersion && (len(s.Args) > 0 || s.To != nil || s.Start) {
			return nil, fmt.Errorf("step %d: \"args\", \"to\" and \"start\" need \"version\": %d", i+1, Version)
		}
	}
	if w.Steps == nil {
		w.Steps = []Step{}
	}
	return &w, nil
}

// Save writes a workflow atomically. Files may hold recorded values, so
// they are private to the user (0600). A workflow with no steps is
// written with "steps": [].
func Save(path string, w *Workflow) error {
	if w.Steps == nil {
		w.Steps = []Step{}
	}
	// Locators keep their > and & as typed (no \u003e).
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(w); err != nil {
		return err
	}
	return datadir.WriteFile(path, buf.Bytes(), 0o600)
}

var varRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`) })

// Vars lists the ${NAME} placeholders used anywhere in the workflow.
func (w *Workflow) Vars() []string {
	seen := map[string]bool{}
	var out []string
	b, _ := json.Marshal(w.Steps)
	for _, m := range varRE().FindAllStringSubmatch(string(b), -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// Variable is one ${NAME} of a workflow and its default.
type Variable struct {
	Name    string  `json:"name"`
	Default *string `json:"default,omitempty"` // absent: replay needs --var NAME=…
	Secret  bool    `json:"secret,omitempty"`
}

// Variables lists every variable (used in the steps or given a default),
// sorted, with its default.
func (w *Workflow) Variables() []Variable {
	names := w.Vars()
	for n := range w.Defaults {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	out := make([]Variable, 0, len(names))
	for _, n := range names {
		v := Variable{Name: n, Secret: slices.Contains(w.Secrets, n)}
		if d, ok := w.Defaults[n]; ok && !v.Secret {
			v.Default = &d
		}
		out = append(out, v)
	}
	return out
}

// ValidName reports whether s can be a variable name (${NAME}).
func ValidName(s string) bool { return nameRE().MatchString(s) }

var nameRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })

// Expand replaces ${NAME} in s from vars; a missing one is an error.
func Expand(s string, vars map[string]string) (string, error) {
	var missing []string
	out := varRE().ReplaceAllStringFunc(s, func(m string) string {
		k := m[2 : len(m)-1]
		v, ok := vars[k]
		if !ok {
			missing = append(missing, k)
			return m
		}
		return v
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("missing variable %s (pass --var %s=… or set TACT_VAR_%s)", missing[0], missing[0], missing[0])
	}
	return out, nil
}

// ExpandJSON replaces placeholders inside the string values of a JSON
// document, so substituted values are escaped correctly.
func ExpandJSON(raw json.RawMessage, vars map[string]string) (json.RawMessage, error) {
	if len(raw) == 0 {
		return raw, nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	var walk func(any) (any, error)
	walk = func(x any) (any, error) {
		switch t := x.(type) {
		case string:
			return Expand(t, vars)
		case []any:
			for i := range t {
				y, err := walk(t[i])
				if err != nil {
					return nil, err
				}
				t[i] = y
			}
		case map[string]any:
			for k := range t {
				y, err := walk(t[k])
				if err != nil {
					return nil, err
				}
				t[k] = y
			}
		}
		return x, nil
	}
	v, err := walk(v)
	if err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// ParseVars reads KEY=VALUE pairs (from --var and --var-file lines).
func ParseVars(pairs []string, into map[string]string) error {
	for _, p := range pairs {
		p = strings.TrimSpace(p)
		if p == "" || strings.HasPrefix(p, "#") {
			continue
		}
		k, v, ok := strings.Cut(p, "=")
		if !ok || !ValidName(k) {
			return fmt.Errorf("variable %q: want KEY=VALUE", p)
		}
		into[k] = v
	}
	return nil
}

// EnvVars collects TACT_VAR_<KEY> variables from an environment list.
func EnvVars(environ []string) map[string]string {
	out := map[string]string{}
	for _, kv := range environ {
		if rest, ok := strings.CutPrefix(kv, "TACT_VAR_"); ok {
			if k, v, ok := strings.Cut(rest, "="); ok && k != "" {
				out[k] = v
			}
		}
	}
	return out
}
