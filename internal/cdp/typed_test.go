package cdp

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// pipePeer plays the browser's end of --remote-debugging-pipe: it hands
// each message tact writes to answer, and writes back what answer returns.
func pipePeer(t *testing.T, answer func(msg map[string]jsontext.Value) string) *Conn {
	t.Helper()
	toBrowserR, toBrowserW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fromBrowserR, fromBrowserW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		r := bufio.NewReader(toBrowserR)
		for {
			b, err := r.ReadBytes(0)
			if err != nil {
				return
			}
			var m map[string]jsontext.Value
			if json.Unmarshal(bytes.TrimSuffix(b, []byte{0}), &m) != nil {
				return
			}
			if out := answer(m); out != "" {
				fromBrowserW.Write(append([]byte(out), 0))
			}
		}
	}()
	c := OverPipe(fromBrowserR, toBrowserW)
	t.Cleanup(func() { c.Close(); toBrowserR.Close(); fromBrowserW.Close() })
	return c
}

// A typed call writes the protocol's own parameter names: the isolated
// world's contextId can no longer be misspelled into the page's world.
func TestTypedCallParamsAndResult(t *testing.T) {
	var sent string
	c := pipePeer(t, func(m map[string]jsontext.Value) string {
		sent = string(m["params"])
		return `{"id":` + string(m["id"]) + `,"sessionId":"S","result":{"result":{"type":"number","value":42}}}`
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := Call(ctx, c.Session("S"), runtime.Evaluate, runtime.EvaluateParams{Expression: "6*7", ContextID: 7, ReturnByValue: new(true)})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"expression":"6*7","contextId":7,"returnByValue":true}`; sent != want {
		t.Errorf("params %s, want %s", sent, want)
	}
	if res.Result == nil || string(res.Result.Value) != "42" {
		t.Errorf("result %+v", res.Result)
	}
}

func TestHandlersDecodeOnce(t *testing.T) {
	h := &Handlers[string]{}
	var got []string
	On(h, page.FrameNavigated, func(c string, ev *page.EventFrameNavigated) {
		got = append(got, c+" "+ev.Frame.URL)
	})
	if !h.Handles("Page.frameNavigated") || h.Handles("Page.loadEventFired") {
		t.Fatal("Handles does not follow the registrations")
	}
	ok := Event{Method: "Page.frameNavigated", Params: jsontext.Value(`{"frame":{"id":"F","loaderId":"L","url":"http://x/","domainAndRegistry":"","securityOrigin":"","mimeType":"text/html","secureContextType":"Secure","crossOriginIsolatedContextType":"NotIsolated","gatedAPIFeatures":[]},"type":"Navigation"}`)}
	if err := h.Dispatch("tab1", ok); err != nil {
		t.Fatal(err)
	}
	// A payload of the wrong shape is an error, never a zero-valued event.
	bad := Event{Method: "Page.frameNavigated", Params: jsontext.Value(`{"frame":"not an object"}`)}
	err := h.Dispatch("tab1", bad)
	if err == nil || !strings.Contains(err.Error(), "Page.frameNavigated") {
		t.Errorf("bad payload: err = %v", err)
	}
	if len(got) != 1 || got[0] != "tab1 http://x/" {
		t.Errorf("handled %q", got)
	}
	// Unregistered events are ignored.
	if err := h.Dispatch("tab1", Event{Method: "Page.loadEventFired"}); err != nil {
		t.Error(err)
	}
}

// A browser error comes back as *Error naming the method.
func TestTypedCallError(t *testing.T) {
	c := pipePeer(t, func(m map[string]jsontext.Value) string {
		return `{"id":` + string(m["id"]) + `,"error":{"code":-32000,"message":"No frame"}}`
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := Run(ctx, c.Browser(), page.Reload, page.ReloadParams{})
	if err == nil || err.Error() != "Page.reload: No frame" {
		t.Fatalf("err = %v", err)
	}
	_, err = Call(ctx, c.Session("S"), page.GetFrameTree, proto.Empty{})
	if err == nil {
		t.Fatal("no error")
	}
}
