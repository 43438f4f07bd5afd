package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"sync"
	"unicode/utf8"
)

// The SDK's stdio transport ends the session on the first line it cannot
// decode. A client bug (or noise on the pipe) must not take the server
// down, so lines are screened first: a line that is not a JSON-RPC 2.0
// message gets the JSON-RPC error response here and never reaches the
// SDK; the server keeps serving.

// JSON-RPC 2.0 error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// maxLine bounds one message (tool arguments are small; eval sources and
// fill values stay far below).
const maxLine = 32 << 20

// lineWriter writes whole lines atomically, so the SDK's responses and the
// screen's error responses never interleave.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	if i := bytes.LastIndexByte(l.buf, '\n'); i >= 0 {
		_, err := l.w.Write(l.buf[:i+1])
		l.buf = append(l.buf[:0], l.buf[i+1:]...)
		if err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (l *lineWriter) writeLine(b []byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := l.w.Write(append(b, '\n'))
	return err
}

// screen copies the valid messages of in to the returned reader and
// answers the others on out.
func screen(in io.Reader, out *lineWriter) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), maxLine)
		for sc.Scan() {
			line := bytes.TrimSpace(sc.Bytes())
			if len(line) == 0 {
				continue
			}
			if resp := invalid(line); resp != nil {
				if out.writeLine(resp) != nil {
					break
				}
				continue
			}
			if _, err := pw.Write(append(line, '\n')); err != nil {
				return
			}
		}
		if err := sc.Err(); err != nil {
			// A line over maxLine: say so, then end like at EOF (the
			// stream position is lost).
			_ = out.writeLine(errorResponse(nil, codeInvalidRequest, "message too long"))
		}
		pw.Close()
	}()
	return pr
}

// invalid returns the error response for a line that is not a JSON-RPC
// 2.0 request, notification or response; nil when it is one.
func invalid(line []byte) []byte {
	if !utf8.Valid(line) {
		return errorResponse(nil, codeParseError, "parse error: not valid UTF-8")
	}
	var msg map[string]json.RawMessage
	if err := json.Unmarshal(line, &msg); err != nil {
		if json.Valid(line) {
			return errorResponse(nil, codeInvalidRequest, "invalid request: a message must be a JSON object (batches are not supported)")
		}
		return errorResponse(nil, codeParseError, "parse error: "+err.Error())
	}
	id, hasID := msg["id"]
	if hasID && !validID(id) {
		return errorResponse(nil, codeInvalidRequest, "invalid request: id must be a string, an integer or null")
	}
	var version string
	if json.Unmarshal(msg["jsonrpc"], &version) != nil || version != "2.0" {
		return errorResponse(id, codeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
	}
	var method string
	if m, ok := msg["method"]; ok {
		if json.Unmarshal(m, &method) != nil || method == "" {
			return errorResponse(id, codeInvalidRequest, "invalid request: method must be a non-empty string")
		}
		return nil
	}
	_, result := msg["result"]
	_, failed := msg["error"]
	if !hasID || result == failed {
		return errorResponse(id, codeInvalidRequest, "invalid request: neither a request (method) nor a response (id and result or error)")
	}
	return nil
}

func validID(id json.RawMessage) bool {
	s := bytes.TrimSpace(id)
	if len(s) == 0 {
		return false
	}
	switch s[0] {
	case '"':
		var v string
		return json.Unmarshal(s, &v) == nil
	case 'n':
		return string(s) == "null"
	default:
		// Integers the SDK keeps exactly; a fraction or a number past
		// int64 would come back as another id.
		_, err := strconv.ParseInt(string(s), 10, 64)
		return err == nil
	}
}

func errorResponse(id json.RawMessage, code int, message string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, message}})
	return b
}
