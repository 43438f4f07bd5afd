// Package rpc is the wire format between the tact CLI and its session
// daemon: one JSON request line and one JSON response line per connection
// over a unix socket.
package rpc

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/proc"
)

// Globals are the flags that apply to every command.
type Globals struct {
	Session     string        `json:"session"`
	Output      string        `json:"output"`
	Timeout     time.Duration `json:"timeout"`
	Verbose     bool          `json:"verbose,omitempty"`
	Lang        string        `json:"lang,omitempty"`
	Locale      string        `json:"locale,omitempty"`
	Geo         string        `json:"geo,omitempty"`
	UserAgent   string        `json:"user_agent,omitempty"`
	Viewport    string        `json:"viewport,omitempty"`
	Device      string        `json:"device,omitempty"`
	ColorScheme string        `json:"color_scheme,omitempty"`
	Motion      string        `json:"motion,omitempty"`  // reduce, no-preference
	Offline     string        `json:"offline,omitempty"` // on, off
	Headers     string        `json:"headers,omitempty"` // extra request headers, "Name: value" lines
	// HeaderAllSites sends Headers with every request, not only to the
	// site of the page they were given for.
	HeaderAllSites bool `json:"header_all_sites,omitempty"`
	NoCache        bool `json:"no_cache,omitempty"`
	// AllowedDomains limits the hosts the session's tabs navigate to.
	AllowedDomains string        `json:"allowed_domains,omitempty"`
	Dialog         string        `json:"dialog,omitempty"`
	PromptText     string        `json:"prompt_text,omitempty"`
	CDP            string        `json:"cdp,omitempty"`
	CDPHeaders     []string      `json:"cdp_headers,omitempty"`  // "Name: value" lines sent to the --cdp browser`
	CDPIsolated    bool          `json:"cdp_isolated,omitempty"` // a browser context of the session's own in the --cdp browser
	BrowserArgs    []string      `json:"browser_args,omitempty"`
	AllowFile      bool          `json:"allow_file,omitempty"`
	Cwd            string        `json:"cwd,omitempty"`      // the caller's directory (project-scoped workflows)
	Deadline       time.Duration `json:"deadline,omitempty"` // whole-command deadline when longer than Timeout (replay)
	TTY            bool          `json:"tty,omitempty"`      // the caller's stderr is a terminal (progress lines wanted)
	JSON           bool          `json:"json,omitempty"`     // also render the -o json output into Response.JSON (MCP structured content)
	// Confine keeps the files a command writes or uploads inside the
	// data dir and Cwd, never hidden, and never replaces one: the caller
	// is an MCP client, which a page may have talked into it.
	Confine bool `json:"confine,omitempty"`
}

// Request asks the daemon to run one command.
type Request struct {
	Version string          `json:"version"`
	Command string          `json:"command"` // e.g. "snap", "browser status"
	Params  json.RawMessage `json:"params,omitempty"`
	Globals Globals         `json:"globals"`
	// Argv, instead of Command and Params, is a command line the CLI
	// relayed unparsed (internal/relay): the daemon parses it, with Env
	// for the environment variables the CLI reads into flags, and runs
	// it or answers Declined. Globals then holds only what the caller's
	// process knows (Session, Cwd, TTY).
	Argv []string          `json:"argv,omitempty"`
	Env  map[string]string `json:"env,omitempty"`
	// Relay is the relay executable's stamp (build.FileStamp): a daemon
	// runs a relayed line only from the tact installed beside it, whose
	// reading of the line (the flags it takes, the variables it sends)
	// it knows.
	Relay string `json:"relay,omitempty"`
}

// Response carries what the CLI prints and how it exits. A long command
// may first send partial responses (More set) whose Stdout/Stderr are
// printed as they arrive, e.g. replay's per-step lines and progress.
type Response struct {
	Stdout string         `json:"stdout,omitempty"`
	Stderr string         `json:"stderr,omitempty"`
	Error  *failure.Error `json:"error,omitempty"`
	More   bool           `json:"more,omitempty"`
	JSON   string         `json:"json,omitempty"` // the -o json output too, when Globals.JSON asked for it
	// Daemon is the process that answered, so `browser stop` waits for
	// that daemon to exit, not for one a racing command started since.
	Daemon proc.ID `json:"daemon,omitzero"`
	// Declined answers a relayed command line (Request.Argv) the daemon
	// will not run: nothing ran, and the CLI runs it the full way.
	Declined bool `json:"declined,omitempty"`
}

// CodeRetry is the daemon's answer when it will not serve the request
// (another tact build, or it is shutting down): the client waits for it to
// exit and starts a fresh daemon.
const CodeRetry = "DAEMON_RETRY"

// ExitLostRace is the exit status of a daemon that found another daemon
// already serving its session: the client that started it just dials
// again.
const ExitLostRace = 75

// MaxLine bounds one message (screenshots travel as paths, not bytes).
const MaxLine = 256 << 20

// Write sends v as one JSON line.
func Write(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// Read decodes one JSON line into v. A line cut off before its newline
// is the read's error (a deadline, the peer gone), not a JSON one.
func Read(r *bufio.Reader, v any) error {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > MaxLine {
			return fmt.Errorf("rpc: message over %d bytes", MaxLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return err
		}
		break
	}
	return json.Unmarshal(line, v)
}
