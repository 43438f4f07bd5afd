//go:build !unix

package datadir

import "io/fs"

// owner: Windows has no uid; its folders under %LocalAppData% are the
// user's by their ACL, and a run folder there is checked only for being
// a real folder.
func owner(fs.FileInfo) (int, bool) { return 0, false }
