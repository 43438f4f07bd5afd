package cli_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The README's console examples (``` blocks of `$ tact …` lines, each
// followed by what it prints) run against the test server: each block in
// a fresh session, its 127.0.0.1:8765 pages served from testdata, stdout
// compared line by line.
func TestREADMEConsoleExamples(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```[a-z]*\n(\\$ tact .*?)```").FindAllStringSubmatch(string(b), -1)
	if len(blocks) == 0 {
		t.Fatal("the README has no console example")
	}
	const readmeHost = "http://127.0.0.1:8765"
	for bi, m := range blocks {
		s := "readme-" + strconv.Itoa(bi)
		var cmd string
		var want []string
		check := func() {
			if cmd == "" {
				return
			}
			args := splitArgs(t, strings.ReplaceAll(cmd, readmeHost, srvURL))
			r := tact(t, s, args...)
			got := strings.TrimRight(strings.ReplaceAll(r.out, srvURL, readmeHost), "\n")
			if exp := strings.TrimRight(strings.Join(want, "\n"), "\n"); got != exp {
				t.Errorf("README example `tact %s` (exit %d) prints:\n%s\nthe README says:\n%s\n%s", cmd, r.code, got, exp, r.err)
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
