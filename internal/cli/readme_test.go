package cli_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The console examples of the README and docs/ (``` blocks of `$ tact …`
// lines, each followed by what it prints) run against the test server:
// each block in a fresh session, its 127.0.0.1:8765 pages served from
// testdata, stdout (and an `error:` line on stderr) compared line by line.
func TestREADMEConsoleExamples(t *testing.T) {
	t.Parallel()
	pages, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	for _, p := range append([]string{filepath.Join("..", "..", "README.md")}, pages...) {
		t.Run(filepath.Base(p), func(t *testing.T) {
			t.Parallel()
			runConsoleExamples(t, p)
		})
	}
}

func runConsoleExamples(t *testing.T, path string) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```[a-z]*\n(\\$ tact .*?)```").FindAllStringSubmatch(string(b), -1)
	if filepath.Base(path) == "README.md" && len(blocks) == 0 {
		t.Fatal("the README has no console example")
	}
	const readmeHost = "http://127.0.0.1:8765"
	for bi, m := range blocks {
		s := "readme-" + strings.TrimSuffix(filepath.Base(path), ".md") + "-" + strconv.Itoa(bi)
		var cmd string
		var want []string
		check := func() {
			if cmd == "" {
				return
			}
			args := splitArgs(t, strings.ReplaceAll(cmd, readmeHost, srvURL))
			r := tact(t, s, args...)
			out := r.out
			for _, line := range strings.Split(r.err, "\n") {
				if strings.HasPrefix(line, "error: ") {
					out += line + "\n"
				}
			}
			got := strings.TrimRight(strings.ReplaceAll(out, srvURL, readmeHost), "\n")
			if exp := strings.TrimRight(strings.Join(want, "\n"), "\n"); got != exp {
				t.Errorf("%s example `tact %s` (exit %d) prints:\n%s\nthe page says:\n%s\n%s", path, cmd, r.code, got, exp, r.err)
			}
		}
		for _, line := range strings.Split(m[1], "\n") {
			if rest, ok := strings.CutPrefix(line, "$ tact "); ok {
				check()
				cmd, want = rest, nil
				continue
			}
			want = append(want, line)
		}
		check()
	}
}

// splitArgs splits an example's command line on spaces, keeping "…"
// quoted words together.
func splitArgs(t *testing.T, line string) []string {
	var args []string
	for _, f := range regexp.MustCompile(`"[^"]*"|\S+`).FindAllString(line, -1) {
		if uq, err := strconv.Unquote(f); err == nil && strings.HasPrefix(f, `"`) {
			f = uq
		}
		args = append(args, f)
	}
	return args
}
