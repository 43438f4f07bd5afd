package cli_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A board of 15x17 divs that differ only in class and colour prints as a
// grid of cell states with a legend, not 255 lines of `class="tile"`;
// the cells keep refs that run row by row, so row 3, column 1 is clicked
// by the ref the head line's numbers give, and the diff shows its row.
func TestSnapGridOfCells(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "snap", page("snap_grid.html"))
	mustOK(t, r)
	m := regexp.MustCompile(`@e\d+ \[grid\] 15x17, cells @e(\d+)…@e(\d+) row by row \(row 2, column 1 is @e(\d+)\)\n`).FindStringSubmatch(r.out)
	if m == nil {
		t.Fatalf("no grid head line:\n%s", r.out)
	}
	first, _ := strconv.Atoi(m[1])
	if last, _ := strconv.Atoi(m[2]); last != first+254 {
		t.Errorf("cells @e%d…@e%d are not 255 refs", first, last)
	}
	if row2, _ := strconv.Atoi(m[3]); row2 != first+17 {
		t.Errorf("row 2 starts at @e%d, want @e%d", row2, first+17)
	}
	has(t, "snap", r.out, "  a=black on b=white\n", "\n   3: b a b b b b a b b b b a b b b b a\n", `[input:checkbox] "A"`)
	if strings.Contains(r.out, "tile") || len(r.out) > 1200 {
		t.Errorf("the board is not compact (%d characters):\n%s", len(r.out), r.out)
	}
	c := tact(t, s, "click", "@e"+strconv.Itoa(first+2*17))
	mustOK(t, c)
	has(t, "click row 3, column 1", c.out, "\n   3: a a b b b b a b b b b a b b b b a\n")
	lacks(t, "click row 3, column 1", c.out, "\n   2: ")
}
