package secrets

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
)

func TestScrubSpellings(t *testing.T) {
	var s Set
	s.Add("p@ss word<&>~*")
	s.Add("abc") // too short: never scrubbed
	b, _ := json.Marshal(map[string]string{"u": "p@ss word<&>~*"})
	for _, in := range []string{
		"navigated to /d?user=ada&pw=p%40ss+word%3C%26%3E%7E*",
		"title p@ss word<&>~* here",
		string(b),
		"x#p%40ss%20word%3C%26%3E~*",
		"lower p%40ss+word%3c%26%3e%7e*",
	} {
		out := s.Scrub(in)
		if strings.Contains(out, "ss word") || strings.Contains(out, "ss+word") || strings.Contains(out, "ss%20word") {
			t.Errorf("Scrub(%q) = %q", in, out)
		}
		if !strings.Contains(out, Mask) {
			t.Errorf("Scrub(%q) = %q: no mask", in, out)
		}
	}
	if got := s.Scrub("abc abcd"); got != "abc abcd" {
		t.Errorf("short value scrubbed: %q", got)
	}
	var nilSet *Set
	if nilSet.Scrub("x") != "x" || !nilSet.Empty() {
		t.Error("nil set")
	}
}

func TestAddURLAndWriter(t *testing.T) {
	var s Set
	s.AddURL("ws://farm:3000/chromium?token=ZZTOKEN123&x=1")
	var buf bytes.Buffer
	w := s.Writer(&buf)
	if _, err := w.Write([]byte("dial ws://farm:3000/chromium?token=ZZTOKEN123 failed\n")); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "ZZTOKEN") || !s.Contains("a ZZTOKEN123 b") {
		t.Errorf("log %q", buf.String())
	}
}

func TestCredential(t *testing.T) {
	for _, n := range []string{"Authorization", "X-Api-Key", "x-auth-token", "Cookie", "Set-Cookie", "token", "sig", "password", "client_secret", "key"} {
		if !Credential(n) {
			t.Errorf("%s: not a credential", n)
		}
	}
	for _, n := range []string{"Accept", "Content-Type", "timeout", "monkey", "q", "page"} {
		if Credential(n) {
			t.Errorf("%s: a credential", n)
		}
	}
}

// A credential header's token is a secret alone too: a page may echo the
// token it was sent without its scheme, or a Basic password decoded.
func TestAddHeader(t *testing.T) {
	var s Set
	s.AddHeader(" Bearer TOPSECRETTOKEN99")
	s.AddHeader("Basic " + base64.StdEncoding.EncodeToString([]byte("ada:hunter22")))
	for _, echo := range []string{"?a=TOPSECRETTOKEN99", "Bearer TOPSECRETTOKEN99", "your password is hunter22", "ada:hunter22"} {
		if got := s.Scrub(echo); strings.Contains(got, "TOPSECRET") || strings.Contains(got, "hunter22") {
			t.Errorf("Scrub(%q) = %q", echo, got)
		}
	}
}
