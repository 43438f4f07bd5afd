package cli

import (
	"encoding/json"
	"io"
	"reflect"
	"sync"

	"github.com/alecthomas/kong"

	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/rpc"
)

// Forwarder turns command lines the relay sent to a daemon
// (rpc.Request.Argv) into the requests the full CLI would have sent for
// them, parsing each with the same model. It keeps one parser per
// top-level command, as building kong's model is most of a parse's cost.
type Forwarder struct {
	// Relay is the stamp of the tact beside the daemon (build.FileStamp
	// of build.RelayPath): lines from another relay are declined.
	Relay   string
	mu      sync.Mutex
	parsers map[string]*forwardParser
	// seen holds the answers for lines read lately: a reading depends on
	// nothing but the request (the line, the caller's environment and
	// directory), and an agent sends the same `tact snap` again and again.
	seen map[string]forwarded
}

type forwarded struct {
	req rpc.Request
	ok  bool
}

// maxSeen bounds Forwarder.seen; when full it starts afresh. A line
// longer than maxSeenLine (an eval of a whole script, a long fill) is read
// every time: the memory stays small, and such values do not linger.
const (
	maxSeen     = 256
	maxSeenLine = 4 << 10
)

type forwardParser struct {
	mu     sync.Mutex
	kong   *kong.Kong
	pruned reflect.Value // the grammar kong fills (a prunedApp)
}

// Forward is the request for the relayed line in, or not ok, and the
// relay runs the full CLI, for anything that needs the caller's process:
// help and local commands, stdin, files or secrets read on the caller's
// side, a launch, status or stop, a longer deadline than --timeout, a
// session other than this daemon's, and any line the CLI would refuse
// (whose error the CLI prints).
func (f *Forwarder) Forward(in rpc.Request, session string) (rpc.Request, bool) {
	if in.Relay == "" || in.Relay != f.Relay {
		return rpc.Request{}, false
	}
	key, err := json.Marshal(struct {
		Version, Session, Cwd string
		TTY                   bool
		Argv                  []string
		Env                   map[string]string
	}{in.Version, in.Globals.Session + "\x00" + session, in.Globals.Cwd, in.Globals.TTY, in.Argv, in.Env})
	if err != nil {
		return rpc.Request{}, false
	}
	if len(key) > maxSeenLine {
		return f.read(in, session)
	}
	f.mu.Lock()
	r, hit := f.seen[string(key)]
	f.mu.Unlock()
	if !hit {
		r.req, r.ok = f.read(in, session)
		f.mu.Lock()
		if f.seen == nil || len(f.seen) >= maxSeen {
			f.seen = map[string]forwarded{}
		}
		f.seen[string(key)] = r
		f.mu.Unlock()
	}
	return r.req, r.ok
}

// read is Forward's reading of a line it has not seen lately.
func (f *Forwarder) read(in rpc.Request, session string) (rpc.Request, bool) {
	argv, ok := envFlags(in.Env)
	if !ok {
		return rpc.Request{}, false
	}
	// The session the relay chose (--session, else TACT_SESSION) first,
	// as the environment's is.
	argv = append(append([]string{"--session=" + in.Globals.Session}, argv...), in.Argv...)
	field, ok := pruneFor(argv)
	if !ok {
		return rpc.Request{}, false
	}
	p, err := f.parser(field)
	if err != nil {
		return rpc.Request{}, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	kctx, ok := parseQuietly(p.kong, argv)
	if !ok {
		return rpc.Request{}, false
	}
	var a app
	unprune(p.pruned, &a)
	path := commandPath(kctx)
	cmd, ok := kctx.Selected().Target.Addr().Interface().(commands.Command)
	if !ok {
		return rpc.Request{}, false
	}
	g, err := a.wireEnv(func(k string) string { return in.Env[k] })
	if err != nil || g.Session != session || !runsInDaemon(path, cmd, g) {
		return rpc.Request{}, false
	}
	g.Cwd, g.TTY = in.Globals.Cwd, in.Globals.TTY
	if dl, ok := cmd.(commands.Deadliner); ok {
		g.Deadline = dl.Deadline(g)
	}
	if commands.ResolvePaths(cmd, g.Cwd) != nil {
		return rpc.Request{}, false
	}
	params, err := json.Marshal(cmd)
	if err != nil {
		return rpc.Request{}, false
	}
	return rpc.Request{Version: in.Version, Command: path, Params: params, Globals: g}, true
}

func (f *Forwarder) parser(field string) (*forwardParser, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if p, ok := f.parsers[field]; ok {
		return p, nil
	}
	pruned := prunedApp(field)
	k, err := newParser(pruned.Interface(), io.Discard, io.Discard, func(int) { panic(exitSentinel{}) })
	if err != nil {
		return nil, err
	}
	// The daemon's environment is its own: what the caller's held came
	// in Env and is in argv now.
	dropEnvs(k.Model.Node)
	if f.parsers == nil {
		f.parsers = map[string]*forwardParser{}
	}
	p := &forwardParser{kong: k, pruned: pruned}
	f.parsers[field] = p
	return p, nil
}

// envFlags are the flags the CLI reads from the caller's environment, as
// arguments before the command line's own (which win, as flags win over
// the environment).
func envFlags(env map[string]string) ([]string, bool) {
	var out []string
	if v, ok := env["TACT_ALLOWED_DOMAINS"]; ok {
		out = append(out, "--allowed-domains="+v)
	}
	if v, ok := env["TACT_CDP"]; ok {
		out = append(out, "--cdp="+v)
	}
	if v, ok := env["TACT_CDP_ISOLATED"]; ok {
		switch v { // the values kong takes from the environment
		case "true", "1", "yes":
			out = append(out, "--cdp-isolated")
		case "false", "0", "no":
		default:
			return nil, false
		}
	}
	return out, true
}

func dropEnvs(n *kong.Node) {
	for _, f := range n.Flags {
		f.Envs, f.Tag.Envs = nil, nil
	}
	for _, c := range n.Children {
		dropEnvs(c)
	}
}

// parseQuietly parses argv, printing nothing: help and errors are the
// full CLI's to print.
func parseQuietly(parser *kong.Kong, argv []string) (kctx *kong.Context, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			kctx, ok = nil, false
		}
	}()
	root := parser.Model.Node
	kctx, err := parser.Parse(commands.NegativeValues(root, hoistFlags(root, helpArgs(root, argv))))
	return kctx, err == nil && kctx.Selected() != nil
}

// runsInDaemon reports whether cmd, parsed, with globals g, needs nothing
// of the caller's process.
func runsInDaemon(path string, cmd commands.Command, g rpc.Globals) bool {
	switch path {
	case "__daemon", "help", "version", "guide", "completion":
		return false
	}
	switch c := cmd.(type) {
	case commands.Local, *commands.BrowserLaunch:
		return false
	case commands.Deadliner:
		// The relay waits --timeout and a round trip, no longer.
		if c.Deadline(g) > g.Timeout {
			return false
		}
	}
	return !commands.NeedsCaller(cmd) && commands.RoleOf(cmd) == commands.Starts
}
