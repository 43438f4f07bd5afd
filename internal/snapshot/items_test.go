package snapshot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
)

// clickRef clicks the element of ref n in the page (the element the ref
// names, as an action on it would reach) and returns #out's text after.
func clickRef(t testing.TB, tab *browsertest.Tab, n int) string {
	t.Helper()
	var out string
	tab.Eval(t, fmt.Sprintf(`(() => { __tact.byRef(%d).click(); return document.getElementById("out").textContent; })()`, n), &out)
	return out
}

// Unnamed icons in repeated items (cards of divs, not a table) print
// under their item's name, so the trash icon of Evy's email is told
// apart; the page's one wrapper among empty sibling divs is no list.
func TestRepeatedItemControlsNamedByItem(t *testing.T) {
	tab, out := openSnap(t, "rows_icons.html")
	var line string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, `- "Evy": @e`) {
			line = l
		}
	}
	if line == "" || !strings.Contains(out, `- "Coletta": @e`) {
		t.Fatalf("icons not under their item's name:\n%s", out)
	}
	ref := strings.Fields(strings.TrimPrefix(line, `- "Evy": `))[0]
	if !strings.Contains(line, ref+` [clickable] class="trash"`) {
		t.Fatalf("Evy's first control is not the trash icon: %s", line)
	}
	if got := clickRef(t, tab, refNum(t, line, `"Evy"`)); got != "deleted Evy" {
		t.Errorf("click on Evy's trash: %q", got)
	}
}

// Containers that take clicks for their items (an autocomplete list, a
// row of actions under one handler, a menu, an open tree folder) list
// the items, each with its own name; a tab around its link is listed
// once; an icon without a name shows its class and icon file.
func TestContainersListTheirItems(t *testing.T) {
	tab, out := openSnap(t, "widgets_items.html")
	has(t, "snap", out,
		`[clickable] "Alexandria, LA (AEX)"`, `[clickable] "Lexington, KY (LEX)"`,
		`[clickable] "Oslo"`, `[clickable] "Bergen"`,
		`[clickable] "Reply"`, `[clickable] "Forward"`,
		`[menuitem] "Save"`,
		`[clickable] "Truman"`, `[clickable] "Keli"`, `[clickable] "Briana"`,
		`[tab] "Tab #1" selected`,
		`[clickable] class="trash" icon="delete.png"`, `[clickable] "Settings"`)
	// Joined items would read as one element.
	lacks(t, "snap", out, `(AEX)Lexington`, `OsloBergen`, `Reply Forward`, `ReplyForward`, `"Save Print`, `SavePrint`, `TrumanKeli`, `id="ui-id-2"`)
	if n := strings.Count(out, `"Tab #1"`); n != 1 {
		t.Errorf("tab listed %d times:\n%s", n, out)
	}
	// The items are the targets: a click on one reaches the page's handler.
	for _, c := range []struct{ name, got string }{
		{`"Lexington, KY (LEX)"`, "picked Lexington, KY (LEX)"},
		{`"Forward"`, "picked email-forward"},
		{`"Keli"`, "picked Keli"},
	} {
		if got := clickRef(t, tab, refNum(t, out, c.name)); got != c.got {
			t.Errorf("click %s: the page shows %q, want %q", c.name, got, c.got)
		}
	}
}

// Rows whose buttons read alike carry the row's name, and nested menu
// items are indented by level (cli's TestDiffRowsAndWhatWasSeen
// shows rows added and removed).
func TestRowsAndMenus(t *testing.T) {
	_, out := openSnap(t, "diff_rows.html")
	has(t, "snap", out,
		"\n- \"Grace Hopper\": @e", "\n@e", "[menuitem] \"File\" expanded",
		"\n  @e", "[menuitem] \"Export\"", "\n    @e", "[menuitem] \"PDF\"", ` "Edit" · @e`)
}
