package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// cookies: set for the current site, listed without values unless
// --values, seen by the page, cleared by domain.
func TestCookiesRoundTrip(t *testing.T) {
	t.Parallel()
	s := "cookies"
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	r := tact(t, s, "cookies", "set", "flavour=oatmeal", "--expires", "24h")
	mustOK(t, r)
	if got := evalIn(t, s, "document.cookie"); !strings.Contains(got, "flavour=oatmeal") {
		t.Errorf("the page does not see the cookie: %q", got)
	}
	r = tact(t, s, "cookies")
	mustOK(t, r)
	if !strings.Contains(r.out, "flavour  127.0.0.1/") || strings.Contains(r.out, "oatmeal") {
		t.Errorf("list without values:\n%s", r.out)
	}
	r = tact(t, s, "-o", "json", "cookies", "get", "flavour", "--values")
	mustOK(t, r)
	var got struct {
		Cookies []struct {
			Name, Value string
			Expires     *string
		}
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || len(got.Cookies) != 1 || got.Cookies[0].Value != "oatmeal" || got.Cookies[0].Expires == nil {
		t.Errorf("get --values: %s (%v)", r.out, err)
	}
	if r := tact(t, s, "cookies", "get", "nope"); r.code != 8 {
		t.Errorf("get a missing cookie: exit %d", r.code)
	}
	if r := tact(t, s, "cookies", "set", "no-equals"); r.code != 2 {
		t.Errorf("set without =: exit %d", r.code)
	}
	r = tact(t, s, "cookies", "clear", "--domain", "127.0.0.1")
	mustOK(t, r)
	if !strings.Contains(r.out, "deleted 1 cookie") {
		t.Errorf("clear: %q", r.out)
	}
	if got := evalIn(t, s, "document.cookie"); strings.Contains(got, "flavour") {
		t.Errorf("cookie survived clear: %q", got)
	}
}
