package cli_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Six frames, each added by its parent's script a moment after the
// parent loaded: open waits for them and shows the innermost button. A
// frame that is still loading when the snap is taken is said so.
func TestFramesStillLoading(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "open", page("frames_nested.html?d=6&late=150"))
	mustOK(t, r)
	// open's wait is bounded (a quiet spell after the last frame event): on
	// a loaded machine a parent's timer can outlast it, so the innermost
	// level may come only with a later snap. It must come, whole.
	if !strings.Contains(r.out, `[button] "Innermost button"`) {
		t.Logf("open stopped before the innermost frame (a loaded machine?):\n%s", r.out)
		eventually(t, "a snap shows the innermost frame", func() bool {
			sn := tact(t, s, "snap")
			return sn.code == 0 && strings.Contains(sn.out, `[button] "Innermost button"`) && strings.Contains(sn.out, "Level 0")
		})
	}
	c := tact(t, s, "click", "text=Innermost button")
	mustOK(t, c)
	has(t, "click", c.out, "Innermost clicked")

	r = tact(t, s, "open", page("frames_slow.html"))
	mustOK(t, r)
	has(t, "open", r.out, "(1 frame still loading)", "The report loads")
	has(t, "open's footer", r.err, "; 1 frame still loading)")
	j := tact(t, s, "-o", "json", "snap")
	mustOK(t, j)
	has(t, "snap -o json", j.out, `"framesLoading": 1`)
}

// Ten levels of nested frames (internal/page's TestTenNestedFrames snaps
// and reads them): a text= locator clicks the innermost button, and the
// box of a paragraph there is in the tab's viewport, from locate and from
// snap --raw --focus alike.
func TestNestedFramesClickAndBoxes(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	mustOK(t, tact(t, s, "open", "--no-snap", page("frames_nested.html?d=10")))
	c := tact(t, s, "click", "text=Innermost button")
	mustOK(t, c)
	has(t, "click text=", c.out, "Innermost clicked")
	l := tact(t, s, "locate", "text=Deepest paragraph")
	mustOK(t, l)
	m := regexp.MustCompile(`box: centre \d+,\d+; (\d+),(\d+) to \d+,\d+ \((\d+)x(\d+)\)`).FindStringSubmatch(l.out)
	if m == nil {
		t.Fatalf("locate prints no box:\n%s", l.out)
	}
	x, _ := strconv.Atoi(m[1])
	y, _ := strconv.Atoi(m[2])
	if x < 40 || y < 300 {
		t.Errorf("the box is not offset by the ten frames around it: %s", l.out)
	}
	raw := tact(t, s, "snap", "--raw", "--focus", "text=Deepest paragraph")
	mustOK(t, raw)
	var rs struct {
		Focus *struct {
			Tag string
			Box struct{ X, Y, Width, Height int }
		}
	}
	if err := json.Unmarshal([]byte(raw.out), &rs); err != nil {
		t.Fatal(err)
	}
	if f := rs.Focus; f == nil || f.Tag != "p" || f.Box.X != x || f.Box.Y != y || strconv.Itoa(f.Box.Width) != m[3] || strconv.Itoa(f.Box.Height) != m[4] {
		t.Errorf("snap --raw --focus: %+v, locate: %s", rs.Focus, l.out)
	}
}

// A browser launched with --port that is replaced between two calls (the
// daemon alive, then the daemon gone too): the next command says so,
// reopens the page, and an old ref is stale, not "another tab's".
func TestPortBrowserReplacedReopens(t *testing.T) {
	t.Parallel()
	s := "port-reopen"
	defer tact(t, s, "browser", "stop")
	mustOK(t, tact(t, s, "browser", "launch", "--port", freePort(t)))
	r := tact(t, s, "open", page("act_newtext.html"))
	mustOK(t, r)
	killBrowser(t, s, false)
	clickReopens(t, s, refOf(t, r.out, `"Solve"`), "act_newtext.html")
	r = tact(t, s, "snap")
	mustOK(t, r)
	killBrowser(t, s, true)
	clickReopens(t, s, refOf(t, r.out, `"Solve"`), "act_newtext.html")
}

// killBrowser kills session s's browser (and its daemon, with daemon)
// and waits until they are gone.
func killBrowser(t *testing.T, s string, daemon bool) {
	t.Helper()
	bpid, dpid, _ := statusOf(t, s)
	if daemon {
		killPID(dpid)
	}
	killPID(bpid)
	if !waitDead(bpid) || (daemon && !waitDead(dpid)) {
		t.Fatalf("browser %d or daemon %d survived SIGKILL", bpid, dpid)
	}
}

// clickReopens clicks a ref of the replaced browser: STALE_REF, with a
// note that the page (p) was reopened, and it was.
func clickReopens(t *testing.T, s, ref, p string) {
	t.Helper()
	r := tact(t, s, "click", ref)
	if r.code != 7 || strings.Contains(r.err, "another tab") || !strings.Contains(r.err, "reopened "+page(p)) {
		t.Errorf("old ref in a replaced browser: exit %d\n%s%s", r.code, r.out, r.err)
	}
	if got := evalIn(t, s, `location.href`); got != page(p) {
		t.Errorf("the page was not reopened: %q", got)
	}
}
