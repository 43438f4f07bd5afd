package page

import "testing"

func TestSplitStroke(t *testing.T) {
	for _, c := range []struct {
		name                 string
		x1, y1, dx, dy, w, h float64
		want                 [][2]float64
	}{
		{"inside", 640, 360, -200, 0, 1280, 720, [][2]float64{{-200, 0}}},
		{"none", 640, 360, 0, 0, 1280, 720, nil},
		{"two strokes left", 600, 300, -1000, 0, 1280, 720, [][2]float64{{-600, 0}, {-400, 0}}},
		{"diagonal keeps its direction", 100, 100, 300, 300, 200, 1000, [][2]float64{{99, 99}, {99, 99}, {99, 99}, {3, 3}}},
		{"at the edge it goes to", 0, 300, -100, 0, 1280, 720, nil},
		{"too many", 10, 10, 0, -1000, 100, 100, nil},
	} {
		got := SplitStroke(c.x1, c.y1, c.dx, c.dy, c.w, c.h, 20)
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

func TestHitString(t *testing.T) {
	for _, c := range []struct {
		h    Hit
		want string
	}{
		{Hit{What: `button "Save"`}, `button "Save"`},
		{Hit{What: `button "Delete"`, Frames: []string{"iframe#a", "iframe#b"}, Origin: "https://x.example"}, `button "Delete" in iframe#a > iframe#b (https://x.example)`},
		{Hit{What: "iframe#fr", Frames: []string{"iframe#fr"}, Origin: "null"}, `iframe#fr in iframe#fr (origin unknown)`},
	} {
		if got := c.h.String(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}
