package read

// ExtractWhy is extract for tests: why a page has no main content.
func ExtractWhy(page, pageURL string) string {
	_, why := extract(page, pageURL, false)
	return why
}
