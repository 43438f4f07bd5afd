package secrets

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// TestScrubTransformed: each way a hostile page sent a typed secret back
// (issue 37) is masked, and nothing of the secret's letters is left.
func TestScrubTransformed(t *testing.T) {
	const secret = "Alice-s3cret"
	var s Set
	s.Add(secret)
	b64 := base64.StdEncoding.EncodeToString([]byte(secret))
	for _, in := range []string{
		"Welcome Ali\u200bce-\u200ds3c\u2060ret!",  // zero-width characters
		"Welcome Ali\u00adce-s3\ufeffcret!",        // soft hyphen, BOM
		`@e3 [button] "A l i c e - s 3 c r e t"`,   // letter-spaced aria-label
		"pw is a.l.i.c.e.s.3.c.r.e.t",              // other separators
		"> Your code: Alice-s3 cret. Keep it.",     // split over two elements
		"> Alice-s3\n> cret",                       // over two printed lines
		"> terc3s-ecilA",                           // reversed
		"> t e r c 3 s e c i l a",                  // reversed and spaced
		"ALICE-S3CRET shouted",                     // case
		"Dashboard " + b64,                         // base64 title
		"Dashboard " + strings.TrimRight(b64, "="), // unpadded
		"http://127.0.0.1/x?d=" + base64.URLEncoding.EncodeToString([]byte("u:"+secret)) + "&n=1", // URL-safe, offset
		"http://127.0.0.1/x?d=" + url.QueryEscape(base64.StdEncoding.EncodeToString([]byte("xy"+secret))),
		"http://127.0.0.1/x?q=Alice%E2%80%8B-s3cret", // percent-encoded zero-width
		"http://127.0.0.1/x?q=Ali%EF%BF%BDce-s3cret", // percent-encoded U+FFFD (a lone surrogate)
		"http://127.0.0.1/x?q=Ali%ED%A0%80ce-s3cret", // a lone surrogate's bytes, undecodable
		`{"title":"Ali\u200bce-s3cret"}`,             // JSON-escaped zero-width
		"Hi Ａｌｉｃｅ－ｓ３ｃｒｅｔ",                            // fullwidth
		"Hi Аlicе-s3сrеt",                            // Cyrillic look-alikes
	} {
		out := s.Scrub(in)
		if !strings.Contains(out, Mask) {
			t.Errorf("Scrub(%q) = %q: not masked", in, out)
			continue
		}
		for _, part := range []string{"s3", "3c", "c r", "c3", "lic", "cre"} {
			if strings.Contains(strings.ToLower(out), part) {
				t.Errorf("Scrub(%q) = %q: %q left", in, out, part)
			}
		}
		if strings.Contains(out, b64[2:10]) {
			t.Errorf("Scrub(%q) = %q: base64 left", in, out)
		}
	}
}

// TestScrubKeepsShape: a mask that spans two JSON strings or two lines
// keeps the quotes and line breaks between, so -o json stays JSON.
func TestScrubKeepsShape(t *testing.T) {
	var s Set
	s.Add("hunter2secret")
	b, _ := json.Marshal([]string{"hunter2", "secret"})
	out := s.Scrub(string(b))
	var back []string
	if err := json.Unmarshal([]byte(out), &back); err != nil || len(back) != 2 || back[0] != Mask || back[1] != Mask {
		t.Errorf("Scrub(%s) = %s (%v)", b, out, err)
	}
	if got := s.Scrub("a hunter\n2secret b"); got != "a ***\n*** b" {
		t.Errorf("over two lines: %q", got)
	}
	b, _ = json.Marshal(map[string]string{"v": `hunter"2secret`})
	if out := s.Scrub(string(b)); !json.Valid([]byte(out)) || strings.Contains(out, "hunter") {
		t.Errorf("escaped quote inside: %s", out)
	}
}

// TestScrubFalsePositives: short secrets are only matched exactly (and
// through invisible characters), letters scattered over a page are not
// a secret, and ordinary text around a match stays.
func TestScrubFalsePositives(t *testing.T) {
	var s Set
	s.Add("12345")     // a PIN: shorter than FuzzyMinLen
	s.Add("swordfish") // a long one
	for in, want := range map[string]string{
		"Page 1 2 3 4 5 next":                              "Page 1 2 3 4 5 next",
		"54321 reversed":                                   "54321 reversed",
		"PIN 123\u200b45":                                  "PIN ***",
		"s - w - o - r - d - f - i - s - h":                "***",
		"see page 7: swords, a fish, and more":             "see page 7: swords, a fish, and more",
		"s.............w.....o.r.d.f.i.s.h":                "s.............w.....o.r.d.f.i.s.h",
		"the swordfish swims; hsifdrows":                   "the *** swims; ***",
		"nothing here at all, c3dvcmRmaXNo-less but close": "nothing here at all, *** but close", // the whole base64 run
	} {
		if got := s.Scrub(in); got != want {
			t.Errorf("Scrub(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUnits(t *testing.T) {
	us := units(`a%41\u0042\"` + "\u200b\"\n")
	var got []rune
	var kinds []uint8
	for _, u := range us {
		got = append(got, u.r)
		kinds = append(kinds, u.kind)
	}
	if string(got) != "aAB\"\u200b\"\n" {
		t.Errorf("runes %q", string(got))
	}
	want := []uint8{kAlnum, kAlnum, kAlnum, kSep, kInvisible, kBreak, kBreak}
	for i := range want {
		if i >= len(kinds) || kinds[i] != want[i] {
			t.Errorf("kinds %v, want %v", kinds, want)
			break
		}
	}
}

// TestScrubNonLatin: a secret spelled with letters that have look-alikes
// is still found as typed, spaced and reversed.
func TestScrubNonLatin(t *testing.T) {
	var s Set
	s.Add("пароль-Секрет")
	for _, in := range []string{"x пароль-Секрет y", "x п а р о л ь С е к р е т y", "x теркеС-ьлорап y"} {
		if out := s.Scrub(in); out != "x *** y" {
			t.Errorf("Scrub(%q) = %q", in, out)
		}
	}
}

// TestScrubTyping: a console that logged a field key by key shows no
// start of the secret of MinLen or more; words inside others stay.
func TestScrubTyping(t *testing.T) {
	var s Set
	s.Add("pocket-Apex9")
	log := "k p\nk po\nk poc\nk pock\nk pocke\nk pocket\nk pocket-\nk pocket-A\nk pocket-Apex\nk pocket-Apex9\npockets pickpock"
	want := "k p\nk po\nk poc\nk ***\nk ***\nk ***\nk ***\nk ***\nk ***\nk ***\npockets pickpock"
	if got := s.ScrubTyping(log); got != want {
		t.Errorf("ScrubTyping:\n%s\nwant\n%s", got, want)
	}
	if got := s.Scrub("the pocket"); got != "the pocket" {
		t.Errorf("Scrub masks a start of a secret in page text: %q", got)
	}
}

// TestScrubLongText: a text longer than a window is searched a window at
// a time; a spaced secret straddling a window's end is still masked, and
// so is one in every window.
func TestScrubLongText(t *testing.T) {
	var s Set
	s.Add("Alice-s3cret")
	filler := strings.Repeat("lorem ipsum dolor sit amet\n", 2*window/27+1)
	spaced := "A l i c e - s 3 c r e t"
	for _, at := range []int{window - 10, window - 1, window, 2*window - 5} {
		text := filler[:at] + spaced + filler + spaced
		out := s.Scrub(text)
		if strings.Count(out, Mask) != 2 || strings.Contains(out, "s 3") {
			t.Errorf("secret at %d: %d masks", at, strings.Count(out, Mask))
		}
		if !strings.HasPrefix(out, filler[:at]) || len(out) != len(text)-2*len(spaced)+2*len(Mask) {
			t.Errorf("secret at %d: the text around it changed", at)
		}
	}
}

// A page that pads its echo makes tact cut it inside the secret: the
// start left before the cut mark is masked too (hostile pass H2).
func TestScrubCutEcho(t *testing.T) {
	var s Set
	s.Add("hunter2Secret9")
	for _, c := range []struct{ in, want string }{
		{"AAAA:hunter2Secre… — http://x", "AAAA:" + Mask + "… — http://x"},
		{`[button] "AAA:hunter2Sec…"`, `[button] "AAA:` + Mask + `…"`},
		{"&s=hunter2…", "&s=" + Mask + "…"},
		{"nbsp:h u n t e r 2 S…", "nbsp:" + Mask + "…"},
		{"AAAAhunter2Se… (6 more characters)", "AAAA" + Mask + "… (6 more characters)"},
		// Not a cut: a common start elsewhere stays.
		{"hunter2 is a word… and more", "hunter2 is a word… and more"},
		// Four characters of it before a cut are masked: a cut word that
		// starts like a secret costs less than most of a secret.
		{"hunt…", Mask + "…"},
		{"hun…", "hun…"},
	} {
		if got := s.Scrub(c.in); got != c.want {
			t.Errorf("Scrub(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
