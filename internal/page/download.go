package page

import "github.com/tact-browser/tact/internal/observe"

// Download is a file the page made the browser save.
type Download struct {
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
	URL   string `json:"url"`
	State string `json:"state"` // completed, canceled, inProgress
	guid  string
	name  string
}

// DownloadBegins records a download the tab's page started: the
// navigation that produced it is over, no document will load.
func (t *Tab) DownloadBegins(url, guid, name string) {
	d := &Download{URL: url, State: "inProgress", guid: guid, name: name}
	t.update(func() { t.downloads = append(t.downloads, d) })
	t.obs.Add(observe.Event{Kind: observe.DownloadStart, ID: guid})
}

// DownloadEnded records the end of a download (completed or canceled);
// place moves a completed file to its final name and returns its path.
func (t *Tab) DownloadEnded(guid, state string, bytes int64, place func(guid, name string) string) {
	defer t.obs.Add(observe.Event{Kind: observe.DownloadEnd, ID: guid})
	t.update(func() {
		for _, d := range t.downloads {
			if d.guid != guid {
				continue
			}
			d.State, d.Bytes = state, bytes
			if state == "completed" {
				d.Path = place(d.guid, d.name)
			}
		}
	})
}
