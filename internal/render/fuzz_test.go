package render

import (
	"encoding/json"
	"testing"

	"github.com/tact-browser/tact/internal/snapshot"
)

// FuzzText feeds walker-like item lists (as JSON, the way they arrive from
// the page) through Build and every renderer: nothing may panic, and a
// budgeted text rendering must respect its budget (with room for the cut
// line).
func FuzzText(f *testing.F) {
	f.Add([]byte(`[{"k":"h","level":1,"text":"Title"},{"k":"t","text":"Some text"},{"k":"e","ref":1,"role":"link","name":"Go","tag":"a","attrs":[["href","/x"]],"action":"click"}]`), 100)
	f.Add([]byte(`[{"k":"e","ref":2,"role":"button","name":"\u001b[31mred\u0000","tag":"button","group":"g1:1"},{"k":"e","ref":3,"role":"button","name":"x","tag":"button","group":"g1:2"},{"k":"e","ref":4,"role":"button","name":"y","tag":"button","group":"g1:3"}]`), 20)
	f.Add([]byte(`[{"k":"h","level":9,"text":""},{"k":"f","index":-1},{"k":"t","text":"`+"\u202e"+`"}]`), 0)
	f.Fuzz(func(t *testing.T, data []byte, budget int) {
		var items []snapshot.Item
		if json.Unmarshal(data, &items) != nil {
			return
		}
		if budget < 0 || budget > 100000 {
			budget = 0
		}
		p := snapshot.Build("https://example.com/", "T", items)
		out, st := Text(p, Options{MaxTokens: budget})
		if budget >= 100 && len(out)/4 > budget+60 {
			t.Errorf("budget %d: rendered ~%d tokens", budget, len(out)/4)
		}
		if st.Tokens < 0 || st.Elements < 0 {
			t.Errorf("stats %+v", st)
		}
		if _, err := JSON(p); err != nil {
			t.Errorf("json: %v", err)
		}
		_ = NDJSON(p)
	})
}
