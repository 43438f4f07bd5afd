package workflow

import "testing"

func TestGeneratedID(t *testing.T) {
	for _, id := range []string{":r1:", ":R2m6:", "ember123", "mui-5", "mat-input-0", "headlessui-menu-button-3", "react-select-2-input",
		"a3f9c2e1b7d4", "0f8e6a2c-1b3d-4e5f", "css-1x2y3z", "sc-bdVaJa", "input-17", "field_3", "ui-id-4", "j_idt12", "item-20231120", "x9f3a-btn", "_next"} {
		if !GeneratedID(id) {
			t.Errorf("%q should look generated", id)
		}
	}
	for _, id := range []string{"signin", "go-1", "login-submit", "search", "main-nav", "user_email", "row-5", "step2"} {
		if GeneratedID(id) {
			t.Errorf("%q should look stable", id)
		}
	}
	for l, want := range map[string]bool{
		"css=#signin": true, "css=#ember12": false, "testid=login-submit": true, `css=input[name="email"]`: true,
		"role=button[name=\"Go\"]": false, "text=Sign in": false, "css=.btn": false, `css=input[name=":r3:"]`: false,
	} {
		if IdentityLocator(l) != want {
			t.Errorf("IdentityLocator(%q) = %v", l, !want)
		}
	}
}
