package cli_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Open dialogs lead the snap as sections of their own, named, with their
// elements; --focus role=dialog and --focus dialog reach them; -o json
// marks their sections.
func TestDialogsLeadSnap(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "snap", page("snap_modal.html"))
	mustOK(t, r)
	has(t, "snap", r.out, `# [dialog] "Sign in to continue" @e`, "# (the rest of the page)")
	lacks(t, "snap", r.out, "[clickable]", "Never shown", "Hidden button", "[alertdialog]", `"Side menu"`)
	// The dialog comes first, its elements inside it, the page after.
	d, email, rest, shop := strings.Index(r.out, "[dialog]"), strings.Index(r.out, `"Email"`), strings.Index(r.out, "(the rest of the page)"), strings.Index(r.out, "# Shop")
	if !(d < email && email < rest && rest < shop) {
		t.Errorf("dialog, its field, the rest, the page's heading at %d %d %d %d:\n%s", d, email, rest, shop, r.out)
	}
	if strings.Count(r.out, "Sign in to continue") != 1 || strings.Count(r.out, "# Shop") != 1 {
		t.Errorf("a heading printed twice:\n%s", r.out)
	}
	for _, focus := range []string{"role=dialog", "dialog", refOf(t, r.out, "[dialog]")} {
		f := tact(t, s, "snap", "--focus", focus)
		mustOK(t, f)
		has(t, "snap --focus "+focus, f.out, `[dialog] "Sign in to continue"`, `[input:email] "Email"`, "Your basket is saved")
		lacks(t, "snap --focus "+focus, f.out, "Buy now", "rest of the page")
	}
	j := tact(t, s, "-o", "json", "snap")
	mustOK(t, j)
	var pg struct {
		Sections []struct {
			Heading  string
			Elements []struct{ Name string }
			Dialog   *struct{ Ref, Role, Name string }
		}
	}
	if err := json.Unmarshal([]byte(j.out), &pg); err != nil {
		t.Fatal(err)
	}
	if len(pg.Sections) < 2 || pg.Sections[0].Dialog == nil || pg.Sections[0].Dialog.Role != "dialog" ||
		pg.Sections[0].Dialog.Name != "Sign in to continue" || len(pg.Sections[0].Elements) != 3 || pg.Sections[1].Dialog != nil {
		t.Errorf("json sections: %+v", pg.Sections)
	}

	// Closed, it is gone; a non-modal <dialog open> and an alertdialog
	// lead the page the same way.
	c := tact(t, s, "click", `role=button[name="Close"]`)
	mustOK(t, c)
	if r := tact(t, s, "snap", "--focus", "dialog"); r.code != 8 || !strings.Contains(r.err, "no dialog is open") {
		t.Errorf("--focus dialog with none open: exit %d\n%s%s", r.code, r.out, r.err)
	}
	c = tact(t, s, "click", "text=Show tips")
	mustOK(t, c)
	has(t, "click Show tips", c.out, `[dialog] "Tips"`, `"Got it"`)
	c = tact(t, s, "click", "text=Delete account", "--snap")
	mustOK(t, c)
	has(t, "click Delete account", c.out, `# [alertdialog] "Really delete?"`, `# [dialog] "Tips"`)
	if strings.Index(c.out, `"Delete"`) > strings.Index(c.out, "# Shop") || strings.Index(c.out, `"Got it"`) > strings.Index(c.out, "# Shop") {
		t.Errorf("the dialogs do not lead:\n%s", c.out)
	}
	f := tact(t, s, "snap", "--focus", "role=alertdialog")
	mustOK(t, f)
	has(t, "--focus role=alertdialog", f.out, "This cannot be undone", `"Cancel"`)
	rd := tact(t, s, "read", "--focus", "dialog")
	mustOK(t, rd)
	has(t, "read --focus dialog", rd.out, "This cannot be undone")
	lacks(t, "read --focus dialog", rd.out, "Everything for your garden")
	lacks(t, "--focus role=alertdialog", f.out, "Got it")
}

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

// Ten levels of nested frames: snap, read --all and a text= locator reach
// the innermost one.
func TestTenNestedFrames(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "snap", page("frames_nested.html?d=10"))
	mustOK(t, r)
	has(t, "snap", r.out, "Level 0", "the code is 4417", `[button] "Innermost button"`)
	rd := tact(t, s, "read", "--all")
	mustOK(t, rd)
	has(t, "read --all", rd.out, "Deepest paragraph: the code is 4417.")
	c := tact(t, s, "click", "text=Innermost button")
	mustOK(t, c)
	has(t, "click text=", c.out, "Innermost clicked")

	// The box of a paragraph (nothing to act on) ten frames down, in the
	// tab's viewport: from locate and from snap --raw --focus alike.
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
