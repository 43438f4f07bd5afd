package cli_test

import (
	"strings"
	"testing"
)

// read's note says what it printed: the article, or the page's text when
// keeping only the article would drop the page's data (an app screen's
// table); a recipe's article keeps its ingredients and servings.
func TestReadNote(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	r := tact(t, s, "read", page("read_app.html"))
	mustOK(t, r)
	if first := strings.SplitN(r.out, "\n", 2)[0]; first != "(not an article but an app screen: the page's text, navigation left out — tact read --all)" {
		t.Errorf("note line = %q", first)
	}
	// The note is line 1: --from 2 starts at the page's first line.
	r = tact(t, s, "read", "--from", "2", "--max-lines", "1")
	mustOK(t, r)
	if strings.HasPrefix(r.out, "(not an article") || !strings.Contains(r.out, "--from 3 ") {
		t.Errorf("--from 2:\n%s", r.out)
	}
	r = tact(t, s, "read", page("read_recipe.html"))
	mustOK(t, r)
	if !strings.HasPrefix(r.out, "(article; left out: ") {
		t.Errorf("recipe note:\n%s", r.out)
	}
	has(t, "read", r.out, "- Serves 4", "- 150 g pearl barley", "3. Stir in the lemon juice")
}
