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

var skillRel = filepath.Join(".claude", "skills", "tact", "SKILL.md")

func initDir(t *testing.T, dir string, force bool) string {
	t.Helper()
	lines, err := commands.InitDir(dir, force)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The guide teaches what agents missed in use.
func TestInitGuideContent(t *testing.T) {
	doc := commands.AgentDoc()
	if n := len(doc) / 4; n < 150 || n > 850 {
		t.Errorf("the guide is ~%d tokens", n)
	}
	for _, want := range []string{"tact snap", "@eN", "css=", "--focus", "--focus @e", "--max-tokens", "tact read",
		"untrusted", "STALE_REF", ".tact/workflows/", "tact batch", "press Control+a @e", "--snap", "--no-snap", ">>",
		"shadow", "through its\n   label", "label="} {
		if !strings.Contains(doc, want) {
			t.Errorf("the guide lacks %q", want)
		}
	}
	skill := commands.SkillDoc()
	if !strings.HasPrefix(skill, "---\nname: tact\ndescription: ") || !strings.Contains(skill, "\nallowed-tools: Bash(tact:*)\n---\n") {
		t.Errorf("skill front matter:\n%s", skill)
	}
}

// No AGENTS.md or CLAUDE.md: AGENTS.md is created; no .claude/: the skill
// is skipped, saying why. A second run changes nothing.
func TestInitCreatesAgentsMD(t *testing.T) {
	dir := t.TempDir()
	out := initDir(t, dir, false)
	for _, want := range []string{"created   .tact/workflows/", "created   AGENTS.md", "skipped   " + skillRel + " (no .claude/"} {
		if !strings.Contains(out, want) {
			t.Errorf("init says:\n%s\nwant %q", out, want)
		}
	}
	agents := read(t, filepath.Join(dir, "AGENTS.md"))
	if agents != commands.AgentDoc() {
		t.Errorf("AGENTS.md:\n%s", agents)
	}
	if _, err := os.Stat(filepath.Join(dir, "CLAUDE.md")); err == nil {
		t.Error("CLAUDE.md created")
	}
	out = initDir(t, dir, false)
	if !strings.Contains(out, "unchanged AGENTS.md") || read(t, filepath.Join(dir, "AGENTS.md")) != agents {
		t.Errorf("second init:\n%s", out)
	}
}

// An existing AGENTS.md gets the section appended, once; the project's
// own text stays as it is. An edited section is kept unless --force; one
// an older tact wrote is updated in place.
func TestInitAppendsToAgentsMD(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "AGENTS.md")
	own := "# Project\n\nRun make test before committing."
	write(t, path, own)
	out := initDir(t, dir, false)
	if !strings.Contains(out, "appended  the tact section to AGENTS.md") {
		t.Errorf("init says:\n%s", out)
	}
	first := read(t, path)
	if first != own+"\n\n"+commands.AgentDoc() {
		t.Fatalf("AGENTS.md:\n%s", first)
	}
	if out := initDir(t, dir, false); !strings.Contains(out, "unchanged AGENTS.md") || read(t, path) != first {
		t.Errorf("second init:\n%s", out)
	}

	// The project's text after the section is kept too.
	write(t, path, first+"\n## Later notes\n")
	initDir(t, dir, false)
	if got := read(t, path); got != first+"\n## Later notes\n" {
		t.Errorf("text after the section changed:\n%s", got)
	}

	edited := strings.Replace(first, "Browsing with tact", "Browsing with tact (our rules)", 1)
	write(t, path, edited)
	if out := initDir(t, dir, false); !strings.Contains(out, "kept      AGENTS.md") || read(t, path) != edited {
		t.Errorf("edited section not kept:\n%s", out)
	}
	if out := initDir(t, dir, true); !strings.Contains(out, "updated   the tact section of AGENTS.md") || read(t, path) != first {
		t.Errorf("--force did not restore the section:\n%s\n%s", out, read(t, path))
	}

	// What an older tact wrote (its hash intact) is brought up to date.
	older := "## Browsing with tact\n\nolder text\n"
	doc := commands.AgentDoc()
	begin := doc[:strings.Index(doc, "\n")+1]
	write(t, path, own+"\n\n"+begin+older+"<!-- tact:end sha256:"+sum16(older)+" -->\n")
	if out := initDir(t, dir, false); !strings.Contains(out, "updated   the tact section of AGENTS.md") || read(t, path) != first {
		t.Errorf("older section not updated:\n%s\n%s", out, read(t, path))
	}
}

// CLAUDE.md alone gets the section, and no AGENTS.md appears; with both,
// both get it.
func TestInitClaudeMD(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "CLAUDE.md"), "# Notes\n")
	out := initDir(t, dir, false)
	if !strings.Contains(out, "appended  the tact section to CLAUDE.md") {
		t.Errorf("init says:\n%s", out)
	}
	if got := read(t, filepath.Join(dir, "CLAUDE.md")); got != "# Notes\n\n"+commands.AgentDoc() {
		t.Errorf("CLAUDE.md:\n%s", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "AGENTS.md")); err == nil {
		t.Error("AGENTS.md created next to CLAUDE.md")
	}

	both := t.TempDir()
	write(t, filepath.Join(both, "CLAUDE.md"), "# Claude\n")
	write(t, filepath.Join(both, "AGENTS.md"), "# Agents\n")
	out = initDir(t, both, false)
	for _, f := range []string{"AGENTS.md", "CLAUDE.md"} {
		if !strings.Contains(out, "appended  the tact section to "+f) || !strings.Contains(read(t, filepath.Join(both, f)), commands.AgentDoc()) {
			t.Errorf("%s not given the section:\n%s", f, out)
		}
	}
}

// With .claude/, the skill is written, kept when edited, restored by
// --force.
func TestInitClaudeSkill(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if out := initDir(t, dir, false); !strings.Contains(out, "created   "+skillRel) {
		t.Errorf("init says:\n%s", out)
	}
	path := filepath.Join(dir, skillRel)
	first := read(t, path)
	if !strings.HasPrefix(first, commands.SkillDoc()) {
		t.Errorf("skill:\n%s", first)
	}
	if out := initDir(t, dir, false); !strings.Contains(out, "unchanged "+skillRel) {
		t.Errorf("second init:\n%s", out)
	}
	write(t, path, first+"\nOur own note.\n")
	if out := initDir(t, dir, false); !strings.Contains(out, "kept      "+skillRel) {
		t.Errorf("edited skill:\n%s", out)
	}
	initDir(t, dir, true)
	if read(t, path) != first {
		t.Error("--force did not restore the skill")
	}
}

// AGENT.md, which an older tact init wrote, is removed when unedited (the
// section replaces it) and kept when edited.
func TestInitLegacyAgentMD(t *testing.T) {
	dir := t.TempDir()
	body := "# Browsing with tact\n\nolder text\n"
	legacy := filepath.Join(dir, "AGENT.md")
	write(t, legacy, body+"\n<!-- written by tact init; sha256:"+sum16(body)+" -->\n")
	if out := initDir(t, dir, false); !strings.Contains(out, "removed   AGENT.md") {
		t.Errorf("init says:\n%s", out)
	}
	if _, err := os.Stat(legacy); err == nil {
		t.Error("unedited AGENT.md left")
	}
	write(t, legacy, "# Our browsing notes\n")
	if out := initDir(t, dir, false); !strings.Contains(out, "kept      AGENT.md") || read(t, legacy) != "# Our browsing notes\n" {
		t.Errorf("edited AGENT.md:\n%s", out)
	}
}

func sum16(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// The guide names every navigation command, so an agent never has to
// guess that reload or forward exist.
func TestGuideNamesNavigation(t *testing.T) {
	for _, c := range []string{"`open URL`", "`back`", "`forward`", "`reload`", "`wait ", "`tab list`", "`tab switch N`", "`screenshot [PATH]`"} {
		if !strings.Contains(commands.Guide(), c) {
			t.Errorf("the guide does not name %s", c)
		}
	}
}
