package page

import (
	"context"
	"encoding/json"
	"time"

	proto "github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/domstorage"
	cdppage "github.com/chromedp/cdproto/page"

	"github.com/tact-browser/tact/internal/cdp"
)

// OriginStorage is one origin's localStorage and sessionStorage.
type OriginStorage struct {
	Local   map[string]string `json:"local,omitempty"`
	Session map[string]string `json:"session,omitempty"`
}

// Storage reads the web storage session save keeps: localStorage of each
// origin (through the DOMStorage domain, for origins not open now) and the
// current page's sessionStorage.
func (t *Tab) Storage(ctx context.Context, origins []string) map[string]OriginStorage {
	out := map[string]OriginStorage{}
	_ = cdp.Run(ctx, t.main.sess, domstorage.Enable, proto.Empty{})
	for _, o := range origins {
		stor := OriginStorage{}
		items, err := cdp.Call(ctx, t.main.sess, domstorage.GetDOMStorageItems, domstorage.GetDOMStorageItemsParams{
			StorageID: &domstorage.StorageID{SecurityOrigin: o, IsLocalStorage: true}})
		if err == nil && len(items.Entries) > 0 {
			stor.Local = map[string]string{}
			for _, e := range items.Entries {
				if len(e) == 2 {
					stor.Local[e[0]] = e[1]
				}
			}
		}
		out[o] = stor
	}
	// The current page's sessionStorage (and its localStorage, fresher
	// than DOMStorage's view if the page just wrote it).
	var cur struct {
		Origin  string            `json:"origin"`
		Local   map[string]string `json:"local"`
		Session map[string]string `json:"session"`
	}
	if err := t.EvalWorld(ctx, "__tact.storage()", &cur); err == nil && cur.Origin != "null" && cur.Origin != "" {
		stor := out[cur.Origin]
		if len(cur.Local) > 0 {
			stor.Local = cur.Local
		}
		if len(cur.Session) > 0 {
			stor.Session = cur.Session
		}
		out[cur.Origin] = stor
	}
	for o, s := range out {
		if len(s.Local) == 0 && len(s.Session) == 0 {
			delete(out, o)
		}
	}
	return out
}

// restoreJS runs in the page's world before its own scripts on every new
// document while a load is in progress: it fills the storage of the
// document's origin from the saved state.
const restoreJS = `(() => {
  const all = %s;
  const s = all[location.origin];
  if (!s) return;
  try { for (const [k, v] of Object.entries(s.local || {})) localStorage.setItem(k, v); } catch (e) {}
  try { for (const [k, v] of Object.entries(s.session || {})) sessionStorage.setItem(k, v); } catch (e) {}
})();`

// restoreUndo bounds removing the restore script after the load.
const restoreUndo = 2 * time.Second

// RestoreStorage makes the next documents of the tab start with the saved
// storage of their origin (before the page's own scripts run), and writes
// the other origins' localStorage through DOMStorage. undo removes the
// document script once the restoring load is done.
func (t *Tab) RestoreStorage(ctx context.Context, origins map[string]OriginStorage) (undo func(), err error) {
	src, _ := json.Marshal(origins)
	reg, err := cdp.Call(ctx, t.main.sess, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: sprintf(restoreJS, string(src))})
	if err != nil {
		return func() {}, BrowserGone(err)
	}
	undo = func() {
		cctx, cancel := context.WithTimeout(context.Background(), restoreUndo)
		defer cancel()
		//lint:ignore S1016 a result and a params type that only happen to have the same fields
		_ = cdp.Run(cctx, t.main.sess, cdppage.RemoveScriptToEvaluateOnNewDocument, cdppage.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: reg.Identifier})
	}
	// localStorage of the other saved origins, written through DOMStorage
	// so they too are logged in when visited later.
	_ = cdp.Run(ctx, t.main.sess, domstorage.Enable, proto.Empty{})
	for o, s := range origins {
		for k, v := range s.Local {
			_ = cdp.Run(ctx, t.main.sess, domstorage.SetDOMStorageItem, domstorage.SetDOMStorageItemParams{
				StorageID: &domstorage.StorageID{SecurityOrigin: o, IsLocalStorage: true}, Key: k, Value: v})
		}
	}
	return undo, nil
}
