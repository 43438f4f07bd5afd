package session

import (
	"context"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
)

// SetEmulation merges non-empty fields into the session's emulation and
// applies it to the current tab when something changed. Other tabs catch
// up when they are next used (Current): one hung background tab must not
// hold every emulation change to the deadline.
func (m *Manager) SetEmulation(ctx context.Context, e page.Emulation) error {
	if err := e.Validate(); err != nil {
		return err
	}
	m.mu.Lock()
	old := m.emul
	if e.Lang != "" {
		m.emul.Lang = e.Lang
	}
	if e.Locale != "" {
		m.emul.Locale = e.Locale
	}
	if e.Geo != "" {
		m.emul.Geo = e.Geo
	}
	if e.UserAgent != "" {
		m.emul.UserAgent = e.UserAgent
	}
	if e.Device != "" {
		m.emul.Device, m.emul.Viewport = e.Device, ""
	}
	if e.Viewport != "" {
		m.emul.Viewport, m.emul.Device = e.Viewport, ""
	}
	for _, f := range []struct {
		dst *string
		v   string
	}{{&m.emul.ColorScheme, e.ColorScheme}, {&m.emul.Motion, e.Motion}, {&m.emul.Offline, e.Offline}, {&m.emul.Headers, e.Headers}} {
		if f.v != "" {
			*f.dst = f.v
		}
	}
	if e.NoCache {
		m.emul.NoCache = true
	}
	if e.Headers != "" {
		// --header binds to the site of the page it was given for: the
		// URL the command opens, else the page the tab shows.
		site := e.HeaderSite
		if t := m.tabs[m.current]; site == "" && t != nil {
			site = page.SiteOf(t.URL())
		}
		if site == "" && !e.HeaderAllSites {
			m.emul = old
			m.mu.Unlock()
			return failure.New(failure.Usage, "--header goes to the site of the page it is given for, and there is no page yet").
				WithHint("give it with the command that opens the site (tact --header … open URL), or send it everywhere with --header-all-sites")
		}
		m.emul.HeaderSite, m.emul.HeaderAllSites = site, e.HeaderAllSites
	}
	changed := old != m.emul
	cur := m.tabs[m.current]
	m.mu.Unlock()
	if changed && cur != nil {
		m.applyEmulation(ctx, cur.Main())
	}
	return nil
}

// catchUpEmulation applies the session's emulation to a tab that missed a
// change while it was in the background.
func (m *Manager) catchUpEmulation(ctx context.Context, t *page.Tab) {
	m.mu.Lock()
	e := m.emul
	m.mu.Unlock()
	if t.Main().Emulated() != e {
		m.applyEmulation(ctx, t.Main())
	}
}

// Emulation is the session's emulation in force.
func (m *Manager) Emulation() page.Emulation {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.emul
}

// applyEmulation applies the session's emulation to one target.
func (m *Manager) applyEmulation(ctx context.Context, tg *page.Target) {
	m.mu.Lock()
	e, conn := m.emul, m.conn
	m.mu.Unlock()
	if conn != nil {
		tg.Emulate(ctx, e, conn.Browser(), m.browserContext())
	}
}

// SetDialogPolicy sets how dialogs are answered from now on.
func (m *Manager) SetDialogPolicy(p page.DialogPolicy) {
	m.mu.Lock()
	changed := p.Mode != "" && p.Mode != m.dialog.Mode
	if p.Mode != "" {
		m.dialog.Mode = p.Mode
	}
	if p.PromptText != "" {
		m.dialog.PromptText = p.PromptText
	}
	pol := m.dialog
	var tabs []*page.Tab
	for _, t := range m.tabs {
		tabs = append(tabs, t)
	}
	m.mu.Unlock()
	// A dialog left open under "leave" is answered as soon as the policy
	// says to answer dialogs, so the new policy holds for the page too.
	if !changed || pol.Mode == "leave" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait)
	defer cancel()
	for _, t := range tabs {
		t.AnswerOpen(ctx, pol)
	}
}

// DialogPolicy is the session's dialog policy in force.
func (m *Manager) DialogPolicy() page.DialogPolicy {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.dialog
}

// answerWait bounds answering the dialogs a policy change releases.
const answerWait = 2 * time.Second

// SetDomains sets the session's --allowed-domains (spec "" keeps what is
// in force, "*" allows every host) and makes every open tab check its
// navigations against them.
func (m *Manager) SetDomains(ctx context.Context, spec string) error {
	if spec == "" {
		return nil
	}
	d, err := page.ParseDomains(spec)
	if err != nil {
		return err
	}
	m.mu.Lock()
	changed := d.String() != m.domains.String()
	m.domains = d
	m.state.AllowedDomains = d.String()
	var tabs []*page.Tab
	for _, t := range m.tabs {
		tabs = append(tabs, t)
	}
	m.mu.Unlock()
	if !changed {
		return nil
	}
	for _, t := range tabs {
		if err := t.Main().Guard(ctx, d); err != nil {
			m.log.Debug("allowed domains", "tab", t.ID(), "err", err)
		}
	}
	return nil
}

// Domains are the hosts the session's tabs may navigate to (none: any).
func (m *Manager) Domains() page.Domains {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.domains
}
