package mcp_test

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/mcp"
	"github.com/tact-browser/tact/internal/rpc"
)

// A request from a web page of another origin gets 403 (the MCP spec's
// rule against DNS rebinding and drive-by pages); the server's own
// origin, an --allow-origin one and clients that send none are served.
// Sessions are capped. No browser is needed: nothing reaches a tool.
func TestHTTPOriginAndSessionCap(t *testing.T) {
	t.Parallel()
	h, err := mcp.HTTPHandler(mcp.Options{
		Commands: commands.SchemaCommands(),
		Globals:  rpc.Globals{Session: "mcp-origin", Output: "text"},
		Version:  cli.Version,
		Origins:  []string{"http://localhost:6274"},
	}, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	const (
		ping       = `{"jsonrpc":"2.0","id":1,"method":"ping"}`
		initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	)
	post := func(base, origin, body string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, base, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, o := range []string{"http://evil.example", "null", "http://localhost:6275", srv.URL + ".evil.example"} {
		if code := post(srv.URL, o, ping); code != http.StatusForbidden {
			t.Errorf("Origin %s: HTTP %d, want 403", o, code)
		}
	}
	for _, o := range []string{srv.URL, "http://LOCALHOST:6274"} {
		if code := post(srv.URL, o, ping); code == http.StatusForbidden {
			t.Errorf("Origin %s: 403", o)
		}
	}
	if _, err := mcp.HTTPHandler(mcp.Options{Commands: commands.SchemaCommands(), Origins: []string{"localhost:6274/x"}}, ""); err == nil {
		t.Errorf("a malformed --allow-origin was accepted")
	}

	// Up to the cap, sessions start; one more is refused until one ends.
	// A fresh server: the requests above may have left sessions that end
	// by themselves.
	h, err = mcp.HTTPHandler(mcp.Options{Commands: commands.SchemaCommands(), Globals: rpc.Globals{Session: "mcp-origin"}, Version: cli.Version}, "")
	if err != nil {
		t.Fatal(err)
	}
	srv2 := httptest.NewServer(h)
	defer srv2.Close()
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil)
	var sessions []*sdk.ClientSession
	defer func() {
		for _, cs := range sessions {
			cs.Close()
		}
	}()
	for len(sessions) < mcp.MaxSessions {
		cs, err := c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: srv2.URL}, nil)
		if err != nil && strings.Contains(err.Error(), "Service Unavailable") && len(sessions) >= mcp.MaxSessions-2 {
			// On a loaded machine a client may retry an initialize the
			// server already took: that session counts too.
			break
		}
		if err != nil {
			t.Fatalf("session %d: %v", len(sessions)+1, err)
		}
		sessions = append(sessions, cs)
	}
	if code := post(srv2.URL, "", initialize); code != http.StatusServiceUnavailable {
		t.Errorf("a session past the cap: HTTP %d, want 503 (%d sessions connected)", code, len(sessions))
	}
	sessions[0].Close()
	sessions = sessions[1:]
	// The server frees the place once it has seen the session end.
	var cs *sdk.ClientSession
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if cs, err = c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: srv2.URL}, nil); err == nil || time.Now().After(end) {
			break
		}
	}
	if err != nil {
		t.Errorf("a session after one ended: %v", err)
	} else {
		sessions = append(sessions, cs)
	}
}

// Without TACT_MCP_TOKEN, --http refuses to start even on loopback (a
// loopback port is every local user's), unless the user passes the flag
// that says so; then it serves.
func TestHTTPNeedsTokenOrConsent(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	code := cli.Main([]string{"--session", "mcp-consent", "mcp", "--http", "127.0.0.1:0"}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "every local user") || !strings.Contains(stderr.String(), "--no-token-any-local-user") {
		t.Errorf("mcp --http without a token: exit %d %q", code, stderr.String())
	}
	stderr.Reset()
	if code := cli.Main([]string{"--session", "mcp-consent", "mcp", "--no-token-any-local-user"}, &stdout, &stderr); code != 2 {
		t.Errorf("--no-token-any-local-user without --http: exit %d %q", code, stderr.String())
	}
	o := mcp.Options{Commands: commands.SchemaCommands(), Globals: rpc.Globals{Session: "mcp-consent"}, Version: cli.Version}
	served := false
	if err := mcp.ServeHTTP(context.Background(), o, "127.0.0.1:0", "", func(net.Addr) { served = true }); err == nil || served {
		t.Errorf("ServeHTTP on loopback without a token or consent: served %v, %v", served, err)
	}
	o.AnyLocalUser = true
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	status := make(chan int, 1)
	err := mcp.ServeHTTP(ctx, o, "127.0.0.1:0", "", func(a net.Addr) {
		// The server serves once this returns.
		go func() {
			defer cancel()
			resp, err := http.Post("http://"+a.String(), "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
			if err != nil {
				status <- 0
				return
			}
			resp.Body.Close()
			status <- resp.StatusCode
		}()
	})
	code = <-status
	if served = code != 0 && code != http.StatusUnauthorized && code != http.StatusForbidden; err != nil || !served {
		t.Errorf("ServeHTTP with --no-token-any-local-user: HTTP %d, %v", code, err)
	}
}

// Sessions opened all at once cannot pass the cap together: the count and
// the new session are one step (issue 42: two racing for the last place
// both got in).
func TestHTTPSessionCapUnderRace(t *testing.T) {
	t.Parallel()
	h, err := mcp.HTTPHandler(mcp.Options{Commands: commands.SchemaCommands(), Globals: rpc.Globals{Session: "mcp-race"}, Version: cli.Version}, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	codes := make(chan int, 2*mcp.MaxSessions)
	var wg sync.WaitGroup
	for range 2 * mcp.MaxSessions {
		wg.Go(func() {
			req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(initialize))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				codes <- 0
				return
			}
			resp.Body.Close()
			codes <- resp.StatusCode
		})
	}
	wg.Wait()
	close(codes)
	in := 0
	for c := range codes {
		if c == http.StatusOK {
			in++
		} else if c != http.StatusServiceUnavailable {
			t.Errorf("HTTP %d", c)
		}
	}
	if in != mcp.MaxSessions {
		t.Errorf("%d sessions opened at once got in, want %d", in, mcp.MaxSessions)
	}
}
