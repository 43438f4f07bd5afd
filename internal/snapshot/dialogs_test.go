package snapshot

import "testing"

// An open dialog's sections lead the page; the heading naming it is its
// line; the section it interrupted goes on after it as one section.
func TestBuildDialogsFirst(t *testing.T) {
	items := []Item{
		{K: KindHeading, Level: 1, Text: "Shop"},
		{K: KindText, Text: "Before."},
		{K: KindElement, Ref: 1, Role: "button", Name: "Buy"},
		{K: KindDialog, Ref: 9, Role: "dialog", Name: "Sign in"},
		{K: KindHeading, Level: 2, Text: "Sign in"},
		{K: KindText, Text: "Saved for 30 minutes."},
		{K: KindElement, Ref: 2, Role: "button", Name: "Continue"},
		{K: KindHeading, Level: 3, Text: "Help"},
		{K: KindElement, Ref: 3, Role: "link", Name: "Forgot?"},
		{K: KindDialogEnd},
		{K: KindText, Text: "After."},
		{K: KindElement, Ref: 4, Role: "button", Name: "Sell"},
	}
	p := Build("u", "t", items)
	if len(p.Sections) != 3 {
		t.Fatalf("%d sections: %+v", len(p.Sections), p.Sections)
	}
	d, h, shop := p.Sections[0], p.Sections[1], p.Sections[2]
	if d.Dialog == nil || d.Dialog.Ref != "e9" || d.Dialog.Name != "Sign in" || d.Heading != "" || d.Summary != "Saved for 30 minutes." || len(d.Elements) != 1 {
		t.Errorf("dialog section: %+v", d)
	}
	if h.Dialog != d.Dialog || h.Heading != "Help" || len(h.Elements) != 1 {
		t.Errorf("dialog's second section: %+v", h)
	}
	if shop.Dialog != nil || shop.Heading != "Shop" || shop.Summary != "Before. After." || len(shop.Elements) != 2 {
		t.Errorf("the page's section: %+v", shop)
	}
	// An element changed on the page (not in the dialog) is found by ref,
	// whatever the section order.
	items2 := append([]Item{{K: KindRegion, Ref: 20, Role: "navigation"}, {K: KindElement, Ref: 5, Role: "link", Name: "Home"}, {K: KindRegionEnd}}, items...)
	prev := Build("u", "t", items2)
	items3 := append([]Item(nil), items2...)
	items3[1].Name = "Home (3)"
	if ch := Changed(prev, Build("u", "t", items3)); ch == nil || !ch("e20") {
		t.Errorf("the navigation's change is not seen")
	}
	if ch := Changed(prev, Build("u", "t", items2)); ch != nil {
		t.Errorf("no change, but Changed reports one")
	}
}
