package browser

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestIsLoopback(t *testing.T) {
	for u, want := range map[string]bool{
		"ws://127.0.0.1:9222/devtools/browser/x": true,
		"ws://localhost:1/x":                     true,
		"ws://[::1]:9222/x":                      true,
		"ws://10.0.0.5:9222/x":                   false,
		"wss://farm.example.com/x":               false,
		"::not a url":                            false,
	} {
		if got := IsLoopback(u); got != want {
			t.Errorf("%s: %v", u, got)
		}
	}
}

func TestResolveCDPErrors(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"", "not a host", "ftp://x:1"} {
		if _, err := ResolveCDP(ctx, spec, nil); err == nil {
			t.Errorf("%q accepted", spec)
		}
	}
	if e, err := ResolveCDP(ctx, "ws://127.0.0.1:1/devtools/browser/abc", nil); err != nil || e.WS != "ws://127.0.0.1:1/devtools/browser/abc" {
		t.Errorf("full ws URL: %q %v", e.WS, err)
	}
}

// A farm behind a proxy reports its debugger URL with the proxy's idea of
// the host; tact keeps the path, dials what it was given and keeps the
// query (the token) and the headers on every request.
func TestResolveCDPBehindProxy(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("token") != "s3cret" && r.Header.Get("Authorization") != "Bearer s3cret" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, `{"webSocketDebuggerUrl": "ws://localhost/devtools/browser/xyz"}`)
	}))
	defer srv.Close()
	ctx := context.Background()
	host := strings.TrimPrefix(srv.URL, "http://")
	e, err := ResolveCDP(ctx, srv.URL+"?token=s3cret", nil)
	if want := "ws://" + host + "/devtools/browser/xyz?token=s3cret"; err != nil || e.WS != want {
		t.Errorf("with token: %q %v, want %q", e.WS, err, want)
	}
	h, err := ParseHeaders([]string{"Authorization: Bearer s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	if e, err := ResolveCDP(ctx, host, h); err != nil || e.WS != "ws://"+host+"/devtools/browser/xyz" || e.Header.Get("Authorization") == "" {
		t.Errorf("with header: %+v %v", e, err)
	}
	if e, err := ResolveCDP(ctx, "ws://"+host+"?token=s3cret", nil); err != nil || e.WS != "ws://"+host+"/devtools/browser/xyz?token=s3cret" {
		t.Errorf("ws://host:port with token: %q %v", e.WS, err)
	}
	// Refused: the status and the URL, with the secret hidden.
	_, err = ResolveCDP(ctx, srv.URL+"?token=n0t-1t", nil)
	if err == nil || !strings.Contains(err.Error(), "HTTP 401") || strings.Contains(err.Error(), "n0t-1t") || !strings.Contains(err.Error(), host) {
		t.Errorf("refused: %v", err)
	}
}

func TestParseHeadersAndRedact(t *testing.T) {
	for _, bad := range []string{"nocolon", ": SECRET", "A B: SECRET", "A: SECRET\r\nX: y"} {
		if _, err := ParseHeaders([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		} else if strings.Contains(err.Error(), "SECRET") {
			t.Errorf("%q: the value leaks into %v", bad, err)
		}
	}
	for in, want := range map[string]string{
		"Authorization: Bearer x":            "Authorization: …",
		"wss://u:p@farm.example/b?token=abc": "wss://…@farm.example/b?token=…",
		"http://127.0.0.1:9222/json/version": "http://127.0.0.1:9222/json/version",
		"":                                   "",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFindHonoursEnv(t *testing.T) {
	fake := filepath.Join(t.TempDir(), "chrome")
	os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755)
	t.Setenv("TACT_CHROME", fake)
	if p, err := Find(); err != nil || p != fake {
		t.Errorf("Find = %q %v", p, err)
	}
	t.Setenv("TACT_CHROME", filepath.Join(t.TempDir(), "missing"))
	if _, err := Find(); err == nil || !strings.Contains(err.Error(), "TACT_CHROME") {
		t.Errorf("missing TACT_CHROME: %v", err)
	}
}

func TestWindowsPaths(t *testing.T) {
	env := map[string]string{`ProgramFiles`: `C:\Program Files`, `ProgramFiles(x86)`: `C:\Program Files (x86)\`, `LocalAppData`: `C:\Users\ada\AppData\Local`}
	got := windowsPaths(func(k string) string { return env[k] })
	for _, want := range []string{
		`C:\Program Files\Google\Chrome\Application\chrome.exe`,
		`C:\Users\ada\AppData\Local\Google\Chrome\Application\chrome.exe`,
		`C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe`,
		`C:\Users\ada\AppData\Local\Chromium\Application\chrome.exe`,
		`C:\Program Files\BraveSoftware\Brave-Browser\Application\brave.exe`,
	} {
		if !slices.Contains(got, want) {
			t.Errorf("%s missing from %q", want, got)
		}
	}
	if got[0] != `C:\Program Files\Google\Chrome\Application\chrome.exe` {
		t.Errorf("Chrome is not preferred: %q", got[0])
	}
	if len(windowsPaths(func(string) string { return "" })) != 0 {
		t.Error("paths without their environment variables")
	}
}

// A user's --disable-features adds to tact's list instead of replacing it
// (Chromium keeps only the last such flag).
func TestMergeDisabledFeatures(t *testing.T) {
	args := mergeDisabledFeatures([]string{"--a", "--disable-features=Translate,WebUIOmniboxPopup", "--b", "--disable-features=Foo,Translate", "--disable-features="})
	want := []string{"--a", "--disable-features=Translate,WebUIOmniboxPopup,Foo", "--b"}
	if !slices.Equal(args, want) {
		t.Errorf("merged %q, want %q", args, want)
	}
	if got := mergeDisabledFeatures([]string{"--a"}); !slices.Equal(got, []string{"--a"}) {
		t.Errorf("no flag: %q", got)
	}
	base := mergeDisabledFeatures(append(slices.Clone(baseArgs), "--disable-features=Foo"))
	n := 0
	for _, a := range base {
		if v, ok := strings.CutPrefix(a, "--disable-features="); ok {
			n++
			if !strings.Contains(v, "WebUIOmniboxPopup") || !strings.HasSuffix(v, ",Foo") {
				t.Errorf("launch flags lose a feature: %s", a)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d --disable-features flags in %q", n, base)
	}
}
