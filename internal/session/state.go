package session

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/tact-browser/tact/internal/browser"
	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/page"
)

type persisted struct {
	NextRef int `json:"next_ref"`
	// Browser proves which process is the browser this session launched
	// (pid, start time, profile): nothing else is ever signalled.
	Browser  browser.Identity     `json:"browser,omitzero"`
	WS       string               `json:"ws,omitempty"` // only with --port: a later daemon re-attaches
	Launched bool                 `json:"launched,omitempty"`
	Current  string               `json:"current,omitempty"`
	URL      string               `json:"url,omitempty"` // the current tab's URL, reopened in a relaunched browser
	Refs     map[int]page.RefInfo `json:"refs,omitempty"`
	Origins  []string             `json:"origins,omitempty"` // visited http(s) origins, for session save
	// AllowedDomains is --allowed-domains in force: a daemon that
	// restarts (crash, idle exit, a new build) keeps the restriction.
	AllowedDomains string `json:"allowed_domains,omitempty"`
}

// readState loads a session's saved state; a missing or corrupt file is
// an empty state.
func readState(file string) persisted {
	p := persisted{NextRef: 1, Refs: map[int]page.RefInfo{}}
	b, err := os.ReadFile(file)
	if err != nil || json.Unmarshal(b, &p) != nil {
		return persisted{NextRef: 1, Refs: map[int]page.RefInfo{}}
	}
	if p.Refs == nil {
		p.Refs = map[int]page.RefInfo{}
	}
	if p.NextRef < 1 {
		p.NextRef = 1
	}
	return p
}

// StopSavedBrowser ends the browser an earlier daemon of this session
// launched and left behind, if the state file proves it still runs, giving
// it grace to exit by itself first. The caller must hold the session's
// lock, so no live daemon owns that browser.
func StopSavedBrowser(stateFile string, grace time.Duration) bool {
	st := readState(stateFile)
	if !st.Launched || !st.Browser.Running() {
		return false
	}
	return st.Browser.Stop(grace)
}

// save mirrors ref numbering, the browser identity and the current page
// to disk so a new daemon continues where a killed one stopped.
func (m *Manager) save() {
	if m.opts.StateFile == "" {
		return
	}
	m.mu.Lock()
	t := m.tabs[m.current]
	m.mu.Unlock()
	u := ""
	if t != nil {
		u = t.URL()
	}
	m.saveMu.Lock()
	defer m.saveMu.Unlock()
	m.mu.Lock()
	m.state.Current = m.current
	if t != nil {
		// A page can make its URL as long as it likes (1 MB): one that long
		// is not kept for reopening, so the state file stays small.
		if len(u) > MaxStateURL {
			u = ""
		}
		m.state.URL = u
	}
	// Most commands change nothing here, and the refs map of a big page
	// is costly to encode after every one: what is encoded is first
	// compared in brief (everything else, the refs' changes, count and
	// map, and the secrets a write would scrub).
	brief := m.state
	brief.Refs = nil
	sb, _ := json.Marshal(brief)
	sig := fmt.Sprintf("%s|%d|%d|%p|%d", sb, m.refsGen, len(m.state.Refs), m.state.Refs, m.opts.Secrets.Len())
	if sig == m.savedSig {
		m.mu.Unlock()
		return
	}
	b, err := json.Marshal(m.state)
	m.mu.Unlock()
	// A page that echoes a secret into its URL (a GET form) must not put
	// it on disk: the page reopened after a restart gets *** instead.
	b = m.opts.Secrets.ScrubBytes(b)
	if err != nil {
		return
	}
	if string(b) != string(m.saved) {
		if err := datadir.WriteFile(m.opts.StateFile, b, 0o600); err != nil {
			m.log.Warn("save state", "err", err)
			return
		}
		m.saved = b
	}
	m.savedSig = sig
}
