// Package page is one browser tab as tact drives it: its page target and
// out-of-process frames, what their events say (navigation, loading,
// dialogs, requests, crashes), tact's isolated world in every frame,
// element handles, locators, input and the checks around an action. The
// session that owns the browser creates tabs and routes their events;
// a tab reaches back only through Host.
package page

import "github.com/tact-browser/tact/internal/inpage"

// WorldName is the isolated world tact's in-page library lives in.
const WorldName = "tact"

// Host is what a tab needs from the session that owns it: the in-page
// library, the dialog policy, and the session-wide ref registry (refs are
// numbered across tabs and persist between daemons).
type Host interface {
	Library() inpage.Library
	DialogPolicy() DialogPolicy
	// Visited notes a URL whose origin session save must keep.
	Visited(url string)
	// NextRef is the first ref number the next snap may hand out.
	NextRef() int
	// RecordRefs notes where new refs live and reports whether anything
	// changed.
	RecordRefs(tabID, hostID, frameID string, refs []int, next int) bool
	// ForgetRefs drops a tab's refs (its document is gone).
	ForgetRefs(tabID string)
	// RefInfo says where ref n lives; next is the first unissued number.
	RefInfo(n int) (ri RefInfo, ok bool, next int)
	// RefsOf lists where a tab's refs live.
	RefsOf(tabID string) []RefInfo
	// Persist writes the session state if it changed.
	Persist()
	// Domains are the hosts the session's tabs may navigate to.
	Domains() Domains
	// HasSecret reports whether text holds a value the session typed as
	// a secret (a page can copy one into an element's name).
	HasSecret(text string) bool
}

// RefInfo is where a ref's element lives: its tab, its frame, and the
// target hosting that frame (an out-of-process iframe's id, or the tab's).
type RefInfo struct {
	Tab   string `json:"tab"`
	Frame string `json:"frame"`
	Host  string `json:"host,omitempty"`
}
