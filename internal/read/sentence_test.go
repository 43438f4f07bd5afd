package read

import "testing"

// A screen of controls (labels and buttons run together, no sentence in
// it) is not an article: read prints the page's text once, with a note
// saying so, not the headings and then the labels as one paragraph.
func TestReadControlsNotArticle(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Actions Controlled input Name state: Notes old Keys last key: none Choices Colour I agree Count me", false},
		{"Menu Home About Contact. Sign in", false},
		{"The seals came back to the estuary this spring. Few expected it.", true},
		{"海豹今年春天回到了河口。", true}, // written without spaces: a character is a word
	} {
		if got := hasSentence(c.text); got != c.want {
			t.Errorf("hasSentence(%q) = %v", c.text, got)
		}
	}
}
