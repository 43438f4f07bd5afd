package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestResolvePaths(t *testing.T) {
	cwd := filepath.FromSlash("/home/ada/project")
	up := &Upload{Files: []string{"a.txt", "/abs/b.txt", "sub/c.txt"}}
	if err := ResolvePaths(up, cwd); err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(cwd, "a.txt"), "/abs/b.txt", filepath.Join(cwd, "sub/c.txt")}
	for i := range want {
		if up.Files[i] != want[i] {
			t.Errorf("upload file %d = %q, want %q", i, up.Files[i], want[i])
		}
	}
	shot := &Screenshot{}
	if err := ResolvePaths(shot, cwd); err != nil || shot.File != "" {
		t.Errorf("no --file: %q %v", shot.File, err)
	}
	rp := &Replay{Workflow: "login", VarFile: "vars.env"}
	if err := ResolvePaths(rp, cwd); err != nil {
		t.Fatal(err)
	}
	if rp.Workflow != "login" || rp.VarFile != filepath.Join(cwd, "vars.env") {
		t.Errorf("replay: workflow %q var-file %q", rp.Workflow, rp.VarFile)
	}
	lint := &WorkflowLint{Name: "flows/login.json"}
	if err := ResolvePaths(lint, cwd); err != nil || lint.Name != filepath.Join(cwd, "flows/login.json") {
		t.Errorf("workflow file: %q %v", lint.Name, err)
	}
	// No caller directory: a relative path is refused, never guessed.
	if err := ResolvePaths(&Pdf{File: "out.pdf"}, ""); err == nil {
		t.Errorf("relative path without a cwd was accepted")
	}
	if err := ResolvePaths(&Pdf{File: "/tmp/out.pdf"}, ""); err != nil {
		t.Errorf("absolute path without a cwd: %v", err)
	}
}

// An MCP server's files stay in its directory or the data dir's output
// folders, not hidden; a server started in / has only those folders.
func TestConfined(t *testing.T) {
	home, work := t.TempDir(), t.TempDir()
	t.Setenv("TACT_HOME", home)
	secret := filepath.Join(t.TempDir(), "id_rsa")
	if err := os.WriteFile(secret, []byte("key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(work, "key")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, cwd, want string // want "" = allowed
	}{
		{filepath.Join(work, "shot.png"), work, ""},
		{filepath.Join(home, "screenshots", "x.png"), work, ""},
		{filepath.Join(work, ".bashrc"), work, "hidden"},
		{filepath.Join(work, ".git", "x.png"), work, "hidden"},
		{filepath.Join(filepath.Dir(work), "x.png"), work, "outside the working directory"},
		{filepath.Join(work, "x.png"), "/", "started in /"},
		{filepath.Join(home, "screenshots", "y.png"), "/", ""},
		// tact's own state is never a tool's file to write or upload.
		{filepath.Join(home, "x.png"), "/", "tact's own state"},
		{filepath.Join(home, "sessions", "work.json"), work, "tact's own state"},
		{filepath.Join(home, "workflows", "cron.json"), work, "tact's own state"},
		{filepath.Join(work, "key"), work, "outside the working directory"}, // a symlink to a file outside
	} {
		_ = os.MkdirAll(filepath.Dir(c.path), 0o700)
		err := confined(c.path, c.cwd, "write")
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("confined(%s, cwd %s) = %v, want %q", c.path, c.cwd, err, c.want)
		}
	}
}
