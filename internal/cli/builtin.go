package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/tact-browser/tact/internal/commands"
)

// Builtins are the commands about tact itself, as gh and kubectl have
// them. They run in the CLI and are not agent tools (no MCP tool, no
// schema): the command tree of internal/commands is.
type Builtins struct {
	Help       helpCmd       `cmd:"" help:"Show help for tact or a command (same as --help); tact help flags lists the global flags."`
	VersionCmd versionCmd    `cmd:"" name:"version" help:"Print tact's version (same as --version)."`
	Completion completionCmd `cmd:"" help:"Print a shell completion script (bash, zsh, fish, powershell)."`
	Guide      guideCmd      `cmd:"" help:"Print the agent guide: how to use tact well (what tact init writes for a project's agents)."`
}

// guideCmd prints the guide init writes, so an agent without it in its
// context reads it in one call instead of piecing it together from --help.
type guideCmd struct{}

func (guideCmd) run(stdout io.Writer) int {
	io.WriteString(stdout, commands.Guide())
	return 0
}

type helpCmd struct {
	Command []string `arg:"" optional:"" help:"The command, e.g. click or browser launch; \"flags\" for the global flags."`
}

type versionCmd struct{}

func (versionCmd) run(format string, stdout io.Writer) int {
	if format == "json" || format == "ndjson" {
		b, _ := json.Marshal(Release)
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	fmt.Fprintln(stdout, Release.String())
	return 0
}

// Help for completion.
func (completionCmd) Help() string {
	return `Load the completions in the current shell, or install them for good:
  bash:        source <(tact completion bash)
               tact completion bash > ~/.local/share/bash-completion/completions/tact
  zsh:         tact completion zsh > "${fpath[1]}/_tact"    # then restart zsh
  fish:        tact completion fish > ~/.config/fish/completions/tact.fish
  powershell:  tact completion powershell | Out-String | Invoke-Expression
               (add that line to $PROFILE to keep it)`
}

// helpArgs turns a call that names no runnable command into a request for
// help, as gh and kubectl do: bare `tact` prints the overview and `tact
// browser` the browser commands, both exiting 0.
func helpArgs(root *kong.Node, args []string) []string {
	if len(args) == 0 {
		return []string{"--help"}
	}
	node := root
	for _, a := range args {
		child := childCommand(node, a)
		if child == nil {
			return args
		}
		node = child
	}
	for _, c := range node.Children {
		if c.Type == kong.CommandNode {
			return append(append([]string(nil), args...), "--help")
		}
	}
	return args
}

// names of the shells completionCmd writes for.
var shells = []string{"bash", "zsh", "fish", "powershell"}

type completionCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish,powershell" help:"bash, zsh, fish or powershell."`
}

func (c completionCmd) run(root *kong.Node, stdout, stderr io.Writer) int {
	m := completionModel(root)
	var script string
	switch c.Shell {
	case "bash":
		script = m.bash()
	case "zsh":
		script = m.zsh()
	case "fish":
		script = m.fish()
	case "powershell":
		script = m.powershell()
	default:
		fmt.Fprintf(stderr, "error: unknown shell %q (want %s)\n", c.Shell, strings.Join(shells, ", "))
		return 2
	}
	io.WriteString(stdout, script)
	return 0
}
