package commands

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tact-browser/tact/internal/render"
	"github.com/tact-browser/tact/internal/snapshot"
)

// diffText renders only what changed between two snaps of one document
// (the caller knows: a hash or pushState navigation changes the URL, not
// the document): new sections whole, a changed section's heading with its
// new or changed lines, and a marker line for each element that
// disappeared; "" when nothing did. Sections are matched by heading and position.
// Both are compared folded (see snapshot.Page.Folded): an unchanged
// folded region is one unchanged line; a region holding a change is
// printed in full.
func diffText(prev, cur *snapshot.Page) string {
	keep := snapshot.Changed(prev, cur)
	base := prev
	prev, cur = prev.Folded(nil), cur.Folded(keep)
	// New text prints whole, not cut into the section's summary.
	cur = cur.WithNew(base)
	if prev == nil {
		text, _ := render.Text(cur, render.Options{})
		return text
	}
	key := func(s snapshot.Section) string {
		if s.Dialog != nil {
			return fmt.Sprintf("%d|%s|%s", s.Level, s.Heading, s.Dialog.Ref)
		}
		return fmt.Sprintf("%d|%s", s.Level, s.Heading)
	}
	old := map[string][]string{}
	oldSum := map[string][]string{}
	for _, s := range prev.Sections {
		k := key(s)
		old[k] = append(old[k], sectionText(prev, s))
		oldSum[k] = append(oldSum[k], s.Summary)
	}
	live := map[string]bool{}
	had := map[string]bool{}
	for _, s := range prev.Sections {
		for _, e := range s.Elements {
			had[e.Ref] = true
		}
	}
	var sb strings.Builder
	for _, s := range cur.Sections {
		for _, e := range s.Elements {
			live[e.Ref] = true
		}
		k := key(s)
		txt := sectionText(cur, s)
		list := old[k]
		if len(list) > 0 {
			old[k] = list[1:]
			sum := oldSum[k][0]
			oldSum[k] = oldSum[k][1:]
			if list[0] == txt {
				continue
			}
			if len(s.New) > 0 && !reordered(sum, s.Summary) {
				// Its new text prints whole below; its summary is of text
				// the reader has seen (and may differ only by what was new
				// last time).
				s.Summary = ""
				txt = sectionText(cur, s)
			}
			// A section that was there before prints its heading and the
			// lines that are new or changed, not its unchanged elements.
			txt = sameOptionsOut(list[0], changedLines(list[0], txt))
		}
		sb.WriteString(markAdded(txt, had))
	}
	var gone []snapshot.Element
	for _, s := range prev.Sections {
		for _, e := range s.Elements {
			if !live[e.Ref] {
				gone = append(gone, e)
			}
		}
	}
	sb.WriteString(removedLines(gone))
	return sb.String()
}

// markAdded marks the element lines of a diff whose first element is new
// since the previous snap with "+ " (a row's "- " becomes "+ "), so an
// added line never reads like the "- removed" ones; a changed element's
// line stays unmarked. Indentation (a submenu) is kept.
func markAdded(txt string, had map[string]bool) string {
	lines := strings.SplitAfter(txt, "\n")
	for i, l := range lines {
		body := strings.TrimLeft(l, " ")
		ind := l[:len(l)-len(body)]
		m := firstRef().FindStringSubmatch(body)
		if m == nil || had[m[1]] {
			continue
		}
		switch {
		case strings.HasPrefix(body, "- "):
			lines[i] = ind + "+ " + body[2:]
		case strings.HasPrefix(body, "@"):
			lines[i] = ind + "+ " + body
		}
	}
	return strings.Join(lines, "")
}

// firstRef finds the first element of a line: a ref, after a row's name.
var firstRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:- (?:"(?:[^"\\]|\\.)*": )?)?@(e\d+)\b`) })

// goneLabel names a removed element as its snap line did: its role and
// name, and for an unnamed one what told it apart there (an icon, a
// class), not a bare "".
func goneLabel(e snapshot.Element) string {
	l := fmt.Sprintf("[%s] %q", e.Role, e.Name)
	if e.Name != "" {
		return l
	}
	for _, k := range []string{"icon", "id", "class", "title", "href"} {
		if v, ok := e.Attrs.Get(k); ok && v != "" {
			return fmt.Sprintf("[%s] %s=%q", e.Role, k, v)
		}
	}
	return l
}

// removedFew is how many removed elements still get a line each; more (a
// list replaced by a page turn) are one line, like elements counted.
const removedFew = 3

// removedLines marks the elements that went away: each on its own line
// when they are few, else one line that counts them by role and name
// ("- removed 9 elements: [button] "Add to Cart" ×8, [link] "Next"").
func removedLines(gone []snapshot.Element) string {
	if len(gone) <= removedFew {
		var sb strings.Builder
		for _, e := range gone {
			fmt.Fprintf(&sb, "- removed @%s %s", e.Ref, goneLabel(e))
			if e.Row != "" {
				fmt.Fprintf(&sb, " in row %q", e.Row)
			}
			sb.WriteString("\n")
		}
		return sb.String()
	}
	type group struct {
		label string
		n     int
	}
	var groups []*group
	at := map[string]*group{}
	for _, e := range gone {
		l := goneLabel(e)
		if g := at[l]; g != nil {
			g.n++
			continue
		}
		g := &group{label: l, n: 1}
		at[l] = g
		groups = append(groups, g)
	}
	const shown = 6
	parts := make([]string, 0, shown+1)
	for i, g := range groups {
		if i == shown {
			parts = append(parts, fmt.Sprintf("… %d more", len(groups)-shown))
			break
		}
		if g.n > 1 {
			parts = append(parts, fmt.Sprintf("%s ×%d", g.label, g.n))
		} else {
			parts = append(parts, g.label)
		}
	}
	return fmt.Sprintf("- removed %d elements: %s\n", len(gone), strings.Join(parts, ", "))
}

var (
	refAt     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^@(e\d+) `) })
	optionsAt = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` options="[^"]*"`) })
)

// sameOptionsOut drops a changed select's options from its line when they
// are the ones the previous snap listed: the value changed, and the agent
// has the options.
func sameOptionsOut(prev, changed string) string {
	if !strings.Contains(changed, ` options="`) {
		return changed
	}
	had := map[string]string{}
	for _, l := range strings.Split(prev, "\n") {
		if m := refAt().FindStringSubmatch(l); m != nil {
			had[m[1]] = optionsAt().FindString(l)
		}
	}
	lines := strings.Split(changed, "\n")
	for i, l := range lines {
		m := refAt().FindStringSubmatch(l)
		if o := optionsAt().FindString(l); m != nil && o != "" && had[m[1]] == o {
			lines[i] = strings.Replace(l, o, "", 1)
		}
	}
	return strings.Join(lines, "\n")
}

// reordered reports a summary whose blocks the previous summary had in
// another order (a list reordered by a drag, a sorted table): the new
// order is the change, so it prints even beside new text.
func reordered(prev, cur string) bool {
	p, c := strings.Split(prev, " | "), strings.Split(cur, " | ")
	a, b := inOrder(p, counts(c)), inOrder(c, counts(p))
	return len(a) > 1 && !slices.Equal(a, b)
}

func counts(l []string) map[string]int {
	m := map[string]int{}
	for _, s := range l {
		m[s]++
	}
	return m
}

// inOrder is l's order of the strings other also has (other's counts,
// used up).
func inOrder(l []string, other map[string]int) []string {
	var out []string
	for _, s := range l {
		if other[s] > 0 {
			other[s]--
			out = append(out, s)
		}
	}
	return out
}

// changedLines is a section's text cut to what differs from its previous
// text: its heading line (for context), then each line that the previous
// text did not have (as many times as it did not).
// Lines both texts have but in another order (a list a drag reordered)
// print too, from the first that moved to the last, in their new order.
func changedLines(prev, cur string) string {
	pl, cl := strings.SplitAfter(prev, "\n"), strings.SplitAfter(cur, "\n")
	a, c := inOrder(pl, counts(cl)), inOrder(cl, counts(pl))
	first, last := len(c), -1
	for i := range c {
		if a[i] != c[i] {
			first, last = min(first, i), i
		}
	}
	seen := counts(pl)
	var b strings.Builder
	k := 0 // index among the shared lines of cur
	for i, l := range cl {
		if i == 0 && strings.HasPrefix(l, "#") {
			b.WriteString(l)
			if seen[l] > 0 {
				seen[l]--
				k++
			}
			continue
		}
		if seen[l] > 0 {
			seen[l]--
			if k >= first && k <= last {
				b.WriteString(l)
			}
			k++
			continue
		}
		b.WriteString(l)
	}
	return b.String()
}

func sectionText(p *snapshot.Page, s snapshot.Section) string {
	one := &snapshot.Page{Sections: []snapshot.Section{s}}
	text, _ := render.Text(one, render.Options{})
	// Drop the page header line render adds; keep the section itself.
	if i := strings.IndexByte(text, '\n'); i >= 0 && !strings.HasPrefix(text, "#") && !strings.HasPrefix(text, ">") && !strings.HasPrefix(text, "@") {
		text = text[i+1:]
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text
}

var refPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`@e[0-9]+`) })

// diffStats is the stderr footer of a --diff: the size of what it
// printed, not of the whole page.
func diffStats(d string) string {
	n := len(refPattern().FindAllString(d, -1))
	return fmt.Sprintf("(diff: %d %s, ~%d tokens)\n", n, plural(n, "element", "elements"), (utf8.RuneCountInString(d)+render.CharsPerToken-1)/render.CharsPerToken)
}
