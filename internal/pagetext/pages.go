package pagetext

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/render"
)

// Heading is one entry of `read --outline`: its line (what --from takes),
// level and text.
type Heading struct {
	Line  int    `json:"line"`
	Level int    `json:"level"`
	Text  string `json:"text"`
}

// Cut says where a budgeted read stopped.
type Cut struct {
	Tokens int `json:"tokens,omitempty"` // the token budget (absent for a --max-lines cut)
	Next   int `json:"next"`             // first line not printed: --from N continues
	Lines  int `json:"lines"`            // lines in the whole text
	// InLine is the length in bytes of a line cut in the middle (it alone
	// was over the budget); its rest is not printed.
	InLine int `json:"in_line,omitempty"`
}

// HeadingOf returns the level and text of a markdown heading line.
func HeadingOf(l string) (int, string) {
	n := 0
	for n < len(l) && l[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n >= len(l) || l[n] != ' ' {
		return 0, ""
	}
	return n, strings.TrimSpace(l[n+1:])
}

// EachLine calls fn for every line of md (numbered from 1) with whether
// it lies inside a code block.
func EachLine(lines []string, fn func(i int, l string, code bool)) {
	fence := ""
	for i, l := range lines {
		f := fenceOf(l)
		code := fence != ""
		switch {
		case f == "":
		case fence == "":
			fence = f
			code = true
		case strings.HasPrefix(f, fence) && strings.TrimLeft(strings.TrimSpace(stripPrefix(l)), "`") == "":
			fence = ""
		}
		fn(i+1, l, code)
	}
}

// maxHeading caps a heading's text in --outline (a page can make one as
// long as it likes).
const maxHeading = 200

// capText cuts s to at most n bytes at a character boundary, marking the cut.
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Outline lists the headings of md.
func Outline(md string) []Heading {
	var out []Heading
	EachLine(strings.Split(md, "\n"), func(i int, l string, code bool) {
		if code {
			return
		}
		if lv, t := HeadingOf(l); lv > 0 {
			out = append(out, Heading{Line: i, Level: lv, Text: capText(t, maxHeading)})
		}
	})
	return out
}

// FromLine resolves --from: a line number (from 1), or text that starts
// the read at the first heading containing it (case-insensitively), else
// at the first line containing it; text is not looked for in the first
// skip lines (read's own note).
func FromLine(md, from string, skip int) (int, error) {
	from = strings.TrimSpace(from)
	if from == "" {
		return 1, nil
	}
	lines := strings.Split(md, "\n")
	if n, err := strconv.Atoi(from); err == nil {
		if n < 1 || n > len(lines) {
			return 0, failure.New(failure.Usage, "--from %d: the text has %d lines", n, len(lines))
		}
		return n, nil
	}
	want := strings.ToLower(from)
	for _, h := range Outline(md) {
		if h.Line > skip && strings.Contains(strings.ToLower(h.Text), want) {
			return h.Line, nil
		}
	}
	for i, l := range lines {
		if i >= skip && strings.Contains(strings.ToLower(l), want) {
			return i + 1, nil
		}
	}
	return 0, failure.New(failure.NotFound, "no heading or line contains --from %q", from)
}

// MaxBytes caps the text of any read, --max-tokens 0 included: one page's
// 50 MB text node must not become 50 MB of output.
const MaxBytes = 1 << 20

// MaxText caps the text the serializer returns for rendering (characters): what a
// window of MaxBytes can come from, with room to page through with --from.
const MaxText = 8 * MaxBytes

// minLine is how much of an over-long first line a small budget still
// prints: a whole ordinary paragraph, not a few words of it.
const minLine = 2000

// Window returns the lines of md from line `from` (1-based) that fit in
// about maxTokens tokens (and in MaxBytes: all of them when maxTokens <=
// 0 and they fit), and where it stopped (nil when it printed to the end).
// At least one line is printed, cut in the middle when it alone is over
// the budget (Cut.InLine); a code block cut in the middle is closed.
func Window(md string, from, maxTokens int) (string, *Cut) {
	lines := strings.Split(md, "\n")
	if from < 1 {
		from = 1
	}
	if from > len(lines) {
		return "", nil
	}
	rest := lines[from-1:]
	budget := MaxBytes
	if maxTokens > 0 {
		budget = min(budget, maxTokens*render.CharsPerToken)
	}
	used, n := 0, 0
	for n < len(rest) {
		c := len(rest[n]) + 1
		if used+c > budget && (n > 0 || len(rest[n]) > max(budget, minLine)) {
			break
		}
		used += c
		n++
	}
	if n == len(rest) {
		return strings.Join(rest, "\n"), nil
	}
	cut := &Cut{Tokens: budget / render.CharsPerToken, Next: from + n, Lines: len(lines)}
	// A line longer than the whole budget (a page's whole text in one
	// node) would be cut wherever it started, --from included, so it is
	// cut here, in what is left of the budget, rather than left out: its
	// start, at a character boundary.
	if l := rest[n]; len(l) > max(budget, minLine) && (n == 0 || budget-used >= minLine) {
		end := budget - used
		if n == 0 {
			end = max(budget, minLine)
		}
		for end > 0 && !utf8.RuneStart(l[end]) {
			end--
		}
		cut.InLine, cut.Next = len(l), from+n+1
		return strings.Join(append(rest[:n:n], l[:end]), "\n"), cut
	}
	kept := rest[:n:n]
	if f := openFence(kept); f != "" {
		kept = append(kept, f)
	}
	for len(kept) > 0 && kept[len(kept)-1] == "" {
		kept = kept[:len(kept)-1]
	}
	return strings.Join(kept, "\n"), cut
}
