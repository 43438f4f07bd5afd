package browser

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/proc"
)

// Setup is how a session gets its browser, in the one shape it keeps from
// the CLI's flags (`browser launch --headed --profile --port`, the global
// --cdp and --browser-arg) through the daemon to the launch.
type Setup struct {
	Profile string   // profile name (empty: the session's own)
	Headed  bool     // a visible window
	Port    int      // a TCP debugging port on 127.0.0.1 (0: CDP over a pipe, no port)
	Args    []string // extra browser flags
	CDP     string   // attach to this browser instead of launching one
}

// Options describe a browser to launch.
type Options struct {
	Path        string // executable; Find() when empty
	Headless    bool
	UserDataDir string // persistent profile directory
	// Pipe speaks CDP over --remote-debugging-pipe: no TCP port, so no
	// other local user can reach the browser. Otherwise Port (0: any free
	// one) is opened on 127.0.0.1, which every local user can connect to.
	Pipe   bool
	Port   int
	Args   []string
	Stderr io.Writer // browser's stderr; discarded when nil
}

// Process is a browser this process launched.
type Process struct {
	Cmd          *exec.Cmd
	PID          int
	Port         int    // 0 with a pipe
	WebSocketURL string // "" with a pipe
	// With Pipe: the browser's end of the protocol (see cdp.OverPipe).
	PipeOut *os.File // what the browser writes
	PipeIn  *os.File // what the browser reads
	id      Identity
	exited  chan struct{}
}

// Identity is what proves a process is a session's browser: its pid, its
// start time and its profile directory. It is saved at launch so a later
// daemon or `browser stop` can find that browser again, and never mistakes
// an unrelated process that got the same pid for it.
type Identity struct {
	proc.ID
	Profile string `json:"profile"`
}

// Running reports whether the identified browser still runs: same pid,
// same start time, and its command line names the profile.
func (b Identity) Running() bool {
	return b.Profile != "" && b.Alive() && b.HasArg("--user-data-dir="+b.Profile)
}

// Kill ends the identified browser, and the process group created for
// it, then waits up to wait for it to be gone. It signals nothing unless
// Running proves the process is that browser; it reports whether the
// browser is gone.
func (b Identity) Kill(wait time.Duration) bool {
	if !b.Running() {
		return true
	}
	// The group is ours only while its leader is the browser we started
	// (checked just above); helpers share it, so they end too.
	killIdentified(b)
	return b.WaitGone(wait)
}

// Stop gives the identified browser grace to exit by itself (a browser
// whose pipe closed shuts down, writing its profile), then kills it. It
// reports whether the browser is gone.
func (b Identity) Stop(grace time.Duration) bool {
	return b.WaitGone(grace) || b.Kill(2*time.Second)
}

// WaitGone polls until the browser has exited or wait has passed.
func (b Identity) WaitGone(wait time.Duration) bool {
	for end := time.Now().Add(wait); ; {
		if !b.Alive() {
			return true
		}
		if time.Now().After(end) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// baseArgs keep Chromium quiet on a machine without internet and make it
// usable as root (containers, CI).
var baseArgs = []string{
	"--no-first-run",
	"--no-default-browser-check",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--disable-quic",
	// The WebUI omnibox popup is preloaded in a renderer of its own at
	// startup (~2.8 CPU-seconds, ~1 s of a first command); a headless
	// browser never shows an omnibox.
	"--disable-features=" + strings.Join(disabledFeatures, ","),
	"--disable-default-apps",
	"--disable-popup-blocking",
	"--password-store=basic",
	"--use-mock-keychain",
	"--mute-audio",
	"--window-size=1280,900",
}

// disabledFeatures are the browser features tact turns off; a
// --disable-features among the caller's flags adds to them (Chromium
// keeps only the last such flag).
var disabledFeatures = []string{"Translate", "MediaRouter", "OptimizationHints",
	"WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"}

// mergeDisabledFeatures folds every --disable-features=… in args into the
// first one, so a user's list does not silently undo tact's.
func mergeDisabledFeatures(args []string) []string {
	const flag = "--disable-features="
	first := -1
	var names []string
	out := args[:0:0]
	for _, a := range args {
		v, ok := strings.CutPrefix(a, flag)
		if !ok {
			out = append(out, a)
			continue
		}
		for _, n := range strings.Split(v, ",") {
			if n != "" && !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		if first < 0 {
			first = len(out)
			out = append(out, "")
		}
	}
	if first >= 0 {
		out[first] = flag + strings.Join(names, ",")
	}
	return out
}

// Launch starts the browser and waits until its debugging endpoint answers.
func Launch(ctx context.Context, o Options) (*Process, error) {
	path := o.Path
	if path == "" {
		var err error
		if path, err = Find(); err != nil {
			return nil, err
		}
	}
	if o.UserDataDir == "" {
		return nil, errors.New("browser: UserDataDir is required")
	}
	if err := os.MkdirAll(o.UserDataDir, 0o700); err != nil {
		return nil, fmt.Errorf("browser: profile dir: %w", err)
	}
	// A stale DevToolsActivePort from an earlier run would point at a dead port.
	portFile := filepath.Join(o.UserDataDir, "DevToolsActivePort")
	_ = os.Remove(portFile)
	args := append([]string{}, baseArgs...)
	if o.Pipe && !pipeSupported {
		o.Pipe = false // a loopback port instead; see pipeSupported
	}
	if o.Pipe {
		args = append(args, "--remote-debugging-pipe")
	} else {
		args = append(args, "--remote-debugging-address=127.0.0.1", "--remote-debugging-port="+strconv.Itoa(o.Port))
	}
	args = append(args, "--user-data-dir="+o.UserDataDir)
	if o.Headless {
		args = append(args, "--headless=new", "--hide-scrollbars")
	}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	args = append(args, o.Args...)
	args = mergeDisabledFeatures(args)
	args = append(args, "about:blank")
	cmd := exec.Command(path, args...)
	if o.Stderr != nil {
		fmt.Fprintf(o.Stderr, "launch: %s %q\n", path, args)
	}
	// Own process group: the browser outlives a killed CLI call, and we can
	// kill all its helpers at once.
	cmd.SysProcAttr = ownGroup()
	cmd.Stdout = o.Stderr
	cmd.Stderr = o.Stderr
	var toBrowser, fromBrowser [2]*os.File // [0] read end, [1] write end
	if o.Pipe {
		var err error
		if toBrowser[0], toBrowser[1], err = os.Pipe(); err != nil {
			return nil, fmt.Errorf("browser: pipe: %w", err)
		}
		if fromBrowser[0], fromBrowser[1], err = os.Pipe(); err != nil {
			toBrowser[0].Close()
			toBrowser[1].Close()
			return nil, fmt.Errorf("browser: pipe: %w", err)
		}
		cmd.ExtraFiles = []*os.File{toBrowser[0], fromBrowser[1]} // fd 3, fd 4
	}
	err := cmd.Start()
	if o.Pipe {
		// The child has its own copies; ours would keep the pipes open
		// after the browser exits and hide its end from the reader.
		toBrowser[0].Close()
		fromBrowser[1].Close()
		if err != nil {
			toBrowser[1].Close()
			fromBrowser[0].Close()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("browser: start %s: %w", path, err)
	}
	p := &Process{Cmd: cmd, PID: cmd.Process.Pid, exited: make(chan struct{})}
	exited := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		close(p.exited)
		exited <- err
	}()
	id, _ := proc.Of(p.PID)
	p.id = Identity{ID: id, Profile: o.UserDataDir}
	if o.Pipe {
		// Readiness shows on the pipe itself: the first call answers.
		p.PipeOut, p.PipeIn = fromBrowser[0], toBrowser[1]
		return p, nil
	}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-exited:
			return nil, fmt.Errorf("browser: %s exited during startup: %v", filepath.Base(path), err)
		case <-ctx.Done():
			p.Kill()
			return nil, fmt.Errorf("browser: startup: %w", ctx.Err())
		case <-tick.C:
		}
		port := o.Port
		if port == 0 {
			b, err := os.ReadFile(portFile)
			if err != nil {
				continue
			}
			line, _, _ := strings.Cut(string(b), "\n")
			if port, err = strconv.Atoi(strings.TrimSpace(line)); err != nil || port == 0 {
				continue
			}
		}
		v, err := Version(ctx, "127.0.0.1:"+strconv.Itoa(port))
		if err != nil {
			continue
		}
		p.Port = port
		p.WebSocketURL = v.WebSocketDebuggerURL
		return p, nil
	}
}

// Identity is what proves, later and from another process, that a pid is
// still this browser.
func (p *Process) Identity() Identity { return p.id }

// Exited is closed once the browser process has ended and been reaped.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// Kill ends the browser and all processes of its group, and waits
// (bounded) until the browser has exited.
func (p *Process) Kill() {
	if p == nil || p.PID == 0 {
		return
	}
	select {
	case <-p.exited:
		return // reaped: its pid may belong to someone else by now
	default:
	}
	// An unreaped child keeps its pid, so the group is still ours.
	killGroup(p.PID)
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
	}
}

// VersionInfo is the answer of /json/version.
type VersionInfo struct {
	Browser              string `json:"Browser"`
	ProtocolVersion      string `json:"Protocol-Version"`
	UserAgent            string `json:"User-Agent"`
	WebSocketDebuggerURL string `json:"webSocketDebuggerUrl"`
}

// Version queries http://hostport/json/version.
func Version(ctx context.Context, hostport string) (*VersionInfo, error) {
	return versionAt(ctx, &url.URL{Scheme: "http", Host: hostport}, nil)
}

// IsLoopback reports whether a websocket URL points at this machine.
func IsLoopback(wsURL string) bool {
	u, err := url.Parse(wsURL)
	if err != nil {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
