// Command tact is a browser CLI for AI agents. It relays each call to the
// session's daemon, cmd/tact-daemon, installed beside it, which also runs
// whatever the relay does not (see internal/relay).
package main

import (
	"os"

	"github.com/tact-browser/tact/internal/build"
	"github.com/tact-browser/tact/internal/relay"
)

// Set by release builds: -ldflags "-X main.version=v1.2.3 -X main.commit=…
// -X main.date=…". Unset, they come from the build information.
var version, commit, date string

func main() {
	os.Exit(relay.Main(os.Args[1:], build.Stamp{Version: version, Commit: commit, Date: date}))
}
