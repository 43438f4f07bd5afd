package cli_test

import (
	"strings"
	"testing"
)

// Unnamed icons in repeated items (cards of divs, not a table) print
// under their item's name, so the trash icon of Evy's email is told
// apart; the page's one wrapper among empty sibling divs is no list.
func TestRepeatedItemControlsNamedByItem(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t)
	out := openPage(t, s, page("rows_icons.html"))
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
	mustOK(t, tact(t, s, "click", ref, "--no-snap"))
	if got := evalIn(t, s, `document.getElementById("out").textContent`); got != "deleted Evy" {
		t.Errorf("click on Evy's trash: %q", got)
	}
}
