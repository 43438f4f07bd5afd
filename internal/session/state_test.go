package session

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/secrets"
)

// save writes what changed and skips what did not: new refs reach the
// file, and so does a secret added after the state holding it was written
// (the file is written again, scrubbed).
func TestSaveWritesChanges(t *testing.T) {
	file := filepath.Join(t.TempDir(), "state.json")
	sec := &secrets.Set{}
	m := &Manager{opts: Options{StateFile: file, Secrets: sec}, log: slog.New(slog.DiscardHandler)}
	m.state = readState(file)
	read := func() string {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	m.state.URL = "https://example.com/?code=hunter22"
	m.save()
	if !strings.Contains(read(), "hunter22") {
		t.Fatalf("first save: %s", read())
	}
	m.RecordRefs("tab", "tab", "tab", []int{7}, 8)
	m.save()
	if !strings.Contains(read(), `"7"`) {
		t.Errorf("a new ref not saved: %s", read())
	}
	sec.Add("hunter22")
	m.save()
	if strings.Contains(read(), "hunter22") {
		t.Errorf("a secret added since the last save is still on disk: %s", read())
	}
	m.ForgetRefs("tab")
	m.save()
	if strings.Contains(read(), `"7"`) {
		t.Errorf("a forgotten ref still saved: %s", read())
	}
}
