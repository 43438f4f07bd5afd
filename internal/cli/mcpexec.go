package cli

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"github.com/tact-browser/tact/internal/client"
	"github.com/tact-browser/tact/internal/failure"
)

// mcpElsewhere runs `tact mcp` in tact-daemon, the binary that links the
// MCP server (see Linked), with this call's arguments and streams, and
// returns its exit code. Signals sent to tact reach the server too.
func mcpElsewhere(args []string, stdout, stderr io.Writer, format string) int {
	exe, err := client.DaemonPath()
	if err != nil {
		return printErr(stdout, stderr, format, err)
	}
	cmd := exec.Command(exe, append([]string{"__mcp"}, args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	if err := cmd.Start(); err != nil {
		return printErr(stdout, stderr, format, failure.New(failure.Internal, "starting the MCP server (%s): %v", exe, err))
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case s := <-sig:
			_ = cmd.Process.Signal(s)
		case err := <-done:
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				return ee.ExitCode()
			}
			if err != nil {
				return printErr(stdout, stderr, format, failure.New(failure.Internal, "the MCP server: %v", err))
			}
			return 0
		}
	}
}
