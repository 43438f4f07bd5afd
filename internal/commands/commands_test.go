package commands

import (
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/failure"
)

func TestNormalizeURL(t *testing.T) {
	cases := []struct {
		in, want string
		allow    bool
		code     failure.Code
	}{
		{in: "example.com", want: "https://example.com"},
		{in: "example.com/a?b=1", want: "https://example.com/a?b=1"},
		{in: "localhost:8080/x", want: "http://localhost:8080/x"},
		{in: "127.0.0.1:9/", want: "http://127.0.0.1:9/"},
		{in: "https://example.com/", want: "https://example.com/"},
		{in: "about:blank", want: "about:blank"},
		{in: "javascript:alert(1)", code: failure.Usage},
		{in: "file:///etc/passwd", code: failure.Usage},
		{in: "file:///tmp/x.html", allow: true, want: "file:///tmp/x.html"},
		{in: "ftp://example.com", code: failure.Usage},
		{in: "http://", code: failure.Usage},
		{in: "", code: failure.Usage},
		{in: "http://a\nb", code: failure.Usage},
	}
	for _, c := range cases {
		got, err := NormalizeURL(c.in, c.allow)
		if c.code != "" {
			if err == nil || failure.From(err).Code != c.code {
				t.Errorf("%q: err %v, want %s", c.in, err, c.code)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestRegistryNamesMatchKong(t *testing.T) {
	want := []string{"snap", "read", "open", "click", "fill", "tab list", "tab new", "dialog accept", "browser launch", "browser stop"}
	for _, n := range want {
		if _, ok := New(n); !ok {
			t.Errorf("registry lacks %q", n)
		}
	}
	for _, e := range All() {
		if e.Help == "" || strings.ToLower(e.Name) != e.Name {
			t.Errorf("entry %q: help %q", e.Name, e.Help)
		}
	}
	if NameOf(&Click{}) != "click" || NameOf(&TabNew{}) != "tab new" {
		t.Errorf("NameOf")
	}
}
