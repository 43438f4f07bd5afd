package commands

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/rpc"
	"github.com/tact-browser/tact/internal/secrets"
	"github.com/tact-browser/tact/internal/session"
)

// fakeBrowser is a Browser with no page: tabs are a list, and every call
// that would need a real page fails BROWSER_UNAVAILABLE. It records the
// calls, so a test can tell that a command did (or did not) reach the
// browser. Behaviour the browser decides stays in the real-browser tests
// of internal/cli.
type fakeBrowser struct {
	tabs      []session.TabInfo
	info      session.Info
	connected bool
	policy    page.DialogPolicy
	calls     []string
	begun     int
	ended     int
	secrets   secrets.Set
}

var _ Browser = (*fakeBrowser)(nil)

func (f *fakeBrowser) call(name string) { f.calls = append(f.calls, name) }

func (f *fakeBrowser) LaunchArgs() []string { return nil }

func (f *fakeBrowser) Secrets() *secrets.Set { return &f.secrets }

func (f *fakeBrowser) Emulation() page.Emulation { return page.Emulation{} }

func errNoPage(method string) error {
	return failure.New(failure.BrowserUnavailable, "fake browser: no page for %s", method)
}

func (f *fakeBrowser) Current(context.Context) (*page.Tab, error) {
	f.call("Current")
	return nil, errNoPage("Current")
}

func (f *fakeBrowser) NewTab(context.Context) (*page.Tab, error) {
	f.call("NewTab")
	return nil, errNoPage("NewTab")
}

func (f *fakeBrowser) Switch(_ context.Context, id string) (*page.Tab, error) {
	f.call("Switch " + id)
	return nil, errNoPage("Switch")
}

func (f *fakeBrowser) Adopt(_ context.Context, id string) (*page.Tab, error) {
	f.call("Adopt " + id)
	return nil, errNoPage("Adopt")
}

func (f *fakeBrowser) FindTab(_ context.Context, id string) (string, error) {
	f.call("FindTab " + id)
	var found []string
	for _, t := range f.tabs {
		if strings.HasPrefix(t.ID, id) {
			found = append(found, t.ID)
		}
	}
	if len(found) != 1 {
		return "", failure.New(failure.NotFound, "no tab %q", id)
	}
	return found[0], nil
}

func (f *fakeBrowser) Tabs(context.Context) ([]session.TabInfo, error) {
	f.call("Tabs")
	return append([]session.TabInfo(nil), f.tabs...), nil
}

func (f *fakeBrowser) CloseTab(_ context.Context, id string) error {
	f.call("CloseTab " + id)
	return nil
}

func (f *fakeBrowser) Info() session.Info              { return f.info }
func (f *fakeBrowser) Connected() bool                 { return f.connected }
func (f *fakeBrowser) DialogPolicy() page.DialogPolicy { return f.policy }

func (f *fakeBrowser) SaveState(context.Context) (*session.State, error) {
	f.call("SaveState")
	return nil, errNoPage("SaveState")
}

func (f *fakeBrowser) LoadState(context.Context, *session.State) error {
	f.call("LoadState")
	return errNoPage("LoadState")
}

func (f *fakeBrowser) Cookies(context.Context, string, bool) ([]session.Cookie, error) {
	f.call("Cookies")
	return nil, errNoPage("Cookies")
}

func (f *fakeBrowser) SetCookie(context.Context, session.NewCookie) error {
	f.call("SetCookie")
	return errNoPage("SetCookie")
}

func (f *fakeBrowser) ClearCookies(context.Context, string) (int, error) {
	f.call("ClearCookies")
	return 0, errNoPage("ClearCookies")
}

func (f *fakeBrowser) BeginCommand()     { f.begun++ }
func (f *fakeBrowser) EndCommand(_ bool) { f.ended++ }

// fakeEnv is an Env over a fake browser, with the daemon's defaults.
func fakeEnv(f *fakeBrowser) *Env {
	return &Env{Browser: f, Globals: rpc.Globals{Output: "text", Timeout: 5e9}, Stop: func() {}, Partial: func(string, string) {}}
}

// jsonEq fails the test unless v marshals to the same JSON value as want
// (object key order aside).
func jsonEq(t *testing.T, what string, v any, want string) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: marshal: %v", what, err)
	}
	var got, exp any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if err := json.Unmarshal([]byte(want), &exp); err != nil {
		t.Fatalf("%s: bad want: %v", what, err)
	}
	if !reflect.DeepEqual(got, exp) {
		t.Errorf("%s: -o json\n got %s\nwant %s", what, b, want)
	}
}
