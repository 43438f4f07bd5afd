package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// peerRun compares a warm `tact snap` with a peer's snapshot of the same
// page (agent-browser's `snapshot -i`, its interactive view), each call a
// process as an agent starts it, the two alternated call by call so that
// a busy machine slows both alike.
type peerRun struct {
	bin, corpus  string
	every, pairs int
	n            int
}

// offline keeps saved pages from reaching out (the machine may have no
// network, and a page's ads must not slow one tool and not the other).
const offline = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"

func (p *peerRun) run(dir, base, page string, _ int) error {
	if base != "" {
		return fmt.Errorf("-peer compares this build only (no -base)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	tmp, abs, err := workspace(dir)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	b := &build{name: "tact", dir: abs, home: filepath.Join(tmp, "home")}
	chrome, args := browser()
	b.env = []string{"TACT_CHROME_ARGS=" + strings.Join(quoteAll(args), " ")}
	peer := func(ctx context.Context, a ...string) *exec.Cmd {
		pre := []string{"--session", "tact-bench"}
		if chrome != "" {
			pre = append(pre, "--executable-path", chrome)
		}
		pre = append(pre, "--args", strings.Join(args, ","))
		c := exec.CommandContext(ctx, p.bin, append(pre, a...)...)
		c.Env = append(os.Environ(), "AGENT_BROWSER_HOME="+filepath.Join(tmp, "peer"))
		return c
	}
	defer func() {
		_, _ = b.time(context.Background(), "browser", "stop")
		_ = peer(context.Background(), "close").Run()
	}()

	site, stop, err := serve("testdata")
	if err != nil {
		return err
	}
	defer stop()
	small, err := p.pairOn(ctx, b, peer, site+"/"+page, p.n)
	if err != nil {
		return err
	}
	fmt.Printf("tact snap vs %s snapshot -i on testdata/%s, %d alternated pairs: tact %.2f ms, peer %.2f ms, median pair ratio %.2f\n",
		filepath.Base(p.bin), page, p.n, small.tact, small.peer, small.ratio)
	if p.corpus == "" {
		return nil
	}
	names, err := os.ReadDir(p.corpus)
	if err != nil {
		return err
	}
	site, stop, err = serve(p.corpus)
	if err != nil {
		return err
	}
	defer stop()
	var ratios []float64
	for i, e := range names {
		if !e.IsDir() || i%p.every != 0 {
			continue
		}
		r, err := p.pairOn(ctx, b, peer, site+"/"+e.Name()+"/source.html", p.pairs)
		if err != nil {
			fmt.Printf("%-40s skipped: %v\n", e.Name(), err)
			continue
		}
		ratios = append(ratios, r.ratio)
		fmt.Printf("%-40s tact %7.2f ms  peer %7.2f ms  ratio %.2f\n", e.Name(), r.tact, r.peer, r.ratio)
	}
	fmt.Printf("corpus: %d pages (every %dth), %d pairs each: median per-page ratio %.2f\n", len(ratios), p.every, p.pairs, median(ratios))
	return nil
}

type pairResult struct{ tact, peer, ratio float64 }

// pairOn opens url in both tools, snaps once in each (warm), then times n
// alternated pairs.
func (p *peerRun) pairOn(ctx context.Context, b *build, peer func(context.Context, ...string) *exec.Cmd, url string, n int) (pairResult, error) {
	if _, err := b.time(ctx, "open", url, "--timeout", "30s"); err != nil {
		return pairResult{}, err
	}
	if out, err := peer(ctx, "open", url).CombinedOutput(); err != nil {
		return pairResult{}, fmt.Errorf("peer open: %v\n%s", err, out)
	}
	var ts, ps, rs []float64
	for i := range n + 1 {
		var t, q time.Duration
		order := []func() error{
			func() error { s, err := b.time(ctx, "snap"); t = s.wall; return err },
			func() error { var err error; q, err = timed(peer(ctx, "snapshot", "-i")); return err },
		}
		if i%2 == 1 {
			slices.Reverse(order)
		}
		for _, f := range order {
			if err := f(); err != nil {
				return pairResult{}, err
			}
		}
		if i == 0 {
			continue // the first snap of a page is no warm one
		}
		ts, ps, rs = append(ts, float64(t)/1e6), append(ps, float64(q)/1e6), append(rs, float64(t)/float64(q))
	}
	return pairResult{median(ts), median(ps), median(rs)}, nil
}

func timed(c *exec.Cmd) (time.Duration, error) {
	t0 := time.Now()
	out, err := c.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", strings.Join(c.Args, " "), err, out)
	}
	return time.Since(t0), nil
}

// browser is the Chromium both tools run ($TACT_CHROME, else chromium on
// PATH) and the flags both get.
func browser() (string, []string) {
	args := []string{offline}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	chrome := os.Getenv("TACT_CHROME")
	if chrome == "" {
		chrome, _ = exec.LookPath("chromium")
	}
	return chrome, args
}

func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = `"` + a + `"`
	}
	return out
}

// serve serves dir on 127.0.0.1 (html as utf-8, Go's default).
func serve(dir string) (string, func(), error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(l)
	return "http://" + l.Addr().String(), func() { srv.Close() }, nil
}
