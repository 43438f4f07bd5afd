package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"

	"github.com/tact-browser/tact/internal/page"
)

// A HAR keeps names, never credential values: --header headers (any
// name), credential-like headers both ways, credential-like query values.
func TestHARLeavesOutCredentials(t *testing.T) {
	reqs := []page.Request{{
		Method: "GET", URL: "https://a.test/p?token=T0KEN&page=2&sig=S1G",
		ReqHdrs:  network.Headers{"X-Env": "staging", "X-Api-Key": "K3Y", "Accept": "text/html", "Cookie": "sid=C00K"},
		RespHdrs: network.Headers{"X-Auth-Token": "R3SP", "Location": "https://b.test/?access_token=L0C&x=1", "Content-Type": "text/html"},
	}}
	b, err := json.Marshal(har(reqs, headerNames("X-Env: staging")))
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{"staging", "K3Y", "C00K", "T0KEN", "S1G", "R3SP", "L0C"} {
		if strings.Contains(string(b), leak) {
			t.Errorf("the HAR holds %s:\n%s", leak, b)
		}
	}
	for _, keep := range []string{`"X-Env"`, `"X-Auth-Token"`, `"text/html"`, `{"name":"page","value":"2"}`, "x=1"} {
		if !strings.Contains(string(b), keep) {
			t.Errorf("the HAR lost %s:\n%s", keep, b)
		}
	}
}
