// Package secrets keeps the values a session typed as secrets (--secret
// fills, password fields, --header values, a farm's token) in memory and
// scrubs them out of everything tact prints or stores. A page can echo a
// secret anywhere (its URL after a GET form, its title, a label, the
// console), so the scrub runs at the boundary, on the finished text,
// rather than in each place a page's words pass through.
package secrets

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/url"
	"sort"
	"strings"
	"sync"
)

// Mask replaces a secret.
const Mask = "***"

// MinLen is the shortest value scrubbed: a shorter one would match all
// over ordinary text ("a", "12") and blank out the output.
const MinLen = 4

// Set is one session's secrets. The zero value is ready; a nil *Set
// scrubs nothing.
type Set struct {
	mu    sync.RWMutex
	forms map[string]bool // every spelling of every secret
	list  []string        // forms, longest first
	fuzzy []fuzzy         // each secret's normalised forms (fuzzy.go)
}

// Add remembers a value and the spellings a page or tact may give it:
// percent-encoded (URLs, forms), JSON-escaped (-o json output, state
// files). Values shorter than MinLen are not scrubbed.
func (s *Set) Add(v string) {
	if s == nil || len([]rune(v)) < MinLen {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.forms == nil {
		s.forms = map[string]bool{}
	}
	for _, f := range s.fuzzy {
		if f.value == v {
			return
		}
	}
	s.fuzzy = append(s.fuzzy, newFuzzy(v))
	var enc []string
	for _, f := range []string{v, url.QueryEscape(v), url.PathEscape(v), formEncode(v), uriComponent(v)} {
		// A page may change the case (or a server the hex digits').
		enc = append(enc, f, strings.ToLower(f), strings.ToUpper(f))
	}
	for _, f := range enc {
		for _, j := range []string{f, jsonEscape(f, true), jsonEscape(f, false)} {
			if len(j) >= MinLen {
				s.forms[j] = true
			}
		}
	}
	s.list = s.list[:0]
	for f := range s.forms {
		s.list = append(s.list, f)
	}
	// Longest first: a spelling that contains another is replaced whole.
	sort.Slice(s.list, func(i, j int) bool {
		if len(s.list[i]) != len(s.list[j]) {
			return len(s.list[i]) > len(s.list[j])
		}
		return s.list[i] < s.list[j]
	})
}

// Len is how many secrets the set holds (it only grows): what was
// scrubbed with an earlier Len may hold a secret added since.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.fuzzy)
}

// AddURL remembers the credential-like query values of a URL and its
// user info's password (a farm's ?token=…, user:pass@). Other query
// values (&timeout=60000) are settings, not secrets.
func (s *Set) AddURL(raw string) {
	u, err := url.Parse(raw)
	if err != nil {
		return
	}
	for k, vs := range u.Query() {
		if !Credential(k) {
			continue
		}
		for _, v := range vs {
			s.Add(v)
		}
	}
	if u.User != nil {
		if p, ok := u.User.Password(); ok {
			s.Add(p)
		}
	}
}

// AddHeader remembers a credential header's value, and what a page may
// echo of it alone: the token after an auth scheme ("Bearer T", "Token
// T"), and for Basic the decoded "user:pass" and its password.
func (s *Set) AddHeader(value string) {
	value = strings.TrimSpace(value)
	s.Add(value)
	scheme, token, ok := strings.Cut(value, " ")
	if !ok {
		return
	}
	token = strings.TrimSpace(token)
	s.Add(token)
	if strings.EqualFold(scheme, "basic") {
		if b, err := base64.StdEncoding.DecodeString(token); err == nil {
			s.Add(string(b))
			if _, pass, ok := strings.Cut(string(b), ":"); ok {
				s.Add(pass)
			}
		}
	}
}

// credentialWords mark a header or query parameter name whose value is
// a credential.
var credentialWords = []string{"auth", "token", "secret", "password", "passwd", "api-key", "api_key", "apikey", "cookie",
	"session", "signature", "credential", "jwt", "bearer", "csrf", "xsrf"}

// credentialNames are short names that are credentials only whole (a
// "key" inside "monkey" is not).
var credentialNames = map[string]bool{"key": true, "pw": true, "pwd": true, "pass": true, "sig": true, "code": true, "access_key": true, "x-amz-signature": true}

// Credential reports whether a header or query parameter name is one
// whose value is a credential (Authorization, X-Api-Key, X-Auth-Token,
// Cookie, ?token=, ?sig=, ?password=).
func Credential(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	if credentialNames[n] {
		return true
	}
	for _, w := range credentialWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// Empty reports whether there is nothing to scrub.
func (s *Set) Empty() bool {
	if s == nil {
		return true
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.list) == 0
}

// Scrub replaces every secret in text with Mask: its exact spellings,
// then the transformed ones (fuzzy.go).
func (s *Set) Scrub(text string) string {
	if s == nil || text == "" {
		return text
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if len(s.fuzzy) == 0 {
		return text
	}
	for _, f := range s.list {
		if strings.Contains(text, f) {
			text = strings.ReplaceAll(text, f, Mask)
		}
	}
	return scrubCut(scrubFuzzy(text, s.fuzzy), s.fuzzy)
}

// ScrubTyping is Scrub for the page's console, which a page can fill
// key by key as tact types a secret ("p", "po", "poc", …): it also masks
// the start of a secret, MinLen characters or more, standing as a word
// of its own. Page text gets only Scrub: there a common word that starts
// a secret ("summer" of "summer2024!") is no echo.
func (s *Set) ScrubTyping(text string) string {
	text = s.Scrub(text)
	if s.Empty() || text == "" {
		return text
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return scrubPrefixes(text, s.fuzzy)
}

// ScrubBytes is Scrub for a file's contents.
func (s *Set) ScrubBytes(b []byte) []byte {
	if s.Empty() {
		return b
	}
	if c := s.Scrub(string(b)); c != string(b) {
		return []byte(c)
	}
	return b
}

// Contains reports whether text holds a secret (a locator built from a
// name the page copied a secret into is no locator to propose).
func (s *Set) Contains(text string) bool {
	return s.Scrub(text) != text
}

// Writer scrubs what goes through it (the daemon's log). Each Write is
// scrubbed on its own: the log writes whole records.
func (s *Set) Writer(w io.Writer) io.Writer { return &writer{s: s, w: w} }

type writer struct {
	s *Set
	w io.Writer
}

func (w *writer) Write(p []byte) (int, error) {
	if _, err := w.w.Write(w.s.ScrubBytes(append([]byte(nil), p...))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// jsonEscape is v as it appears inside a JSON string, with or without
// the HTML escaping encoding/json does by default.
func jsonEscape(v string, html bool) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(html)
	_ = e.Encode(v)
	out := strings.TrimSuffix(b.String(), "\n")
	return strings.TrimSuffix(strings.TrimPrefix(out, `"`), `"`)
}

// formEncode is application/x-www-form-urlencoded as browsers write it
// (a GET form's query): alphanumerics and *-._ stay, space is +.
func formEncode(v string) string { return percent(v, "*-._", true) }

// uriComponent is JavaScript's encodeURIComponent.
func uriComponent(v string) string { return percent(v, "-_.!~*'()", false) }

func percent(v, keep string, plus bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte(keep, c) >= 0:
			b.WriteByte(c)
		case c == ' ' && plus:
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
