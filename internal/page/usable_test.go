package page

import "testing"

func TestSameSite(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"www.example.com", "cdn.example.com", true},
		{"example.com", "static.example.com", true},
		{"www.example.com", "ads.doubleclick.net", false},
		{"news.example.co.uk", "img.example.co.uk", true},
		{"example.co.uk", "other.co.uk", false},
		{"127.0.0.1", "127.0.0.1", true},
		{"127.0.0.1", "localhost", false},
		{"10.0.0.1", "10.0.0.2", false},
		{"localhost", "localhost", true},
		{"", "example.com", false},
		// One definition (the public suffix list) for settling and --header.
		{"alice.github.io", "bob.github.io", false},
		{"alice.github.io", "cdn.alice.github.io", true},
		{"a.blogspot.com", "b.blogspot.com", false},
		{"github.io", "alice.github.io", false},
	} {
		if got, hdr := sameSite(c.a, c.b), SiteOf("https://"+c.a+"/") == SiteOf("https://"+c.b+"/"); got != hdr && c.a != "" {
			t.Errorf("%q, %q: same site for settling %v, for --header %v", c.a, c.b, got, hdr)
		}
		if got := sameSite(c.a, c.b); got != c.want {
			t.Errorf("sameSite(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if h := hostOf("https://WWW.Example.com.:8443/x?y"); h != "www.example.com" {
		t.Errorf("hostOf: %q", h)
	}
}
