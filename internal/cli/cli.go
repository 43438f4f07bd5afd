// Package cli parses tact's command line (kong, driven by the command
// structs in internal/commands), sends commands to the session daemon and
// prints their output. Errors become one line and a documented exit code.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/kong"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/build"
	"github.com/tact-browser/tact/internal/client"
	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/daemon"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/relay"
	"github.com/tact-browser/tact/internal/rpc"
)

// Globals are the flags every command accepts.
type Globals struct {
	SessionName string           `name:"session" env:"TACT_SESSION" default:"default" group:"global" help:"Session name: its own daemon, browser, profile and refs." placeholder:"NAME"`
	Output      string           `short:"o" enum:"text,json,ndjson" default:"text" group:"global" help:"Output format: text, json or ndjson."`
	Timeout     string           `default:"30s" group:"global" help:"Deadline for the whole command (e.g. 30s, 500ms, or seconds)."`
	Verbose     bool             `short:"v" group:"global" help:"Debug log on stderr."`
	Lang        string           `group:"global" help:"Accept-Language for the session (e.g. de-DE)."`
	Locale      string           `group:"global" help:"Locale for the session: Intl, and navigator.language unless --lang is set too (e.g. ja-JP)."`
	Geo         string           `group:"global" help:"Geolocation LAT,LON for the session." placeholder:"LAT,LON"`
	UserAgent   string           `name:"user-agent" group:"global" help:"User-Agent for the session."`
	Viewport    string           `group:"global" help:"Viewport WIDTHxHEIGHT in CSS pixels for the session (e.g. 390x844)." placeholder:"WxH"`
	Device      string           `group:"global" help:"Emulate a device for the session: size, pixel ratio, touch, mobile user agent (iPhone 15, Pixel 7, iPad, …)." placeholder:"NAME"`
	ColorScheme string           `name:"color-scheme" enum:",dark,light" default:"" group:"global" help:"prefers-color-scheme for the session: dark or light."`
	Motion      *bool            `name:"reduced-motion" negatable:"" group:"global" help:"prefers-reduced-motion: reduce for the session (--no-reduced-motion undoes it)."`
	Offline     *bool            `negatable:"" group:"global" help:"Take the session's pages offline (--no-offline brings them back)."`
	Domains     string           `name:"allowed-domains" env:"TACT_ALLOWED_DOMAINS" group:"global" help:"Hosts the session's tabs may navigate to, e.g. 'example.com,*.example.org' (kept for the session; '*' allows any)." placeholder:"HOSTS"`
	Header      []string         `name:"header" sep:"none" group:"global" help:"Extra request header, 'Name: value', sent only to the site of the page it is given for (the URL the command opens, else the current page); a header the page sets itself wins (repeatable; never logged)." placeholder:"'NAME: VALUE'"`
	HeaderAll   bool             `name:"header-all-sites" group:"global" help:"Send --header with every request to every site (third-party images, scripts, other sites' pages), not only the page's own site."`
	Proxy       string           `group:"global" help:"Proxy for a launched browser: http://, https://, socks4:// or socks5://HOST:PORT (applies when the session's browser starts)." placeholder:"URL"`
	IgnoreHTTPS bool             `name:"ignore-https-errors" group:"global" help:"Accept invalid TLS certificates in a launched browser (self-signed test servers; applies when the session's browser starts)."`
	NoCache     bool             `name:"no-cache" group:"global" help:"Disable the HTTP cache for the session (kept until browser stop): every page and resource is fetched fresh."`
	DialogMode  string           `name:"dialog" enum:",accept,dismiss,leave" default:"" group:"global" help:"Dialog policy, kept for the session until changed: accept (the default), dismiss, or leave open for tact dialog accept|dismiss (browser status shows it)."`
	PromptText  string           `name:"prompt-text" group:"global" help:"Text to answer prompt() dialogs with (otherwise they are dismissed)."`
	CDP         string           `name:"cdp" env:"TACT_CDP" group:"global" help:"Attach to a running browser (ws(s):// or http(s):// URL, host:port or port; a ?token= query is kept) instead of launching one."`
	CDPHeader   []string         `name:"cdp-header" sep:"none" env:"TACT_CDP_HEADER" group:"global" help:"Header for every request to the --cdp browser, e.g. 'Authorization: Bearer …' (repeatable; never logged)." placeholder:"'NAME: VALUE'"`
	CDPIsolated bool             `name:"cdp-isolated" env:"TACT_CDP_ISOLATED" group:"global" help:"With --cdp: work in a browser context of the session's own (its own cookies, storage and tabs, gone at browser stop), so sessions can share one browser."`
	BrowserArg  []string         `name:"browser-arg" sep:"none" group:"global" help:"Extra browser flag for a launched browser (repeatable; env TACT_CHROME_ARGS)."`
	AllowFile   bool             `name:"allow-file" group:"global" help:"Allow opening file: URLs."`
	Version     kong.VersionFlag `short:"V" group:"global" help:"Print the version and exit."`
}

// app is the kong root: the shared command tree plus the hidden daemon.
type app struct {
	Globals
	commands.Root `embed:""`
	Builtins      `embed:""`
	Daemon        daemonCmd `cmd:"" name:"__daemon" hidden:""`
}

// daemonCmd's session, --cdp, --browser-arg and --verbose are the globals.
type daemonCmd struct {
	Profile     string        `default:""`
	Headed      bool          `default:"false"`
	Port        int           `default:"0"`
	IdleTimeout time.Duration `name:"idle-timeout" default:"30m"`
}

// Version identifies this build to the session daemon (Build.Identity):
// a daemon of another build hands over. main sets it; tests keep "dev".
var Version = "dev"

// Release is this build as `tact --version` shows it; main sets it from
// the linker stamp.
var Release = build.ReadBuild(build.Stamp{})

// Started is when the tact process started, set by main; zero means now
// (cli.Main called in-process, as tests do).
var Started time.Time

// Main runs the CLI and returns the process exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	return start(args, stdout, stderr, Linked{})
}

// Linked is what only the daemon binary links, so that the CLI's own
// calls never initialise its libraries: the reader of serialized pages
// (main-content extraction and rendering) and the MCP server.
type Linked struct {
	Read pagetext.Reader
	MCP  commands.MCPServer
}

// Daemon runs the session daemon (`__daemon …`, which the client starts),
// `tact mcp` (`__mcp <tact's arguments>`) or any call the relay does not
// send to a running daemon itself (`__cli <tact's arguments>`, see
// internal/relay): cmd/tact-daemon, with what it links.
func Daemon(args []string, stdout, stderr io.Writer, l Linked) int {
	switch {
	case len(args) > 0 && args[0] == "__daemon":
		return start(args, stdout, stderr, l)
	case len(args) > 0 && (args[0] == "__mcp" || args[0] == relay.FullCommand):
		return start(args[1:], stdout, stderr, l)
	}
	fmt.Fprintln(stderr, "error: tact-daemon is the session daemon that tact starts; run tact instead")
	return failure.ExitCode(failure.New(failure.Usage, "not a daemon call"))
}

func start(args []string, stdout, stderr io.Writer, l Linked) int {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-V") {
		// What kong's version flag prints, without building a parser.
		fmt.Fprintln(stdout, Release.String())
		return 0
	}
	if field, ok := pruneFor(args); ok {
		if code, ok := startModel(args, stdout, stderr, l, prunedApp(field)); ok {
			return code
		}
	}
	code, _ := startModel(args, stdout, stderr, l, reflect.Value{})
	return code
}

// startModel parses args with kong's model of the command tree, or of the
// pruned one (a prunedApp), and runs the call. A call the pruned model
// cannot parse prints nothing and is not ok: the caller parses it again
// with the whole tree, whose errors and help are the ones to show.
func startModel(args []string, stdout, stderr io.Writer, l Linked, pruned reflect.Value) (int, bool) {
	var a app
	var exitCode = -1
	var grammar any = &a
	if pruned.IsValid() {
		grammar = pruned.Interface()
	}
	parser, err := newParser(grammar, stdout, stderr, func(code int) { exitCode = code; panic(exitSentinel{}) })
	if err != nil {
		fmt.Fprintln(stderr, "error:", err)
		return 1, true
	}
	ok := true
	code := func() (code int) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(exitSentinel); ok {
					code = exitCode
					return
				}
				fmt.Fprintf(stderr, "error: internal error: %v\n", r)
				code = 1
			}
		}()
		root := parser.Model.Node
		kctx, err := parser.Parse(commands.NegativeValues(root, hoistFlags(root, helpArgs(root, args))))
		if pruned.IsValid() {
			if err != nil || kctx.Selected() == nil {
				ok = false
				return 0
			}
			unprune(pruned, &a)
		}
		if err != nil {
			fmt.Fprintf(stderr, "error: %s\n", oneLine(usageMessage(err)))
			fmt.Fprintf(stderr, "run 'tact %s--help' for usage\n", helpPath(err))
			return failure.ExitCode(failure.New(failure.Usage, "%v", err))
		}
		return run(kctx, &a, args, stdout, stderr, l)
	}()
	return code, ok
}

// newParser is kong over grammar (an *app or a prunedApp) with tact's
// help, groups and writers; exit ends the parse (kong calls it after
// printing help or the version).
func newParser(grammar any, stdout, stderr io.Writer, exit func(int)) (*kong.Kong, error) {
	parser, err := kong.New(grammar,
		kong.Name("tact"),
		kong.Description(`A browser for AI agents: see a page in few tokens, act on it, get the fresh page back.

  tact snap example.com        # sections, summaries, @eN refs (a headless browser starts itself)
  tact click @e3               # act; prints "ok", effects, then the fresh snap
  tact fill @e5 "hello"        # React/Vue-safe; tact type sends real keys
  tact read                    # the page's text as markdown
  tact --session a snap …      # parallel agents: one browser per session`),
		kong.UsageOnError(),
		kong.Help(printHelp),
		kong.ExplicitGroups([]kong.Group{{Key: "global", Title: "Global flags:"}}),
		kong.Vars{"version": Release.String()},
		kong.Writers(stdout, stderr),
		kong.Exit(exit),
	)
	if err != nil {
		return nil, err
	}
	// -h/--help is global too: a command's own flags come first.
	if f := parser.Model.HelpFlag; f != nil {
		f.Group = &kong.Group{Key: "global", Title: "Global flags:"}
	}
	return parser, nil
}

type exitSentinel struct{}

func run(kctx *kong.Context, a *app, args []string, stdout, stderr io.Writer, l Linked) int {
	path := commandPath(kctx)
	switch path {
	case "__daemon":
		return runDaemon(a, stderr, l.Read)
	case "help":
		if slices.Equal(a.Help.Command, []string{"flags"}) {
			io.WriteString(stdout, globalFlagsHelp(kctx.Model.Node))
			return 0
		}
		// Exits through kong's help flag, like `tact <command> --help`.
		_, err := kctx.Kong.Parse(append(a.Help.Command, "--help"))
		if err == nil {
			return 0
		}
		fmt.Fprintf(stderr, "error: %s\n", oneLine(err.Error()))
		return failure.ExitCode(failure.New(failure.Usage, "%v", err))
	case "version":
		return a.VersionCmd.run(a.Output, stdout)
	case "guide":
		return a.Guide.run(stdout)
	case "completion":
		return a.Completion.run(kctx.Model.Node, stdout, stderr)
	}
	if relay.StdoutClosed(stdout) {
		return printErr(stdout, stderr, "text", failure.New(failure.IO, "stdout is closed: the result would be lost (redirect it to /dev/null to discard it)"))
	}
	g, err := a.wire()
	if err != nil {
		return printErr(stdout, stderr, a.Output, err)
	}
	target := kctx.Selected().Target
	cmd, ok := target.Addr().Interface().(commands.Command)
	if !ok {
		return printErr(stdout, stderr, a.Output, failure.New(failure.Usage, "unknown command %q", path))
	}
	if _, ok := cmd.(*commands.Mcp); ok && l.MCP == nil {
		return mcpElsewhere(args, stdout, stderr, a.Output)
	}
	if lc, ok := cmd.(commands.Local); ok { // schema, init, mcp: no daemon
		env := &commands.LocalEnv{Globals: g, Version: Version, Stdin: os.Stdin, Stdout: stdout, Stderr: stderr, MCP: l.MCP}
		if err := lc.RunLocal(context.Background(), env); err != nil {
			return printErr(stdout, stderr, a.Output, err)
		}
		return 0
	}
	g.Cwd, _ = os.Getwd()
	if f, ok := stderr.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			g.TTY = true
		}
	}
	// Files are named relative to this process's directory, not the
	// daemon's.
	if err := commands.ResolvePaths(cmd, g.Cwd); err != nil {
		return printErr(stdout, stderr, a.Output, err)
	}
	var hideEnv []string
	if h, ok := cmd.(interface{ SecretEnvName() string }); ok && h.SecretEnvName() != "" {
		hideEnv = append(hideEnv, h.SecretEnvName())
	}
	if p, ok := cmd.(commands.Preparer); ok {
		if err := p.Prepare(g.Cwd, os.Environ(), os.Stdin); err != nil {
			return printErr(stdout, stderr, a.Output, err)
		}
	}
	if dl, ok := cmd.(commands.Deadliner); ok {
		g.Deadline = dl.Deadline(g)
	}
	params, err := json.Marshal(cmd)
	if err != nil {
		return printErr(stdout, stderr, a.Output, err)
	}
	sp := client.Spawn{Browser: browser.Setup{CDP: g.CDP, Args: g.BrowserArgs}, Verbose: a.Verbose, HideEnv: hideEnv}
	if l, ok := cmd.(*commands.BrowserLaunch); ok {
		idle, err := l.IdleDuration()
		if err != nil {
			return printErr(stdout, stderr, a.Output, err)
		}
		sp.Browser.Headed, sp.Browser.Profile, sp.Browser.Port, sp.IdleTimeout = l.Headed, l.Profile, l.Port, idle
	}
	c, err := client.New(g.Session, Version, sp)
	if err != nil {
		return printErr(stdout, stderr, a.Output, err)
	}
	c.OnPartial = func(out, errOut string) { writeBoth(stdout, stderr, out, errOut, false) }
	// Status and stop never start a daemon just to report on it.
	role := commands.RoleOf(cmd)
	autostart := role == commands.Starts
	// --timeout is a promise for the whole call, whatever the daemon does,
	// counted from the process's start when main says when that was (a
	// busy machine can take a while just to run it).
	start := Started
	if start.IsZero() {
		start = time.Now()
	}
	ctx, cancel := context.WithDeadline(context.Background(), start.Add(client.Budget(g)))
	defer cancel()
	resp, err := c.Do(ctx, rpc.Request{Command: path, Params: params, Globals: g}, autostart)
	if client.IsNotRunning(err) {
		return notRunning(ctx, g.Session, role, a.Output, stdout)
	}
	if err != nil {
		return printErr(stdout, stderr, a.Output, err)
	}
	writeBoth(stdout, stderr, resp.Stdout, resp.Stderr, resp.Error != nil)
	if resp.Error != nil {
		return printErr(stdout, stderr, a.Output, resp.Error)
	}
	if role == commands.Stops {
		// Return once the browser has exited and written its profile.
		if err := c.WaitStopped(ctx, resp.Daemon); err != nil {
			return printErr(stdout, stderr, a.Output, err)
		}
	}
	return 0
}

func writeBoth(stdout, stderr io.Writer, out, errOut string, more bool) {
	relay.WriteBoth(stdout, stderr, out, errOut, more)
}

// An orphaned browser (its daemon died) is asked to exit and given
// orphanGrace to write its profile; orphanKill is kept back from
// --timeout for killing it and its exit after that.
const (
	orphanGrace = 5 * time.Second
	orphanKill  = 2500 * time.Millisecond
)

func notRunning(ctx context.Context, session string, role commands.DaemonRole, format string, stdout io.Writer) int {
	msg := "not running"
	// An orphan gets what is left of --timeout (less the kill itself) to
	// exit by itself and write its profile.
	grace := orphanGrace
	if dl, ok := ctx.Deadline(); ok {
		grace = min(grace, max(time.Until(dl)-orphanKill, 0))
	}
	if role == commands.Stops && daemon.StopOrphan(session, grace) {
		msg = "stopped an orphaned browser"
	}
	if format == "json" || format == "ndjson" {
		b, _ := json.Marshal(commands.NotRunning{Message: msg})
		fmt.Fprintln(stdout, string(b))
	} else {
		fmt.Fprintln(stdout, msg)
	}
	return 0
}

func commandPath(kctx *kong.Context) string {
	var parts []string
	for _, p := range kctx.Path {
		if p.Command != nil {
			parts = append(parts, p.Command.Name)
		}
	}
	return strings.Join(parts, " ")
}

// wire converts parsed flags (and environment) into the request globals.
func (a *app) wire() (rpc.Globals, error) { return a.wireEnv(os.Getenv) }

// wireEnv is wire with the caller's environment read through getenv.
func (a *app) wireEnv(getenv func(string) string) (rpc.Globals, error) {
	g := rpc.Globals{
		Session: a.SessionName, Output: a.Output, Verbose: a.Verbose, Lang: a.Lang, Locale: a.Locale,
		Geo: a.Geo, UserAgent: a.UserAgent, NoCache: a.NoCache, Dialog: a.DialogMode, PromptText: a.PromptText,
		CDP: a.CDP, CDPHeaders: a.CDPHeader, CDPIsolated: a.CDPIsolated, BrowserArgs: a.BrowserArg, AllowFile: a.AllowFile,
	}
	if _, err := browser.ParseHeaders(a.CDPHeader); err != nil {
		return g, failure.New(failure.Usage, "%v", err)
	}
	if _, err := browser.ParseHeaders(a.Header); err != nil {
		return g, failure.New(failure.Usage, "%s", strings.Replace(err.Error(), "--cdp-header", "--header", 1))
	}
	g.Viewport, g.Device, g.ColorScheme, g.Headers = a.Viewport, a.Device, a.ColorScheme, strings.Join(a.Header, "\n")
	g.HeaderAllSites = a.HeaderAll
	g.AllowedDomains = a.Domains
	g.Motion, g.Offline = onOff(a.Motion, "reduce", "no-preference"), onOff(a.Offline, "on", "off")
	d, err := ParseTimeout(a.Timeout)
	if err != nil {
		return g, err
	}
	g.Timeout = d
	if g.CDP == "" {
		host, port := getenv("BROWSER_CDP_HOST"), getenv("BROWSER_CDP_PORT")
		if host != "" || port != "" {
			if host == "" {
				host = "127.0.0.1"
			}
			if port == "" {
				port = "9222"
			}
			g.CDP = host + ":" + port
		}
	}
	if env := getenv("TACT_CHROME_ARGS"); env != "" {
		g.BrowserArgs = append(SplitArgs(env), g.BrowserArgs...)
	}
	if a.Proxy != "" {
		u, err := url.Parse(a.Proxy)
		if err != nil || u.Host == "" || !slices.Contains([]string{"http", "https", "socks4", "socks5"}, u.Scheme) {
			return g, failure.New(failure.Usage, "--proxy %q: want http://, https://, socks4:// or socks5://HOST:PORT", browser.Redact(a.Proxy))
		}
		if u.User != nil {
			return g, failure.New(failure.Usage, "--proxy: Chrome takes no credentials in the proxy URL; use a local proxy that adds them")
		}
		g.BrowserArgs = append(g.BrowserArgs, "--proxy-server="+a.Proxy)
	}
	if a.IgnoreHTTPS {
		g.BrowserArgs = append(g.BrowserArgs, "--ignore-certificate-errors")
	}
	return g, nil
}

// onOff is a negatable flag as a sticky setting: on or off when given,
// "" (keep what the session has) when not.
func onOff(v *bool, on, off string) string {
	switch {
	case v == nil:
		return ""
	case *v:
		return on
	}
	return off
}

// ParseTimeout accepts Go durations ("30s", "1m30s", "500ms") or bare seconds.
func ParseTimeout(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if !(n > 0) { // NaN too
			return 0, failure.New(failure.Usage, "--timeout must be positive")
		}
		// Beyond a day is a typo (or Inf, which would wrap negative).
		if n > maxTimeout.Seconds() {
			return 0, failure.New(failure.Usage, "--timeout %q: at most %s", s, maxTimeout)
		}
		return time.Duration(n * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, failure.New(failure.Usage, "--timeout %q: want a duration like 30s or 500ms", s)
	}
	if d > maxTimeout {
		return 0, failure.New(failure.Usage, "--timeout %q: at most %s", s, maxTimeout)
	}
	return d, nil
}

// maxTimeout bounds --timeout: a command that may run for a day.
const maxTimeout = 24 * time.Hour

// SplitArgs splits a flag list on spaces, honouring single and double quotes.
func SplitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	var quote rune
	inWord := false
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

func printErr(stdout, stderr io.Writer, format string, err error) int {
	return relay.PrintErr(stdout, stderr, format, err)
}

func oneLine(s string) string { return relay.OneLine(s) }

func runDaemon(a *app, stderr io.Writer, rd pagetext.Reader) int {
	if rd.Render == nil {
		fmt.Fprintln(stderr, "daemon: tact does not serve sessions itself; its daemon is tact-daemon, which tact starts")
		return 1
	}
	d := &a.Daemon
	if _, set := os.LookupEnv("GOGC"); !set {
		// A daemon's heap is small (~10 MB live) and each snap of a big
		// page allocates a few MB: collecting at 5× rather than 2× the
		// live heap spends ~25% less of its CPU per snap (aclu: 4.5 →
		// 3.4 ms) for ~10 MB more memory.
		debug.SetGCPercent(400)
	}
	err := daemon.Run(context.Background(), daemon.Options{
		Session: a.SessionName, IdleTimeout: d.IdleTimeout, Version: Version, Log: stderr, Verbose: a.Verbose, Read: rd, Forward: (&Forwarder{Relay: build.FileStamp(build.RelayPath())}).Forward,
		Browser: browser.Setup{Profile: d.Profile, Headed: d.Headed, Port: d.Port, CDP: a.CDP, Args: a.BrowserArg},
	})
	if errors.Is(err, daemon.ErrLostRace) {
		return rpc.ExitLostRace
	}
	if err != nil {
		fmt.Fprintln(stderr, "daemon:", err)
		return 1
	}
	return 0
}
