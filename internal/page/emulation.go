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
	NoCache   bool // the HTTP cache is off (Network.setCacheDisabled)
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
// permission).
func (tg *Target) Emulate(ctx context.Context, e Emulation, browser *cdp.Session) {
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
	if e.UserAgent != "" || lang != "" {
		ua := e.UserAgent
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
	if e.Geo != "" {
		lat, lon, err := parseGeo(e.Geo)
		if err == nil {
			_ = cdp.Run(ctx, browser, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: "geolocation"}, Setting: cdpbrowser.PermissionSettingGranted})
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
