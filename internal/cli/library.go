package cli

import (
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/read"
	"github.com/tact-browser/tact/internal/snapshot"
)

// Library is the in-page code installed in every frame's isolated world.
func Library() string { return snapshot.JS + "\n" + read.JS + "\n" + locator.JS }
