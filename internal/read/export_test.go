package read

// ExtractWhy is extract for tests: why a page has no main content.
func ExtractWhy(page, pageURL string) string {
	_, why := extract(page, pageURL, false)
	return why
}

// NoBoiler leaves out the named boilerplate rules (nil: none), for
// measuring each one.
func NoBoiler(names ...string) {
	noBoiler = map[string]bool{}
	for _, n := range names {
		noBoiler[n] = true
	}
}

// BoilerRules names the boilerplate rules.
func BoilerRules() []string {
	var out []string
	for _, r := range boilerRules {
		out = append(out, r.name)
	}
	return out
}
