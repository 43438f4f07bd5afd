// Package inpage assembles tact's in-page library: the JavaScript that runs
// in tact's isolated world of every frame. The code is a few modules, each
// one file that starts with
//
//	__tact.define('name', ['dep', ...], (dep, ...) => { ...; return exports; });
//
// A module gets its dependencies as arguments (never by reaching into
// globalThis.__tact for another module's internals) and publishes the
// functions Go calls (__tact.snap, __tact.point, ...) on __tact itself.
// The shared module "dom" (dom.js, here) owns visibility, actionability,
// labels and role mapping, so snap, locate, read and the actions agree on
// what a person can see and act on.
package inpage

import (
	"crypto/sha1"
	_ "embed"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

//go:embed prelude.js
var prelude string

//go:embed dom.js
var domJS string

//go:embed actions.js
var actionsJS string

//go:embed annotate.js
var annotateJS string

//go:embed effects.js
var effectsJS string

//go:embed refind.js
var refindJS string

//go:embed guard.js
var guardJS string

//go:embed pointer.js
var pointerJS string

// Module is one in-page module: its name, the modules it needs and its
// source.
type Module struct {
	Name string
	Deps []string
	Src  string
}

// New reads a module's name and dependencies from its define header,
// __tact.define('name', ['dep', …], …). It runs at every process's start
// (package variables), so it scans by hand rather than compile a regexp.
func New(src string) Module {
	m := Module{Src: src}
	const open = "__tact.define("
	i := strings.Index(src, open)
	if i < 0 {
		return m // Assemble reports it
	}
	rest := strings.TrimLeft(src[i+len(open):], " \t\n")
	name, rest, ok := quoted(rest)
	if !ok {
		return m
	}
	rest = strings.TrimLeft(rest, " \t\n")
	if !strings.HasPrefix(rest, ",") {
		return m
	}
	rest = strings.TrimLeft(rest[1:], " \t\n")
	end := strings.IndexByte(rest, ']')
	if !strings.HasPrefix(rest, "[") || end < 0 {
		return m
	}
	m.Name = name
	for d := range strings.SplitSeq(rest[1:end], ",") {
		if d = strings.Trim(strings.TrimSpace(d), `'"`); d != "" {
			m.Deps = append(m.Deps, d)
		}
	}
	return m
}

// quoted splits a leading 'name' (lower-case letters) off s.
func quoted(s string) (name, rest string, ok bool) {
	if !strings.HasPrefix(s, "'") {
		return "", s, false
	}
	end := strings.IndexByte(s[1:], '\'')
	if end <= 0 {
		return "", s, false
	}
	name = s[1 : 1+end]
	for _, r := range name {
		if r < 'a' || r > 'z' {
			return "", s, false
		}
	}
	return name, s[2+end:], true
}

// DOM is the shared module every other module builds on.
var DOM = New(domJS)

// Actions is the in-page half of the actions: field preparation, native
// setters, and reading the ARIA widgets that fill and select drive.
var Actions = New(actionsJS)

// Annotate draws the ref labels of `screenshot --annotate` (needs the
// walker module for the refs).
var Annotate = New(annotateJS)

// Effects counts what the page does after an action and tells when the
// DOM is quiet (settle).
var Effects = New(effectsJS)

// Refind keeps the elements a re-render removed, to find their
// replacements.
var Refind = New(refindJS)

// Guard checks that a click's press reaches the element aimed at.
var Guard = New(guardJS)

// Pointer aims a drag's release, tells whether a drag moved anything and
// waits for a hovered element's popup.
var Pointer = New(pointerJS)

// Library is the assembled in-page code and its version. A document whose
// copy carries another version (an older tact, a changed module) gets this
// one before tact calls into it.
type Library struct {
	Source  string
	Version string
}

// Build assembles mods (see Source) and stamps the result with a version
// derived from its text. The version is set last, so a document where a
// module failed to load is seen as lacking the library and gets it again.
func Build(mods ...Module) Library {
	src := Source(mods...)
	sum := sha1.Sum([]byte(src))
	v := hex.EncodeToString(sum[:6])
	return Library{Source: src + "\n__tact.v = " + strconv.Quote(v) + ";\n", Version: v}
}

// Assemble returns the prelude and mods (DOM added when missing) in
// dependency order, or an error naming a module without a header, a
// missing dependency or a cycle.
func Assemble(mods ...Module) (string, error) {
	byName := map[string]Module{DOM.Name: DOM}
	var names []string
	for _, m := range mods {
		if m.Name == "" {
			return "", fmt.Errorf("in-page module without a __tact.define header: %.60q", m.Src)
		}
		byName[m.Name] = m
		names = append(names, m.Name)
	}
	var b strings.Builder
	b.WriteString(prelude)
	state := map[string]int{} // 1 visiting, 2 written
	var visit func(n string, from string) error
	visit = func(n, from string) error {
		m, ok := byName[n]
		switch {
		case !ok:
			return fmt.Errorf("in-page module %q needs %q, which was not given", from, n)
		case state[n] == 1:
			return fmt.Errorf("in-page modules %q and %q depend on each other", from, n)
		case state[n] == 2:
			return nil
		}
		state[n] = 1
		for _, d := range m.Deps {
			if err := visit(d, n); err != nil {
				return err
			}
		}
		state[n] = 2
		b.WriteString("\n")
		b.WriteString(m.Src)
		return nil
	}
	for _, n := range names {
		if err := visit(n, n); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// Source is Assemble for modules known to be well-formed (tact's own,
// checked by tests): on an error it returns code that throws it in the
// page, so the problem surfaces as a JS error, never a crash.
func Source(mods ...Module) string {
	s, err := Assemble(mods...)
	if err != nil {
		return "throw new Error(" + fmt.Sprintf("%q", "tact in-page library: "+err.Error()) + ");"
	}
	return s
}
