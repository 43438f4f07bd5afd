package commands

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/schema"
)

// The reference in docs/ is checked against the command structs that
// --help, the MCP tools and the schemas are generated from: every command
// is in docs/commands.md, and every flag of every command is named
// somewhere in docs/ (global flags are checked in internal/cli).
func TestDocsNameEveryCommandAndFlag(t *testing.T) {
	docs := readDocs(t)
	commands, _ := os.ReadFile(filepath.Join("..", "..", "docs", "commands.md"))
	for _, e := range All() {
		if e.Name == "snapshot" || strings.HasPrefix(e.Name, "__") {
			continue // a hidden alias
		}
		if !describes(string(commands), e.Name) {
			t.Errorf("docs/commands.md does not describe `%s`", e.Name)
		}
		for _, f := range flagNames(e.Type) {
			if !regexp.MustCompile(regexp.QuoteMeta(f) + `\b`).MatchString(docs) {
				t.Errorf("no page in docs/ names %s of `%s`", f, e.Name)
			}
		}
	}
}

// describes reports whether a line of the page starts a command's
// synopsis ("`tab list|new [url]|switch …") naming every word of it.
func describes(page, name string) bool {
	words := strings.Fields(name)
	for _, line := range strings.Split(page, "\n") {
		i := strings.Index(line, "`"+words[0])
		if i < 0 {
			continue
		}
		rest, ok := line[i+1:], true
		for _, w := range words[1:] {
			ok = ok && regexp.MustCompile(`\b`+regexp.QuoteMeta(w)+`\b`).MatchString(rest)
		}
		if ok {
			return true
		}
	}
	return false
}

// flagNames are a command struct's flags as the CLI spells them.
func flagNames(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, flagNames(f.Type)...)
			continue
		}
		if !f.IsExported() || f.Tag.Get("hidden") != "" || f.Tag.Get("kong") == "-" {
			continue
		}
		if _, ok := f.Tag.Lookup("arg"); ok {
			continue
		}
		if _, ok := f.Tag.Lookup("cmd"); ok {
			continue
		}
		name := f.Tag.Get("name")
		if name == "" {
			name = schema.Kebab(f.Name)
		}
		out = append(out, "--"+name)
	}
	return out
}

// readDocs returns every page of docs/ and the README, joined.
func readDocs(t *testing.T) string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	var b strings.Builder
	for _, p := range append(pages, filepath.Join("..", "..", "README.md")) {
		s, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(s)
	}
	return b.String()
}

// Links between the pages resolve to files of this repository; nothing
// points outside it.
func TestDocsLinksStayInRepo(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	pages = append(pages, filepath.Join("..", "..", "README.md"))
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	link := regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)
	for _, p := range pages {
		b, _ := os.ReadFile(p)
		text := regexp.MustCompile("`[^`\n]*`").ReplaceAllString(string(b), "")
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") {
				continue
			}
			abs, _ := filepath.Abs(filepath.Join(filepath.Dir(p), target))
			if !strings.HasPrefix(abs, root+string(filepath.Separator)) {
				t.Errorf("%s links outside the repository: %s", p, target)
			} else if _, err := os.Stat(abs); err != nil {
				t.Errorf("%s links to a missing file: %s", p, target)
			}
		}
		if strings.Contains(string(b), "shared/notes") {
			t.Errorf("%s points at shared/notes, outside the repository", p)
		}
	}
}
