// Package build says which build of tact this binary is (what `tact
// --version` prints and what the CLI and its daemon compare) and where
// the session daemon installed with it is.
package build

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
)

// Build describes this binary: the version people see (`tact --version`)
// and what it was built from.
type Build struct {
	Version  string `json:"version"`            // v1.2.3, or "devel"
	Commit   string `json:"commit,omitempty"`   // vcs revision (12 hex digits)
	Modified bool   `json:"modified,omitempty"` // built from a dirty tree
	Date     string `json:"date,omitempty"`     // build date, when stamped
	Go       string `json:"go"`
	Platform string `json:"platform"` // GOOS/GOARCH
}

// Stamp is what the linker may set (-ldflags "-X main.version=v1.2.3
// -X main.commit=… -X main.date=…"; GoReleaser does); empty fields are
// filled from the build information.
type Stamp struct{ Version, Commit, Date string }

// ReadBuild resolves this binary's Build: the stamped version first, else
// the module version of a `go install …@vX` build, else "devel"; the
// commit likewise from the stamp, else from vcs.revision.
func ReadBuild(s Stamp) Build {
	bi, _ := debug.ReadBuildInfo()
	return resolveBuild(s, bi)
}

func resolveBuild(s Stamp, bi *debug.BuildInfo) Build {
	b := Build{Version: s.Version, Commit: s.Commit, Date: s.Date, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
		if b.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			b.Version = bi.Main.Version
		}
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				if b.Commit == "" {
					b.Commit = kv.Value
				}
			case "vcs.modified":
				b.Modified = kv.Value == "true"
			case "vcs.time":
				if b.Date == "" {
					b.Date = kv.Value
				}
			}
		}
		if bi.GoVersion != "" {
			b.Go = bi.GoVersion
		}
	}
	if b.Version == "" {
		b.Version = "devel"
	}
	if b.Commit == "none" || b.Commit == "unknown" { // GoReleaser without git
		b.Commit = ""
	}
	// make and install.sh stamp a dirty checkout's commit as "<sha>-dirty".
	if c, ok := strings.CutSuffix(b.Commit, "-dirty"); ok {
		b.Commit, b.Modified = c, true
	}
	if len(b.Commit) > 12 {
		b.Commit = b.Commit[:12]
	}
	return b
}

// String is the one line `tact --version` prints, e.g.
// "tact v1.2.3 (commit 0123456789ab, linux/amd64, go1.26.8)".
func (b Build) String() string {
	var parts []string
	if b.Commit != "" {
		c := "commit " + b.Commit
		if b.Modified {
			c += "-dirty"
		}
		parts = append(parts, c)
	}
	parts = append(parts, b.Platform, b.Go)
	return "tact " + b.Version + " (" + strings.Join(parts, ", ") + ")"
}

// Identity is what the CLI and the session daemon compare: a daemon of
// another build hands over to a fresh one. The daemon executable's size
// and mtime (exe: the one the CLI starts, or the daemon's own) are part of
// it so that a rebuilt daemon replaces one of the old binary, even between
// commits and with the same version stamped.
func (b Build) Identity(exe string) string {
	v := b.Version
	if b.Commit != "" {
		v += "+" + b.Commit
		if b.Modified {
			v += ".dirty"
		}
	}
	if st := FileStamp(exe); st != "" {
		v += "-" + st
	}
	return v
}

// FileStamp is an executable's size and mtime, as hex ("" when it cannot
// be read): a rebuilt binary has another.
func FileStamp(exe string) string {
	st, err := os.Stat(exe)
	if exe == "" || err != nil {
		return ""
	}
	return fmt.Sprintf("%x", st.Size()^st.ModTime().UnixNano())
}
