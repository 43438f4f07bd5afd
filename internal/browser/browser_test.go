package browser

import (
	"context"
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
		if _, err := ResolveCDP(ctx, spec); err == nil {
			t.Errorf("%q accepted", spec)
		}
	}
	if u, err := ResolveCDP(ctx, "ws://127.0.0.1:1/devtools/browser/abc"); err != nil || u != "ws://127.0.0.1:1/devtools/browser/abc" {
		t.Errorf("full ws URL: %q %v", u, err)
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
