package daemon

import (
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/inpage"
)

// The shipped modules declare every dependency they use and none is missing.
func TestLibraryAssembles(t *testing.T) {
	if _, err := inpage.Assemble(modules()...); err != nil {
		t.Fatal(err)
	}
	lib := Library()
	if lib.Version == "" || !strings.HasSuffix(strings.TrimSpace(lib.Source), "__tact.v = \""+lib.Version+"\";") {
		t.Fatalf("library not stamped with its version %q", lib.Version)
	}
}
