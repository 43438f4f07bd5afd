package page_test

import "testing"

// A page that fetches its data after the load event and renders it (a
// single-page app): the settle after a load waits for that request of the
// page's own site, so the content is in the snap that follows.
func TestDelayedRender(t *testing.T) {
	has(t, "snap after the settle", snapText(t, newTab(t, "cli_delayed.html")), "Rendered later", `"Late button"`)
}
