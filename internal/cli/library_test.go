package cli

import (
	"testing"

	"github.com/tact-browser/tact/internal/inpage"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/read"
	"github.com/tact-browser/tact/internal/snapshot"
)

// The shipped modules declare every dependency they use and none is missing.
func TestLibraryAssembles(t *testing.T) {
	if _, err := inpage.Assemble(snapshot.Module, read.Module, locator.Module, inpage.Actions, inpage.Annotate); err != nil {
		t.Fatal(err)
	}
}
