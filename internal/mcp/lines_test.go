package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/mcp"
	"github.com/tact-browser/tact/internal/rpc"
)

// reply is a JSON-RPC response as the tests read it.
type reply struct {
	ID    json.RawMessage `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result json.RawMessage `json:"result"`
}

// pipeServer runs Serve on pipes: send writes a line, next reads the next
// reply (failing the test if the server stopped), end closes the input and
// checks that Serve returned cleanly.
func pipeServer(t *testing.T, g rpc.Globals) (send func(string), next func() reply, end func()) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	done := make(chan error, 1)
	go func() {
		done <- mcp.Serve(ctx, mcp.Options{Commands: commands.SchemaCommands(), Globals: g, Version: cli.Version}, inR, outW)
		outW.Close()
	}()
	replies := bufio.NewScanner(outR)
	replies.Buffer(nil, 1<<20)
	next = func() reply {
		t.Helper()
		if !replies.Scan() {
			t.Fatalf("the server stopped answering (%v)", replies.Err())
		}
		var r reply
		if err := json.Unmarshal(replies.Bytes(), &r); err != nil {
			t.Fatalf("reply %q: %v", replies.Text(), err)
		}
		return r
	}
	send = func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	end = func() {
		defer cancel()
		inW.Close()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if r := next(); r.Error != nil || string(r.ID) != "1" {
		t.Fatalf("initialize: %+v", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return send, next, end
}

// Malformed input lines, and lines of 16 MB or more, get a JSON-RPC error
// response and the server keeps serving (no browser needed: no tool is
// called).
func TestMalformedLines(t *testing.T) {
	send, next, end := pipeServer(t, rpc.Globals{Session: "mcplines", Output: "text", Timeout: 5 * time.Second})
	huge := `{"jsonrpc":"2.0","id":12,"method":"ping","params":{"x":"` + strings.Repeat("a", 16<<20) + `"}}`
	for _, c := range []struct {
		line string
		code int
		id   string
	}{
		{`{not json`, -32700, "null"},
		{`[]`, -32600, "null"},
		{`[{"jsonrpc":"2.0","id":5,"method":"ping"}]`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":99999999999999999999999,"method":"ping"}`, -32600, "null"},
		{`{"jsonrpc":"1.0","id":7,"method":"ping"}`, -32600, "7"},
		{`{"id":8,"method":"ping"}`, -32600, "8"},
		{"{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"x\":\"\xff\"}", -32700, "null"},
		{`{"jsonrpc":"2.0"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":10}`, -32600, "10"},
		{`{"jsonrpc":"2.0","id":11,"method":42}`, -32600, "11"},
		{`null`, -32600, "null"},
		{huge, -32600, "null"},
		{huge + strings.Repeat(" ", 16<<20), -32600, "null"},
	} {
		send(c.line)
		r := next()
		if r.Error == nil || r.Error.Code != c.code || string(r.ID) != c.id {
			t.Errorf("%.60q: reply id %s error %+v, want id %s code %d", c.line, r.ID, r.Error, c.id, c.code)
		}
		// Still serving.
		send(`{"jsonrpc":"2.0","id":"alive","method":"ping"}`)
		if r := next(); r.Error != nil || string(r.ID) != `"alive"` {
			t.Fatalf("after %.60q the server answered ping with %+v", c.line, r)
		}
	}
	end()
}

// Over stdio, a request that reuses the id of one in progress gets an
// error (the SDK alone leaves it unanswered), and a request the client
// cancelled gets no response after the cancel (the SDK alone sends one).
func TestStdioDuplicateIDAndCancel(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-ids")
	send, next, end := pipeServer(t, shared("mcp-ids", rpc.Globals{Session: "mcp-ids", Output: "text", Timeout: 10 * time.Minute}))
	defer end()
	send(fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"open","arguments":{"url":%q,"no_snap":true}}}`, srvURL+"/hello.html"))
	if r := next(); r.Error != nil || string(r.ID) != "2" {
		t.Fatalf("open: %+v", r)
	}
	send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"wait","arguments":{"condition":"text=words that never appear"}}}`)
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && !daemonBusy(t, "mcp-ids"); {
		time.Sleep(20 * time.Millisecond)
	}
	send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	if r := next(); r.Error == nil || r.Error.Code != -32600 || string(r.ID) != "5" || !strings.Contains(r.Error.Message, "in use") {
		t.Errorf("a second request with id 5 in progress: %+v", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5,"reason":"test"}}`)
	// The read runs once the daemon has stopped the cancelled wait, long
	// after the wait's handler returned: a response to 5 would come first.
	send(`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"read","arguments":{}}}`)
	for {
		r := next()
		if string(r.ID) == "5" {
			t.Errorf("the cancelled request got a response: %+v", r)
			continue
		}
		if string(r.ID) == "6" {
			if r.Error != nil || !strings.Contains(string(r.Result), "Hello") {
				t.Errorf("read after the cancel: %+v %s", r.Error, r.Result)
			}
			break
		}
	}
	// The id is free again.
	send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	if r := next(); r.Error != nil || string(r.ID) != "5" {
		t.Errorf("id 5 after its call ended: %+v", r)
	}
}
