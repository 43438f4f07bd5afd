package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/tact-browser/tact/internal/schema"
)

// Every global flag is described in docs/commands.md (command flags are
// checked in internal/commands).
func TestDocsNameEveryGlobalFlag(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	g := reflect.TypeOf(Globals{})
	for i := 0; i < g.NumField(); i++ {
		f := g.Field(i)
		if f.Tag.Get("hidden") != "" {
			continue
		}
		name := f.Tag.Get("name")
		if name == "" {
			name = schema.Kebab(f.Name)
		}
		if !regexp.MustCompile(`--` + regexp.QuoteMeta(name) + `\b`).Match(b) {
			t.Errorf("docs/commands.md does not describe the global flag --%s", name)
		}
	}
}
