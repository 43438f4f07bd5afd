// Package relay is the tact command an agent runs: a small program that
// hands the call to the session's running daemon, which parses and runs it,
// and prints the answer. Everything else (no daemon yet, help, local
// commands, a call that reads stdin, files or secrets on this side, a
// daemon of another build) is the full CLI's: relay runs it in
// tact-daemon (`tact-daemon __cli <args>`) with this call's streams.
//
// A call starts a process, so its fixed cost is what an agent pays on
// every command: this package links no flag parser, no protocol types and
// no browser code (cmd/tact's deps test holds that).
package relay

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/build"
	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/peer"
	"github.com/tact-browser/tact/internal/proc"
	"github.com/tact-browser/tact/internal/rpc"
)

// FullCommand is tact-daemon's argument that runs the full CLI.
const FullCommand = "__cli"

// Env are the environment variables the full CLI reads into a call's
// flags; the relay sends their values, as the daemon's own environment is
// another process's (see cli.Forwarded).
var Env = []string{"TACT_ALLOWED_DOMAINS", "TACT_CDP", "TACT_CDP_ISOLATED", "BROWSER_CDP_HOST", "BROWSER_CDP_PORT", "TACT_CHROME_ARGS"}

// Main runs one call and returns its exit code.
func Main(args []string, stamp build.Stamp) int {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-V") {
		fmt.Println(build.ReadBuild(stamp).String())
		return 0
	}
	call, ok := scan(args, os.LookupEnv)
	if !ok || StdoutClosed(os.Stdout) {
		return full(args)
	}
	daemon, err := build.DaemonPath()
	if err != nil {
		return full(args)
	}
	if code, done := relay(call, args, build.ReadBuild(stamp).Identity(daemon)); done {
		return code
	}
	return full(args)
}

// call is what the relay reads of a command line without parsing it: the
// session it goes to and how the answer is printed and bounded.
type call struct {
	session string
	output  string
	timeout time.Duration
}

// scan reads the global flags the relay needs. Anything it is not sure
// of (help, a flag with no value, a variable it cannot send) is not ok:
// the full CLI parses it and says what is wrong. The daemon parses the
// line again and declines it when it disagrees.
func scan(args []string, lookupEnv func(string) (string, bool)) (call, bool) {
	c := call{session: "default", output: "text", timeout: 30 * time.Second}
	if s, ok := lookupEnv("TACT_SESSION"); ok {
		c.session = s // "" is refused below, as the CLI refuses it
	}
	if _, ok := lookupEnv("TACT_CDP_HEADER"); ok || len(args) == 0 || strings.HasPrefix(args[0], "__") || local[args[0]] {
		return c, false
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, val, inline := strings.Cut(a, "=")
		if strings.HasPrefix(a, "-o") && len(a) > 2 {
			name, val, inline = "-o", strings.TrimPrefix(a[2:], "="), true // -ojson
		}
		switch name {
		case "-h", "--help", "--version", "-V":
			return c, false
		case "--session", "-o", "--output", "--timeout":
		default:
			continue
		}
		if !inline {
			if i+1 >= len(args) {
				return c, false
			}
			i++
			val = args[i]
		}
		switch name {
		case "--session":
			c.session = val
		case "--timeout":
			d, ok := parseTimeout(val)
			if !ok {
				return c, false
			}
			c.timeout = d
		default:
			c.output = val
		}
	}
	if datadir.CheckName("session", c.session) != nil {
		return c, false
	}
	return c, true
}

// local are the commands that never reach a daemon: the full CLI runs
// them without dialling one.
var local = map[string]bool{"help": true, "version": true, "guide": true, "completion": true, "schema": true, "init": true, "mcp": true}

// parseTimeout reads --timeout as the CLI does (cli.ParseTimeout):
// seconds, or a Go duration.
func parseTimeout(s string) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	// Out of range (past a day, or Inf, which would wrap negative): not
	// ok, and the full CLI says why.
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		return time.Duration(n * float64(time.Second)), n > 0 && n <= 24*60*60
	}
	d, err := time.ParseDuration(s)
	return d, err == nil && d > 0 && d <= 24*time.Hour
}

// roundTrip is what a call may take beyond its --timeout (client.Budget).
const roundTrip = 500 * time.Millisecond

// relay sends the command line to the session's daemon. done is false
// when nothing ran: no daemon answers, or it declined the line.
func relay(c call, args []string, version string) (code int, done bool) {
	// No session folder, no daemon: the full CLI makes both (the relay
	// creates nothing).
	if root, err := datadir.Root(); err != nil {
		return 0, false
	} else if _, err := os.Lstat(filepath.Join(root, "run", c.session)); err != nil {
		return 0, false
	}
	paths, err := datadir.Session(c.session)
	if err != nil {
		return 0, false
	}
	deadline := time.Now().Add(-proc.Age()).Add(c.timeout + roundTrip)
	conn, err := dial(paths.Socket)
	if err != nil {
		return 0, false
	}
	defer conn.Close()
	if peer.Check(conn, paths.Socket) != nil {
		return 0, false // the full CLI says who is posing as the daemon
	}
	cwd, _ := os.Getwd()
	env := map[string]string{}
	for _, k := range Env {
		if v, ok := os.LookupEnv(k); ok {
			env[k] = v
		}
	}
	self, _ := build.Self() // "" stamps as "": the daemon declines
	req := rpc.Request{Version: version, Relay: build.FileStamp(self), Argv: args, Env: env,
		Globals: rpc.Globals{Session: c.session, Cwd: cwd, TTY: isTerminal(os.Stderr)}}
	_ = conn.SetDeadline(deadline)
	if err := rpc.Write(conn, req); err != nil {
		return 0, false
	}
	br := bufio.NewReader(conn)
	for {
		var resp rpc.Response
		if err := rpc.Read(br, &resp); err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return PrintErr(os.Stdout, os.Stderr, c.output, failure.New(failure.Timeout, "the session's daemon did not answer within --timeout (see %s)", paths.Log)), true
			}
			return PrintErr(os.Stdout, os.Stderr, c.output, failure.New(failure.BrowserUnavailable, "daemon connection lost: %v (see %s)", err, paths.Log)), true
		}
		if resp.Declined || (resp.Error != nil && string(resp.Error.Code) == rpc.CodeRetry && !resp.More) {
			// Nothing ran: the full CLI starts or finds the daemon.
			return 0, false
		}
		WriteBoth(os.Stdout, os.Stderr, resp.Stdout, resp.Stderr, !resp.More && resp.Error != nil)
		if resp.More {
			continue
		}
		if resp.Error != nil {
			return PrintErr(os.Stdout, os.Stderr, c.output, resp.Error), true
		}
		return 0, true
	}
}

// WriteBoth prints a command's stdout, then its stderr (the snap's
// "(N elements, ~T tokens)" footer, notes; more: an error line follows).
// An agent's harness often merges the two streams, some after trimming
// stdout's last newline, so stdout ends in a newline and stderr starts
// with one whenever both have something: the footer never glues onto
// stdout's last line.
func WriteBoth(stdout, stderr io.Writer, out, errOut string, more bool) {
	if out != "" && (errOut != "" || more) {
		if !strings.HasSuffix(out, "\n") {
			out += "\n"
		}
		errOut = "\n" + errOut
	}
	io.WriteString(stdout, out)
	io.WriteString(stderr, errOut)
}

// PrintErr prints a failed call as every tact command does (one line on
// stderr, or {"error": …} on stdout for json and ndjson) and returns its
// exit code.
func PrintErr(stdout, stderr io.Writer, format string, err error) int {
	fe := failure.From(err)
	if format == "json" || format == "ndjson" {
		b, _ := json.Marshal(errorData{Error: fe})
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprintf(stderr, "error: %s\n", OneLine(fe.Error()))
	}
	return failure.ExitCode(fe)
}

// errorData is a failed command's -o json (and ndjson) line.
type errorData struct {
	Error *failure.Error `json:"error"`
}

// OneLine puts a message on one line.
func OneLine(s string) string {
	s = strings.ReplaceAll(s, "\r", " ")
	return strings.ReplaceAll(s, "\n", " ")
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
