package cli_test

import (
	"regexp"
	"strconv"
	"testing"
)

// A board of cells prints as a grid (internal/snapshot's TestGridOfCells
// tests how); row 3, column 1 is clicked by the ref the head line's
// numbers give, and the action's diff shows that row only.
func TestGridCellClickDiff(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	r := tact(t, s, "snap", page("snap_grid.html"))
	mustOK(t, r)
	m := regexp.MustCompile(`\[grid\] 15x17, cells @e(\d+)…`).FindStringSubmatch(r.out)
	if m == nil {
		t.Fatalf("no grid head line:\n%s", r.out)
	}
	first, _ := strconv.Atoi(m[1])
	c := tact(t, s, "click", "@e"+strconv.Itoa(first+2*17))
	mustOK(t, c)
	has(t, "click row 3, column 1", c.out, "\n   3: a a b b b b a b b b b a b b b b a\n")
	lacks(t, "click row 3, column 1", c.out, "\n   2: ")
}
