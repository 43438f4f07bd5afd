package secrets

import (
	"encoding/base64"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A page can send a typed secret back transformed so that no exact
// spelling matches: with zero-width characters inside, letter-spaced
// ("a l i c e"), split over two elements printed side by side, reversed,
// or base64-encoded. The scrub therefore also compares normalised views
// of the text against normalised forms of each secret:
//
//   - the invisible view drops format characters (zero-width space and
//     joiners, bidi marks, soft hyphen, …), decodes %XX and JSON escapes
//     and folds look-alikes (fullwidth forms, Cyrillic and Greek letters
//     that print like Latin ones) into ASCII; the secret must appear in
//     it exactly (every secret of MinLen or more);
//   - the letters view keeps only letters and digits, lower-cased; the
//     secret's letters and digits must appear in it forwards or
//     backwards, at most maxGap separators apart (FuzzyMinLen or more
//     letters and digits);
//   - the base64 view keeps the base64 alphabet (URL-safe letters and
//     %2B/%2F/%3D mapped to the standard ones); the
//     secret's base64 at any of the three byte alignments must appear
//     in it, and the whole base64 run around it is masked (FuzzyMinLen
//     or more characters).
//
// What matched is replaced by Mask on the original text, piece by piece
// between double quotes and line breaks that are not part of the match,
// so JSON stays valid and lines stay lines.

// FuzzyMinLen is the fewest letters and digits a secret needs before it
// is also matched letter-spaced, case-blind, reversed and in base64: a
// shorter one (a 4-digit PIN) would match page numbers and dates.
const FuzzyMinLen = 6

// maxGap is the most separator characters (spaces, punctuation, line
// breaks; invisible characters do not count) allowed between two
// letters of a letter-spaced match: enough for "a - l - i" and for two
// elements printed side by side, not enough to string a secret together
// from letters scattered over a page.
const maxGap = 8

// fuzzy is one secret's normalised forms.
type fuzzy struct {
	value   string   // the value as typed
	exact   string   // the value, look-alikes folded (invisible view)
	letters []string // letters and digits, lower-cased, forwards and reversed
	b64     []string // standard base64 of the value at each alignment, the determined part
}

func newFuzzy(v string) fuzzy {
	f := fuzzy{value: v, exact: strings.Map(lookalike, v)}
	var b strings.Builder
	for _, r := range f.exact {
		if isAlnum(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	if l := b.String(); utf8.RuneCountInString(l) >= FuzzyMinLen {
		f.letters = append(f.letters, l)
		if rev := reverse(l); rev != l {
			f.letters = append(f.letters, rev)
		}
	}
	if utf8.RuneCountInString(v) >= FuzzyMinLen {
		for k := 0; k < 3; k++ {
			enc := base64.StdEncoding.EncodeToString(append(make([]byte, k), v...))
			// Characters whose 6 bits come from the value only.
			from, to := (8*k+5)/6, 8*(k+len(v))/6
			if to-from >= FuzzyMinLen {
				f.b64 = append(f.b64, enc[from:to])
			}
		}
	}
	return f
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func isAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// lookalikes are the Cyrillic and Greek letters that print like Latin
// ones: a page can spell a secret with them and it reads the same.
var lookalikes = map[rune]rune{
	'а': 'a', 'в': 'b', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j',
	'ѕ': 's', 'ԁ': 'd', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l', 'ѵ': 'v', 'т': 't', 'м': 'm', 'к': 'k', 'н': 'h',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T',
	'Х': 'X', 'І': 'I', 'Ј': 'J', 'Ѕ': 'S', 'У': 'Y',
	'ο': 'o', 'α': 'a', 'ν': 'v', 'ρ': 'p', 'ι': 'i', 'κ': 'k', 'τ': 't', 'υ': 'u', 'χ': 'x',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
}

// lookalike folds a character that prints like an ASCII one into it:
// fullwidth forms (ａｌｉｃｅ) and Cyrillic or Greek look-alikes.
func lookalike(r rune) rune {
	if r >= 0xFF01 && r <= 0xFF5E {
		return r - 0xFEE0
	}
	if l, ok := lookalikes[r]; ok {
		return l
	}
	return r
}

// invisible reports a character that renders as nothing: format
// characters (zero-width space, joiners, bidi controls, soft hyphen, word
// joiner, BOM, tags) and the fillers and selectors that print blank.
func invisible(r rune) bool {
	switch {
	case unicode.Is(unicode.Cf, r), r == 0x034F, r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0,
		r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return true
	}
	return false
}

// unit kinds
const (
	kSep       = iota // a separator: space, punctuation, an escaped quote
	kAlnum            // a letter or digit
	kInvisible        // renders as nothing
	kBreak            // a raw double quote or line break: masks stop there
)

// unit is one character of the text as a page meant it: a rune, a %XX
// sequence or a JSON escape, with where it is in the original.
type unit struct {
	start, end int32
	r          rune
	kind       uint8
}

// units decodes text into units.
func units(text string) []unit {
	us := make([]unit, 0, len(text))
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf && c != '%' && c != '\\' {
			// Plain ASCII, most of any text.
			k := uint8(kSep)
			switch {
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
				k = kAlnum
			case c == '"' || c == '\n':
				k = kBreak
			}
			us = append(us, unit{start: int32(i), end: int32(i + 1), r: rune(c), kind: k})
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(text[i:])
		escaped := false
		switch text[i] {
		case '%':
			if dr, dw := percentRune(text[i:]); dw > 0 {
				r, w, escaped = dr, dw, true
			}
		case '\\':
			if dr, dw := jsonEscapeRune(text[i:]); dw > 0 {
				r, w, escaped = dr, dw, true
			}
		}
		r = lookalike(r)
		u := unit{start: int32(i), end: int32(i + w), r: r}
		switch {
		case invisible(r):
			u.kind = kInvisible
		case isAlnum(r):
			u.kind = kAlnum
		case !escaped && (r == '"' || r == '\n'):
			u.kind = kBreak
		default:
			u.kind = kSep
		}
		us = append(us, u)
		i += w
	}
	return us
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// percentRune decodes the %XX sequence (one UTF-8 character, up to four
// sequences) at the start of s; width 0 when there is none.
func percentRune(s string) (rune, int) {
	var b [4]byte
	n, w := 0, 0
	for n < 4 && w+2 < len(s) && s[w] == '%' {
		hi, lo := unhex(s[w+1]), unhex(s[w+2])
		if hi < 0 || lo < 0 {
			break
		}
		b[n] = byte(hi<<4 | lo)
		n, w = n+1, w+3
		if utf8.FullRune(b[:n]) {
			// A character (U+FFFD, which a browser writes for a lone
			// surrogate, too), or a byte that is none: one unit either
			// way, so a secret split by it is still found.
			if r, size := utf8.DecodeRune(b[:n]); size == n {
				return r, w
			}
			return utf8.RuneError, 3
		}
	}
	return 0, 0
}

// jsonEscapeRune decodes the JSON string escape at the start of s.
func jsonEscapeRune(s string) (rune, int) {
	if len(s) < 2 {
		return 0, 0
	}
	switch s[1] {
	case '"', '\\', '/':
		return rune(s[1]), 2
	case 'n':
		return '\n', 2
	case 't':
		return '\t', 2
	case 'r':
		return '\r', 2
	case 'b', 'f':
		return ' ', 2
	case 'u':
		if len(s) < 6 {
			return 0, 0
		}
		r := 0
		for _, c := range []byte(s[2:6]) {
			h := unhex(c)
			if h < 0 {
				return 0, 0
			}
			r = r<<4 | h
		}
		return rune(r), 6
	}
	return 0, 0
}

// view is a normalised text: each rune of s came from unit at[i].
type view struct {
	s   string
	pos []int32 // byte offset in s of each rune
	at  []int32 // unit index of each rune
}

// build makes a view of us: keep maps a unit to the rune the view holds
// (and whether it holds one).
func build(us []unit, keep func(unit) (rune, bool)) view {
	var b strings.Builder
	b.Grow(len(us))
	v := view{pos: make([]int32, 0, len(us)), at: make([]int32, 0, len(us))}
	for i, u := range us {
		if r, ok := keep(u); ok {
			v.pos = append(v.pos, int32(b.Len()))
			v.at = append(v.at, int32(i))
			b.WriteRune(r)
		}
	}
	v.s = b.String()
	return v
}

// runeAt is the index of the rune at byte offset off of v.s.
func (v *view) runeAt(off int) int {
	return sort.Search(len(v.pos), func(i int) bool { return int(v.pos[i]) >= off })
}

// find calls hit(first, last) (rune indexes) for each match of pat in v.
func (v *view) find(pat string, hit func(first, last int)) {
	n := utf8.RuneCountInString(pat)
	for off := 0; off < len(v.s); {
		i := strings.Index(v.s[off:], pat)
		if i < 0 {
			return
		}
		first := v.runeAt(off + i)
		hit(first, first+n-1)
		_, w := utf8.DecodeRuneInString(v.s[off+i:])
		off += i + w
	}
}

// masker collects the units to mask.
type masker struct {
	us     []unit
	hit    []bool   // a unit a secret's character came from
	ranges [][2]int // unit ranges to mask, inclusive
}

// mark masks view runes first..last of v (units in between too).
func (m *masker) mark(v *view, first, last int) {
	for i := first; i <= last; i++ {
		m.hit[v.at[i]] = true
	}
	m.ranges = append(m.ranges, [2]int{int(v.at[first]), int(v.at[last])})
}

// spans are the byte spans of the text to mask: each piece of a range
// between unmatched breaks that holds a matched unit.
func (m *masker) spans() [][2]int {
	sort.Slice(m.ranges, func(i, j int) bool { return m.ranges[i][0] < m.ranges[j][0] })
	var out [][2]int
	piece := func(a, z int) {
		for i := a; i <= z; i++ {
			if m.hit[i] {
				out = append(out, [2]int{int(m.us[a].start), int(m.us[z].end)})
				return
			}
		}
	}
	for i := 0; i < len(m.ranges); {
		a, z := m.ranges[i][0], m.ranges[i][1]
		for i++; i < len(m.ranges) && m.ranges[i][0] <= z+1; i++ {
			z = max(z, m.ranges[i][1])
		}
		start := a
		for j := a; j <= z; j++ {
			if m.us[j].kind == kBreak && !m.hit[j] {
				piece(start, j-1)
				start = j + 1
			}
		}
		piece(start, z)
	}
	return out
}

// maskSpans replaces each span of text (overlapping ones merged) with
// Mask.
func maskSpans(text string, spans [][2]int) string {
	if len(spans) == 0 {
		return text
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	var b strings.Builder
	done := 0
	for i := 0; i < len(spans); {
		a, z := spans[i][0], spans[i][1]
		for i++; i < len(spans) && spans[i][0] < z; i++ {
			z = max(z, spans[i][1])
		}
		a = max(a, done)
		b.WriteString(text[done:a])
		b.WriteString(Mask)
		done = z
	}
	b.WriteString(text[done:])
	return b.String()
}

// window and overlap bound the memory a scrub takes (some 50 bytes per
// byte of text): a long text is searched a window at a time, each window
// reaching overlap bytes into the next, so a match that starts in one
// window (and is shorter than overlap, as a spaced secret of a few
// hundred characters is) is found whole.
const (
	window  = 256 << 10
	overlap = 16 << 10
)

// windowed masks in text the spans find returns, a window at a time.
func windowed(text string, find func(string) [][2]int) string {
	var spans [][2]int
	for a := 0; a < len(text); a += window {
		for a < len(text) && !utf8.RuneStart(text[a]) {
			a++
		}
		z := min(len(text), a+window+overlap)
		for z < len(text) && !utf8.RuneStart(text[z]) {
			z++
		}
		for _, sp := range find(text[a:z]) {
			spans = append(spans, [2]int{sp[0] + a, sp[1] + a})
		}
		if z == len(text) {
			break
		}
	}
	return maskSpans(text, spans)
}

// scrubFuzzy masks the transformed spellings of fs in text.
func scrubFuzzy(text string, fs []fuzzy) string {
	return windowed(text, func(text string) [][2]int { return fuzzySpans(text, fs) })
}

// fuzzySpans finds the transformed spellings of fs in text.
func fuzzySpans(text string, fs []fuzzy) [][2]int {
	us := units(text)
	m := &masker{us: us, hit: make([]bool, len(us))}

	plain := build(us, func(u unit) (rune, bool) { return u.r, u.kind != kInvisible })
	letters := build(us, func(u unit) (rune, bool) { return unicode.ToLower(u.r), u.kind == kAlnum })
	// seen[i]: visible units up to unit i, to measure gaps without
	// counting invisible characters.
	seen := make([]int32, len(us)+1)
	for i, u := range us {
		seen[i+1] = seen[i]
		if u.kind != kInvisible {
			seen[i+1]++
		}
	}
	var b64 view
	for _, f := range fs {
		plain.find(f.exact, func(first, last int) {
			m.mark(&plain, first, last)
		})
		for _, l := range f.letters {
			letters.find(l, func(first, last int) {
				for i := first; i < last; i++ {
					if seen[letters.at[i+1]]-seen[letters.at[i]+1] > maxGap {
						return
					}
				}
				m.mark(&letters, first, last)
			})
		}
		if len(f.b64) > 0 && b64.pos == nil {
			b64 = build(us, b64Rune)
		}
		for _, p := range f.b64 {
			b64.find(p, func(first, last int) {
				// The whole run: its ends carry bits of the value too.
				for first > 0 && b64.s[b64.pos[first-1]] != ' ' {
					first--
				}
				for last+1 < len(b64.pos) && b64.s[b64.pos[last+1]] != ' ' {
					last++
				}
				m.mark(&b64, first, last)
			})
		}
	}
	return m.spans()
}

// b64Rune maps a unit to the standard base64 alphabet: URL-safe - and _
// become + and /, invisible characters drop out, anything else is a
// space (a run's end).
func b64Rune(u unit) (rune, bool) {
	r := u.r
	switch {
	case u.kind == kInvisible:
		return 0, false
	case r == '-':
		return '+', true
	case r == '_':
		return '/', true
	case r < utf8.RuneSelf && (isAlnum(r) || r == '+' || r == '/' || r == '='):
		return r, true
	}
	return ' ', true
}

// scrubPrefixes masks the starts of fs (MinLen runes or more) that stand
// as a token of their own in text: neither a letter nor a digit right
// before or after.
func scrubPrefixes(text string, fs []fuzzy) string {
	return windowed(text, func(text string) [][2]int { return prefixSpans(text, fs) })
}

// prefixSpans finds the starts of fs standing as tokens in text.
func prefixSpans(text string, fs []fuzzy) [][2]int {
	us := units(text)
	m := &masker{us: us, hit: make([]bool, len(us))}
	plain := build(us, func(u unit) (rune, bool) { return u.r, u.kind != kInvisible })
	rs := []rune(plain.s)
	alnumAt := func(i int) bool { return i >= 0 && i < len(rs) && isAlnum(rs[i]) }
	for _, f := range fs {
		e := []rune(f.exact)
		for k := len(e) - 1; k >= MinLen; k-- {
			plain.find(string(e[:k]), func(first, last int) {
				if !alnumAt(first-1) && !alnumAt(last+1) {
					m.mark(&plain, first, last)
				}
			})
		}
	}
	return m.spans()
}

// cutMark is how tact ends text it cut short (a long name, title, URL or
// summary).
const cutMark = '…'

// scrubCut masks the start of a secret that tact's own cut left at the
// end of a piece of text: a page that pads an echo ("AAA…A:" + value)
// makes tact cut it inside the value, after which no whole spelling is
// left to match, and the start alone still gives most of it away.
func scrubCut(text string, fs []fuzzy) string {
	if !strings.ContainsRune(text, cutMark) {
		return text
	}
	return windowed(text, func(text string) [][2]int { return cutSpans(text, fs) })
}

// cutSpans finds the starts of fs (MinLen runes or more; FuzzyMinLen
// letters and digits letter-spaced) right before a cut mark.
func cutSpans(text string, fs []fuzzy) [][2]int {
	us := units(text)
	m := &masker{us: us, hit: make([]bool, len(us))}
	// cutAfter: the unit after unit j, past invisible characters and a
	// few separators, is the cut mark.
	cutAfter := func(j int, seps int) bool {
		for k := j + 1; k < len(us); k++ {
			switch {
			case us[k].r == cutMark:
				return true
			case us[k].kind == kInvisible:
			case us[k].kind == kSep && seps > 0:
				seps--
			default:
				return false
			}
		}
		return false
	}
	plain := build(us, func(u unit) (rune, bool) { return u.r, u.kind != kInvisible })
	letters := build(us, func(u unit) (rune, bool) { return unicode.ToLower(u.r), u.kind == kAlnum })
	for _, f := range fs {
		e := []rune(f.exact)
		for k := len(e) - 1; k >= MinLen; k-- {
			plain.find(string(e[:k]), func(first, last int) {
				if cutAfter(int(plain.at[last]), 0) {
					m.mark(&plain, first, last)
				}
			})
		}
		if len(f.letters) == 0 {
			continue
		}
		l := []rune(f.letters[0]) // forwards: a cut keeps the start
		for k := len(l) - 1; k >= FuzzyMinLen; k-- {
			letters.find(string(l[:k]), func(first, last int) {
				for i := first; i < last; i++ {
					if int(letters.at[i+1]-letters.at[i]) > maxGap+1 {
						return
					}
				}
				if cutAfter(int(letters.at[last]), maxGap) {
					m.mark(&letters, first, last)
				}
			})
		}
	}
	return m.spans()
}
