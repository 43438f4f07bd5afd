package snapshot

import (
	"fmt"
	"unicode/utf8"
)

// NewTextMax is the longest block of new text printed whole, in
// characters: a result paragraph, an alert, a revealed panel's text. A
// section summary (SummaryMax) is cut long before the one sentence an
// agent needs ("… the secret password is …").
const NewTextMax = 600

// newTextTotal bounds the new text of one page: a "load more" that adds
// fifty articles prints its first blocks whole and summarises the rest.
const newTextTotal = 4 * NewTextMax

// WithNew returns p with, on each section, the New text: its blocks that
// were not on prev (the same document's previous snap), each cut at
// NewTextMax with a hint saying how much is left; such a section's
// Summary is then made of its other blocks only, so nothing prints twice.
// p itself is left as it is (it may be the base of the next diff); it is
// returned as it is when prev is nil, another page or not built from
// walker items, or when nothing is new.
func (p *Page) WithNew(prev *Page) *Page {
	if p == nil || prev == nil || prev.URL != p.URL || prev.items == nil {
		return p
	}
	seen := map[string]int{}
	for _, it := range prev.items {
		if it.K == KindText {
			seen[Fold(it.Text)]++
		}
	}
	q := p
	budget := newTextTotal
	for i, runs := range p.runs {
		var old, fresh []string
		for _, r := range runs {
			if seen[r] > 0 {
				seen[r]--
				old = append(old, r)
				continue
			}
			if budget <= 0 {
				old = append(old, r)
				continue
			}
			n := utf8.RuneCountInString(r)
			budget -= min(n, NewTextMax)
			fresh = append(fresh, cutNew(r, n))
		}
		if len(fresh) == 0 {
			continue
		}
		if q == p {
			c := *p
			c.Sections = append([]Section(nil), p.Sections...)
			q = &c
		}
		q.Sections[i].New = fresh
		q.Sections[i].Summary = summarize(old)
	}
	return q
}

// cutNew cuts a block of new text (n runes) at NewTextMax, saying how
// much more there is and where to read it.
func cutNew(r string, n int) string {
	if n <= NewTextMax {
		return r
	}
	c := Cut(r, NewTextMax)
	return fmt.Sprintf("%s (%d more characters: tact read)", c, n-utf8.RuneCountInString(c)+1)
}
