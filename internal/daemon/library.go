package daemon

import (
	"github.com/tact-browser/tact/internal/inpage"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/snapshot"
)

// modules are the in-page modules of tact's isolated world: the packages
// that own in-page code (snapshot, read, locator) and inpage's own.
func modules() []inpage.Module {
	return []inpage.Module{inpage.Effects, inpage.Refind, snapshot.Module, pagetext.HTMLModule, locator.Module,
		inpage.Actions, inpage.Guard, inpage.Annotate, inpage.Pointer}
}

// Library is the in-page code a daemon installs in every frame.
func Library() inpage.Library { return inpage.Build(modules()...) }
