package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/mcp"
	"github.com/tact-browser/tact/internal/rpc"
)

// Malformed input lines get a JSON-RPC error response and the server keeps
// serving (no browser needed: no tool is called).
func TestMalformedLines(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- mcp.Serve(ctx, mcp.Options{
			Commands: commands.SchemaCommands(),
			Globals:  rpc.Globals{Session: "mcplines", Output: "text", Timeout: 5 * time.Second},
			Version:  cli.Version,
		}, inR, outW)
		outW.Close()
	}()
	replies := bufio.NewScanner(outR)
	replies.Buffer(nil, 1<<20)
	type reply struct {
		ID    json.RawMessage `json:"id"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
		Result json.RawMessage `json:"result"`
	}
	next := func() reply {
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
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if r := next(); r.Error != nil || string(r.ID) != "1" {
		t.Fatalf("initialize: %+v", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
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
	} {
		send(c.line)
		r := next()
		if r.Error == nil || r.Error.Code != c.code || string(r.ID) != c.id {
			t.Errorf("%q: reply id %s error %+v, want id %s code %d", c.line, r.ID, r.Error, c.id, c.code)
		}
		// Still serving.
		send(`{"jsonrpc":"2.0","id":"alive","method":"ping"}`)
		if r := next(); r.Error != nil || string(r.ID) != `"alive"` {
			t.Fatalf("after %q the server answered ping with %+v", c.line, r)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
}
