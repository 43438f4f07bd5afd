package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK's stdio transport ends the session on the first line it cannot
// decode, and on one of its frame limit (16 MB) or more. A client bug (or
// noise on the pipe) must not take the server down, so lines are screened
// first: a line that is not a JSON-RPC 2.0 message, or one too long, gets
// the JSON-RPC error response here and never reaches the SDK; the server
// keeps serving. The screen also keeps two promises of the protocol the
// SDK does not: a request reusing the id of one in progress gets an error
// (the SDK drops it unanswered), and a cancelled request gets no response
// (the SDK answers it when its handler returns).

// JSON-RPC 2.0 error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// maxLine bounds one message: tool arguments are small (eval sources and
// fill values stay far below), and the SDK's own limit is 16 MB.
const maxLine = sdk.DefaultMaxLineLength - 1

// lineWriter writes whole lines atomically, so the SDK's responses and the
// screen's error responses never interleave; it leaves out the responses
// to cancelled requests.
type lineWriter struct {
	mu     sync.Mutex
	w      io.Writer
	buf    []byte
	flight flight
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := l.buf[:i+1]
		var err error
		if !l.flight.answered(line) {
			_, err = l.w.Write(line)
		}
		l.buf = append(l.buf[:0], l.buf[i+1:]...)
		if err != nil {
			return 0, err
		}
	}
}

func (l *lineWriter) writeLine(b []byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := l.w.Write(append(b, '\n'))
	return err
}

// flight are the client's requests the SDK has not answered yet, by id
// (its JSON), each with whether the client cancelled it.
type flight struct {
	mu   sync.Mutex
	open map[string]bool
}

// start records a request; false when its id is in use.
func (f *flight) start(id json.RawMessage) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := string(id)
	if _, busy := f.open[k]; busy {
		return false
	}
	if f.open == nil {
		f.open = map[string]bool{}
	}
	f.open[k] = false
	return true
}

// cancel marks a request cancelled: its response is left out.
func (f *flight) cancel(id json.RawMessage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.open[string(id)]; ok {
		f.open[string(id)] = true
	}
}

// answered takes note of an outgoing line; it reports true for the
// response to a cancelled request, which is not to be sent.
func (f *flight) answered(line []byte) bool {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	if json.Unmarshal(line, &m) != nil || m.ID == nil || m.Method != nil {
		return false // not a response
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	k := string(compact(m.ID))
	cancelled, ok := f.open[k]
	delete(f.open, k)
	return ok && cancelled
}

func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// screen copies the valid messages of in to the returned reader and
// answers the others on out.
func screen(in io.Reader, out *lineWriter) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		defer pw.Close()
		br := bufio.NewReaderSize(in, 64<<10)
		for {
			line, long, err := readLine(br, maxLine)
			line = bytes.TrimSpace(line)
			var resp []byte
			switch {
			case long:
				resp = errorResponse(nil, codeInvalidRequest, fmt.Sprintf("invalid request: a message must be under %d MB", (maxLine+1)>>20))
			case len(line) > 0:
				resp = invalid(line)
				if resp == nil {
					resp = out.track(line)
				}
			}
			if resp != nil {
				if out.writeLine(resp) != nil {
					return
				}
			} else if len(line) > 0 {
				if _, err := pw.Write(append(line, '\n')); err != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return pr
}

// track notes a valid message's request id or cancellation; it returns
// the error response for a request whose id is in use.
func (l *lineWriter) track(line []byte) []byte {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			RequestID json.RawMessage `json:"requestId"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &m) != nil || m.Method == "" {
		return nil // a response to a request of the server's
	}
	if m.ID == nil {
		if m.Method == "notifications/cancelled" && m.Params.RequestID != nil {
			l.flight.cancel(compact(m.Params.RequestID))
		}
		return nil
	}
	id := compact(m.ID)
	if !l.flight.start(id) {
		return errorResponse(id, codeInvalidRequest, "invalid request: id "+string(id)+" is in use by a request in progress")
	}
	return nil
}

// readLine reads one line (without its newline) of at most max bytes; a
// longer one is read to its end and dropped (long). err is the reader's
// (io.EOF after the last line).
func readLine(br *bufio.Reader, max int) (line []byte, long bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !long {
			if len(line)+len(chunk) > max+1 {
				long, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), long, err
	}
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
