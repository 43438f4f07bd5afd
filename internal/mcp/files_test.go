package mcp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/rpc"
)

// A prompt-injected client cannot make the screenshot tool (or a batch
// step) write outside the server's directory and the data dir, write a
// hidden file, or replace any file: the attack of issue 37 replaced
// ~/.bashrc with a PNG. Nor can it upload a file from outside.
func TestToolFilesConfined(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-files")
	work, home := t.TempDir(), t.TempDir()
	bashrc := filepath.Join(home, ".bashrc")
	if err := os.WriteFile(bashrc, []byte("alias ls='ls -F'\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(home, filepath.Join(work, "link")); err != nil {
		t.Fatal(err)
	}
	cs := connectGlobals(t, shared("mcp-files", rpc.Globals{Session: "mcp-files", Output: "text", Timeout: 30 * time.Second, Cwd: work}))
	out, res := call(t, cs, "open", map[string]any{"url": srvURL + "/hello.html", "no_snap": true})
	mustOK(t, "open", out, res)
	for _, c := range []struct{ file, want string }{
		{bashrc, "outside the working directory"},
		{filepath.Join(home, "new.png"), "outside the working directory"},
		{"../new.png", "outside the working directory"},
		{"link/.bashrc", "outside the working directory"},
		{"link/new.png", "outside the working directory"},
		{".bashrc", "hidden"},
		{"sub/.git/x.png", "does not exist"},
	} {
		out, res := call(t, cs, "screenshot", map[string]any{"file": c.file})
		if !res.IsError || !strings.Contains(out, c.want) {
			t.Errorf("screenshot file=%s: isError=%v %q, want %q", c.file, res.IsError, out, c.want)
		}
	}
	if err := os.MkdirAll(filepath.Join(work, "sub", ".git"), 0o700); err != nil {
		t.Fatal(err)
	}
	if out, res := call(t, cs, "screenshot", map[string]any{"file": "sub/.git/x.png"}); !res.IsError || !strings.Contains(out, "hidden") {
		t.Errorf("screenshot into a hidden folder: %q", out)
	}
	// A batch step is confined the same way, and cannot ask to overwrite.
	for _, step := range []string{"screenshot --file " + bashrc, "screenshot --file " + filepath.Join(home, "x.png"), "screenshot --file x.png --overwrite"} {
		out, res := call(t, cs, "batch", map[string]any{"steps": []string{step}})
		if !res.IsError {
			t.Errorf("batch %q was not refused: %q", step, out)
		}
	}
	if b, _ := os.ReadFile(bashrc); string(b) != "alias ls='ls -F'\n" {
		t.Errorf(".bashrc changed: %q", b)
	}
	if ents, _ := os.ReadDir(home); len(ents) != 1 {
		t.Errorf("files appeared outside the working directory: %v", ents)
	}
	// Inside the working directory: a new file, 0600, never replaced.
	out, res = call(t, cs, "screenshot", map[string]any{"file": "shot.png"})
	mustOK(t, "screenshot file=shot.png", out, res)
	if st, err := os.Stat(filepath.Join(work, "shot.png")); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("shot.png in the working directory: %v %v", st, err)
	}
	if out, res := call(t, cs, "screenshot", map[string]any{"file": "shot.png"}); !res.IsError || !strings.Contains(out, "exists") {
		t.Errorf("a second screenshot file=shot.png: %q", out)
	}
	// Uploads come from the working directory only: a page cannot have
	// the client send it ~/.bashrc (or a symlink to it).
	if err := os.Symlink(bashrc, filepath.Join(work, "innocent.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "doc.txt"), []byte("doc"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, res = call(t, cs, "open", map[string]any{"url": srvURL + "/upload.html", "no_snap": true})
	mustOK(t, "open", out, res)
	for _, f := range []string{bashrc, "link/.bashrc", "innocent.txt"} {
		if out, res := call(t, cs, "upload", map[string]any{"target": "css=#f", "files": []string{f}, "no_snap": true}); !res.IsError || !strings.Contains(out, "outside the working directory") {
			t.Errorf("upload %s: %q", f, out)
		}
	}
	// The data dir's own state (saved sessions hold cookies in clear,
	// profiles, logs) is never uploaded; a download is.
	data := os.Getenv("TACT_HOME")
	for _, rel := range []string{"sessions/work.json", "run/mcp-files/daemon.log", "profiles/mcp-files/Default/Cookies", "downloads/mcp-files/ok.txt"} {
		f := filepath.Join(data, rel)
		if err := os.MkdirAll(filepath.Dir(f), 0o700); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(f); err != nil {
			if err := os.WriteFile(f, []byte(`{"cookies":[{"value":"SESSIONCOOKIE"}]}`), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		out, res := call(t, cs, "upload", map[string]any{"target": "css=#f", "files": []string{f}, "no_snap": true})
		if strings.HasPrefix(rel, "downloads/") {
			mustOK(t, "upload of a download", out, res)
		} else if !res.IsError || !strings.Contains(out, "tact's own state") {
			t.Errorf("upload of the data dir's %s: %q", rel, out)
		}
	}
	out, res = call(t, cs, "upload", map[string]any{"target": "css=#f", "files": []string{"doc.txt"}, "no_snap": true})
	mustOK(t, "upload doc.txt", out, res)
	// No file named: a new one in the data dir.
	out, res = call(t, cs, "screenshot", nil)
	mustOK(t, "screenshot", out, res)
	if p := strings.Split(out, "\n")[0]; !strings.HasPrefix(p, os.Getenv("TACT_HOME")) {
		t.Errorf("screenshot without a file wrote %q, not under the data dir", p)
	}
}
