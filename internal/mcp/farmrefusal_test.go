package mcp_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/rpc"
)

// TestFarmRefusalInToolResult: a farm that refuses with 401 is named
// plainly in the tool result, text and structured, without its token.
func TestFarmRefusalInToolResult(t *testing.T) {
	const token = "ZZmcp-farm-tok"
	farm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "bad token "+r.URL.Query().Get("token"), http.StatusUnauthorized)
	}))
	defer farm.Close()
	session := "secb-mcp-farm"
	needBrowser(t, session)
	cs := connectGlobals(t, rpc.Globals{Session: session, Output: "text", Timeout: 30 * time.Second,
		CDP: "ws" + strings.TrimPrefix(farm.URL, "http") + "/chromium?token=" + token})
	text, res := call(t, cs, "snap", map[string]any{})
	structured, _ := json.Marshal(res.StructuredContent)
	if !res.IsError || !strings.Contains(text, "wrong token (HTTP 401)") {
		t.Errorf("tool result: error %v, %q", res.IsError, text)
	}
	if strings.Contains(text, token) || strings.Contains(string(structured), token) {
		t.Errorf("the token in the tool result: %q %s", text, structured)
	}
}
