package main

import (
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// tact runs at every call an agent makes and relays it to the daemon:
// the flag parser, the protocol types, browser code and the libraries
// only the daemon needs (main-content extraction, the MCP server) stay
// out of it, so no call pays for initialising them.
func TestCLILinksNoDaemonLibraries(t *testing.T) {
	// go test puts the go tool that runs it first on PATH.
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for dep := range strings.SplitSeq(string(out), "\n") {
		for _, banned := range []string{"tact/internal/read", "tact/internal/mcp", "tact/internal/cli", "tact/internal/commands", "tact/internal/page", "tact/internal/browser", "alecthomas/kong", "chromedp/cdproto", "modelcontextprotocol/go-sdk", "go-trafilatura", "go-domdistiller", "html-to-markdown", "ledongthuc/pdf"} {
			if strings.Contains(dep, banned) {
				t.Errorf("cmd/tact links %s", dep)
			}
		}
		// net links its cgo resolver: a dynamically linked relay starts
		// ~1 ms slower on every call (go install builds with cgo where a
		// C compiler is found).
		if runtime.GOOS != "windows" && (dep == "net" || dep == "runtime/cgo") {
			t.Errorf("cmd/tact links %s", dep)
		}
	}
}
