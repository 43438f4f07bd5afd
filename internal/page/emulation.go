package page

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"

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
	Viewport  string // WIDTHxHEIGHT
	Device    string // a name LookupDevice knows; its size wins over Viewport
	// ColorScheme and Motion are prefers-color-scheme (dark, light) and
	// prefers-reduced-motion (reduce, no-preference).
	ColorScheme string
	Motion      string
	Offline     string // "on" or "off"
	Headers     string // extra request headers, "Name: value" lines
	// HeaderSite is the site (SiteOf) Headers go to: the page they were
	// given for. HeaderAllSites sends them with every request instead.
	HeaderSite     string
	HeaderAllSites bool
	NoCache        bool // the HTTP cache is off (Network.setCacheDisabled)
}

// Describe lists what is in force, for browser status (header names only:
// their values may be secrets).
func (e Emulation) Describe() []string {
	var out []string
	add := func(k, v string) {
		if v != "" {
			out = append(out, k+" "+v)
		}
	}
	add("lang", e.Lang)
	add("locale", e.Locale)
	add("geo", e.Geo)
	if e.UserAgent != "" {
		out = append(out, "user-agent set")
	}
	add("device", e.Device)
	if e.Device == "" {
		add("viewport", e.Viewport)
	}
	add("color-scheme", e.ColorScheme)
	if e.Motion == "reduce" {
		out = append(out, "reduced-motion")
	}
	if e.Offline == "on" {
		out = append(out, "offline")
	}
	if e.NoCache {
		out = append(out, "no-cache")
	}
	if e.Headers != "" {
		var names []string
		for _, l := range strings.Split(e.Headers, "\n") {
			n, _, _ := strings.Cut(l, ":")
			names = append(names, strings.TrimSpace(n))
		}
		where := " (for " + e.HeaderSite + ")"
		if e.HeaderAllSites {
			where = " (all sites)"
		}
		out = append(out, "headers "+strings.Join(names, ", ")+where)
	}
	return out
}

// headerMap is Headers as the protocol wants them.
func (e Emulation) headerMap() network.Headers {
	h := network.Headers{}
	for _, l := range strings.Split(e.Headers, "\n") {
		if n, v, ok := strings.Cut(l, ":"); ok {
			h[strings.TrimSpace(n)] = strings.TrimSpace(v)
		}
	}
	return h
}

// screen is the device or viewport to emulate, if any.
func (e Emulation) screen() (Device, bool) {
	if e.Device != "" {
		d, err := LookupDevice(e.Device)
		return d, err == nil
	}
	if e.Viewport != "" {
		d, err := ParseViewport(e.Viewport)
		return d, err == nil
	}
	return Device{}, false
}

// Validate refuses values a header or the protocol cannot carry (the
// browser would drop them silently) and a --geo that is not LAT,LON.
func (e Emulation) Validate() error {
	for _, f := range []struct{ flag, v string }{{"--user-agent", e.UserAgent}, {"--lang", e.Lang}, {"--locale", e.Locale}} {
		if strings.ContainsFunc(f.v, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			return failure.New(failure.Usage, "%s contains control characters (a newline?)", f.flag)
		}
	}
	if e.Geo != "" {
		if _, _, err := parseGeo(e.Geo); err != nil {
			return err
		}
	}
	if e.Device != "" {
		if _, err := LookupDevice(e.Device); err != nil {
			return err
		}
	}
	if e.Viewport != "" {
		if _, err := ParseViewport(e.Viewport); err != nil {
			return err
		}
	}
	return nil
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

// Emulate applies the session's emulation e to the target; browser is the
// browser-level session (the default user agent, the geolocation
// permission), bctx the session's browser context ("" for the default).
func (tg *Target) Emulate(ctx context.Context, e Emulation, browser *cdp.Session, bctx proto.BrowserContextID) {
	log := tg.tab.log
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
	scr, sized := e.screen()
	if e.UserAgent != "" || lang != "" || scr.UserAgent != "" {
		ua := e.UserAgent
		if ua == "" {
			ua = scr.UserAgent // --user-agent wins over the device's
		}
		if ua == "" {
			if v, err := cdp.Call(ctx, browser, cdpbrowser.GetVersion, proto.Empty{}); err == nil {
				ua = strings.Replace(v.UserAgent, "HeadlessChrome", "Chrome", 1)
			}
		}
		// acceptLanguage also drives navigator.language(s).
		p := emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: lang}
		if err := cdp.Run(ctx, s, emulation.SetUserAgentOverride, p); err != nil {
			log.Debug("emulation", "err", err)
		}
	}
	if e.NoCache {
		if err := cdp.Run(ctx, s, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			log.Debug("no-cache", "err", err)
		}
	}
	if e.Locale != "" {
		if err := cdp.Run(ctx, s, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: e.Locale}); err != nil {
			log.Debug("locale", "err", err)
		}
	}
	if sized {
		m := emulation.SetDeviceMetricsOverrideParams{Width: scr.Width, Height: scr.Height, DeviceScaleFactor: scr.Scale, Mobile: scr.Mobile}
		if err := cdp.Run(ctx, s, emulation.SetDeviceMetricsOverride, m); err != nil {
			log.Debug("viewport", "err", err)
		}
		touch := emulation.SetTouchEmulationEnabledParams{Enabled: scr.Touch}
		if scr.Touch {
			touch.MaxTouchPoints = 5
		}
		if err := cdp.Run(ctx, s, emulation.SetTouchEmulationEnabled, touch); err != nil {
			log.Debug("touch", "err", err)
		}
	}
	var media []*emulation.MediaFeature
	if e.ColorScheme != "" {
		media = append(media, &emulation.MediaFeature{Name: "prefers-color-scheme", Value: e.ColorScheme})
	}
	if e.Motion != "" {
		media = append(media, &emulation.MediaFeature{Name: "prefers-reduced-motion", Value: e.Motion})
	}
	if len(media) > 0 {
		if err := cdp.Run(ctx, s, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: media}); err != nil {
			log.Debug("media", "err", err)
		}
	}
	if e.Offline != "" {
		off := e.Offline == "on"
		state := network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}
		if err := cdp.Run(ctx, s, network.OverrideNetworkState, state); err != nil {
			log.Debug("offline", "err", err)
		}
		rule := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}}}
		if _, err := cdp.Call(ctx, s, network.EmulateNetworkConditionsByRule, rule); err != nil {
			// Chromium before the by-rule command (Debian's 148) has only
			// the older one, which cdproto no longer generates.
			legacy := struct {
				Offline            bool    `json:"offline"`
				Latency            float64 `json:"latency"`
				DownloadThroughput float64 `json:"downloadThroughput"`
				UploadThroughput   float64 `json:"uploadThroughput"`
			}{off, 0, -1, -1}
			var res struct{}
			if err2 := s.Call(ctx, "Network.emulateNetworkConditions", legacy, &res); err2 != nil {
				log.Debug("offline", "err", err, "legacy", err2)
			}
		}
	}
	if e.Headers != "" {
		// Scoped to a site, the headers are added per request (Fetch);
		// any sent everywhere before are cleared.
		all := network.Headers{}
		if e.HeaderAllSites {
			all = e.headerMap()
		}
		if err := cdp.Run(ctx, s, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: all}); err != nil {
			log.Debug("headers", "err", err)
		}
		if err := tg.refetch(ctx, tg.tab.host.Domains(), e); err != nil {
			log.Debug("headers", "err", err)
		}
	}
	if e.Geo != "" {
		lat, lon, err := parseGeo(e.Geo)
		if err == nil {
			_ = cdp.Run(ctx, browser, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: "geolocation"}, Setting: cdpbrowser.PermissionSettingGranted, BrowserContextID: bctx})
			geo := emulation.SetGeolocationOverrideParams{Latitude: new(lat), Longitude: new(lon), Accuracy: new(float64(geoAccuracy))}
			if err := cdp.Run(ctx, s, emulation.SetGeolocationOverride, geo); err != nil {
				log.Debug("geo", "err", fmt.Sprint(err))
			}
		}
	}
}

// Emulated is the emulation last applied to the target.
func (tg *Target) Emulated() Emulation {
	tg.mu.Lock()
	defer tg.mu.Unlock()
	return tg.emulation
}

// geoAccuracy is the accuracy, in metres, a --geo position reports.
const geoAccuracy = 10
