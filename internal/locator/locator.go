// Package locator parses tact's target syntax into a typed Locator and
// holds the in-page code (locator.js) that finds a locator's matches and
// generates durable locators for an element.
//
// Syntax (every command that takes a target):
//
//	@e12                         a ref from the latest snap
//	css=<selector>               CSS, piercing open shadow roots
//	xpath=<expr>                 XPath (also a bare //… or (//…)
//	text=<text>                  visible text, case-insensitive substring
//	text="exact"                 visible text, whole and case-sensitive
//	text=/sign\s*in/i            a JavaScript regular expression (so are the
//	                             other textual kinds written /…/flags)
//	role=button[name="Sign in"]  role and accessible name as snap prints them;
//	                             [name="x"i] is a case-insensitive substring;
//	                             [checked] [disabled] [expanded] [pressed]
//	                             [selected] (each may be =true / =false)
//	label=<text>                 a <label>, aria-label or aria-labelledby
//	placeholder=<text>, alt=<text>, title=<text>
//	testid=<id>                  data-testid, data-test, data-cy or data-qa
//	A >> B                       B inside A; when A is an iframe, inside its document
//	A >> nth=N                   the Nth match of A (0-based, -1 = last)
//
// ego-browser's spellings are accepted too: loc=css:…, css:…,
// loc=role:button[name="Login"], loc=text:….
package locator

import (
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/inpage"
)

//go:embed locator.js
var src string

// Module defines __tact.locate (find matches) and __tact.locGen (generate
// locators). It needs the walker (snapshot.Module) and dom.
var Module = inpage.New(src)

// Kind is the strategy of one step.
type Kind string

// Step kinds.
const (
	CSS         Kind = "css"
	XPath       Kind = "xpath"
	Text        Kind = "text"
	Role        Kind = "role"
	Label       Kind = "label"
	Placeholder Kind = "placeholder"
	TestID      Kind = "testid"
	Alt         Kind = "alt"
	Title       Kind = "title"
	Nth         Kind = "nth"
)

// textual kinds take a plain (case-insensitive substring) or quoted
// (exact) value.
var textual = map[Kind]bool{Text: true, Label: true, Placeholder: true, Alt: true, Title: true}

var kinds = map[string]Kind{"css": CSS, "xpath": XPath, "text": Text, "role": Role, "label": Label,
	"placeholder": Placeholder, "testid": TestID, "alt": Alt, "title": Title, "nth": Nth}

// States a role step can filter on.
var roleStates = map[string]bool{"checked": true, "disabled": true, "expanded": true, "pressed": true, "selected": true}

// Step is one link of a chain. Its JSON form is what locator.js takes.
type Step struct {
	Kind Kind `json:"k"`
	// Value is the selector, expression, text, role or test id.
	Value string `json:"v,omitempty"`
	// Exact: textual kinds match the whole (whitespace-folded) text, case
	// sensitive; otherwise a case-insensitive substring.
	Exact bool `json:"exact,omitempty"`
	// Regex: textual kinds written /source/flags match a JavaScript
	// regular expression (Value is its source) against the
	// whitespace-folded text, as Playwright's text=/…/ does.
	Regex bool   `json:"re,omitempty"`
	Flags string `json:"flags,omitempty"`
	// Role steps: the accessible name (HasName) and how it matches
	// (NameExact false: case-insensitive substring), and state filters.
	Name      string          `json:"name,omitempty"`
	HasName   bool            `json:"hasName,omitempty"`
	NameExact bool            `json:"nameExact,omitempty"`
	States    map[string]bool `json:"states,omitempty"`
	// N is the index of an nth step (negative counts from the end).
	N int `json:"n,omitempty"`
}

// Locator is a parsed target: a ref or a chain of steps.
type Locator struct {
	Ref   int    // > 0 for @eN
	Steps []Step // otherwise
}

// IsRef reports whether the target is an @eN ref.
func (l Locator) IsRef() bool { return l.Ref > 0 }

// String is the canonical spelling; Parse(l.String()) gives l back.
func (l Locator) String() string {
	if l.Ref > 0 {
		return "@e" + strconv.Itoa(l.Ref)
	}
	parts := make([]string, len(l.Steps))
	for i, s := range l.Steps {
		parts[i] = s.String()
	}
	return strings.Join(parts, " >> ")
}

// String spells one step.
func (s Step) String() string {
	switch {
	case s.Kind == Nth:
		return "nth=" + strconv.Itoa(s.N)
	case s.Kind == Role:
		var b strings.Builder
		b.WriteString("role=")
		b.WriteString(s.Value)
		if s.HasName {
			b.WriteString("[name=")
			b.WriteString(Quote(s.Name))
			if !s.NameExact {
				b.WriteByte('i')
			}
			b.WriteByte(']')
		}
		for _, k := range []string{"checked", "disabled", "expanded", "pressed", "selected"} {
			if v, ok := s.States[k]; ok {
				b.WriteByte('[')
				b.WriteString(k)
				if !v {
					b.WriteString("=false")
				}
				b.WriteByte(']')
			}
		}
		return b.String()
	case s.Regex:
		return string(s.Kind) + "=/" + s.Value + "/" + s.Flags
	case textual[s.Kind] && s.Exact, s.Kind == TestID && needsQuote(s.Value):
		return string(s.Kind) + "=" + Quote(s.Value)
	}
	return string(s.Kind) + "=" + s.Value
}

// needsQuote: an unquoted test id would not read back the same.
func needsQuote(v string) bool {
	return v != strings.TrimSpace(v) || strings.HasPrefix(v, `"`) || strings.HasPrefix(v, `'`) || strings.Contains(v, ">>")
}

// Quote writes s as a double-quoted string (JSON/Go escapes), the form
// the parser reads back.
func Quote(s string) string { return strconv.Quote(s) }

// Parse reads a target. Errors are one line, say what is wrong and what
// is expected.
func Parse(s string) (Locator, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Locator{}, errors.New("empty target: use @eN from tact snap, or a locator such as css=…, text=…, role=button[name=\"…\"]")
	}
	if !utf8.ValidString(s) {
		return Locator{}, errors.New("target is not valid UTF-8")
	}
	if n, ok, isRef := parseRef(s); isRef {
		if !ok {
			return Locator{}, fmt.Errorf("malformed ref %q: want @e<number> (or @<number>) from tact snap", s)
		}
		return Locator{Ref: n}, nil
	}
	parts, err := split(s)
	if err != nil {
		return Locator{}, err
	}
	var l Locator
	for i, p := range parts {
		st, err := parseStep(p)
		if err != nil {
			return Locator{}, err
		}
		if st.Kind == Nth && i == 0 {
			return Locator{}, fmt.Errorf("%q: nth= picks among the matches of the locator before it (e.g. css=li >> nth=0)", s)
		}
		l.Steps = append(l.Steps, st)
	}
	return l, nil
}

// ParseRef accepts "@e12", "e12" and ego-browser's "@12", and returns 12.
func ParseRef(s string) (int, bool) {
	n, ok, _ := parseRef(s)
	return n, ok
}

// parseRef recognises "@e12", "e12" and "@12" (ego-browser's spelling).
// isRef is true when s looks like a ref at all (starts with "@", or is
// e+digits).
func parseRef(s string) (n int, ok, isRef bool) {
	if strings.HasPrefix(s, "@") {
		isRef = true
		s = s[1:]
		if s != "" && s[0] >= '0' && s[0] <= '9' {
			s = "e" + s
		}
	} else if len(s) < 2 || s[0] != 'e' || strings.Trim(s[1:], "0123456789") != "" {
		return 0, false, false
	}
	if !strings.HasPrefix(s, "e") || len(s) < 2 || strings.Trim(s[1:], "0123456789") != "" {
		return 0, false, true
	}
	v, err := strconv.Atoi(s[1:])
	if err != nil || v <= 0 {
		return 0, false, true
	}
	return v, true, true
}

// split cuts a chain at ">>" outside double-quoted strings and outside
// [...] (where single quotes also count).
func split(s string) ([]string, error) {
	var parts []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || (c == '\'' && depth > 0):
			quote = c
		case c == '[':
			depth++
		case c == ']':
			if depth > 0 {
				depth--
			}
		case c == '>' && depth == 0 && i+1 < len(s) && s[i+1] == '>':
			parts = append(parts, strings.TrimSpace(s[start:i]))
			i++
			start = i + 1
		}
	}
	parts = append(parts, strings.TrimSpace(s[start:]))
	for _, p := range parts {
		if p == "" {
			return nil, fmt.Errorf("%q: empty part around \">>\" (want A >> B)", s)
		}
	}
	return parts, nil
}

func parseStep(p string) (Step, error) {
	body, ego := strings.CutPrefix(p, "loc=")
	if strings.HasPrefix(body, "//") || strings.HasPrefix(body, "(//") {
		return Step{Kind: XPath, Value: body}, nil
	}
	i := 0
	for i < len(body) && body[i] >= 'a' && body[i] <= 'z' {
		i++
	}
	k, known := kinds[body[:i]]
	if !known || i == len(body) || (body[i] != '=' && body[i] != ':') || (k == Nth && body[i] != '=') {
		if ego {
			return Step{}, fmt.Errorf("%q: want loc=<kind>:<value>, kind one of css, xpath, text, role, label, placeholder, testid", p)
		}
		return Step{}, fmt.Errorf("unsupported target %q: use @eN from tact snap, css=, xpath=, text=, role=…[name=\"…\"], label=, placeholder=, testid= (or loc=css:…)", p)
	}
	v := body[i+1:]
	st := Step{Kind: k}
	switch {
	case k == CSS || k == XPath:
		st.Value = strings.TrimSpace(v)
		if st.Value == "" {
			return Step{}, fmt.Errorf("%q: empty %s expression", p, k)
		}
	case k == Nth:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n > 1<<20 || n < -(1<<20) {
			return Step{}, fmt.Errorf("%q: nth= wants an integer index (0 = first, -1 = last)", p)
		}
		st.N = n
	case k == Role:
		return parseRole(p, v)
	default: // textual and testid
		v = strings.TrimSpace(v)
		if v != "" && (v[0] == '"' || v[0] == '\'') {
			u, rest, err := unquote(v)
			if err != nil {
				return Step{}, fmt.Errorf("%q: %v", p, err)
			}
			if rest != "" {
				return Step{}, fmt.Errorf("%q: unexpected %q after the quoted value", p, rest)
			}
			v = u
			st.Exact = textual[k]
		}
		if textual[k] && !st.Exact {
			if m := regexForm().FindStringSubmatch(v); m != nil {
				st.Regex, v, st.Flags = true, m[1], m[2]
			}
		}
		if strings.TrimSpace(v) == "" {
			return Step{}, fmt.Errorf("%q: empty %s value", p, k)
		}
		st.Value = v
	}
	return st, nil
}

// regexForm is a textual value written as a regular expression,
// /source/flags; the page checks the source when it compiles it (a bad
// one is USAGE). Anything else that starts with a slash is plain text.
var regexForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^/(.+)/([dgimsuvy]*)$`) })

// unquote reads one quoted string at the start of s and returns the rest.
// Double quotes take Go/JSON escapes; single quotes only \' and \\.
func unquote(s string) (string, string, error) {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			lit := s[:i+1]
			if q == '\'' {
				r := strings.NewReplacer(`\'`, `'`, `\\`, `\`)
				return r.Replace(lit[1 : len(lit)-1]), s[i+1:], nil
			}
			u, err := strconv.Unquote(lit)
			if err != nil {
				return "", "", fmt.Errorf("bad escape in %q", lit)
			}
			return u, s[i+1:], nil
		}
	}
	return "", "", fmt.Errorf("unterminated quote in %q", s)
}

func parseRole(p, v string) (Step, error) {
	st := Step{Kind: Role}
	i := 0
	for i < len(v) && (isAlnum(v[i]) || (i > 0 && (v[i] == ':' || v[i] == '-' || v[i] == '_'))) {
		i++
	}
	st.Value = strings.ToLower(v[:i])
	if st.Value == "" {
		return Step{}, fmt.Errorf("%q: want role=<role>[name=\"…\"], e.g. role=button[name=\"Sign in\"]", p)
	}
	rest := strings.TrimSpace(v[i:])
	for rest != "" {
		if rest[0] != '[' {
			return Step{}, fmt.Errorf("%q: unexpected %q after the role (want [name=\"…\"])", p, rest)
		}
		rest = strings.TrimSpace(rest[1:])
		j := 0
		for j < len(rest) && rest[j] >= 'a' && rest[j] <= 'z' {
			j++
		}
		key := rest[:j]
		rest = strings.TrimSpace(rest[j:])
		switch {
		case key == "name":
			if st.HasName {
				return Step{}, fmt.Errorf("%q: name given twice", p)
			}
			if !strings.HasPrefix(rest, "=") {
				return Step{}, fmt.Errorf("%q: want [name=\"…\"]", p)
			}
			rest = strings.TrimSpace(rest[1:])
			if rest == "" || (rest[0] != '"' && rest[0] != '\'') {
				return Step{}, fmt.Errorf("%q: the name must be quoted: [name=\"…\"]", p)
			}
			u, r, err := unquote(rest)
			if err != nil {
				return Step{}, fmt.Errorf("%q: %v", p, err)
			}
			st.Name, st.HasName, st.NameExact = u, true, true
			rest = strings.TrimSpace(r)
			if strings.HasPrefix(rest, "i") {
				st.NameExact = false
				rest = strings.TrimSpace(rest[1:])
			} else if strings.HasPrefix(rest, "s") {
				rest = strings.TrimSpace(rest[1:])
			}
		case roleStates[key]:
			if _, dup := st.States[key]; dup {
				return Step{}, fmt.Errorf("%q: %s given twice", p, key)
			}
			val := true
			if strings.HasPrefix(rest, "=") {
				rest = strings.TrimSpace(rest[1:])
				w := strings.Trim(rest[:strings.IndexAny(rest+"]", "]")], ` "'`)
				switch w {
				case "true":
				case "false":
					val = false
				default:
					return Step{}, fmt.Errorf("%q: [%s=…] wants true or false", p, key)
				}
				rest = rest[strings.IndexAny(rest+"]", "]"):]
			}
			if st.States == nil {
				st.States = map[string]bool{}
			}
			st.States[key] = val
		case key == "":
			return Step{}, fmt.Errorf("%q: want [name=\"…\"] or a state such as [checked]", p)
		default:
			return Step{}, fmt.Errorf("%q: unknown role attribute %q (name, checked, disabled, expanded, pressed, selected)", p, key)
		}
		if !strings.HasPrefix(rest, "]") {
			return Step{}, fmt.Errorf("%q: missing ] after [%s…", p, key)
		}
		rest = strings.TrimSpace(rest[1:])
	}
	return st, nil
}

func isAlnum(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}
