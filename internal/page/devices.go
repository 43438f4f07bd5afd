package page

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
)

// Device is a screen tact can emulate: its CSS viewport, pixel ratio,
// touch and the user agent its browser sends.
type Device struct {
	Width, Height int64
	Scale         float64
	Mobile, Touch bool
	UserAgent     string
}

const (
	iosUA     = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	ipadUA    = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	androidUA = "Mozilla/5.0 (Linux; Android 14; %s) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
)

// devices are the common phones and tablets --device names (lower case).
var devices = map[string]Device{
	"iphone 15":         {393, 852, 3, true, true, iosUA},
	"iphone 15 pro max": {430, 932, 3, true, true, iosUA},
	"iphone se":         {375, 667, 2, true, true, iosUA},
	"pixel 7":           {412, 915, 2.625, true, true, fmt.Sprintf(androidUA, "Pixel 7")},
	"galaxy s23":        {360, 780, 3, true, true, fmt.Sprintf(androidUA, "SM-S911B")},
	"ipad":              {820, 1180, 2, true, true, ipadUA},
	"ipad pro 11":       {834, 1194, 2, true, true, ipadUA},
	"desktop":           {1280, 800, 1, false, false, ""},
	"desktop hd":        {1920, 1080, 1, false, false, ""},
}

// LookupDevice finds a device by name (any case).
func LookupDevice(name string) (Device, error) {
	if d, ok := devices[strings.ToLower(strings.TrimSpace(name))]; ok {
		return d, nil
	}
	names := make([]string, 0, len(devices))
	for n := range devices {
		names = append(names, strconv.Quote(n))
	}
	sort.Strings(names)
	return Device{}, failure.New(failure.Usage, "--device %q: not a known device (%s); --viewport WxH sets any size", name, strings.Join(names, ", "))
}

// ParseViewport reads --viewport WIDTHxHEIGHT in CSS pixels.
func ParseViewport(s string) (Device, error) {
	w, h, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	wi, err1 := strconv.ParseInt(w, 10, 64)
	hi, err2 := strconv.ParseInt(h, 10, 64)
	if !ok || err1 != nil || err2 != nil || wi < 100 || hi < 100 || wi > 10000 || hi > 10000 {
		return Device{}, failure.New(failure.Usage, "--viewport %q: want WIDTHxHEIGHT in CSS pixels, e.g. 390x844 (100 to 10000 each)", s)
	}
	return Device{Width: wi, Height: hi, Scale: 1}, nil
}
