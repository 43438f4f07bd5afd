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
	var out, errb bytes.Buffer
	if code := cli.Main([]string{"completion", "tcsh"}, &out, &errb); code == 0 {
		t.Fatalf("completion tcsh: exit 0, want a usage error")
	}
}

// The bash script parses (bash -n) and completes: its function is run
// on typed command lines and its answers compared.
func TestCompletionBash(t *testing.T) {
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
