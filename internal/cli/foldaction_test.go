package cli_test

import "testing"

// A dialog opened over folded regions is printed in full; the menu behind
// it stays folded.
func TestFoldDialogNeverFolded(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("fold_dialog.html"))
	mustOK(t, r)
	has(t, "snap", r.out, "## Main menu — 12 links", "## Footer — 12 links")
	lacks(t, "snap", r.out, `"Plan 1"`)
	c := tact(t, s, "click", "text=Choose a plan", "--snap")
	mustOK(t, c)
	has(t, "click", c.out, "## Main menu — 12 links", "## Pick a plan", `"Plan 1"`, `"Plan 10"`, `[button] "Close"`)
}

// An action whose effect is inside a folded region: the region shows in
// full after it, in the action's snap and in its --diff.
func TestFoldActionEffectShows(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "snap", page("fold_effect.html"))
	mustOK(t, r)
	has(t, "snap", r.out, "## Catalog — 11 elements: Category 1")
	lacks(t, "snap", r.out, `"Extra 1"`, `"More categories"`)
	// The button is folded, but a locator finds it.
	c := tact(t, s, "click", "text=More categories")
	mustOK(t, c)
	has(t, "click", c.out, `"Extra 1"`, `"Extra 3"`, `"Category 1"`, `"More categories" id="more" expanded`)
	lacks(t, "click", c.out, "## Catalog — ")
	// Nothing changed since: the next snap folds it again.
	r = tact(t, s, "snap")
	mustOK(t, r)
	has(t, "snap", r.out, "## Catalog — 14 elements")

	// --diff: only the region that changed, not the unchanged article.
	r = tact(t, s, "snap", page("fold_effect.html"))
	mustOK(t, r)
	d := tact(t, s, "click", "text=More categories", "--diff")
	mustOK(t, d)
	has(t, "click --diff", d.out, `"Extra 1"`)
	lacks(t, "click --diff", d.out, "# Catalog\n", "Pick a category")
}
