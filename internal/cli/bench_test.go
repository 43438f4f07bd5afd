package cli_test

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// Benchmarks of a whole CLI call: each iteration is one cli.Main (client →
// daemon → browser → render), as an agent pays it. They assert nothing about
// time; run them with
//
//	go test -run '^$' -bench . -benchtime 20x ./internal/cli/

const benchSession = "bench"

// benchSnap times snap with the given arguments, after one untimed call of
// warm (which starts the daemon and browser and loads the page).
func benchSnap(b *testing.B, warm []string, args []string) {
	mustOK(b, tact(b, benchSession, warm...))
	var chars int
	for b.Loop() {
		r := tact(b, benchSession, args...)
		if r.code != 0 {
			b.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
		}
		chars += len(r.out)
	}
	b.ReportMetric(float64(chars)/4/float64(b.N), "tokens/op")
}

// BenchmarkSnapSmallWarm: snap of an already loaded small page.
func BenchmarkSnapSmallWarm(b *testing.B) {
	benchSnap(b, []string{"snap", page("hello.html")}, []string{"snap"})
}

// BenchmarkSnapTable3000Warm: snap of an already loaded 3,000-row table
// (default token budget, so the output is cut).
func BenchmarkSnapTable3000Warm(b *testing.B) {
	benchSnap(b, []string{"snap", page("snap_table.html")}, []string{"snap"})
}

// BenchmarkSnapNavigate: snap URL each time (navigation, settle, snapshot).
func BenchmarkSnapNavigate(b *testing.B) {
	u := page("hello.html")
	benchSnap(b, []string{"snap", u}, []string{"snap", u})
}

// benchClick times click + re-snap of the button whose snap line contains
// needle on act_settle.html, and reports the median call too (the mean
// hides which way one slow call went).
func benchClick(b *testing.B, needle string) {
	r := tact(b, benchSession, "snap", page("act_settle.html"))
	mustOK(b, r)
	ref := refOf(b, r.out, needle)
	mustOK(b, tact(b, benchSession, "click", ref)) // warm
	var ds []time.Duration
	for b.Loop() {
		t0 := time.Now()
		r := tact(b, benchSession, "click", ref)
		ds = append(ds, time.Since(t0))
		if r.code != 0 {
			b.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
		}
	}
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "median-ms")
}

// BenchmarkClickImmediateEffect: click + re-snap, the page reacts at once.
func BenchmarkClickImmediateEffect(b *testing.B) { benchClick(b, `"Save now"`) }

// BenchmarkClickDelayedEffect: click + re-snap, a toast 400 ms later.
func BenchmarkClickDelayedEffect(b *testing.B) { benchClick(b, `"Add to bag"`) }

// BenchmarkClickNoEffect: click + re-snap of a button that does nothing.
func BenchmarkClickNoEffect(b *testing.B) { benchClick(b, `"Does nothing"`) }

// BenchmarkMouseMoveAnimating: one batch of 20 `mouse move` steps on a
// page that animates on every frame (issue 38: pointer moves must not
// wait for a quiet page). Reports the time per move.
func BenchmarkMouseMoveAnimating(b *testing.B) {
	mustOK(b, tact(b, benchSession, "open", page("pointer_anim.html"), "--no-snap"))
	const moves = 20
	steps := make([]string, 0, moves)
	for i := 0; i < moves; i++ {
		steps = append(steps, fmt.Sprintf("mouse move %d,%d", 100+i*20, 150+i*5))
	}
	args := append([]string{"--timeout", "5m", "batch", "--no-snap"}, steps...)
	mustOK(b, tact(b, benchSession, args...)) // warm
	var per []time.Duration
	for b.Loop() {
		t0 := time.Now()
		r := tact(b, benchSession, args...)
		per = append(per, time.Since(t0)/moves)
		if r.code != 0 {
			b.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
		}
	}
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2].Microseconds())/1000, "ms/move")
}

// BenchmarkClickUnsnappedPage: click + what changed on a page loaded with
// --no-snap (a document tact has not snapped yet), which reacts at once.
// Only the click is timed. Issue 38: the look for an app shell still
// building is paid only after a navigation, not by an action on a page
// tact has not snapped.
func BenchmarkClickUnsnappedPage(b *testing.B) {
	u := page("act_settle.html")
	var ds []time.Duration
	for b.Loop() {
		b.StopTimer()
		mustOK(b, tact(b, benchSession, "open", u, "--no-snap"))
		b.StartTimer()
		t0 := time.Now()
		r := tact(b, benchSession, "click", "css=#now")
		ds = append(ds, time.Since(t0))
		if r.code != 0 {
			b.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.out, r.err)
		}
	}
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "median-ms")
}
