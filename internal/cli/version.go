package cli

import (
	"fmt"
	"os"
	"runtime/debug"
)

// BuildVersion identifies this build. The executable's size and mtime are
// part of it so that a rebuilt binary replaces a daemon of the old one,
// even between commits.
func BuildVersion() string {
	v := "0.1.0"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 7 {
				v += "+" + s.Value[:7]
			}
		}
	}
	if exe, err := os.Executable(); err == nil {
		if st, err := os.Stat(exe); err == nil {
			v += fmt.Sprintf("-%x", st.Size()^st.ModTime().UnixNano())
		}
	}
	return v
}
