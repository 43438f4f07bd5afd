package workflow

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Ids a framework generates change between builds or renders, so a
// locator by one is no identity. The in-page generator already skips
// most (locator.js, generated()); these rules are the recorder's and the
// healer's own check, with the per-render counters it misses.
var (
	genPrefix = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(:r|css-|sc-|jsx-|emotion-|styled-|svelte-|astro-|tw-|ember|yui|ext-|ng-|mui-|mat-|cdk-|chakra-|radix-|headlessui-|react-|rc[-_]|ui-id-|j_id|gwt-|downshift-|__bvid__|tippy-|select2-|dx-|vaadin-|:)`)
	})
	genHash = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^[0-9a-f]{8}-?[0-9a-f]{4}|^[0-9a-f_-]{10,}$|\d{4,}|[:{}()\s]`)
	})
	// A counter after a word that names no record: input-3, field_12.
	genCounter = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(input|field|el|elem|element|node|comp|component|widget|uid|auto|gen|tmp|temp|control|ctrl|option|menu|popover|tooltip|dropdown|listbox|tabpanel|panel|dialog|modal|id)[-_]?\d+$`)
	})
	mixedTok = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[a-z][A-Z].*[a-z][A-Z]|[A-Z]{2}[a-z][A-Z]`) })
)

// GeneratedID reports whether an id (or test id) looks generated.
func GeneratedID(s string) bool {
	if s == "" || len(s) > 40 || strings.HasPrefix(s, "_") {
		return true
	}
	if genPrefix().MatchString(s) || genHash().MatchString(s) || genCounter().MatchString(s) {
		return true
	}
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' }) {
		digits := len(tok) - len(strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return -1
			}
			return r
		}, tok))
		letters := strings.IndexFunc(tok, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) >= 0
		if len(tok) >= 5 && letters && digits >= 2 && !isNumber(tok) {
			return true // x9f3a, a1b2c3
		}
		if len(tok) >= 6 && mixedTok().MatchString(tok) && strings.ContainsAny(tok, "0123456789") {
			return true // eXr7Lq
		}
	}
	return false
}

func isNumber(s string) bool { _, err := strconv.Atoi(s); return err == nil }

var (
	idLocator    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^css=#([A-Za-z_][A-Za-z0-9_-]*)$`) })
	fieldLocator = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^css=(input|select|textarea|button)\[name="([^"\\]+)"\]$`)
	})
)

// IdentityLocator reports whether a locator names its element by an
// identity a page keeps across redesigns and renames: a stable id, a test
// id, or a form field's name. Only such a locator may heal a renamed
// element on its own.
func IdentityLocator(l string) bool {
	if m := idLocator().FindStringSubmatch(l); m != nil {
		return !GeneratedID(m[1])
	}
	if v, ok := strings.CutPrefix(l, "testid="); ok {
		return !GeneratedID(strings.Trim(v, `"`))
	}
	if m := fieldLocator().FindStringSubmatch(l); m != nil {
		return !GeneratedID(m[2])
	}
	return false
}

// GeneratedLocator reports whether a locator is by an id or test id that
// looks generated.
func GeneratedLocator(l string) bool {
	if m := idLocator().FindStringSubmatch(l); m != nil {
		return GeneratedID(m[1])
	}
	if v, ok := strings.CutPrefix(l, "testid="); ok {
		return GeneratedID(strings.Trim(v, `"`))
	}
	return false
}
