package snapshot_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A board of 15x17 divs that differ only in class and colour prints as a
// grid of cell states with a legend, not 255 lines of `class="tile"`;
// the cells keep refs that run row by row, which the head line's
// numbers give (cli's TestGridCellClickDiff clicks one by them).
func TestGridOfCells(t *testing.T) {
	tab, out := openSnap(t, "snap_grid.html")
	m := regexp.MustCompile(`@e(\d+) \[grid\] 15x17, cells @e(\d+)…@e(\d+) row by row \(row 2, column 1 is @e(\d+)\)\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no grid head line:\n%s", out)
	}
	first, _ := strconv.Atoi(m[2])
	if last, _ := strconv.Atoi(m[3]); last != first+254 {
		t.Errorf("cells @e%d…@e%d are not 255 refs", first, last)
	}
	if row2, _ := strconv.Atoi(m[4]); row2 != first+17 {
		t.Errorf("row 2 starts at @e%d, want @e%d", row2, first+17)
	}
	has(t, "snap", out, "  a=black on b=white\n", "\n   3: b a b b b b a b b b b a b b b b a\n", `[input:checkbox] "A"`)
	if strings.Contains(out, "tile") || len(out) > 1200 {
		t.Errorf("the board is not compact (%d characters):\n%s", len(out), out)
	}
	// Row by row: row 3, column 1 is the first cell's ref + 2×17.
	var cell struct{ Row, Col int }
	tab.Eval(t, `(() => { const c = __tact.byRef(`+strconv.Itoa(first+2*17)+`); const cells = [...c.parentElement.children]; return {Row: Math.floor(cells.indexOf(c) / 17) + 1, Col: cells.indexOf(c) % 17 + 1}; })()`, &cell)
	if cell.Row != 3 || cell.Col != 1 {
		t.Errorf("@e%d is row %d, column %d; want row 3, column 1", first+2*17, cell.Row, cell.Col)
	}
}
