package build

import (
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionResolve(t *testing.T) {
	t.Parallel()
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}
	cases := []struct {
		name  string
		stamp Stamp
		bi    *debug.BuildInfo
		want  Build
	}{
		{"ldflags stamp wins", Stamp{Version: "v1.2.3", Commit: "feedface"},
			&debug.BuildInfo{Main: debug.Module{Version: "v0.9.0"}, Settings: vcs},
			Build{Version: "v1.2.3", Commit: "feedface", Modified: true}},
		{"go install @vX", Stamp{}, &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}},
			Build{Version: "v0.4.0"}},
		{"dev build", Stamp{}, &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs},
			Build{Version: "devel", Commit: "0123456789ab", Modified: true}},
		{"no build info", Stamp{}, nil, Build{Version: "devel"}},
		{"make in a dirty checkout", Stamp{Commit: "0123456789ab-dirty"}, nil, Build{Version: "devel", Commit: "0123456789ab", Modified: true}},
		{"goreleaser without git", Stamp{Version: "v0.0.1-next", Commit: "none"}, nil, Build{Version: "v0.0.1-next"}},
	}
	for _, c := range cases {
		got := resolveBuild(c.stamp, c.bi)
		if got.Version != c.want.Version || got.Commit != c.want.Commit || got.Modified != c.want.Modified {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestVersionString(t *testing.T) {
	t.Parallel()
	b := Build{Version: "devel", Commit: "0123456789ab", Modified: true, Go: "go1.26.8", Platform: "linux/amd64"}
	if got, want := b.String(), "tact devel (commit 0123456789ab-dirty, linux/amd64, go1.26.8)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	b = Build{Version: "v1.2.3", Go: "go1.26.8", Platform: "darwin/arm64"}
	if got, want := b.String(), "tact v1.2.3 (darwin/arm64, go1.26.8)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// The daemon handover compares identities: two dev builds of different
// commits, or of one commit with and without local changes, differ, and
// every identity carries this executable's stamp (a rebuild differs).
func TestVersionIdentity(t *testing.T) {
	t.Parallel()
	a := Build{Version: "devel", Commit: "0123456789ab"}
	b := Build{Version: "devel", Commit: "0123456789ab", Modified: true}
	c := Build{Version: "devel", Commit: "ba9876543210"}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ia, ib, ic := a.Identity(exe), b.Identity(exe), c.Identity(exe)
	if ia == ib || ia == ic || ib == ic {
		t.Errorf("identities collide: %q %q %q", ia, ib, ic)
	}
	if !strings.HasPrefix(ia, "devel+0123456789ab-") {
		t.Errorf("identity %q lacks the executable stamp", ia)
	}
	if a.Identity(exe) != ia {
		t.Error("identity is not stable within one binary")
	}
}

// The stamp make and install.sh pass is the checkout's commit.
func TestCommitScript(t *testing.T) {
	t.Parallel()
	head, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		t.Skip("not a git checkout:", err)
	}
	out, err := exec.Command("sh", "../../scripts/commit.sh").Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.TrimSpace(string(out))
	want := strings.TrimSpace(string(head))
	if c, _ := strings.CutSuffix(got, "-dirty"); c != want {
		t.Errorf("scripts/commit.sh = %q, want %q or %q", got, want, want+"-dirty")
	}
	dirty := exec.Command("git", "diff", "--quiet", "HEAD", "--").Run() != nil
	if strings.HasSuffix(got, "-dirty") != dirty {
		t.Errorf("scripts/commit.sh = %q with local changes %v", got, dirty)
	}
	if b := resolveBuild(Stamp{Commit: got}, nil); b.Commit != want || b.Modified != dirty {
		t.Errorf("stamp %q resolves to %+v", got, b)
	}
}
