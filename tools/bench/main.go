// Command bench measures the fixed cost of a tact call, as an agent pays
// it: the package initialisation of `tact --version` (GODEBUG=inittrace=1,
// summed), its wall and CPU time, and a warm `tact snap` of a small
// testdata page (daemon and browser already up). With -base REV it builds
// that revision too and runs the two builds in alternation, pair by pair,
// so that a busy machine slows both alike; the ratio is the median of the
// pairs' ratios. With -peer it does the same against another tool's
// snapshot (agent-browser's `snapshot -i`): on the small page, and with
// -corpus on saved pages, where the figure is the median of the pages'
// ratios (see peer.go). `make bench` runs it from the repository's root.
//
//	go run ./tools/bench [-n 30] [-base REV] [-peer AGENT_BROWSER [-corpus DIR]] DIR   # DIR holds tact and tact-daemon
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	n := flag.Int("n", 30, "runs of each measurement (per build)")
	base := flag.String("base", "", "a git revision to build and compare with (before/after)")
	page := flag.String("page", "hello.html", "the testdata page snap loads")
	var vs peerRun
	flag.StringVar(&vs.bin, "peer", "", "agent-browser's binary: compare tact snap with its snapshot -i, pair by pair")
	flag.StringVar(&vs.corpus, "corpus", "", "with -peer: a folder of saved pages (NAME/source.html) to compare on too")
	flag.IntVar(&vs.every, "every", 5, "with -corpus: every Nth page")
	flag.IntVar(&vs.pairs, "pairs", 5, "with -corpus: pairs per page")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: bench [-n N] [-base REV] [-page P] [-peer BIN [-corpus DIR]] DIR")
		os.Exit(2)
	}
	run := run
	if vs.bin != "" {
		vs.n = *n
		run = vs.run
	}
	if err := run(flag.Arg(0), *base, *page, *n); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// build is one set of binaries under test, with a data directory of its own.
type build struct {
	name, dir, home string
	env             []string // more environment for its calls
}

func (b *build) cmd(ctx context.Context, env []string, args ...string) *exec.Cmd {
	c := exec.CommandContext(ctx, filepath.Join(b.dir, "tact"), args...)
	c.Env = append(append(os.Environ(), append([]string{"TACT_HOME=" + b.home, "TACT_SESSION=bench"}, env...)...), b.env...)
	return c
}

// sample is one call's wall and CPU (user+system) time.
type sample struct{ wall, cpu time.Duration }

func (b *build) time(ctx context.Context, args ...string) (sample, error) {
	c := b.cmd(ctx, nil, args...)
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	t0 := time.Now()
	if err := c.Run(); err != nil {
		return sample{}, fmt.Errorf("%s %s: %v\n%s", b.name, strings.Join(args, " "), err, out.String())
	}
	return sample{time.Since(t0), c.ProcessState.UserTime() + c.ProcessState.SystemTime()}, nil
}

// initMs is the sum of a `tact --version`'s package initialisation times.
func (b *build) initMs(ctx context.Context) (float64, error) {
	c := b.cmd(ctx, []string{"GODEBUG=inittrace=1"}, "--version")
	out, err := c.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("%s --version: %v", b.name, err)
	}
	sum := 0.0
	for _, l := range strings.Split(string(out), "\n") {
		// init PKG @T ms, D ms clock, B bytes, A allocs
		f := strings.Fields(l)
		if len(f) >= 7 && f[0] == "init" && f[6] == "clock," {
			v, err := strconv.ParseFloat(f[4], 64)
			if err == nil {
				sum += v
			}
		}
	}
	return sum, nil
}

func run(dir, base, page string, n int) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	tmp, abs, err := workspace(dir)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	builds := []*build{{name: "this", dir: abs}}
	if base != "" {
		b, err := buildRev(ctx, base, tmp)
		if err != nil {
			return err
		}
		builds = append(builds, b)
	}
	for _, b := range builds {
		b.home = filepath.Join(tmp, "home-"+b.name)
	}
	site, stop, err := serve("testdata")
	if err != nil {
		return err
	}
	defer stop()
	url := site + "/" + page

	fmt.Printf("tact fixed cost: %d runs per build, alternated", n)
	if base != "" {
		fmt.Printf(" with %s", base)
	}
	fmt.Printf("; snap of testdata/%s\n", page)

	inits := make([][]float64, len(builds))
	for range n {
		for i, b := range builds {
			v, err := b.initMs(ctx)
			if err != nil {
				return err
			}
			inits[i] = append(inits[i], v)
		}
	}
	version, err := alternate(ctx, builds, n, "--version")
	if err != nil {
		return err
	}
	for _, b := range builds {
		if _, err := b.time(ctx, "snap", url); err != nil { // starts the daemon and browser
			return err
		}
	}
	defer func() {
		for _, b := range builds {
			_, _ = b.time(context.Background(), "browser", "stop")
		}
	}()
	snap, err := alternate(ctx, builds, n, "snap")
	if err != nil {
		return err
	}
	for i, b := range builds {
		fmt.Printf("%-5s init (inittrace sum) %6.2f ms  --version %6.2f ms wall %6.2f ms CPU  warm snap %6.2f ms wall %6.2f ms CPU (client)\n",
			b.name, median(inits[i]), ms(version[i], wall), ms(version[i], cpu), ms(snap[i], wall), ms(snap[i], cpu))
	}
	if len(builds) == 2 {
		fmt.Printf("ratio this/%s (median of pairs): init %.2f  --version wall %.2f CPU %.2f  warm snap wall %.2f CPU %.2f\n", base,
			ratio(inits[0], inits[1]), pairRatio(version, wall), pairRatio(version, cpu), pairRatio(snap, wall), pairRatio(snap, cpu))
	}
	return nil
}

// workspace makes the run's temporary folder (data directories, a base
// build) and resolves the folder of the binaries under test.
func workspace(dir string) (tmp, abs string, err error) {
	if abs, err = filepath.Abs(dir); err != nil {
		return "", "", err
	}
	tmp, err = os.MkdirTemp("", "tact-bench-")
	return tmp, abs, err
}

// alternate runs args on each build in turn, n times, the first build
// first in even rounds and last in odd ones.
func alternate(ctx context.Context, builds []*build, n int, args ...string) ([][]sample, error) {
	out := make([][]sample, len(builds))
	for round := range n {
		for j := range builds {
			i := j
			if round%2 == 1 {
				i = len(builds) - 1 - j
			}
			s, err := builds[i].time(ctx, args...)
			if err != nil {
				return nil, err
			}
			out[i] = append(out[i], s)
		}
	}
	return out, nil
}

func wall(s sample) time.Duration { return s.wall }
func cpu(s sample) time.Duration  { return s.cpu }

func ms(ss []sample, f func(sample) time.Duration) float64 {
	var v []float64
	for _, s := range ss {
		v = append(v, float64(f(s))/1e6)
	}
	return median(v)
}

func pairRatio(ss [][]sample, f func(sample) time.Duration) float64 {
	var r []float64
	for i := range ss[0] {
		r = append(r, float64(f(ss[0][i]))/float64(f(ss[1][i])))
	}
	return median(r)
}

func ratio(a, b []float64) float64 {
	var r []float64
	for i := range a {
		r = append(r, a[i]/b[i])
	}
	return median(r)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// buildRev builds revision rev's commands (tact, and tact-daemon where it
// exists) from a temporary worktree.
func buildRev(ctx context.Context, rev, tmp string) (*build, error) {
	wt := filepath.Join(tmp, "src")
	if out, err := exec.CommandContext(ctx, "git", "worktree", "add", "--detach", wt, rev).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("git worktree add %s: %v\n%s", rev, err, out)
	}
	defer exec.Command("git", "worktree", "remove", "--force", wt).Run()
	bin := filepath.Join(tmp, "bin-base")
	c := exec.CommandContext(ctx, "go", "build", "-o", bin+"/", "./cmd/...")
	c.Dir = wt
	if out, err := c.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("build %s: %v\n%s", rev, err, out)
	}
	return &build{name: "base", dir: bin}, nil
}
