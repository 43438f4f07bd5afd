package workflow

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExpand(t *testing.T) {
	vars := map[string]string{"PKG": "react", "Q": `a "quoted" value`}
	got, err := Expand("https://x/${PKG}/y", vars)
	if err != nil || got != "https://x/react/y" {
		t.Errorf("%q %v", got, err)
	}
	if _, err := Expand("${NOPE}", vars); err == nil || !strings.Contains(err.Error(), "NOPE") {
		t.Errorf("missing var: %v", err)
	}
	raw, err := ExpandJSON(json.RawMessage(`{"Value":["${Q}"],"n":1}`), vars)
	if err != nil || !strings.Contains(string(raw), `a \"quoted\" value`) {
		t.Errorf("json: %s %v", raw, err)
	}
}

func TestParseVarsAndEnv(t *testing.T) {
	m := map[string]string{}
	if err := ParseVars([]string{"A=1", "B=x=y", "# comment", ""}, m); err != nil || m["A"] != "1" || m["B"] != "x=y" {
		t.Errorf("%v %v", m, err)
	}
	if err := ParseVars([]string{"no-equals"}, m); err == nil {
		t.Error("accepted a pair without =")
	}
	if err := ParseVars([]string{"1X=2"}, m); err == nil {
		t.Error("accepted a bad key")
	}
	e := EnvVars([]string{"TACT_VAR_USER=neo", "HOME=/root", "TACT_VAR_=x"})
	if len(e) != 1 || e["USER"] != "neo" {
		t.Errorf("env vars %v", e)
	}
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{`{`, `{"version": 3, "steps": []}`, `{"version": 1, "steps": [], "bogus": 1}`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("accepted %s", in)
		}
	}
}

func TestLint(t *testing.T) {
	check := func(s *Step) (bool, error) {
		switch cmd := s.Command; cmd {
		case "click", "fill":
			return true, nil
		case "snap":
			return false, nil
		}
		return false, errors.New("unknown command " + s.Command)
	}
	w := &Workflow{Version: 1, Steps: []Step{
		{Command: "snap", Params: json.RawMessage(`{"URL":"https://x"}`)},
		{Command: "click", Params: json.RawMessage(`{}`), Target: &Target{Locators: []string{"@e12"}}},
		{Command: "click", Params: json.RawMessage(`{}`)},
		{Command: "fill", Params: json.RawMessage(`{"Value":["hunter2"]}`), Target: &Target{Locators: []string{"label=Password"}, Fingerprint: Fingerprint{Role: "input:password"}}},
		{Command: "fill", Params: json.RawMessage(`{"Value":["${PASSWORD}"]}`), Target: &Target{Locators: []string{"label=Password"}, Fingerprint: Fingerprint{Role: "input:password"}}},
		{Command: "teleport"},
		{Command: "snap", Params: json.RawMessage(`{"Focus":"@e3"}`)},
	}}
	var got []string
	for _, p := range Lint(w, check) {
		got = append(got, p.String())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{"step 2: temporary ref", "step 3: click needs a target", "step 4: plain-text secret", "step 6: unknown command", "step 7: temporary ref @e3"} {
		if !strings.Contains(joined, want) {
			t.Errorf("lint lacks %q:\n%s", want, joined)
		}
	}
	if strings.Contains(joined, "step 5") || strings.Contains(joined, "step 1:") {
		t.Errorf("false positive:\n%s", joined)
	}
	// The current format: args by their schema names, a drop target.
	w = &Workflow{Version: Version, Steps: []Step{
		{Command: "fill", Args: json.RawMessage(`{"value":"hunter2","secret":true}`), Target: &Target{Locators: []string{"label=Token"}}},
		{Command: "fill", Args: json.RawMessage(`{"value":["${TOKEN}"],"secret":true}`), Target: &Target{Locators: []string{"label=Token"}}},
		{Command: "click", Target: &Target{Locators: []string{"label=Go"}}, To: &Target{Locators: []string{"@e4"}}},
		{Command: "snap", Args: json.RawMessage(`{"focus":"@e9"}`)},
	}}
	got = nil
	for _, p := range Lint(w, check) {
		got = append(got, p.String())
	}
	joined = strings.Join(got, "\n")
	for _, want := range []string{"step 1: plain-text secret", `step 3: temporary ref "@e4"`, "step 4: temporary ref @e9"} {
		if !strings.Contains(joined, want) {
			t.Errorf("lint lacks %q:\n%s", want, joined)
		}
	}
	if strings.Contains(joined, "step 2") {
		t.Errorf("false positive:\n%s", joined)
	}
}

// A version 1 file is read; a file mixing the two spellings is not; no
// steps is "steps": [], never null.
func TestParseVersions(t *testing.T) {
	if _, err := Parse([]byte(`{"version":1,"steps":[{"command":"open","params":{"URL":"https://x"}}]}`)); err != nil {
		t.Errorf("version 1: %v", err)
	}
	if _, err := Parse([]byte(`{"version":2,"steps":[{"command":"open","params":{"URL":"https://x"}}]}`)); err == nil || !strings.Contains(err.Error(), "step 1") {
		t.Errorf("params in version 2: %v", err)
	}
	if _, err := Parse([]byte(`{"version":1,"steps":[{"command":"open","args":{"url":"https://x"}}]}`)); err == nil {
		t.Error("args in version 1 accepted")
	}
	f := filepath.Join(t.TempDir(), "empty.json")
	if err := Save(f, &Workflow{Version: Version, Name: "empty"}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(f)
	if !strings.Contains(string(b), `"steps": []`) {
		t.Errorf("empty workflow:\n%s", b)
	}
}

func TestScopes(t *testing.T) {
	t.Setenv("TACT_HOME", t.TempDir())
	repo := t.TempDir()
	os.Mkdir(filepath.Join(repo, ".git"), 0o755)
	sub := filepath.Join(repo, "a", "b")
	os.MkdirAll(sub, 0o755)
	loc, err := SaveLocation(sub, "flow")
	if err != nil || loc.Scope != "user" {
		t.Fatalf("no .tact: %+v %v", loc, err)
	}
	os.Mkdir(filepath.Join(repo, ".tact"), 0o755)
	loc, err = SaveLocation(sub, "flow")
	if err != nil || loc.Scope != "project" || !strings.HasPrefix(loc.Path, filepath.Join(repo, ".tact", "workflows")) {
		t.Fatalf("project: %+v %v", loc, err)
	}
	w := &Workflow{Version: 1, Name: "flow", Steps: []Step{{Command: "snap"}}}
	if err := Save(loc.Path, w); err != nil {
		t.Fatal(err)
	}
	user, _ := userDir()
	Save(filepath.Join(user, "flow.json"), &Workflow{Version: 1, Name: "user-flow"})
	found, err := Find(sub, "flow")
	if err != nil || found.Scope != "project" {
		t.Errorf("project scope must win: %+v %v", found, err)
	}
	if _, err := Find(sub, "../x"); err == nil {
		t.Error("accepted ../x as a name")
	}
	if _, err := Find(sub, "missing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing: %v", err)
	}
	st, _ := os.Stat(loc.Path)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"version":1,"name":"x","steps":[{"command":"click","params":{"Target":""},"target":{"locators":["role=button[name=\"Go\"]"],"fingerprint":{"role":"button","name":"Go"}}}]}`))
	f.Add([]byte(`{"version":1,"steps":[{"command":"fill","params":{"Value":["${PASSWORD}"]}}]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := Parse(b)
		if err != nil {
			return
		}
		_ = Lint(w, func(*Step) (bool, error) { return true, nil })
		_ = w.Vars()
		for _, s := range w.Steps {
			_, _ = ExpandJSON(s.Params, map[string]string{})
			_, _ = ExpandJSON(s.Args, map[string]string{})
		}
	})
}

// A link in .tact/workflows to a file elsewhere is still a project's
// workflow (it needs trust), and so is a path through a linked folder.
func TestFindProjectByLink(t *testing.T) {
	t.Setenv("TACT_HOME", t.TempDir())
	repo := t.TempDir()
	wf := filepath.Join(repo, ".tact", "workflows")
	os.MkdirAll(wf, 0o755)
	os.MkdirAll(filepath.Join(repo, "flows"), 0o755)
	os.WriteFile(filepath.Join(repo, "flows", "evil.json"), []byte(`{"version":2,"steps":[]}`), 0o644)
	os.Symlink(filepath.Join(repo, "flows", "evil.json"), filepath.Join(wf, "evil.json"))
	os.WriteFile(filepath.Join(wf, "real.json"), []byte(`{"version":2,"steps":[]}`), 0o644)
	os.Symlink(wf, filepath.Join(repo, "linked"))
	for _, p := range []string{".tact/workflows/evil.json", "linked/real.json"} {
		loc, err := Find(repo, p)
		if err != nil || loc.Scope != "project" {
			t.Errorf("Find(%s) = %+v, %v; want project scope", p, loc, err)
		}
	}
	if loc, _ := Find(repo, "flows/evil.json"); loc.Scope != "file" {
		t.Errorf("a file outside .tact/workflows: %+v", loc)
	}
}
