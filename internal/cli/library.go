package cli

import (
	"github.com/tact-browser/tact/internal/inpage"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/read"
	"github.com/tact-browser/tact/internal/snapshot"
)

// Library is the in-page code installed in every frame's isolated world:
// the loader, dom and the modules in dependency order.
func Library() string {
	return inpage.Source(snapshot.Module, read.Module, read.HTMLModule, locator.Module, inpage.Actions, inpage.Annotate)
}
