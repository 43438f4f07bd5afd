package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/mcp"
	"github.com/tact-browser/tact/internal/read"
	"github.com/tact-browser/tact/internal/rpc"
)

// The browser tests run like internal/cli's: the daemon a tool call starts
// is this test binary re-executed with "__daemon"; with TACT_TEST_CLI=1 the
// binary is the tact CLI (for the `tact mcp` subprocess test).

var (
	srvURL    string
	noBrowser string
)

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && (os.Args[1] == "__daemon" || os.Args[1] == "__mcp") {
		os.Exit(cli.Daemon(os.Args[1:], os.Stdout, os.Stderr, cli.Linked{Read: read.Reader, MCP: mcp.RunCommand}))
	}
	if os.Getenv("TACT_TEST_CLI") == "1" {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	browsertest.DefaultParallel(64) // browsertest.CLIEnv.Use bounds the browsers at work
	os.Exit(run(m))
}

var env *browsertest.CLIEnv

func run(m *testing.M) int {
	if _, err := browser.Find(); err != nil {
		noBrowser = err.Error()
		return m.Run()
	}
	var err error
	stop := func(s string) {
		cli.Main([]string{"--session", s, "browser", "stop"}, &bytes.Buffer{}, &bytes.Buffer{})
	}
	if env, err = browsertest.SetupCLI("tact-mcp-test-", stop); err != nil {
		panic(err)
	}
	srvURL = env.URL
	return env.Finish(m.Run())
}

func needBrowser(t *testing.T, session string) {
	t.Helper()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	env.Use(t, session)
}

// connect starts a server for session in this process and connects an SDK
// client to it over the in-memory transport.
func connect(t *testing.T, session string) *sdk.ClientSession {
	t.Helper()
	return connectFor(t, session, 30*time.Second)
}

// connectFor is connect with the server's --timeout.
func connectFor(t *testing.T, session string, timeout time.Duration) *sdk.ClientSession {
	t.Helper()
	return connectGlobals(t, shared(session, rpc.Globals{Session: session, Output: "text", Timeout: timeout}))
}

// shared puts a session's globals on one of the environment's shared
// browsers, in a browser context of its own (--cdp WS --cdp-isolated), as
// the cli tests do; without shared browsers, on its own launched one.
func shared(session string, g rpc.Globals) rpc.Globals {
	if a := env.Attach(session, nil); len(a) == 3 && a[0] == "--cdp" {
		g.CDP, g.CDPIsolated = a[1], true
		return g
	}
	g.BrowserArgs = browsertest.Args
	return g
}

// connectGlobals starts a server with the given global flags in this
// process and connects an SDK client to it over the in-memory transport.
func connectGlobals(t *testing.T, g rpc.Globals) *sdk.ClientSession {
	t.Helper()
	s, err := mcp.NewServer(mcp.Options{Commands: commands.SchemaCommands(), Globals: g, Version: cli.Version})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// snapAt opens url and snaps it: the snap tool takes no url (it is
// read-only; open navigates).
func snapAt(t *testing.T, cs *sdk.ClientSession, url string) (string, *sdk.CallToolResult) {
	t.Helper()
	out, res := call(t, cs, "open", map[string]any{"url": url, "no_snap": true})
	mustOK(t, "open", out, res)
	return call(t, cs, "snap", map[string]any{})
}

func call(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) (string, *sdk.CallToolResult) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var sb strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			sb.WriteString(tc.Text)
		}
	}
	return sb.String(), res
}

func mustOK(t *testing.T, name, text string, res *sdk.CallToolResult) {
	t.Helper()
	if res.IsError {
		t.Fatalf("%s failed: %s", name, text)
	}
}

var refRE = regexp.MustCompile(`@e\d+`)

func refOf(t *testing.T, out, needle string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, needle) {
			if r := refRE.FindString(line); r != "" {
				return r
			}
		}
	}
	t.Fatalf("no element %s in:\n%s", needle, out)
	return ""
}

// TestRegistryHasTools: every command is a tool (alone or in its group)
// unless Skip says why not; commands that run in the CLI are never tools.
func TestRegistryHasTools(t *testing.T) {
	t.Parallel()
	tools, err := mcp.Tools(commands.SchemaCommands())
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]string{}
	for _, tl := range tools {
		for _, c := range tl.Commands {
			covered[c.Name] = tl.Tool.Name
		}
	}
	names := map[string]bool{}
	for _, e := range commands.All() {
		names[e.Name] = true
		cmd, _ := commands.New(e.Name)
		_, local := cmd.(commands.Local)
		_, skipped := mcp.Skip[e.Name]
		switch {
		case local && !skipped:
			t.Errorf("%s runs in the CLI but is not in mcp.Skip", e.Name)
		case !skipped && covered[e.Name] == "":
			t.Errorf("command %q has no MCP tool and is not opted out in mcp.Skip", e.Name)
		case skipped && covered[e.Name] != "":
			t.Errorf("command %q is opted out but has tool %s", e.Name, covered[e.Name])
		}
	}
	for name := range mcp.Skip {
		if !names[name] {
			t.Errorf("mcp.Skip lists %q, which is no command", name)
		}
	}
}

// TestToolsList lists the tools over the in-memory transport and reports
// the size of tools/list in tokens (chars/4).
func TestToolsList(t *testing.T) {
	t.Parallel()
	cs := connect(t, "mcp-list")
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res)
	t.Logf("tools/list: %d tools, %d chars, ~%d tokens", len(res.Tools), len(b), len(b)/4)
	if len(b) > 8000 {
		t.Errorf("tools/list is %d characters; keep it within 8000 (shorter help, fewer tool arguments)", len(b))
	}
	byName := map[string]*sdk.Tool{}
	for _, tl := range res.Tools {
		byName[tl.Name] = tl
		if len(tl.Description) > 120 {
			t.Errorf("tool %s: description of %d chars", tl.Name, len(tl.Description))
		}
		req, _ := tl.InputSchema.(map[string]any)["required"].([]any)
		if len(req) > 2 {
			t.Errorf("tool %s requires %d arguments", tl.Name, len(req))
		}
	}
	for _, want := range []string{"snap", "read", "click", "fill", "type", "press", "select", "check", "hover", "scroll", "upload", "open", "back", "reload", "eval", "screenshot", "wait", "tab", "dialog"} {
		if byName[want] == nil {
			t.Errorf("no tool %s", want)
		}
	}
	for name, ro := range map[string]bool{"snap": true, "read": true, "screenshot": false, "click": false, "eval": false} {
		a := byName[name].Annotations
		if got := a != nil && a.ReadOnlyHint; got != ro {
			t.Errorf("tool %s: readOnlyHint %v, want %v", name, got, ro)
		}
	}
	for _, not := range []string{"mcp", "init", "schema", "browser_launch", "snapshot"} {
		if byName[not] != nil {
			t.Errorf("tool %s should not be listed", not)
		}
	}
}

// TestSnapClickFill drives a real page through the in-memory client.
func TestSnapClickFill(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-mem")
	cs := connect(t, "mcp-mem")
	out, res := snapAt(t, cs, srvURL+"/act_form.html")
	mustOK(t, "snap", out, res)
	if !strings.HasPrefix(out, "Actions — ") || !strings.Contains(out, `"Count me"`) {
		t.Fatalf("snap:\n%s", out)
	}
	count := refOf(t, out, `"Count me"`)
	out, res = call(t, cs, "click", map[string]any{"target": count})
	mustOK(t, "click", out, res)
	if !strings.HasPrefix(out, "ok\n") || !strings.Contains(out, "\n---\n") || !strings.Contains(out, `"Clicked 1x"`) {
		t.Fatalf("click did not return ok --- snap:\n%s", out)
	}
	// The click's answer is what changed; the snap before it has the rest.
	if strings.Contains(out, `"Count me"`) {
		t.Errorf("click reprinted an unchanged element:\n%s", out)
	}
	snapped, _ := call(t, cs, "snap", map[string]any{})
	name := refOf(t, snapped, `[input:text] "Name"`)
	out, res = call(t, cs, "fill", map[string]any{"target": name, "value": "Ada Lovelace", "no_snap": true})
	mustOK(t, "fill", out, res)
	if strings.Contains(out, "---") {
		t.Errorf("no_snap still snapped:\n%s", out)
	}
	out, res = call(t, cs, "read", map[string]any{"focus": "#echo"})
	mustOK(t, "read", out, res)
	if !strings.Contains(out, "state: Ada Lovelace") {
		t.Errorf("fill did not reach the page's state: %q", out)
	}
	// batch takes a list of steps and ends with one snap.
	out, res = call(t, cs, "batch", map[string]any{"steps": []string{"fill " + name + " 'Grace Hopper'", "click " + count}})
	mustOK(t, "batch", out, res)
	if !strings.Contains(out, "[2] click "+count+" → ok\n") || !strings.Contains(out, `"Clicked 2x"`) || !strings.Contains(out, "state: Grace Hopper") {
		t.Errorf("batch:\n%s", out)
	}
	out, res = call(t, cs, "fill", map[string]any{"target": name, "value": "Ada Lovelace", "no_snap": true})
	mustOK(t, "fill", out, res)
	// Same session, same refs: the CLI sees what the MCP client did.
	var stdout, stderr bytes.Buffer
	if code := cli.Main([]string{"--session", "mcp-mem", "eval", "document.getElementById('name').value"}, &stdout, &stderr); code != 0 || stdout.String() != "Ada Lovelace\n" {
		t.Errorf("CLI in the same session: exit %d, %q %q", code, stdout.String(), stderr.String())
	}
}

// TestToolErrors: failures are tool errors with the CLI's code and exit.
func TestToolErrors(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-err")
	cs := connect(t, "mcp-err")
	out, res := call(t, cs, "open", map[string]any{"url": srvURL + "/hello.html"})
	mustOK(t, "snap", out, res)
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"click", map[string]any{"target": "@e999999"}, "UNKNOWN_REF (exit 6)"},
		{"click", map[string]any{}, "USAGE (exit 2)"},
		{"click", map[string]any{"target": "@e1", "bogus": 1}, "USAGE (exit 2)"},
		{"snap", map[string]any{"max_tokens": "many"}, "USAGE (exit 2)"},
		{"open", map[string]any{"url": srvURL + "/status/404"}, "NAVIGATION_FAILED (exit 4)"},
		{"tab", map[string]any{"action": "explode"}, "USAGE (exit 2)"},
		// The read-only tools take no url (a page could have one sent
		// to another address without the client asking), and cookie
		// values (HttpOnly ones too) stay at the shell.
		{"snap", map[string]any{"url": srvURL + "/hello.html?exfil=x"}, `unknown argument "url"`},
		{"read", map[string]any{"url": srvURL + "/hello.html?exfil=x"}, `unknown argument "url"`},
		{"cookies", map[string]any{"action": "list", "values": true}, `unknown argument "values"`},
	}
	for _, c := range cases {
		out, res := call(t, cs, c.tool, c.args)
		if !res.IsError || !strings.Contains(out, c.want) {
			t.Errorf("%s %v: isError=%v %q, want %q", c.tool, c.args, res.IsError, out, c.want)
		}
	}
}

// A cancelled call stops its command in the daemon: with a --timeout of
// ten minutes, a wait that kept running would hold the next call (the
// daemon runs one command at a time) far past this test's deadline.
func TestCancelledCallStops(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-cancel")
	cs := connectFor(t, "mcp-cancel", 10*time.Minute)
	out, res := call(t, cs, "open", map[string]any{"url": srvURL + "/hello.html"})
	mustOK(t, "snap", out, res)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "wait", Arguments: map[string]any{"condition": "text=words that never appear"}})
		done <- err
	}()
	// Cancel once the daemon runs the wait: the page is being polled.
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) && !daemonBusy(t, "mcp-cancel") {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err == nil {
		t.Error("the cancelled call answered as if it had finished")
	}
	out, res = call(t, cs, "read", nil)
	mustOK(t, "read after a cancelled wait", out, res)
	if !strings.Contains(out, "Hello") {
		t.Errorf("read: %q", out)
	}
}

// daemonBusy reports whether the session's daemon is running a command:
// a second client's status request is then queued behind it.
func daemonBusy(t *testing.T, session string) bool {
	t.Helper()
	var out bytes.Buffer
	code := cli.Main([]string{"--session", session, "--timeout", "300ms", "browser", "status"}, &out, &bytes.Buffer{})
	return code == 5 // TIMEOUT: queued behind the running command
}

// MCP results are the CLI's output, byte for byte: page text that looks
// like flags (git log --all --from=3) is never rewritten into argument
// names. The server's instructions say how flags map to arguments.
func TestPageTextUnchanged(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-words")
	cs := connect(t, "mcp-words")
	if ins := cs.InitializeResult().Instructions; !strings.Contains(ins, "--max-tokens is the argument max_tokens") {
		t.Errorf("instructions do not say how flags map to arguments: %q", ins)
	}
	out, res := call(t, cs, "open", map[string]any{"url": srvURL + "/mcp_flags.html"})
	mustOK(t, "snap", out, res)
	if !strings.Contains(out, `"copy --all --from=3"`) {
		t.Errorf("snap rewrote the page's text:\n%s", out)
	}
	out, res = call(t, cs, "read", nil)
	mustOK(t, "read", out, res)
	for _, want := range []string{"git log --all --from=3", "tact snap --max-tokens 50 --no-snap --focus=#main"} {
		if !strings.Contains(out, want) {
			t.Errorf("read over MCP lost %q:\n%s", want, out)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := cli.Main([]string{"--session", "mcp-words", "read"}, &stdout, &stderr); code != 0 || stdout.String() != out {
		t.Errorf("read over MCP differs from the CLI's (exit %d %q):\nMCP %q\nCLI %q", code, stderr.String(), out, stdout.String())
	}
}

// TestTabsAndScreenshot covers a group tool and the image content block.
func TestTabsAndScreenshot(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-shot")
	cs := connect(t, "mcp-shot")
	out, res := call(t, cs, "open", map[string]any{"url": srvURL + "/hello.html", "no_snap": true})
	mustOK(t, "open", out, res)
	out, res = call(t, cs, "tab", map[string]any{"action": "list"})
	mustOK(t, "tab list", out, res)
	if !strings.Contains(out, "Hello page") {
		t.Errorf("tab list: %q", out)
	}
	out, res = call(t, cs, "screenshot", nil)
	mustOK(t, "screenshot", out, res)
	var img *sdk.ImageContent
	for _, c := range res.Content {
		if ic, ok := c.(*sdk.ImageContent); ok {
			img = ic
		}
	}
	if img == nil || img.MIMEType != "image/png" || !bytes.HasPrefix(img.Data, []byte("\x89PNG")) {
		t.Fatalf("screenshot: no PNG image block (text %q)", out)
	}
	if _, err := os.Stat(strings.TrimSpace(out)); err != nil {
		t.Errorf("screenshot path %q: %v", out, err)
	}
}

// TestStdioSubprocess runs `tact mcp` as a process and talks
// newline-delimited JSON-RPC over its stdin/stdout.
func TestStdioSubprocess(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-stdio")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, append(append([]string{"--session", "mcp-stdio"}, env.Attach("mcp-stdio", nil)...), "mcp")...)
	cmd.Env = append(os.Environ(), "TACT_TEST_CLI=1")
	stdin, _ := cmd.StdinPipe()
	stdoutPipe, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("tact mcp exited: %v\n%s", err, stderr.String())
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("tact mcp did not exit when stdin closed")
		}
	}()
	out := bufio.NewReader(stdoutPipe)
	send := func(v string) {
		if _, err := io.WriteString(stdin, v+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	recv := func(id int) map[string]any {
		t.Helper()
		for {
			line, err := out.ReadBytes('\n')
			if err != nil {
				t.Fatalf("read: %v\nstderr: %s", err, stderr.String())
			}
			var m map[string]any
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatalf("not JSON: %q", line)
			}
			if m["id"] == float64(id) {
				if m["error"] != nil {
					t.Fatalf("error response: %s", line)
				}
				return m["result"].(map[string]any)
			}
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`)
	init := recv(1)
	if init["serverInfo"].(map[string]any)["name"] != "tact" {
		t.Errorf("initialize: %v", init)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	tools := recv(2)["tools"].([]any)
	if len(tools) < 15 {
		t.Errorf("tools/list: %d tools", len(tools))
	}
	send(fmt.Sprintf(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"open","arguments":{"url":%q}}}`, srvURL+"/hello.html"))
	res := recv(3)
	if res["isError"] == true {
		t.Fatalf("snap: %v", res)
	}
	text := res["content"].([]any)[0].(map[string]any)["text"].(string)
	if !strings.Contains(text, "\nHello page — ") || !strings.Contains(text, `[button] "Press"`) {
		t.Errorf("open over stdio:\n%s", text)
	}
}

// bearer adds a token to every request of an HTTP client.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// The streamable HTTP transport serves the same tools; with a token, a
// request without it is refused.
func TestHTTPTransport(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-http")
	h, err := mcp.HTTPHandler(mcp.Options{
		Commands: commands.SchemaCommands(),
		Globals:  shared("mcp-http", rpc.Globals{Session: "mcp-http", Output: "text", Timeout: 30 * time.Second}),
		Version:  cli.Version,
	}, "tok3n")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, err := http.Post(srv.URL, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: HTTP %d", resp.StatusCode)
	}
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: &http.Client{Transport: bearer{"tok3n"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	out, res := call(t, cs, "open", map[string]any{"url": srvURL + "/hello.html"})
	mustOK(t, "snap over http", out, res)
	if !strings.Contains(out, "# Hello") {
		t.Errorf("snap over http: %q", out)
	}
	// Anything but loopback needs a token.
	err = mcp.ServeHTTP(context.Background(), mcp.Options{Commands: commands.SchemaCommands()}, "0.0.0.0:0", "", nil)
	if err == nil || !strings.Contains(err.Error(), "TACT_MCP_TOKEN") {
		t.Errorf("0.0.0.0 without a token: %v", err)
	}
}

// With Structured, a tool states its output schema and a result carries
// the command's -o json as structured content beside the text (the SDK
// client checks the content against the schema).
func TestStructuredOutput(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-struct")
	s, err := mcp.NewServer(mcp.Options{
		Commands:   commands.SchemaCommands(),
		Globals:    shared("mcp-struct", rpc.Globals{Session: "mcp-struct", Output: "text", Timeout: 30 * time.Second}),
		Version:    cli.Version,
		Structured: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	with := 0
	for _, tl := range list.Tools {
		if tl.OutputSchema != nil {
			with++
		}
	}
	if with < 10 {
		t.Errorf("%d tools have an output schema", with)
	}
	out, res := snapAt(t, cs, srvURL+"/hello.html")
	mustOK(t, "snap", out, res)
	if !strings.Contains(out, "# Hello") {
		t.Errorf("text content: %q", out)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var page struct {
		Title    string `json:"title"`
		Elements []struct {
			Ref string `json:"ref"`
		} `json:"elements"`
	}
	if err := json.Unmarshal(b, &page); err != nil || page.Title != "Hello page" || len(page.Elements) == 0 {
		t.Errorf("structured content %s (%v)", b, err)
	}
}
