package snapshot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/snapshot"
)

// page snaps a testdata page and returns the debug lines (see lines).
func page(t *testing.T, path string) (*browsertest.Tab, snapshot.Result, []string) {
	t.Helper()
	tab := browsertest.NewTab(t)
	tab.Navigate(t, path)
	r := snap(t, tab, map[string]any{"nextRef": 1})
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	return tab, r, lines(r)
}

// expect checks that every want line is present and no line contains a
// forbidden substring.
func expect(t *testing.T, got []string, want []string, forbidden []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing line %q", w)
		}
	}
	for _, f := range forbidden {
		for _, g := range got {
			if strings.Contains(g, f) {
				t.Errorf("line %q should not be there (%q)", g, f)
			}
		}
	}
	if t.Failed() {
		t.Logf("got:\n%s", strings.Join(got, "\n"))
	}
}

func TestHidden(t *testing.T) {
	_, _, got := page(t, "/snap_hidden.html")
	expect(t, got, []string{
		"h1 Visibility",
		"t Only the visible controls below should be listed.",
		`e1 [button] "Visible button" click id="shown"`,
		`e2 [button] "Visible child of hidden parent" click`,
		`e3 [link] "Visible link" click href="/visible-link"`,
		`e4 [link] "Screen reader name" click href="/sr"`,
		`e5 [button] "Disabled button" click disabled`,
		"t Inert button", // inert content is readable, not actionable
	}, []string{
		"Display none", "display none", "Visibility hidden", "Hidden parent text", "Opacity zero", "opacity zero",
		"Zero size", "aria-hidden", "[button] \"Inert", "Hidden attribute", "hidden tail", "☰", "csrf",
		"No script", "Template",
	})
	if len(got) != 8 {
		t.Errorf("want exactly 8 items, got %d", len(got))
	}
}

func TestShadowAndSlots(t *testing.T) {
	_, _, got := page(t, "/snap_shadow.html")
	want := []string{
		"h1 Shadow",
		"h2 Card title",
		"t Shadow paragraph",
		`e1 [button] "Shadow button" click`,
		`e2 [link] "Slotted link" click href="/slotted"`,
		`e3 [button] "Fallback button" click`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestPointerAndRoles(t *testing.T) {
	_, _, got := page(t, "/snap_pointer.html")
	expect(t, got, []string{
		// The card wraps a link: it is styling, its text stays content.
		"h3 Card with link",
		"t Card body text",
		`e1 [link] "Read more" click href="/card-link"`,
		// A pointer region with no control inside is the control.
		`e2 [clickable] "Plain tile" click`,
		// Pointer inside a link, onclick with a nested pointer: folded.
		`e3 [link] "Pointer inside link" click href="/link-with-pointer-child"`,
		`e4 [clickable] "Onclick div nested pointer" click`,
		`e5 [clickable] "Focusable span" click`,
		`e6 [button] "Toggle" click pressed`,
		`e7 [editable] "Notes" type value="Some notes"`,
		`e8 [summary] "More" click collapsed`,
		`e9 [summary] "Open details" click expanded`,
		"t Open body",
		`e10 [tab] "Tab A" click selected`,
		`e11 [tab] "Tab B" click`,
		`e12 [button] "Menu" click collapsed desc="Opens the menu" popup="menu"`,
		`e13 [link] "JS link" click`,
		`e14 [link] "External" click href="https://example.com/x?y=1"`,
		`e15 [link] "Fragment" click href="#top"`,
		`e16 [button] "Close" click`,
		`e17 [link] "Logo image" click href="/img"`,
	}, []string{"Details body", "In details", `"nested pointer"`, "Card with link\" click"})
}

func TestForm(t *testing.T) {
	_, r, got := page(t, "/snap_form.html")
	expect(t, got, []string{
		"t Intro text before any heading.",
		"h1 Create account",
		`e1 [input:email] "Email" type id="email" placeholder="you@example.com" required`,
		`e2 [input:text] "Name" type value="Ada"`,
		`e3 [input:search] "Search docs" type`,
		`e4 [input:password] "Password" type id="pw" value="***"`,
		`e5 [input:checkbox] "Remember me" check checked`,
		`e6 [input:radio] "Plan A" check`,
		`e7 [input:radio] "Plan B" check checked`,
		`e8 [select] "Country" select id="country" value="Japan" options="France|Japan|Peru"`,
		`e9 [textarea] "Bio" type value="Hello there" readonly`,
		`e10 [input:text] "Code" type value="X1" disabled`,
		`e11 [input:file] "Avatar" upload`,
		`e12 [input:password] "New password" type desc="At least 8 characters"`,
		`e13 [input:submit] "Sign up" click`,
		`e14 [input:reset] "Reset" click`,
		"h2 Help",
		"h3 Nothing below",
		"h2 ARIA heading",
	}, []string{"secret", "t Remember me", "t Email", "France|Japan|Peru\" click"})

	// Through Build and the text renderer: the label texts are not
	// repeated in the summary, and the intro is a level-0 section.
	p := snapshot.Build(r.URL, r.Title, r.Items)
	out, _ := render.Text(p, render.Options{})
	for _, w := range []string{
		"Sign up — " + browsertest.URL("/snap_form.html") + "\n> Intro text before any heading.\n# Create account\n> Fill in the form.\n",
		"\n@e8 [select] \"Country\" id=\"country\" value=\"Japan\" options=\"France|Japan|Peru\"\n",
		"\n## Help\n> Contact support if stuck.\n### Nothing below\n## ARIA heading\n> Text under ARIA heading.\n",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("text output lacks %q:\n%s", w, out)
		}
	}
}

func TestRefsStable(t *testing.T) {
	tab, r1, _ := page(t, "/snap_form.html")
	r2 := snap(t, tab, map[string]any{"nextRef": r1.NextRef})
	if !slices.Equal(lines(r1), lines(r2)) {
		t.Errorf("second snap differs:\n%s\n---\n%s", strings.Join(lines(r1), "\n"), strings.Join(lines(r2), "\n"))
	}
	if r2.NextRef != r1.NextRef || r1.NextRef != 15 {
		t.Errorf("nextRef %d then %d, want 15 twice", r1.NextRef, r2.NextRef)
	}
	// New element: new number; removed element: its number is not reused;
	// byRef finds live elements only.
	tab.Eval(t, `document.querySelector('#email').insertAdjacentHTML('beforebegin', '<button>New one</button>');
		document.querySelector('input[type=reset]').remove(); 0`, nil)
	r3 := snap(t, tab, map[string]any{"nextRef": r2.NextRef})
	got := lines(r3)
	expect(t, got, []string{`e15 [button] "New one" click`, `e1 [input:email] "Email" type id="email" placeholder="you@example.com" required`,
		`e13 [input:submit] "Sign up" click`}, []string{"e14 ", `"Reset"`})
	if r3.NextRef != 16 {
		t.Errorf("nextRef %d, want 16", r3.NextRef)
	}
	var ok []bool
	tab.Eval(t, `[__tact.byRef(15) && __tact.byRef(15).textContent === 'New one', __tact.byRef(14) === null, __tact.byRef(99) === null]`, &ok)
	if !slices.Equal(ok, []bool{true, true, true}) {
		t.Errorf("byRef checks %v", ok)
	}
	// A counter from the Go side that is ahead (other frames used numbers)
	// is honoured for new elements.
	tab.Eval(t, `document.body.insertAdjacentHTML('beforeend', '<button>Later</button>'); 0`, nil)
	r4 := snap(t, tab, map[string]any{"nextRef": 100})
	expect(t, lines(r4), []string{`e100 [button] "Later" click`, `e15 [button] "New one" click`}, nil)
	if r4.NextRef != 101 {
		t.Errorf("nextRef %d", r4.NextRef)
	}
}

func TestFocus(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "/snap_form.html")
	r := snap(t, tab, map[string]any{"nextRef": 1, "focus": "form"})
	got := lines(r)
	if len(got) == 0 || got[0] != `e1 [input:email] "Email" type id="email" placeholder="you@example.com" required` {
		t.Errorf("focus: %v", got)
	}
	expect(t, got, nil, []string{"Intro", "Help", "Create account"})
	for sel, msg := range map[string]string{"#nope": "matched nothing", "div[": "invalid focus selector"} {
		r := snap(t, tab, map[string]any{"nextRef": 1, "focus": sel})
		if !strings.Contains(r.Error, msg) {
			t.Errorf("focus %q: error %q, want %q", sel, r.Error, msg)
		}
	}
}

func TestFramesAndNoDOMWrites(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "/snap_hidden.html")
	tab.Eval(t, `window.__muts = 0; new MutationObserver(m => { window.__muts += m.length; })
		.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
		document.body.insertAdjacentHTML('beforeend', '<iframe src="about:blank" style="width:50px;height:50px"></iframe><iframe style="display:none"></iframe>'); 0`, nil)
	var muts int
	tab.Eval(t, "new Promise(r => setTimeout(() => r(window.__muts), 50))", nil)
	tab.Eval(t, "window.__muts = 0; 0", nil)
	r := snap(t, tab, map[string]any{"nextRef": 1})
	tab.Eval(t, "new Promise(r => setTimeout(() => r(window.__muts), 50))", &muts)
	if muts != 0 {
		t.Errorf("walker caused %d DOM mutations", muts)
	}
	if last := r.Items[len(r.Items)-1]; last.K != "f" || last.Index != 0 {
		t.Errorf("last item %+v, want frame 0", last)
	}
	var tag string
	tab.Eval(t, "__tact.frames.length === 1 && __tact.frames[0].localName", &tag)
	if tag != "iframe" {
		t.Errorf("__tact.frames: %q", tag)
	}
}

func TestDelayedPage(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "/snap_delayed.html?manual")
	r := snap(t, tab, map[string]any{"nextRef": 1})
	if got := lines(r); !slices.Equal(got, []string{"t Loading…"}) {
		t.Errorf("at load: %v", got)
	}
	tab.Eval(t, "render()", nil) // the app's content arrives
	r = snap(t, tab, map[string]any{"nextRef": r.NextRef})
	expect(t, lines(r), []string{"h1 Dashboard", "t Welcome back.", `e1 [button] "Refresh" click id="refresh"`, `e2 [link] "Settings" click href="/settings"`}, []string{"Loading"})
}

func TestBigTable(t *testing.T) {
	_, r, _ := page(t, "/snap_table.html")
	var els, rows int
	groups := map[string]int{}
	for _, it := range r.Items {
		if it.K == "e" {
			els++
			groups[it.Group]++
		}
	}
	rows = len(groups)
	if els != 6001 || rows != 3001 || groups[""] != 1 || groups["g1:3000"] != 2 {
		t.Errorf("elements %d, groups %d (ungrouped %d)", els, rows, groups[""])
	}
	p := snapshot.Build(r.URL, r.Title, r.Items)
	out, st := render.Text(p, render.Options{})
	if !strings.Contains(out, "\n- @e1 \"Item 1\" · @e2 [button] \"Delete\"\n- @e3 \"Item 2\" · @e4 \"Delete\"\n") ||
		!strings.HasSuffix(out, "\n## Footer\n@e6001 \"Next page\"\n") || st.Elements != 6001 {
		t.Errorf("rendering: %+v\n%s…%s", st, out[:400], out[len(out)-300:])
	}
	t.Logf("full text: %d tokens", st.Tokens)
	// Its speed is BenchmarkWalk3000Rows's (make bench), not a test's.
}

func BenchmarkWalk3000Rows(b *testing.B) {
	tab := browsertest.NewTab(b)
	tab.Navigate(b, "/snap_table.html")
	tab.Eval(b, snapshot.JS+";0", nil)
	b.Run("in-page", func(b *testing.B) {
		var total float64
		for b.Loop() {
			var ms float64
			tab.Eval(b, "(() => { const t0 = performance.now(); __tact.snap({nextRef: 1}); return performance.now() - t0; })()", &ms)
			total += ms
		}
		b.ReportMetric(total/float64(b.N), "page-ms/op")
	})
	b.Run("with-transfer", func(b *testing.B) {
		for b.Loop() {
			var r snapshot.Result
			tab.Eval(b, "__tact.snap({nextRef: 1})", &r)
		}
	})
}

// TestCompactText: link words stay in running text, runs of link text do
// not become summaries, doubled names and link titles are dropped, and
// paragraphs are not repeated items.
func TestCompactText(t *testing.T) {
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "/hello.html")
	tab.Eval(t, `document.body.innerHTML = `+"`"+`
		<nav><a href="/a">Alpha</a> | <a href="/b">Beta</a> · <a href="/c">Gamma</a></nav>
		<h1>Post</h1>
		<p>Read the <a href="/guide" title="The guide">guide</a> before you start.</p>
		<p><a href="/x">Xavier Doe</a> in <a href="/pub">The Weekly</a></p>
		<p>One <a href="/1">link</a>.</p><p>Two <a href="/2">links</a>.</p><p>Three <a href="/3">links</a>.</p>
		<label><input type="radio" name="r"> Pay by card <span>Pay by card</span></label>
		<button title="Closes the dialog">Close</button>`+"`"+`; 0`, nil)
	r := snap(t, tab, map[string]any{"nextRef": 1})
	got := lines(r)
	expect(t, got, []string{
		"t Read the guide before you start.",
		`e4 [link] "guide" click href="/guide"`,
		"t One link.",
		`e10 [input:radio] "Pay by card" check`,
		`e11 [button] "Close" click desc="Closes the dialog"`,
	}, []string{"t Alpha", "|", "Xavier Doe in", "The guide"})
	for _, it := range r.Items {
		if it.K == "e" && it.Group != "" {
			t.Errorf("paragraph links grouped as items: %+v", it)
		}
	}
}
