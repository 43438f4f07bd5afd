package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Relative paths are the caller's: a daemon started from one directory
// uploads and writes files in the directory of each later call. It
// changes the process's directory, so it does not run in parallel.
func TestPathsFollowCaller(t *testing.T) {
	s := "relpaths"
	dirA, dirB := t.TempDir(), t.TempDir()
	for dir, text := range map[string]string{dirA: "from A", dirB: "from B"} {
		if err := os.WriteFile(filepath.Join(dir, "doc.txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dirB, "only-b.txt"), []byte("only B"), 0o644); err != nil {
		t.Fatal(err)
	}
	was, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chdir(was) })
	chdir := func(d string) {
		t.Helper()
		if err := os.Chdir(d); err != nil {
			t.Fatal(err)
		}
	}
	content := func() string { return evalIn(t, s, `document.getElementById("content").textContent`) }

	chdir(dirA) // the daemon starts here
	mustOK(t, tact(t, s, "open", page("upload.html")))
	chdir(dirB)
	mustOK(t, tact(t, s, "upload", "css=#f", "doc.txt", "--no-snap"))
	eventually(t, "dirB's doc.txt uploaded", func() bool { return content() == "from B" })
	mustOK(t, tact(t, s, "upload", "css=#f", "only-b.txt", "--no-snap"))
	eventually(t, "only-b.txt uploaded", func() bool { return content() == "only B" })
	// A batch step's path is the caller's too (the steps are parsed in the daemon).
	mustOK(t, tact(t, s, "batch", "upload css=#f doc.txt", "--no-snap"))
	eventually(t, "dirB's doc.txt uploaded by a batch", func() bool { return content() == "from B" })

	r := tact(t, s, "screenshot", "--file", "shot.png")
	mustOK(t, r)
	if _, err := os.Stat(filepath.Join(dirB, "shot.png")); err != nil || strings.TrimSpace(r.out) != filepath.Join(dirB, "shot.png") {
		t.Errorf("screenshot --file shot.png: printed %q, stat %v", r.out, err)
	}
	if _, err := os.Stat(filepath.Join(dirA, "shot.png")); err == nil {
		t.Errorf("screenshot written to the daemon's directory")
	}
	mustOK(t, tact(t, s, "network", "--har", "net.har"))
	if _, err := os.Stat(filepath.Join(dirB, "net.har")); err != nil {
		t.Errorf("network --har net.har: %v", err)
	}
}
