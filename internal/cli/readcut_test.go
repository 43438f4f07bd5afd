package cli_test

import (
	"strings"
	"testing"
)

// A --max-lines cut says the --from that continues, and --from N starts
// at the Nth line the default view prints (its note is line 1).
func TestReadMaxLinesCutAndNumbering(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	whole := tact(t, s, "read", "--max-tokens", "0", page("read_news.html"))
	mustOK(t, whole)
	view := strings.Split(strings.TrimSuffix(whole.out, "\n"), "\n")
	r := tact(t, s, "read", "--max-lines", "3")
	mustOK(t, r)
	lines := strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
	if got, want := lines[len(lines)-1], "… cut at 3 lines: tact read --max-lines 3 --from 4 (of 9 lines)"; got != want || len(lines) != 4 {
		t.Fatalf("cut line = %q, want %q:\n%s", got, want, r.out)
	}
	if strings.Join(lines[:3], "\n") != strings.Join(view[:3], "\n") {
		t.Errorf("--max-lines 3 is not the first 3 lines of the default view:\n%s", r.out)
	}
	r = tact(t, s, "read", "--max-lines", "3", "--from", "4")
	mustOK(t, r)
	next := strings.Split(r.out, "\n")
	if next[0] != view[3] || !strings.Contains(r.out, "--from 7 (of 9 lines)") {
		t.Errorf("--from 4 starts at %q, the default view's line 4 is %q:\n%s", next[0], view[3], r.out)
	}
	// --from TEXT lands on the line that has it, numbered the same way.
	r = tact(t, s, "read", "--max-lines", "1", "--from", "Mira Olsen")
	mustOK(t, r)
	if !strings.HasPrefix(r.out, view[2]+"\n… cut at 1 lines: tact read --max-lines 1 --from 4 ") {
		t.Errorf("--from TEXT:\n%s\nwant it to start with line 3 %q", r.out, view[2])
	}
}

// read mentions what is still loading only when it could change the
// text: images never, a frame's document yes.
func TestReadLoadingNote(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "--timeout", "20s", "read", page("read_images_pending.html"))
	mustOK(t, r)
	if !strings.Contains(r.out, "only its pictures are still on their way") || strings.Contains(r.out, "still loading") {
		t.Errorf("images still loading: read says so, or lacks the text:\n%s", r.out)
	}
	r = tact(t, s, "--timeout", "20s", "read", page("read_frame_pending.html"))
	mustOK(t, r)
	if !strings.Contains(r.out, "the live blog below") || !strings.Contains(r.out, "(still loading 1 request)") {
		t.Errorf("a frame still loading: no note:\n%s", r.out)
	}
}
