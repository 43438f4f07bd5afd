package relay

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"github.com/tact-browser/tact/internal/failure"
)

// Run runs exe with args as a child with this process's stdin and the
// given stdout and stderr, passes on the signals that stop a call, and returns its exit
// code. why, when set, is why exec could not replace this process; it is
// reported if the child cannot start either.
func Run(exe string, args []string, stdout, stderr io.Writer, why error) int {
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	if err := cmd.Start(); err != nil {
		return PrintErr(stdout, stderr, "text", failure.New(failure.Internal, "starting %s: %v", exe, errors.Join(why, err)))
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
				return PrintErr(stdout, stderr, "text", failure.New(failure.Internal, "%s: %v", exe, err))
			}
			return 0
		}
	}
}
