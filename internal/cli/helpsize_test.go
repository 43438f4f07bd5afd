package cli_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/commands"
)

// Help is read by agents, who pay for each character: every command's
// --help stays within its cap, and so does the overview.
func TestHelpSizes(t *testing.T) {
	t.Parallel()
	const cmdCap, overviewCap = 1200, 2500
	paths := map[string]bool{"help": true, "version": true, "completion": true, "guide": true}
	for _, e := range commands.All() {
		paths[e.Name] = true
		if group, _, ok := strings.Cut(e.Name, " "); ok {
			paths[group] = true
		}
	}
	for p := range paths {
		out, errOut, code := mainOut(append(strings.Fields(p), "--help")...)
		if code != 0 || !strings.HasPrefix(out, "Usage: tact "+p) {
			t.Errorf("tact %s --help: exit %d, %.80q %s", p, code, out, errOut)
			continue
		}
		if len(out) > cmdCap {
			t.Errorf("tact %s --help is %d characters, more than %d:\n%s", p, len(out), cmdCap, out)
		}
		if !strings.Contains(out, "tact help flags") {
			t.Errorf("tact %s --help does not point to tact help flags", p)
		}
	}
	out, _, _ := mainOut("--help")
	if len(out) > overviewCap {
		t.Errorf("tact --help is %d characters, more than %d", len(out), overviewCap)
	}
}

// The overview names every command an agent can run.
func TestHelpOverviewNamesEveryCommand(t *testing.T) {
	t.Parallel()
	out, _, _ := mainOut("--help")
	words := map[string]bool{}
	for _, w := range regexp.MustCompile(`[a-z]+`).FindAllString(out, -1) {
		words[w] = true
	}
	for _, e := range commands.All() {
		top, _, _ := strings.Cut(e.Name, " ")
		if top != "snapshot" && !words[top] {
			t.Errorf("tact --help does not name %s", top)
		}
	}
}

// tact guide prints the guide tact init writes into AGENTS.md.
func TestGuideIsWhatInitWrites(t *testing.T) {
	t.Parallel()
	guide, errOut, code := mainOut("guide")
	if code != 0 || len(guide) < 1000 {
		t.Fatalf("tact guide: exit %d, %d characters, %s", code, len(guide), errOut)
	}
	dir := t.TempDir()
	if _, err := commands.InitDir(dir, false); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "AGENTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "-->\n"+guide+"<!-- tact:end") {
		t.Errorf("AGENTS.md does not hold what tact guide prints:\n%s\n---\n%s", b, guide)
	}
}

// An unknown flag names the flag meant when one is close, and the hint
// points at the command's own help.
func TestHelpUnknownFlagSuggests(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"snap", "--foucs", "main"}, "unknown flag --foucs; did you mean --focus?"},
		{[]string{"click", "x", "--max-token", "9"}, "did you mean --max-tokens?"},
		{[]string{"snap", "--sesion", "a"}, "did you mean --session?"},
		{[]string{"snap", "--zzz"}, "unknown flag --zzz\n"},
	} {
		_, errOut, code := mainOut(c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, "tact "+c.args[0]+" --help") {
			t.Errorf("tact %q: exit %d, stderr %q, want %q and a pointer to tact %s --help", c.args, code, errOut, c.want, c.args[0])
		}
	}
}
