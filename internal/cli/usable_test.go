package cli_test

import (
	"regexp"
	"strings"
	"testing"
)

// A page is usable before another site's subresources arrive: open (and
// snap, read, reload) return with the page's own content, its own
// script's work and its first-party data, and say that requests are
// still loading; wait --load still waits for the load event.
func TestUsableBeforeThirdParty(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	// Another site: localhost, not the page's 127.0.0.1.
	other := strings.Replace(altURL, "127.0.0.1", "localhost", 1)
	u := page("load_third_party.html?alt=" + other)
	note := regexp.MustCompile(`\(still loading [12] requests?\)`)
	for _, args := range [][]string{{"open", u}, {"snap"}, {"read"}, {"reload"}, {"snap", u}} {
		r := tact(t, s, append([]string{"--timeout", "20s"}, args...)...)
		if r.code != 0 {
			t.Errorf("%v: exit %d: %s", args, r.code, r.err)
			continue
		}
		// What another site still sends (an image, a slow script) cannot
		// change read's text, so read does not mention it.
		if note.MatchString(r.out) != (args[0] != "read") {
			t.Errorf("%v: the note of the requests still loading is wrong:\n%s", args, r.out)
		}
		for _, want := range []string{"The lead story", "Rendered by the page's own script.", "First-party data arrived."} {
			if args[0] == "open" || args[0] == "reload" || args[0] == "snap" {
				if want == "The lead story" {
					want = `"Read more"`
				}
			}
			if !strings.Contains(r.out, want) {
				t.Errorf("%v: output lacks %q:\n%s", args, want, r.out)
			}
		}
	}
	// The load event never comes: wait --load waits for it, to --timeout.
	if r := tact(t, s, "--timeout", "2s", "wait", "--load"); r.code != 5 {
		t.Errorf("wait --load on a page whose load event never fires: exit %d %s", r.code, r.err)
	}
	// A page that loads completely: wait --load returns at once, no note.
	r := tact(t, s, "open", page("hello.html"))
	mustOK(t, r)
	if strings.Contains(r.out, "still loading") {
		t.Errorf("a loaded page is reported as loading:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "wait", "--load"))
}
