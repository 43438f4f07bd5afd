package cli_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/cli"
)

func mainOut(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = cli.Main(args, &out, &errb)
	return out.String(), errb.String(), code
}

// Bare tact, tact help [cmd] and a command group without its subcommand
// print help and exit 0, as gh and kubectl do.
func TestHelpExitsZero(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{nil, {"help"}, {"--help"}, {"help", "click"}, {"help", "browser", "launch"}, {"browser"}, {"tab"}} {
		out, errOut, code := mainOut(args...)
		if code != 0 || !strings.HasPrefix(out, "Usage: tact") {
			t.Errorf("tact %q: exit %d, stdout %.60q, stderr %q", args, code, out, errOut)
		}
	}
	bare, _, _ := mainOut()
	help, _, _ := mainOut("--help")
	if bare != help {
		t.Error("bare tact does not print tact --help")
	}
	viaHelp, _, _ := mainOut("help", "browser", "launch")
	viaFlag, _, _ := mainOut("browser", "launch", "--help")
	if viaHelp != viaFlag || !strings.Contains(viaHelp, "--headed") {
		t.Errorf("tact help browser launch differs from tact browser launch --help:\n%s\n---\n%s", viaHelp, viaFlag)
	}
	if _, _, code := mainOut("help", "no-such-command"); code != 2 {
		t.Errorf("tact help no-such-command: exit %d, want 2 (usage)", code)
	}
}

// A command's help holds its own flags; the global flags are one line
// pointing at tact help flags, which lists them (-h/--help among them).
func TestHelpCommandFlagsFirst(t *testing.T) {
	t.Parallel()
	out, _, _ := mainOut("click", "--help")
	own, global := strings.Index(out, "--no-snap"), strings.LastIndex(out, "tact help flags")
	if own < 0 || global < 0 || own > global || strings.Contains(out, "--session=") {
		t.Fatalf("click --help: want --no-snap, then a pointer to tact help flags, and no global flag listed:\n%s", out)
	}
	flags, _, code := mainOut("help", "flags")
	if code != 0 || !strings.Contains(flags, "--session=NAME") || !strings.Contains(flags, "-h, --help") || !strings.Contains(flags, "--device=NAME") {
		t.Errorf("tact help flags: exit %d:\n%s", code, flags)
	}
}

func TestHelpVersion(t *testing.T) {
	t.Parallel()
	want := cli.Release.String() + "\n"
	for _, args := range [][]string{{"--version"}, {"-V"}, {"version"}} {
		out, errOut, code := mainOut(args...)
		if code != 0 || out != want {
			t.Errorf("tact %q: exit %d, %q (stderr %q), want %q", args, code, out, errOut, want)
		}
	}
	out, _, code := mainOut("version", "-o", "json")
	if code != 0 || !strings.Contains(out, `"version":"`+cli.Release.Version+`"`) {
		t.Errorf("tact version -o json: exit %d, %q", code, out)
	}
}
