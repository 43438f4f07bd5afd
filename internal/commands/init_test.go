package commands_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/commands"
)

// Without .claude/ init says why it wrote no skill.
func TestInitWithoutClaude(t *testing.T) {
	lines, err := commands.InitDir(t.TempDir(), false)
	if err != nil {
		t.Fatal(err)
	}
	if got := lines[len(lines)-1]; !strings.HasPrefix(got, "skipped   .claude/skills/tact/SKILL.md (no .claude/ here") {
		t.Errorf("init without .claude/: %q", lines)
	}
}

func TestInitIdempotent(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	lines, err := commands.InitDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	want := "created   .tact/workflows/\ncreated   AGENT.md (how to use tact here, for any agent)\ncreated   " + filepath.Join(".claude", "skills", "tact", "SKILL.md") + " (the same as a Claude Code skill)"
	if got := strings.Join(lines, "\n"); got != want {
		t.Errorf("first init:\n%s", got)
	}
	agent := filepath.Join(dir, "AGENT.md")
	first, _ := os.ReadFile(agent)
	if n := len(first) / 4; n < 150 || n > 700 {
		t.Errorf("AGENT.md is ~%d tokens", n)
	}
	for _, want := range []string{"tact snap", "@eN", "css=", "--focus", "--max-tokens", "tact read", "untrusted", "STALE_REF", ".tact/workflows/"} {
		if !strings.Contains(string(first), want) {
			t.Errorf("AGENT.md lacks %q", want)
		}
	}
	skill, _ := os.ReadFile(filepath.Join(dir, ".claude", "skills", "tact", "SKILL.md"))
	if !strings.HasPrefix(string(skill), "---\nname: tact\ndescription: ") {
		t.Errorf("skill front matter:\n%s", skill)
	}

	// Again: nothing changes.
	lines, err = commands.InitDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "unchanged") && !strings.HasPrefix(l, "exists") {
			t.Errorf("second init: %q", l)
		}
	}
	again, _ := os.ReadFile(agent)
	if string(again) != string(first) {
		t.Errorf("second init changed AGENT.md")
	}

	// An edited file is kept, --force replaces it.
	edited := string(first) + "\nOur own note.\n"
	os.WriteFile(agent, []byte(edited), 0o644)
	lines, _ = commands.InitDir(dir, false)
	if got, _ := os.ReadFile(agent); string(got) != edited || !strings.Contains(strings.Join(lines, "\n"), "kept      AGENT.md (edited; --force overwrites it)") {
		t.Errorf("edited AGENT.md not kept: %v", lines)
	}
	commands.InitDir(dir, true)
	if got, _ := os.ReadFile(agent); string(got) != string(first) {
		t.Errorf("--force did not restore AGENT.md")
	}

	// A hand edit that leaves the stamp in place is still an edit.
	old := strings.Replace(string(first), "Browsing with tact", "Old title", 1)
	os.WriteFile(agent, []byte(old), 0o644)
	commands.InitDir(dir, false)
	if got, _ := os.ReadFile(agent); string(got) != old {
		t.Errorf("hand-edited AGENT.md (stale stamp) was overwritten")
	}

	// What an older tact wrote (its stamp intact) is brought up to date.
	body := "# Browsing with tact\n\nolder text\n"
	sum := sha256.Sum256([]byte(body))
	os.WriteFile(agent, []byte(body+"\n<!-- written by tact init; sha256:"+hex.EncodeToString(sum[:8])+" -->\n"), 0o644)
	lines, _ = commands.InitDir(dir, false)
	if got, _ := os.ReadFile(agent); string(got) != string(first) || !strings.Contains(strings.Join(lines, "\n"), "updated   AGENT.md") {
		t.Errorf("AGENT.md from an older tact not updated: %v", lines)
	}
}
