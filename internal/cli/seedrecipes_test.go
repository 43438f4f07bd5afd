package cli_test

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The recipes users copy from the seeds (shared/seeds/000, 002, 003), run
// as written against testdata/seed_*.html; only the URLs are ours. Each
// test asserts what its seed promises: the output's shape, the element
// acted on, the page's state.
//
// Not here on purpose:
//   - seed 000's record & replay recipe (record start, snap, fill, click,
//     wait navigation, record stop, replay) and its workflow scopes: the
//     workflow tests own them (seeds_test.go runs the wait-navigation part);
//   - installation (curl | bash, irm | iex, cargo install) and `claude`:
//     they install or start other programs;
//   - `mcp` (TestStdioSubprocess in internal/mcp runs `tact mcp`),
//     --profile and --idle-timeout (lifecycle_test.go), --port, --dry-run
//     and --no-snap before the command (seeds_test.go): covered there;
//   - seed 002's `npm install -g agent-browser` and `lightpanda serve`
//     (other programs; any browser with a debugging port stands in);
//   - seed 003's 2-second ref TTL and ref invalidation on any DOM change:
//     tact's refs last for their document by design (a re-rendered element
//     is re-found, see README), so only navigation ends them;
//   - seed 003's id-first locator priority: tact ranks role+name above an
//     id by design (ids are often generated); data-testid still comes first.

// lineWith returns the first line of out containing needle, or "".
func lineWith(out, needle string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, needle) {
			return l
		}
	}
	return ""
}

// actSnap checks seed 000's promise for a mutation: "ok", then "---" and
// the fresh snap, which it returns.
func actSnap(t *testing.T, what string, r result) string {
	t.Helper()
	mustOK(t, r)
	_, snap, found := strings.Cut(r.out, "\n---\n")
	// The updated state is what changed since the previous snap (the
	// whole page after a navigation): sections, a line saying nothing
	// did, or (a scroll) the movement the verdict reported above it.
	if !strings.HasPrefix(r.out, "ok") || !found || (!strings.Contains(snap, "# ") && !strings.Contains(snap, "(no change on the page)") && !strings.Contains(r.out, "\nscrolled ")) {
		t.Fatalf("%s: want ok, ---, then the fresh snap:\n%s", what, r.out)
	}
	return snap
}

// Seed 000's first example (snap, then click a radio: "auto re-snap
// included"), "act — actions return updated state" (click, fill, type,
// select, scroll each print a fresh snap; --no-snap prints none), read
// --focus, eval, screenshot, wait, schema and the piped json/ndjson
// examples.
func TestSeedRecipe000SnapActRead(t *testing.T) {
	t.Parallel()
	s := "sr-000-act"
	r := tact(t, s, "snap", page("seed_shop.html"))
	mustOK(t, r)
	for _, want := range []string{
		"# Buy MacBook Pro\n## Model. Choose your size.\n> 14-inch — From $1,699 or $141.58/mo. | 16-inch — From $2,699 or $224.91/mo.\n",
		"## Chip. Choose from these powerful options.\n> M5 Pro",
	} {
		if !strings.Contains(r.out, want) {
			t.Fatalf("snap lacks %q:\n%s", want, r.out)
		}
	}
	// The chosen radio is marked (tact says checked, ARIA's word for a
	// radio; snact says selected), the other is not.
	small, large := lineWith(r.out, `[input:radio] "14-inch"`), lineWith(r.out, `[input:radio] "16-inch"`)
	if !strings.HasSuffix(small, " checked") || strings.Contains(large, "checked") {
		t.Fatalf("radio states:\n%s", r.out)
	}
	// A link with no name (an icon) still gets a ref, known by its href.
	if l := lineWith(r.out, `href="/seed_trending.html"`); !strings.HasPrefix(l, "@e") {
		t.Fatalf("the unnamed link has no ref:\n%s", r.out)
	}
	size16 := refOf(t, r.out, `"16-inch"`)
	snap := actSnap(t, "click "+size16, tact(t, s, "click", size16))
	if !strings.Contains(snap, "## Model. Choose your size.\n> 16-inch — Available with M5 Pro or M5 Max\n") ||
		!strings.HasSuffix(lineWith(snap, `"16-inch"`), " checked") || strings.Contains(lineWith(snap, `"14-inch"`), "checked") {
		t.Fatalf("the re-snap after the click does not show the new state:\n%s", snap)
	}
	if refOf(t, snap, `"16-inch"`) != size16 {
		t.Fatalf("the same document's ref changed:\n%s", snap)
	}

	// The click printed what changed; the page's other refs are the
	// same document's, as a plain snap shows them.
	whole := tact(t, s, "snap")
	mustOK(t, whole)
	engrave, color := refOf(t, whole.out, `"Engraving text"`), refOf(t, whole.out, `"Color"`)
	snap = actSnap(t, "fill", tact(t, s, "fill", engrave, "For Ada"))
	if !strings.Contains(lineWith(snap, `"Engraving text"`), `value="For Ada"`) || !strings.Contains(snap, "Engraving: For Ada") {
		t.Fatalf("fill's snap:\n%s", snap)
	}
	snap = actSnap(t, "type", tact(t, s, "type", engrave, " L"))
	if !strings.Contains(lineWith(snap, `"Engraving text"`), `value="For Ada L"`) {
		t.Fatalf("type's snap:\n%s", snap)
	}
	snap = actSnap(t, "select", tact(t, s, "select", color, "Space Black"))
	if !strings.Contains(lineWith(snap, `"Color"`), `value="Space Black"`) || !strings.Contains(snap, "Color: Space Black") {
		t.Fatalf("select's snap:\n%s", snap)
	}
	actSnap(t, "scroll", tact(t, s, "scroll", "down"))
	if y, _ := strconv.Atoi(evalIn(t, s, "Math.round(scrollY)")); y <= 0 {
		t.Fatalf("scroll down left scrollY at %d", y)
	}
	actSnap(t, "scroll up", tact(t, s, "scroll", "up"))
	r = tact(t, s, "fill", engrave, "plain", "--no-snap")
	mustOK(t, r)
	if r.out != "ok\n" {
		t.Fatalf("--no-snap printed more than ok: %q", r.out)
	}

	// read — full text content: the seed shows exactly these lines.
	r = tact(t, s, "read", page("seed_example.html"), "--focus=main")
	mustOK(t, r)
	if want := "# Example Domain\nThis domain is for use in documentation examples.\nLearn more\n"; r.out != want {
		t.Fatalf("read --focus=main:\n%q\nthe seed shows:\n%q", r.out, want)
	}

	// eval — custom JavaScript, the seed's multi-line expression.
	mustOK(t, tact(t, s, "open", page("seed_products.html"), "--no-snap"))
	r = tact(t, s, "eval", `JSON.stringify(Array.from(document.querySelectorAll('.product')).map(p => ({
  title: p.querySelector('h2')?.textContent,
  price: p.querySelector('.price')?.textContent
})))`)
	mustOK(t, r)
	var cards []struct{ Title, Price string }
	if err := json.Unmarshal([]byte(strings.TrimSpace(r.out)), &cards); err != nil || len(cards) != 3 || cards[1].Title != "Echo Dot" || cards[1].Price != "$49.99" {
		t.Fatalf("eval of the product cards: %v\n%s", err, r.out)
	}

	// screenshot [--file]: a PNG at the path printed.
	for _, args := range [][]string{{"screenshot", "--file", t.TempDir() + "/shot.png"}, {"screenshot"}} {
		r = tact(t, s, args...)
		mustOK(t, r)
		b, err := os.ReadFile(strings.TrimSpace(r.out))
		if err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
			t.Fatalf("%v: %q is no PNG (%v)", args, r.out, err)
		}
	}

	// wait <condition>: milliseconds, a CSS selector (navigation: seeds_test.go).
	mustOK(t, tact(t, s, "wait", "200"))
	mustOK(t, tact(t, s, "eval", "setTimeout(() => document.body.append(Object.assign(document.createElement('p'), {className: 'late', textContent: 'Late'})), 300); 1"))
	mustOK(t, tact(t, s, "wait", ".late"))
	if evalIn(t, s, "document.querySelectorAll('.late').length") != "1" {
		t.Fatal("wait .late returned before the element existed")
	}

	// Piped / scripted: `snap URL --output=json | jq '.elements | keys[]'`
	// and one JSON object a line with --output=ndjson.
	r = tact(t, s, "snap", page("seed_shop.html"), "--output=json")
	mustOK(t, r)
	var p struct {
		Elements []struct{ Ref, Role, Name string } `json:"elements"`
	}
	if err := json.Unmarshal([]byte(r.out), &p); err != nil || len(p.Elements) != 5 {
		t.Fatalf("--output=json .elements: %v\n%s", err, r.out)
	}
	r = tact(t, s, "snap", page("seed_shop.html"), "--output=ndjson")
	mustOK(t, r)
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	for _, l := range lines {
		var e struct{ Ref string }
		if err := json.Unmarshal([]byte(l), &e); err != nil || !strings.HasPrefix(e.Ref, "e") {
			t.Fatalf("--output=ndjson line %q: %v", l, err)
		}
	}
	if len(lines) != 5 {
		t.Fatalf("--output=ndjson: %d lines, want one per element:\n%s", len(lines), r.out)
	}

	// schema [command]: JSON Schema introspection.
	r = tact(t, s, "schema", "snap")
	mustOK(t, r)
	var sc struct {
		Command string          `json:"command"`
		Input   json.RawMessage `json:"input"`
	}
	if err := json.Unmarshal([]byte(r.out), &sc); err != nil || sc.Command != "snap" || !strings.Contains(string(sc.Input), "json-schema.org") {
		t.Fatalf("schema snap: %v\n%.400s", err, r.out)
	}
}

// Seed 000's quick start (browser launch --background, snap, click with
// auto re-snap, browser stop) on a trending-like page, the snap section
// ("section headings group elements", "> lines summarize", refs stable
// until the next snap), the output format reference, session save/load
// and the --lang/--locale/--geo/--user-agent flags.
func TestSeedRecipe000QuickStart(t *testing.T) {
	t.Parallel()
	s := "sr-000-quick"
	mustOK(t, tact(t, s, "browser", "launch", "--background"))
	r := tact(t, s, "snap", page("seed_trending.html"))
	mustOK(t, r)
	sec := r.out[strings.Index(r.out, "## NousResearch / hermes-agent"):]
	sec = sec[:strings.Index(sec, "## microsoft / markitdown")]
	if !strings.Contains(r.out, "# Trending\n") || !strings.Contains(sec, "> The agent that grows with you | Python") || !strings.Contains(sec, "@e") {
		t.Fatalf("the repository's section does not hold its summary and ref:\n%s", r.out)
	}
	repo := refOf(t, sec, "hermes-agent")
	if again := tact(t, s, "snap"); refOf(t, again.out, "hermes-agent") != repo {
		t.Fatalf("refs changed between snaps of one page:\n%s", again.out)
	}
	r = tact(t, s, "click", repo)
	snap := actSnap(t, "click "+repo, r)
	if !strings.Contains(r.out, "navigated to "+page("seed_repo.html")) ||
		!strings.Contains(snap, "# NousResearch/hermes-agent\n> The agent that grows with you.") ||
		!strings.Contains(snap, `"Code"`) || !strings.Contains(snap, `"Issues"`) {
		t.Fatalf("click on the repository:\n%s", r.out)
	}

	// Snap output format reference: roles, labels, key attributes and
	// states; hidden and aria-hidden controls left out, shadow DOM in.
	r = tact(t, s, "snap", page("seed_format.html"))
	mustOK(t, r)
	for needle, want := range map[string]string{
		`"Guide"`:        `desc="Opens in new tab"`,
		`"Search"`:       `[input:text] "Search" placeholder="Search the docs" required`,
		`"Order number"`: "readonly",
		`"Menu"`:         `[button] "Menu" expanded`,
		`"Filters"`:      `[button] "Filters" collapsed`,
		`"Overview"`:     `[tab] "Overview" selected`,
	} {
		if !strings.Contains(lineWith(r.out, needle), want) {
			t.Errorf("format reference: the %s line lacks %q:\n%s", needle, want, r.out)
		}
	}
	if strings.Contains(r.out, "Hidden button") || strings.Contains(r.out, "Aria hidden button") || !strings.Contains(r.out, `[button] "Shadow button"`) {
		t.Errorf("hidden controls listed or shadow DOM missed:\n%s", r.out)
	}

	// session — persist browser state: cookies + localStorage.
	mustOK(t, tact(t, s, "open", page("seed_trending.html"), "--no-snap"))
	mustOK(t, tact(t, s, "eval", "document.cookie = 'seed=1; max-age=3600'; localStorage.setItem('theme', 'dark'); 1"))
	mustOK(t, tact(t, s, "session", "save", "github"))
	mustOK(t, tact(t, s, "cookies", "clear"))
	mustOK(t, tact(t, s, "eval", "localStorage.clear(); 1"))
	mustOK(t, tact(t, s, "open", page("seed_example.html"), "--no-snap"))
	mustOK(t, tact(t, s, "session", "load", "github"))
	if got := evalIn(t, s, "document.cookie + '|' + localStorage.getItem('theme') + '|' + location.pathname"); got != "seed=1|dark|/seed_trending.html" {
		t.Fatalf("session load github restored %q", got)
	}
	if l := tact(t, s, "session", "list"); !strings.Contains(l.out, "github\t") {
		t.Fatalf("session list:\n%s", l.out)
	}
	mustOK(t, tact(t, s, "session", "delete", "github"))
	if l := tact(t, s, "session", "list"); strings.Contains(l.out, "github\t") {
		t.Fatalf("session delete left it listed:\n%s", l.out)
	}

	// Global flags, with the seed's example values.
	r = tact(t, s, "--locale", "ja-JP", "--user-agent", "SeedAgent/1.0", "eval", "navigator.language + '|' + navigator.userAgent + '|' + Intl.DateTimeFormat().resolvedOptions().locale")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "ja-JP|SeedAgent/1.0|ja-JP" {
		t.Errorf("--locale ja-JP --user-agent: %q", got)
	}
	r = tact(t, s, "--geo", "37.7749,-122.4194", "eval", "new Promise(r => navigator.geolocation.getCurrentPosition(p => r(p.coords.latitude + ',' + p.coords.longitude), e => r('error ' + e.message)))")
	mustOK(t, r)
	if got := strings.TrimSpace(r.out); got != "37.7749,-122.4194" {
		t.Errorf("--geo: %q", got)
	}
	// --lang after --locale: once both are set, navigator.language follows
	// --lang (the user-agent override's language drives both it and the
	// header; an extra Accept-Language header does not override it), as
	// tact's help says; Intl stays with --locale.
	r = tact(t, s, "--lang", "de-DE", "read", srvURL+"/echo/headers")
	mustOK(t, r)
	if !strings.Contains(r.out, "Accept-Language: de-DE") {
		t.Errorf("--lang de-DE: the request's headers were\n%s", r.out)
	}
	r = tact(t, s, "eval", "navigator.language + '|' + Intl.DateTimeFormat().resolvedOptions().locale")
	if got := strings.TrimSpace(r.out); got != "de-DE|ja-JP" {
		t.Errorf("--locale ja-JP then --lang de-DE: navigator.language|Intl = %q", got)
	}

	mustOK(t, tact(t, s, "browser", "stop"))
	if st := tact(t, s, "browser", "status"); !strings.Contains(st.out, "not running") {
		t.Fatalf("after browser stop: %s", st.out)
	}
}

// Seed 000: "Run snact init in your project directory to create an
// AGENT.md skill file": tact init writes its guide into AGENTS.md.
// Not parallel: init works in the current directory.
func TestSeedRecipe000Init(t *testing.T) {
	t.Chdir(t.TempDir())
	r := tact(t, "sr-000-init", "init")
	mustOK(t, r)
	b, err := os.ReadFile("AGENTS.md")
	if err != nil || !strings.Contains(string(b), "tact snap") {
		t.Fatalf("tact init wrote no guide: %v\n%s%s", err, r.out, r.err)
	}
}

// Seed 002: an agent-browser-style tool connects to a CDP browser
// (--cdp ws://HOST:PORT on every call) and sends open, snapshot -i,
// click @ref, fill @ref value (unquoted words included) and close; state
// carries over between calls. Its two use cases: fill and submit a form,
// then verify the logged-in state; scrape a status page.
func TestSeedRecipe002AgentBrowser(t *testing.T) {
	t.Parallel()
	b := otherBrowser(t) // "any Chromium-based browser launched with --remote-debugging-port"
	cdp := "ws://127.0.0.1:" + strconv.Itoa(b.Port)
	s := "sr-002"
	ab := func(args ...string) result { return tact(t, s, append([]string{"--cdp", cdp}, args...)...) }

	mustOK(t, ab("open", page("seed_login.html")))
	r := ab("snapshot", "-i") // read element IDs from the output
	mustOK(t, r)
	user, pass, note, submit := refOf(t, r.out, `"Username"`), refOf(t, r.out, `"Password"`), refOf(t, r.out, `"Note"`), refOf(t, r.out, `[button] "Sign in"`)
	mustOK(t, ab("fill", user, "myusername"))
	mustOK(t, ab("fill", pass, "mypassword"))
	mustOK(t, ab("fill", note, "hello", "world")) // "fill @e3 hello world", split on spaces
	mustOK(t, ab("click", submit))
	r = ab("snapshot", "-i") // verify the logged-in state
	mustOK(t, r)
	if !strings.Contains(r.out, "Signed in as myusername (hello world).") {
		t.Fatalf("after the form:\n%s", r.out)
	}
	// A failing command exits non-zero with its reason on stderr.
	if f := ab("click", submit); f.code == 0 || !strings.HasPrefix(f.err, "error: ") {
		t.Fatalf("click on a ref of the page left: exit %d %q", f.code, f.err)
	}

	// Scrape a page: open, snapshot -i.
	mustOK(t, ab("open", page("seed_dashboard.html")))
	r = ab("snapshot", "-i")
	mustOK(t, r)
	if !strings.Contains(r.out, "All systems operational") || !strings.Contains(r.out, `[button] "Sign out"`) {
		t.Fatalf("scrape:\n%s", r.out)
	}
	mustOK(t, ab("close"))
	for _, u := range (&farm{port: b.Port}).pages(t) {
		if strings.Contains(u, "seed_dashboard") {
			t.Fatalf("close left the page open: %s", u)
		}
	}
}

// Seed 003: stable locators in every spelling its table and patterns use,
// snapshotRaw's refs with locators and action marks, snapshot() with @N
// refs and loc= entries, a temporary ref failing after navigation,
// filtering the raw snapshot for css-located click targets (pattern 2) and
// resolving an xpath to a role locator (pattern 3).
func TestSeedRecipe003Locators(t *testing.T) {
	t.Parallel()
	s := env.Pooled(t) // a session shared with other page-only tests
	mustOK(t, tact(t, s, "open", page("seed_locators.html"), "--no-snap"))
	clicks := func() string { return evalIn(t, s, "window.clicks.join()") }

	// The strategy table and pattern 1, as written.
	for _, target := range []string{"loc=css:#submit-btn", "xpath=//button[text()='Login']", "text=Submit", `loc=role:button[name="Login"]`, "css:#login-submit"} {
		mustOK(t, tact(t, s, "click", target, "--no-snap"))
	}
	if got := clicks(); got != "submit-btn,login-submit,submit-btn,login-submit,login-submit" {
		t.Fatalf("the locators clicked %q", got)
	}
	mustOK(t, tact(t, s, "type", `loc=role:textbox[name="Email"]`, "user@example.com", "--no-snap"))
	if got := evalIn(t, s, "document.getElementById('email').value"); got != "user@example.com" {
		t.Fatalf("type into role:textbox Email: %q", got)
	}

	// snapshotRaw: every element with its action mark and locators.
	r := tact(t, s, "snap", "--raw")
	mustOK(t, r)
	var raw struct {
		Elements []struct {
			Ref, Name, Action string
			Locators          []struct{ Locator string }
		}
	}
	if err := json.Unmarshal([]byte(r.out), &raw); err != nil {
		t.Fatalf("snap --raw: %v\n%s", err, r.out)
	}
	marks := map[string]string{}
	locs := map[string][]string{}
	for _, e := range raw.Elements {
		marks[e.Name] = e.Action
		for _, l := range e.Locators {
			locs[e.Name] = append(locs[e.Name], l.Locator)
		}
	}
	for name, want := range map[string]string{
		"Log in with SSO": "click", "Username": "type",
		"Focusable card": "click", "Repository": "click", // tabindex ≥ 0, href
		"Comment": "type", "Notes": "type", "Email": "type", // textarea, contenteditable, input
		"Plan": "select", "Custom control": "click", "Open menu": "click", // select, role="button"
	} {
		if marks[name] != want {
			t.Errorf("action mark of %q: %q, want %q", name, marks[name], want)
		}
	}
	if !slices.Contains(locs["Log in with SSO"], "css=#loginBtn") {
		t.Errorf("#loginBtn's locators: %v", locs["Log in with SSO"])
	}
	if l := locs["Save draft"]; len(l) == 0 || l[0] != "testid=save-draft" {
		t.Errorf("data-testid is not the first locator: %v", l)
	}

	// snapshot(): refs and loc= entries in one text.
	r = tact(t, s, "snap", "--locators")
	mustOK(t, r)
	if l := lineWith(r.out, `"Next step"`); !strings.HasPrefix(l, "@e") || !strings.Contains(l, `loc=role=button[name="Next step"]`) {
		t.Fatalf("snap --locators: %q\n%s", l, r.out)
	}
	old := "@" + strings.TrimPrefix(refOf(t, r.out, `"Next step"`), "@e") // ego-browser's @N

	// Pattern 3: resolve an xpath to a stable role locator, click with it.
	r = tact(t, s, "locate", `xpath=//button[contains(., "Next")]`)
	mustOK(t, r)
	if !strings.Contains(r.out, `role=button[name="Next step"]`) {
		t.Fatalf("locate of the xpath:\n%s", r.out)
	}
	mustOK(t, tact(t, s, "click", `loc=role:button[name="Next step"]`, "--no-snap"))
	if got := clicks(); !strings.HasSuffix(got, ",next") {
		t.Fatalf("clicks after pattern 3: %q", got)
	}
	// A duplicate has no stable locator: position (nth, xpath) only, said so.
	r = tact(t, s, "locate", "text=Remove >> nth=1")
	mustOK(t, r)
	if !strings.Contains(r.out, "xpath=") || !strings.Contains(r.out, "unstable") {
		t.Fatalf("locate of a lookalike:\n%s", r.out)
	}

	// A temporary ref after navigation: a resolution error, nothing clicked.
	mustOK(t, tact(t, s, "reload", "--no-snap"))
	if f := tact(t, s, "click", old, "--no-snap"); f.code != 7 || !strings.Contains(f.err, "STALE") && !strings.Contains(f.err, "stale") {
		t.Fatalf("click %s after reload: exit %d %s", old, f.code, f.err)
	}
	if got := clicks(); got != "" {
		t.Fatalf("a stale ref clicked: %q", got)
	}

	// Pattern 2: the raw snapshot's click targets with a css locator, each
	// clicked by that locator.
	mustOK(t, tact(t, s, "open", page("seed_toolbar.html"), "--no-snap"))
	r = tact(t, s, "snap", "--raw")
	mustOK(t, r)
	if err := json.Unmarshal([]byte(r.out), &raw); err != nil {
		t.Fatal(err)
	}
	for _, e := range raw.Elements {
		if e.Action != "click" {
			continue
		}
		for _, l := range e.Locators {
			if strings.HasPrefix(l.Locator, "css=") {
				mustOK(t, tact(t, s, "click", l.Locator, "--no-snap"))
				break
			}
		}
	}
	if got := evalIn(t, s, "document.getElementById('log').textContent"); got != "bold,italic,underline" {
		t.Fatalf("pattern 2 clicked %q", got)
	}
}
