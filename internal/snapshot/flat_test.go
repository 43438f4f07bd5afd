package snapshot

import (
	"encoding/json"
	"strings"
	"testing"
)

// The JSON form lists every element at the top level too, with its
// section index, so seed 000's `jq '.elements'` works.
func TestPageJSONFlatElements(t *testing.T) {
	p := Page{URL: "u", Title: "t", Sections: []Section{
		{Level: 0, Elements: []Element{{Ref: "e1", Role: "link", Name: "Home", Tag: "a", Action: "click"}}},
		{Heading: "Empty", Level: 2, Elements: []Element{}},
		{Heading: "Form", Level: 2, Elements: []Element{
			{Ref: "e2", Role: "textbox", Name: "User", Tag: "input", Action: "type", Attrs: Attrs{{"required", ""}}},
			{Ref: "e3", Role: "button", Name: "Go", Tag: "button", Action: "click"},
		}},
	}}
	for _, v := range []any{p, &p} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Sections []struct {
				Elements []map[string]any `json:"elements"`
			} `json:"sections"`
			Elements []map[string]any `json:"elements"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Sections) != 3 || len(got.Sections[2].Elements) != 2 {
			t.Fatalf("sections changed: %s", b)
		}
		want := []struct {
			ref     string
			section float64
		}{{"e1", 0}, {"e2", 2}, {"e3", 2}}
		if len(got.Elements) != len(want) {
			t.Fatalf("elements = %v, want %d: %s", got.Elements, len(want), b)
		}
		for i, w := range want {
			e := got.Elements[i]
			if e["ref"] != w.ref || e["section"] != w.section {
				t.Errorf("elements[%d] = %v, want ref %s section %v", i, e, w.ref, w.section)
			}
		}
		if a, _ := got.Elements[1]["attrs"].(map[string]any); a["required"] != true {
			t.Errorf("attrs not kept in the flat list: %v", got.Elements[1])
		}
	}
	// An empty page still has a list, not null.
	b, _ := json.Marshal(Page{Sections: []Section{}})
	var e struct{ Elements []any }
	if err := json.Unmarshal(b, &e); err != nil || e.Elements == nil {
		t.Errorf("empty page: %s", b)
	}
}

// JSON's href is the full address; the page (and its text) keeps the
// short one.
func TestJSONFullURL(t *testing.T) {
	p := &Page{Sections: []Section{
		{Elements: []Element{{Ref: "e1", Role: "link", Name: "Other", Tag: "a", Action: "click",
			Attrs: Attrs{{"href", "/other.html"}}, URL: "http://x.test/other.html"}}},
		{Elements: []Element{{Ref: "e2", Role: "button", Name: "Go", Tag: "button", Action: "click"}}},
	}}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(b), `"href":"http://x.test/other.html"`); got != 2 {
		t.Errorf("want the full href in sections and elements, got %d:\n%s", got, b)
	}
	if v, _ := p.Sections[0].Elements[0].Attrs.Get("href"); v != "/other.html" {
		t.Errorf("marshalling changed the page: href %q", v)
	}
}
