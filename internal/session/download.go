package session

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	cdpbrowser "github.com/chromedp/cdproto/browser"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/page"
)

// enableDownloads makes the browser save downloads under the session's
// downloads dir, named by guid until tact renames them to a safe name.
func (m *Manager) enableDownloads(ctx context.Context, conn *cdp.Conn) {
	if m.opts.DownloadDir == "" {
		return
	}
	if err := os.MkdirAll(m.opts.DownloadDir, 0o700); err != nil {
		m.log.Warn("downloads dir", "err", err)
		return
	}
	if err := cdp.Run(ctx, conn.Browser(), cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: m.opts.DownloadDir, EventsEnabled: new(true),
		BrowserContextID: m.browserContext(),
	}); err != nil {
		m.log.Warn("download behaviour", "err", err)
	}
}

func (m *Manager) downloadBegins(ev *cdpbrowser.EventDownloadWillBegin) {
	if t := m.tabOfFrame(string(ev.FrameID)); t != nil {
		t.DownloadBegins(ev.URL, ev.GUID, ev.SuggestedFilename)
	}
}

func (m *Manager) downloadProgress(ev *cdpbrowser.EventDownloadProgress) {
	if ev.State == cdpbrowser.DownloadProgressStateInProgress {
		return
	}
	m.mu.Lock()
	tabs := make([]*page.Tab, 0, len(m.tabs))
	for _, t := range m.tabs {
		tabs = append(tabs, t)
	}
	m.mu.Unlock()
	for _, t := range tabs {
		t.DownloadEnded(ev.GUID, string(ev.State), int64(ev.ReceivedBytes), m.placeDownload)
	}
}

// tabOfFrame finds the tab a frame belongs to (its main frame id is the
// tab's target id; a child frame is one its tab has seen). A frame no tab
// knows counts for the current tab in a browser of the session's own;
// in a shared browser (--cdp-isolated) it is another context's, whose
// download is not this session's.
func (m *Manager) tabOfFrame(frameID string) *page.Tab {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t := m.tabs[frameID]; t != nil {
		return t
	}
	for _, t := range m.tabs {
		if t.OwnsFrame(frameID) {
			return t
		}
	}
	if m.isolated {
		return nil
	}
	return m.tabs[m.current]
}

// placeDownload moves the guid-named file to a sanitized, unique name
// inside the downloads dir: a server-chosen name never escapes it, and
// never replaces a file that is there (an earlier download, or anything
// else): the move is a hard link, which fails rather than replace. The
// file holds what the page sent: only the user may read it (0600).
func (m *Manager) placeDownload(guid, suggested string) string {
	src := filepath.Join(m.opts.DownloadDir, guid)
	_ = os.Chmod(src, 0o600)
	// A page can name the file after a secret it was given.
	name := SanitizeFilename(m.opts.Secrets.Scrub(suggested))
	ext := filepath.Ext(name)
	base := strings.TrimSuffix(name, ext)
	for i := 1; i <= maxSameName; i++ {
		dst := filepath.Join(m.opts.DownloadDir, name)
		if i > 1 {
			dst = filepath.Join(m.opts.DownloadDir, fmt.Sprintf("%s (%d)%s", base, i, ext))
		}
		err := os.Link(src, dst)
		if err == nil {
			_ = os.Remove(src)
			return dst
		}
		if !errors.Is(err, fs.ErrExist) {
			// No hard links here: the guid name is unique and safe.
			return src
		}
	}
	return src
}

// maxSameName bounds the "name (N).ext" tried for one download.
const maxSameName = 1000

// SanitizeFilename keeps a download's name to one safe path element.
func SanitizeFilename(s string) string {
	s = filepath.Base(strings.ReplaceAll(s, "\\", "/"))
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '/' || r == 0 || unicode.IsControl(r):
			b.WriteRune('_')
		default:
			b.WriteRune(r)
		}
	}
	out := strings.TrimLeft(strings.TrimSpace(b.String()), ".")
	if out == "" {
		out = "download"
	}
	if len(out) > 120 {
		ext := filepath.Ext(out)
		if len(ext) > 16 {
			ext = ""
		}
		out = out[:120-len(ext)] + ext
	}
	return out
}
