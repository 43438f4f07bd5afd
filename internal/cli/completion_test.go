package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/commands"
)

func completion(t *testing.T, shell string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := cli.Main([]string{"completion", shell}, &out, &errb); code != 0 {
		t.Fatalf("completion %s: exit %d: %s", shell, code, errb.String())
	}
	return out.String()
}

// Every script offers every command of the registry (and the builtins)
// and the global flags.
func TestCompletionScriptsNameCommands(t *testing.T) {
	t.Parallel()
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		s := completion(t, shell)
		words := []string{"help", "version", "completion", "--session", "--output", "ndjson"}
		for _, e := range commands.All() {
			if e.Name == "snapshot" { // hidden alias
				continue
			}
			words = append(words, e.Name[strings.LastIndex(e.Name, " ")+1:])
		}
		for _, w := range words {
			if !strings.Contains(s, w) {
				t.Errorf("%s script does not mention %q", shell, w)
			}
		}
		if strings.Contains(s, "__daemon") {
			t.Errorf("%s script offers the hidden __daemon", shell)
		}
	}
}

func TestCompletionUnknownShell(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := cli.Main([]string{"completion", "tcsh"}, &out, &errb); code == 0 {
		t.Fatalf("completion tcsh: exit 0, want a usage error")
	}
}

// The bash script parses (bash -n) and completes: its function is run
// on typed command lines and its answers compared.
func TestCompletionBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	file := filepath.Join(t.TempDir(), "tact.bash")
	if err := os.WriteFile(file, []byte(completion(t, "bash")), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bash, "-n", file).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
	cases := []struct {
		words []string // the command line, the last word being completed
		want  []string // all in the answer
		not   []string // none in it
	}{
		{[]string{"tact", "brow"}, []string{"browser"}, []string{"snap"}},
		{[]string{"tact", "browser", ""}, []string{"launch", "stop", "status"}, []string{"snap"}},
		{[]string{"tact", "--session", "x", "browser", "l"}, []string{"launch"}, []string{"stop"}},
		{[]string{"tact", "click", "--no"}, []string{"--no-snap"}, nil},
		{[]string{"tact", "browser", "launch", "--he"}, []string{"--headed"}, []string{"--no-snap"}},
		{[]string{"tact", "snap", "-o", ""}, []string{"text", "json", "ndjson"}, []string{"snap"}},
		{[]string{"tact", "snap", "--output", "=", "nd"}, []string{"ndjson"}, []string{"json"}},
		{[]string{"tact", "completion", ""}, []string{"bash", "zsh", "fish", "powershell"}, nil},
		{[]string{"tact", "--t"}, []string{"--timeout"}, nil},
	}
	for _, c := range cases {
		quoted := make([]string, len(c.words))
		for i, w := range c.words {
			quoted[i] = "'" + w + "'"
		}
		script := "source " + file + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" +
			itoa(len(c.words)-1) + "\n_tact\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "--norc", "--noprofile", "-c", script).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", c.words, err, out)
		}
		got := strings.Fields(string(out))
		for _, w := range c.want {
			if !contains(got, w) {
				t.Errorf("%q: %q not offered (got %q)", c.words, w, got)
			}
		}
		for _, w := range c.not {
			if contains(got, w) {
				t.Errorf("%q: %q offered (got %q)", c.words, w, got)
			}
		}
	}
}

func contains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

func itoa(n int) string { return strconv.Itoa(n) }

// The zsh and fish scripts parse (zsh -n, fish -n) where those shells are
// installed; fish also completes typed lines (complete -C).
func TestCompletionZshFish(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ran := false
	if zsh, err := exec.LookPath("zsh"); err == nil {
		ran = true
		file := filepath.Join(dir, "_tact")
		if err := os.WriteFile(file, []byte(completion(t, "zsh")), 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(zsh, "-n", file).CombinedOutput(); err != nil {
			t.Errorf("zsh -n: %v\n%s", err, out)
		}
		// The walker finds the command path and the flag awaiting a value.
		script := "compdef() { :; }; source " + file + `; local cmdpath flag; __tact_walk --session x snap -o; print -r -- "$cmdpath|$flag|$(__tact_values "$cmdpath" "$flag")"`
		out, err := exec.Command(zsh, "-f", "-c", script).CombinedOutput()
		if got := strings.TrimSpace(string(out)); err != nil || got != "snap|-o|text json ndjson" {
			t.Errorf("zsh walker: %q, %v", got, err)
		}
	}
	if fish, err := exec.LookPath("fish"); err == nil {
		ran = true
		file := filepath.Join(dir, "tact.fish")
		if err := os.WriteFile(file, []byte(completion(t, "fish")), 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(fish, "-n", file).CombinedOutput(); err != nil {
			t.Errorf("fish -n: %v\n%s", err, out)
		}
		for line, want := range map[string]string{
			"tact browser ":               "launch",
			"tact --session x browser st": "status",
			"tact browser launch --he":    "--headed",
			"tact snap -o ":               "ndjson",
			"tact completion ":            "powershell",
			"tact click --no":             "--no-snap",
		} {
			out, err := exec.Command(fish, "--no-config", "-c", "source "+file+"; complete -C '"+line+"'").CombinedOutput()
			if err != nil || !strings.Contains(string(out), want) {
				t.Errorf("fish completes %q with %q, want %q (%v)", line, out, want, err)
			}
		}
	}
	if !ran {
		t.Skip("neither zsh nor fish installed")
	}
}
