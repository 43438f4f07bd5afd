package cli_test

import (
	"net"
	"strconv"
	"strings"
	"testing"
)

// Seed 000's record recipe: an action that navigated (`click --no-snap`)
// followed by `wait navigation` succeeds at once, and the recorded
// workflow, wait step included, replays.
func TestSeedWaitNavigationAfterAction(t *testing.T) {
	t.Parallel()
	s := "seed-waitnav"
	mustOK(t, tact(t, s, "record", "start", "seedlogin"))
	r := tact(t, s, "open", page("wf_login.html"))
	mustOK(t, r)
	out := r.out
	mustOK(t, tact(t, s, "fill", refOf(t, out, `"Username"`), "neo", "--no-snap"))
	mustOK(t, tact(t, s, "fill", refOf(t, out, `"Password"`), "pw", "--no-snap"))
	r = tact(t, s, "click", refOf(t, out, `[button]`), "--no-snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "navigated to ") {
		t.Fatalf("click did not report its navigation:\n%s", r.out)
	}
	// The navigation happened during the previous command: satisfied now,
	// well within a --timeout the old behaviour would have used up.
	mustOK(t, tact(t, s, "wait", "navigation", "--timeout", "10s"))
	// That navigation is used up: nothing happened since.
	if r := tact(t, s, "wait", "navigation", "--timeout", "1s"); r.code != 5 {
		t.Fatalf("a second wait navigation with no navigation: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = tact(t, s, "record", "stop")
	mustOK(t, r)
	r = tact(t, s, "replay", "seedlogin", "--var", "PASSWORD=x", "--timeout", "20s")
	mustOK(t, r)
	if !strings.Contains(r.out, "steps ok") {
		t.Fatalf("replay:\n%s", r.out)
	}
	if u := tact(t, s, "eval", "location.pathname"); !strings.Contains(u.out, "wf_home.html") {
		t.Fatalf("replay did not reach the home page: %s", u.out)
	}
	// The same within a batch: the step before counts as the previous command.
	r = tact(t, s, "snap", page("hello.html"))
	mustOK(t, r)
	r = tact(t, s, "--timeout", "10s", "batch", "click "+refOf(t, r.out, `"Other"`), "wait navigation")
	mustOK(t, r)
	if u := tact(t, s, "eval", "location.pathname"); !strings.Contains(u.out, "other.html") {
		t.Fatalf("batch did not reach the other page: %s", u.out)
	}
}

// Seed 000's quick start: `browser launch --background` is accepted (tact's
// browser always runs in the background) and the help says so.
func TestSeedBrowserLaunchBackground(t *testing.T) {
	t.Parallel()
	s := "seed-bg"
	r := tact(t, s, "browser", "launch", "--background")
	mustOK(t, r)
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	r = tact(t, s, "browser", "launch", "--help")
	mustOK(t, r)
	// Help text is wrapped to the terminal: compare it with its words.
	if words := strings.Join(strings.Fields(r.out), " "); !strings.Contains(words, "--background") || !strings.Contains(words, "always runs in the background") {
		t.Fatalf("help does not explain --background:\n%s", r.out)
	}
}

// Seed 000 lists --no-snap, --dry-run and --port as global flags: placed
// before the command they work as after it; a flag no command has, or one
// the command lacks, is still a usage error.
func TestSeedFlagsBeforeCommand(t *testing.T) {
	t.Parallel()
	s := "seed-flags"
	r := tact(t, s, "snap", page("hello.html"))
	mustOK(t, r)
	press := refOf(t, r.out, `[button] "Press"`)
	r = tact(t, s, "--dry-run", "click", press)
	mustOK(t, r)
	if !strings.Contains(r.out, "dry run: would click") {
		t.Fatalf("--dry-run before the command:\n%s", r.out)
	}
	r = tact(t, s, "--no-snap", "-o", "text", "click", refOf(t, tact(t, s, "snap").out, `"Other"`))
	mustOK(t, r)
	if !strings.Contains(r.out, "navigated to ") || strings.Contains(r.out, "# ") {
		t.Fatalf("--no-snap before the command printed a snap or no navigation:\n%s", r.out)
	}
	for _, args := range [][]string{{"--bogus", "click", press}, {"--no-snap", "read"}} {
		if r := tact(t, s, args...); r.code != 2 {
			t.Errorf("%v: exit %d, want 2", args, r.code)
		}
	}

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	p := "seed-port"
	mustOK(t, tact(t, p, "--port", port, "browser", "launch"))
	defer tact(t, p, "browser", "stop")
	if r := tact(t, p, "browser", "status"); !strings.Contains(r.out, "127.0.0.1:"+port) {
		t.Fatalf("--port before browser launch: status %s", r.out)
	}
	// Before any other command, --port is the debugging port to talk to
	// (snact's meaning): another session attaches to that browser.
	r = tact(t, "seed-port-attach", "--port", port, "snap", page("other.html"))
	mustOK(t, r)
	if !strings.Contains(r.out, "Other") {
		t.Fatalf("--port before snap:\n%s%s", r.out, r.err)
	}
	if r := tact(t, p, "tab", "list"); !strings.Contains(r.out, "other.html") {
		t.Fatalf("the snap did not use the browser on port %s: %s", port, r.out)
	}
}
