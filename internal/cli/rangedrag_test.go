package cli_test

import (
	"regexp"
	"testing"
)

// fill on an <input type=range> drags its thumb with the mouse, so a page
// that saves only on pointer release sees it: a plain thumb in one
// stroke, a 40 px styled thumb (wider than tact assumes) after strokes
// that correct the aim. A value outside the range presses nothing.
func TestFillRangeDragsThumb(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "open", page("act_range.html"))
	mustOK(t, r)
	ref := func(name string) string {
		m := regexp.MustCompile(`@(e\d+) \[input:range\] "` + name + `"`).FindStringSubmatch(r.out)
		if m == nil {
			t.Fatalf("no %s slider:\n%s", name, r.out)
		}
		return "@" + m[1]
	}
	vol, fine := ref("Volume"), ref("Fine tune")
	out := tact(t, s, "fill", vol, "73")
	mustOK(t, out)
	has(t, "fill volume", out.out, "value: 73", "> Saved volume 73 after 1 presses")
	out = tact(t, s, "fill", fine, "735")
	mustOK(t, out)
	has(t, "fill fine", out.out, "value: 735", "> Saved fine 735")
	if out = tact(t, s, "fill", vol, "140"); out.code != 2 {
		t.Errorf("fill 140 on 0-100: exit %d %s", out.code, out.err)
	}
	has(t, "read", tact(t, s, "read", "--focus", "css=#out").out, "Saved volume 73 after 1 presses")
}
