// Package browser finds a Chrome/Chromium executable, launches it with a
// loopback-only debugging port, and attaches to browsers started elsewhere.
package browser

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// ErrNotFound means no Chrome-family browser could be located.
var ErrNotFound = errors.New("no Chrome or Chromium found: set TACT_CHROME to its path, or install one (Debian/Ubuntu: sudo apt-get install -y chromium)")

// candidates in order of preference: stable Chrome first, then Chromium, Edge, Brave.
var pathNames = []string{
	"google-chrome", "google-chrome-stable", "chromium", "chromium-browser",
	"microsoft-edge", "microsoft-edge-stable", "brave-browser", "brave",
	"chrome", "msedge", // Windows (PATH lookup adds .exe)
}

var installPaths = map[string][]string{
	"linux": {
		"/usr/bin/google-chrome", "/opt/google/chrome/chrome", "/usr/bin/chromium",
		"/usr/bin/chromium-browser", "/snap/bin/chromium", "/usr/bin/microsoft-edge",
		"/opt/microsoft/msedge/msedge", "/usr/bin/brave-browser", "/opt/brave.com/brave/brave",
	},
	"darwin": {
		"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
		"/Applications/Chromium.app/Contents/MacOS/Chromium",
		"/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		"/Applications/Brave Browser.app/Contents/MacOS/Brave Browser",
	},
	"windows": windowsPaths(os.Getenv),
}

// windowsPaths are the per-machine and per-user install locations of
// Chrome, Chromium, Edge and Brave on Windows.
func windowsPaths(getenv func(string) string) []string {
	apps := []string{
		`Google\Chrome\Application\chrome.exe`,
		`Chromium\Application\chrome.exe`,
		`Microsoft\Edge\Application\msedge.exe`,
		`BraveSoftware\Brave-Browser\Application\brave.exe`,
	}
	var out []string
	for _, app := range apps {
		for _, env := range []string{"ProgramFiles", "ProgramFiles(x86)", "LocalAppData"} {
			if dir := getenv(env); dir != "" {
				out = append(out, strings.TrimRight(dir, `\`)+`\`+app)
			}
		}
	}
	return out
}

// Find returns the browser executable: $TACT_CHROME, $CHROME_PATH, then the
// usual names on PATH and install locations.
func Find() (string, error) {
	for _, env := range []string{"TACT_CHROME", "CHROME_PATH"} {
		if p := os.Getenv(env); p != "" {
			if _, err := os.Stat(p); err != nil {
				return "", errors.New(env + "=" + p + ": no such file")
			}
			return p, nil
		}
	}
	for _, name := range pathNames {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	for _, p := range installPaths[runtime.GOOS] {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return "", ErrNotFound
}
