package workflow

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
)

var slugRun = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^a-z0-9]+`) })

// genericSegment path segments name no page of their own.
var genericSegment = map[string]bool{"": true, "index": true, "default": true, "source": true, "page": true,
	"home": true, "main": true, "view": true, "show": true, "details": true, "detail": true}

// slug lowers s to letters, digits and single dashes.
func slug(s string) string {
	return strings.Trim(slugRun().ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// OutputName is the name a recorded read gets when none was given: the
// page (its last path segment without extension, else the host; query
// values after it, so ?id=2 tells two reads of one page apart) and what it
// focused on, e.g. "zustand-sidebar" or "item-2-price". It differs from
// every name in taken (a -2, -3 … is added).
func OutputName(pageURL, focus string, taken []string) string {
	var parts []string
	if u, err := url.Parse(pageURL); err == nil && u.Scheme != "about" && u.Scheme != "data" {
		// The last segment that says something: /aclu/source.html is aclu.
		segs := strings.Split(strings.Trim(u.Path, "/"), "/")
		seg := ""
		for i := len(segs) - 1; i >= 0 && seg == ""; i-- {
			s := strings.TrimSuffix(segs[i], path.Ext(segs[i]))
			if !genericSegment[strings.ToLower(s)] {
				seg = s
			}
		}
		if seg == "" {
			seg = strings.TrimPrefix(u.Hostname(), "www.")
		}
		parts = append(parts, slug(seg))
		q := u.Query()
		keys := make([]string, 0, len(q))
		for k := range q {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if v := slug(q.Get(k)); v != "" && len(v) <= 20 {
				parts = append(parts, v)
			}
		}
	}
	if f := focus; f != "" {
		// A locator's value, not its kind: css=.price → price.
		if k, v, ok := strings.Cut(f, "="); ok && !strings.ContainsAny(k, " .#[>") {
			f = v
		}
		parts = append(parts, slug(f))
	}
	base := strings.Trim(slug(strings.Join(parts, "-")), "-")
	if len(base) > 40 {
		base = strings.Trim(base[:40], "-")
	}
	if base == "" {
		base = "read"
	}
	name := base
	for i := 2; slices.Contains(taken, name); i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	return name
}
