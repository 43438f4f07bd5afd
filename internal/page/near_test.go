package page

import (
	"testing"

	"github.com/tact-browser/tact/internal/locator"
)

func TestNearNames(t *testing.T) {
	for _, c := range []struct {
		loc, name string
		near      bool
	}{
		{`role=button[name="Pan left"]`, "Pan right", true},
		{"text=Sign in", "Sign in with Google", true},
		{"text=Submit form", "Submit", true},
		{"label=E-mail address", "Email", false},
		{"label=Email", "Your email address", true},
		{"text=Go", "Google", true},
		{"text=Nope", "Does nothing", false},
		{"css=#send", "Sign in", false},
		{"text=Save >> nth=0", "Save all", true},
	} {
		loc, err := locator.Parse(c.loc)
		if err != nil {
			t.Fatal(err)
		}
		if got := near(wantedName(loc), c.name); got != c.near {
			t.Errorf("near(%s, %q) = %v", c.loc, c.name, got)
		}
	}
}
