package cli_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"
)

const farmSecret = "ZZfarmTok-77"

// refusingFarm is a websocket endpoint as farms answer when they will not
// hand over a browser: 401 for a wrong token, 429 when every session is
// taken; /queue holds the upgrade forever (a farm's queue), /mute takes
// the websocket and never answers a CDP call.
func refusingFarm(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/401":
			http.Error(w, "Unauthorized: bad token "+r.URL.Query().Get("token"), http.StatusUnauthorized)
		case "/429":
			http.Error(w, "Too many requests", http.StatusTooManyRequests)
		case "/queue":
			<-r.Context().Done()
		case "/mute":
			c, err := websocket.Accept(w, r, nil)
			if err != nil {
				return
			}
			defer c.CloseNow()
			for {
				if _, _, err := c.Read(r.Context()); err != nil {
					return
				}
			}
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestFarmRefusalsNameNoToken: a refused or queued websocket says what the
// farm meant, in text and -o json, and never shows the token.
func TestFarmRefusalsNameNoToken(t *testing.T) {
	t.Parallel()
	srv := refusingFarm(t)
	ws := "ws" + strings.TrimPrefix(srv.URL, "http")
	// One session for all: a refused --cdp does not stick, and the
	// daemon the first call starts lets the short --timeout of the queued
	// ones be about the farm alone.
	const s = "secb-farm"
	for _, c := range []struct {
		path, want, timeout string
		code                int
	}{
		{"/401", "wrong token (HTTP 401)", "30s", 3},
		{"/429", "too many sessions (HTTP 429)", "30s", 3},
		{"/queue", "did not hand over a browser within --timeout", "4s", 5},
		{"/mute", "did not hand over a browser within --timeout", "4s", 5},
	} {
		u := ws + c.path + "?token=" + farmSecret + "&timeout=60000"
		r := tact(t, s, "--timeout", c.timeout, "--cdp", u, "snap")
		if r.code != c.code || !strings.Contains(r.err, c.want) {
			t.Errorf("%s: exit %d, want %d and %q:\n%s", c.path, r.code, c.code, c.want, r.err)
		}
		rj := tact(t, s, "--timeout", c.timeout, "-o", "json", "--cdp", u, "snap")
		var e struct {
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal([]byte(rj.out+rj.err), &e); err != nil && !strings.Contains(rj.out+rj.err, c.want) {
			t.Errorf("%s -o json: %q", c.path, rj.out+rj.err)
		}
		for _, o := range []string{r.out, r.err, rj.out, rj.err} {
			if strings.Contains(o, farmSecret) {
				t.Errorf("%s: the token in %q", c.path, o)
			}
		}
	}
}

// TestFarmStopClosesEveryTab: browser stop closes the tabs tact opened in
// a farm's browser (its first, tab new, a popup), and browser status says
// when the remote browser is gone.
func TestFarmStopClosesEveryTab(t *testing.T) {
	t.Parallel()
	f := startFarm(t)
	s := "secb-farmtabs"
	before := len(f.pages(t))
	u := f.proxy.URL + "?token=" + farmToken
	mustOK(t, tact(t, s, "--cdp", u, "open", page("act_form.html")))
	mustOK(t, tact(t, s, "click", "text=Open in new tab"))
	mustOK(t, tact(t, s, "tab", "new", page("other.html")))
	eventually(t, "three tabs of tact's in the farm", func() bool { return len(f.pages(t)) == before+3 })
	mustOK(t, tact(t, s, "browser", "stop"))
	eventually(t, "the farm's browser back to its own tabs", func() bool { return len(f.pages(t)) == before })

	mustOK(t, tact(t, s, "--cdp", u, "open", page("hello.html")))
	f.proc.Kill()
	eventually(t, "browser status says the remote browser is gone", func() bool {
		r := tact(t, s, "browser", "status")
		return strings.Contains(r.out, "went away")
	})
	r := tact(t, s, "-o", "json", "browser", "status")
	var st struct {
		Running    bool   `json:"running"`
		RemoteGone string `json:"remote_gone"`
	}
	if err := json.Unmarshal([]byte(r.out), &st); err != nil || st.RemoteGone == "" || strings.Contains(r.out, farmToken) {
		t.Errorf("status -o json after the farm ended: %q (%v)", r.out, err)
	}
	mustOK(t, tact(t, s, "browser", "stop"))
}
