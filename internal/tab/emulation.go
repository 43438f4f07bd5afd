package tab

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
)

// Emulation is the session's standing overrides; once set they apply to
// every tab until changed.
type Emulation struct {
	Lang      string
	Locale    string
	Geo       string
	UserAgent string
}

// SetEmulation merges non-empty fields into the session's emulation and
// applies it to the current tab when something changed. Other tabs catch
// up when they are next used (Current): one hung background tab must not
// hold every emulation change to the deadline.
func (m *Manager) SetEmulation(ctx context.Context, e Emulation) error {
	if err := e.validate(); err != nil {
		return err
	}
	if e.Geo != "" {
		if _, _, err := parseGeo(e.Geo); err != nil {
			return err
		}
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
	changed := old != m.emul
	cur := m.tabs[m.current]
	m.mu.Unlock()
	if changed && cur != nil {
		m.applyEmulation(ctx, cur.main)
	}
	return nil
}

// catchUpEmulation applies the session's emulation to a tab that missed a
// change while it was in the background.
func (m *Manager) catchUpEmulation(ctx context.Context, t *Tab) {
	m.mu.Lock()
	e := m.emul
	m.mu.Unlock()
	t.main.mu.Lock()
	stale := t.main.emulation != e
	t.main.mu.Unlock()
	if stale {
		m.applyEmulation(ctx, t.main)
	}
}

// validate refuses values a header or the protocol cannot carry; the
// browser would drop them silently.
func (e Emulation) validate() error {
	for _, f := range []struct{ flag, v string }{{"--user-agent", e.UserAgent}, {"--lang", e.Lang}, {"--locale", e.Locale}} {
		if strings.ContainsFunc(f.v, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			return failure.New(failure.Usage, "%s contains control characters (a newline?)", f.flag)
		}
	}
	return nil
}

// SetDialogPolicy sets how dialogs are answered from now on.
func (m *Manager) SetDialogPolicy(p DialogPolicy) {
	m.mu.Lock()
	changed := p.Mode != "" && p.Mode != m.dialog.Mode
	if p.Mode != "" {
		m.dialog.Mode = p.Mode
	}
	if p.PromptText != "" {
		m.dialog.PromptText = p.PromptText
	}
	pol := m.dialog
	var tabs []*Tab
	for _, t := range m.tabs {
		tabs = append(tabs, t)
	}
	m.mu.Unlock()
	// A dialog left open under "leave" is answered as soon as the policy
	// says to answer dialogs, so the new policy holds for the page too.
	if !changed || pol.Mode == "leave" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for _, t := range tabs {
		t.answerOpen(ctx, pol)
	}
}

// DialogPolicy is the session's dialog policy in force.
func (m *Manager) DialogPolicy() DialogPolicy { return m.dialogPolicy() }

func (m *Manager) dialogPolicy() DialogPolicy {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.dialog
}

func parseGeo(s string) (lat, lon float64, err error) {
	a, b, ok := strings.Cut(s, ",")
	if ok {
		lat, err = strconv.ParseFloat(strings.TrimSpace(a), 64)
		if err == nil {
			lon, err = strconv.ParseFloat(strings.TrimSpace(b), 64)
		}
	}
	if !ok || err != nil || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		return 0, 0, failure.New(failure.Usage, "--geo %q: want LAT,LON in degrees, e.g. 37.77,-122.42", s)
	}
	return lat, lon, nil
}

func (m *Manager) applyEmulation(ctx context.Context, tg *target) {
	m.mu.Lock()
	e := m.emul
	m.mu.Unlock()
	defer func() {
		// Applied unless the tab did not answer in time (tried again when
		// it is next used); a call the browser refuses is not retried.
		if ctx.Err() == nil {
			tg.mu.Lock()
			tg.emulation = e
			tg.mu.Unlock()
		}
	}()
	s := tg.sess
	lang := e.Lang
	if lang == "" {
		lang = e.Locale
	}
	if e.UserAgent != "" || lang != "" {
		ua := e.UserAgent
		if ua == "" {
			if v, err := cdp.Call(ctx, m.conn.Browser(), cdpbrowser.GetVersion, proto.Empty{}); err == nil {
				ua = strings.Replace(v.UserAgent, "HeadlessChrome", "Chrome", 1)
			}
		}
		// acceptLanguage also drives navigator.language(s).
		p := emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: lang}
		if err := cdp.Run(ctx, s, emulation.SetUserAgentOverride, p); err != nil {
			m.log.Debug("emulation", "err", err)
		}
	}
	if e.Locale != "" {
		if err := cdp.Run(ctx, s, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: e.Locale}); err != nil {
			m.log.Debug("locale", "err", err)
		}
	}
	if e.Geo != "" {
		lat, lon, err := parseGeo(e.Geo)
		if err == nil {
			_ = cdp.Run(ctx, m.conn.Browser(), cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: "geolocation"}, Setting: cdpbrowser.PermissionSettingGranted})
			geo := emulation.SetGeolocationOverrideParams{Latitude: new(lat), Longitude: new(lon), Accuracy: new(float64(geoAccuracy))}
			if err := cdp.Run(ctx, s, emulation.SetGeolocationOverride, geo); err != nil {
				m.log.Debug("geo", "err", fmt.Sprint(err))
			}
		}
	}
}

// geoAccuracy is the accuracy, in metres, a --geo position reports.
const geoAccuracy = 10
