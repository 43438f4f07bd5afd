package render

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/snapshot"
)

// codeLine is a code block's first line and size.
func codeLine(c snapshot.Code) string {
	first := snapshot.Cut(clean(c.First), 80)
	if c.Lines <= 1 {
		return "> code: " + first
	}
	return fmt.Sprintf("> code, %s: %s", plural(c.Lines, "line", "lines"), first)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return thousands(n) + " " + many
}

// thousands formats n with comma separators: 2,950.
// Thousands formats n with comma separators (3,000).
func Thousands(n int) string { return thousands(n) }

func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Terminal escape sequences (CSI, OSC) that a hostile page could put in a
// name to rewrite what a human watching the agent's terminal sees.
var ansiRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.?|\x9b[0-9;?]*[ -/]*[@-~]`)
})

// clean removes escape sequences, control characters and bidi overrides,
// and folds whitespace.
func clean(s string) string {
	if s == "" {
		return s
	}
	if strings.ContainsAny(s, "\x1b\u009b") {
		s = ansiRE().ReplaceAllString(s, "")
	}
	bad := func(r rune) bool { return unprintable(r) || r == utf8.RuneError }
	if strings.ContainsFunc(s, bad) {
		s = strings.Map(func(r rune) rune {
			switch {
			case r == '\t' || r == '\n' || r == '\r':
				return ' '
			case bad(r):
				return -1
			}
			return r
		}, s)
	}
	return snapshot.Fold(s)
}

// cleanValue is clean for a field's value: escape sequences and
// unprintable runes go, but its edge spaces and line breaks stay (quote
// escapes them): an agent copies the value and checks it.
func cleanValue(s string) string {
	if strings.ContainsAny(s, "\x1b\u009b") {
		s = ansiRE().ReplaceAllString(s, "")
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case unprintable(r) || r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
}

// unprintable is a control character or a bidi override: it moves or
// recolours a terminal's text rather than printing.
func unprintable(r rune) bool { return r < 0x20 || (r >= 0x7f && r < 0xa0) || isBidi(r) }

func isBidi(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f
}

// Terminal makes finished output safe to print on a terminal, keeping its
// lines: escape sequences, control characters other than tab and line
// feed, and bidi overrides are removed. Every text answer passes through
// it (the daemon's boundary), so page text in read, console, eval or an
// error cannot rewrite what a person watching the agent sees.
func Terminal(s string) string {
	if strings.ContainsAny(s, "\x1b\u009b") {
		s = ansiRE().ReplaceAllString(s, "")
	}
	bad := func(r rune) bool { return r != '\t' && r != '\n' && unprintable(r) }
	if !strings.ContainsFunc(s, bad) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if bad(r) {
			return -1
		}
		return r
	}, s)
}
