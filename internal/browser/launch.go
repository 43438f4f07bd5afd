package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Options describe a browser to launch.
type Options struct {
	Path        string // executable; Find() when empty
	Headless    bool
	UserDataDir string // persistent profile directory
	Port        int    // debugging port; 0 picks a free one
	Args        []string
	Stderr      io.Writer // browser's stderr; discarded when nil
}

// Process is a browser this process launched.
type Process struct {
	Cmd          *exec.Cmd
	PID          int
	Port         int
	WebSocketURL string
}

// baseArgs keep Chromium quiet on a machine without internet and make it
// usable as root (containers, CI).
var baseArgs = []string{
	"--remote-debugging-address=127.0.0.1",
	"--no-first-run",
	"--no-default-browser-check",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--disable-quic",
	"--disable-features=Translate,MediaRouter,OptimizationHints",
	"--disable-default-apps",
	"--disable-popup-blocking",
	"--password-store=basic",
	"--use-mock-keychain",
	"--mute-audio",
	"--window-size=1280,900",
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
	args = append(args, "--remote-debugging-port="+strconv.Itoa(o.Port), "--user-data-dir="+o.UserDataDir)
	if o.Headless {
		args = append(args, "--headless=new", "--hide-scrollbars")
	}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	args = append(args, o.Args...)
	args = append(args, "about:blank")
	cmd := exec.Command(path, args...)
	if o.Stderr != nil {
		fmt.Fprintf(o.Stderr, "launch: %s %q\n", path, args)
	}
	// Own process group: the browser outlives a killed CLI call, and we can
	// kill all its helpers at once.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stdout = o.Stderr
	cmd.Stderr = o.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("browser: start %s: %w", path, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	p := &Process{Cmd: cmd, PID: cmd.Process.Pid}
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
		go func() { <-exited }() // keep reaping
		return p, nil
	}
}

// Kill ends the browser and all processes of its group.
func (p *Process) Kill() {
	if p == nil || p.PID == 0 {
		return
	}
	_ = syscall.Kill(-p.PID, syscall.SIGKILL)
}

// Alive reports whether a process with this pid exists.
func Alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
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
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+hostport+"/json/version", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("browser: /json/version: HTTP %d", resp.StatusCode)
	}
	var v VersionInfo
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&v); err != nil {
		return nil, fmt.Errorf("browser: /json/version: %w", err)
	}
	return &v, nil
}

// ResolveCDP turns a --cdp value (ws:// URL, http:// URL, host:port or a
// bare port) into a websocket debugger URL.
func ResolveCDP(ctx context.Context, spec string) (wsURL string, err error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return "", errors.New("empty --cdp value")
	}
	if strings.HasPrefix(spec, "ws://") || strings.HasPrefix(spec, "wss://") {
		u, err := url.Parse(spec)
		if err != nil {
			return "", fmt.Errorf("--cdp %q: %w", spec, err)
		}
		// ws://host:port without a path: ask the browser for its endpoint.
		if u.Path == "" || u.Path == "/" {
			if v, err := Version(ctx, u.Host); err == nil && v.WebSocketDebuggerURL != "" {
				return v.WebSocketDebuggerURL, nil
			}
		}
		return spec, nil
	}
	hostport := spec
	if strings.HasPrefix(spec, "http://") || strings.HasPrefix(spec, "https://") {
		u, err := url.Parse(spec)
		if err != nil {
			return "", fmt.Errorf("--cdp %q: %w", spec, err)
		}
		hostport = u.Host
	} else if _, err := strconv.Atoi(spec); err == nil {
		hostport = "127.0.0.1:" + spec
	}
	if _, _, err := net.SplitHostPort(hostport); err != nil {
		return "", fmt.Errorf("--cdp %q: want ws://…, http://host:port, host:port or a port", spec)
	}
	v, err := Version(ctx, hostport)
	if err != nil {
		return "", fmt.Errorf("--cdp %s: no CDP browser answers: %v", hostport, err)
	}
	return v.WebSocketDebuggerURL, nil
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
