package snapshot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/render"
)

// Open dialogs lead the snap as sections of their own, named, with their
// elements; a --focus on the dialog's ref shows it alone; JSON marks
// their sections. (cli's TestDialogFocusAndActions: --focus dialog and
// role=dialog, dialogs opened and closed by actions.)
func TestDialogsLeadSnap(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "snap_modal.html")
	s := snapPage(t, tab, nil, false)
	out := s.text
	has(t, "snap", out, `# [dialog] "Sign in to continue" @e`, "# (the rest of the page)")
	lacks(t, "snap", out, "[clickable]", "Never shown", "Hidden button", "[alertdialog]", `"Side menu"`)
	// The dialog comes first, its elements inside it, the page after.
	d, email, rest, shop := strings.Index(out, "[dialog]"), strings.Index(out, `"Email"`), strings.Index(out, "(the rest of the page)"), strings.Index(out, "# Shop")
	if !(d < email && email < rest && rest < shop) {
		t.Errorf("dialog, its field, the rest, the page's heading at %d %d %d %d:\n%s", d, email, rest, shop, out)
	}
	if strings.Count(out, "Sign in to continue") != 1 || strings.Count(out, "# Shop") != 1 {
		t.Errorf("a heading printed twice:\n%s", out)
	}
	f := snapFocusRef(t, tab, refNum(t, out, "[dialog]"), false).text
	has(t, "snap --focus (the dialog's ref)", f, `[dialog] "Sign in to continue"`, `[input:email] "Email"`, "Your basket is saved")
	lacks(t, "snap --focus (the dialog's ref)", f, "Buy now", "rest of the page")
	j, err := render.JSON(s.page)
	if err != nil {
		t.Fatal(err)
	}
	var pg struct {
		Sections []struct {
			Heading  string
			Elements []struct{ Name string }
			Dialog   *struct{ Ref, Role, Name string }
		}
	}
	if err := json.Unmarshal(j, &pg); err != nil {
		t.Fatal(err)
	}
	if len(pg.Sections) < 2 || pg.Sections[0].Dialog == nil || pg.Sections[0].Dialog.Role != "dialog" ||
		pg.Sections[0].Dialog.Name != "Sign in to continue" || len(pg.Sections[0].Elements) != 3 || pg.Sections[1].Dialog != nil {
		t.Errorf("json sections: %+v", pg.Sections)
	}
}
