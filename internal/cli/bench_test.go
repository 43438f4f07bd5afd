package cli_test

import "testing"

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
