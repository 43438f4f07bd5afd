package session

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	proto "github.com/chromedp/cdproto/cdp"
	cdptarget "github.com/chromedp/cdproto/target"

	"github.com/tact-browser/tact/internal/cdp"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
)

// Current returns the tab commands act on, connecting and opening a blank
// tab when needed.
func (m *Manager) Current(ctx context.Context) (*page.Tab, error) {
	if err := m.Ensure(ctx); err != nil {
		return nil, err
	}
	for {
		m.mu.Lock()
		t := m.tabs[m.current]
		fallback := t == nil
		if t == nil {
			// Prefer the tab a previous daemon used, then the first one seen.
			if pt := m.tabs[m.state.Current]; pt != nil {
				t = pt
			} else {
				for _, id := range m.order {
					if m.tabs[id] != nil {
						t = m.tabs[id]
						break
					}
				}
			}
			if t != nil {
				m.current = t.ID()
			}
		}
		m.mu.Unlock()
		if t != nil {
			select {
			case <-t.Main().Ready():
				if t.Main().Failed() != nil {
					m.dropTab(t.ID())
					continue
				}
				if t.Crashed() {
					// Report once, drop the dead tab and carry on in a fresh one.
					m.note("the tab crashed (" + t.URL() + "); continuing in a new tab")
					_ = cdp.Run(ctx, m.conn.Browser(), cdptarget.CloseTarget, cdptarget.CloseTargetParams{TargetID: cdptarget.ID(t.ID())})
					m.dropTab(t.ID())
					if _, err := m.NewTab(ctx); err != nil {
						return nil, err
					}
					continue
				}
				if fallback {
					// The tab tact falls back to (the current one closed)
					// must be the browser's too, or its page stays hidden.
					_ = cdp.Run(ctx, m.conn.Browser(), cdptarget.ActivateTarget, cdptarget.ActivateTargetParams{TargetID: cdptarget.ID(t.ID())})
				}
				m.catchUpEmulation(ctx, t)
				return t, nil
			case <-ctx.Done():
				return nil, failure.New(failure.Timeout, "tab did not become ready in time")
			}
		}
		// No tab yet: wait briefly for auto-attach to report existing ones,
		// then open a blank tab.
		if err := m.waitForTab(ctx, 300*time.Millisecond); err == nil {
			continue
		}
		id, err := m.createTarget(ctx, "about:blank")
		if err != nil {
			return nil, err
		}
		if _, err := m.waitTab(ctx, id); err != nil {
			return nil, err
		}
		m.mu.Lock()
		m.current = id
		m.mu.Unlock()
	}
}

func (m *Manager) waitForTab(ctx context.Context, d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		m.mu.Lock()
		n := len(m.tabs)
		m.mu.Unlock()
		if n > 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return errors.New("no tab")
}

func (m *Manager) createTarget(ctx context.Context, url string) (string, error) {
	m.mu.Lock()
	bctx := m.bctx
	m.mu.Unlock()
	res, err := cdp.Call(ctx, m.conn.Browser(), cdptarget.CreateTarget, cdptarget.CreateTargetParams{URL: url, BrowserContextID: proto.BrowserContextID(bctx)})
	if err != nil {
		return "", failure.New(failure.BrowserUnavailable, "open tab: %v", err)
	}
	// Every tab tact opens is one browser stop closes in an attached
	// browser (a farm's tabs outlive the session otherwise).
	m.mu.Lock()
	m.created[string(res.TargetID)] = true
	m.mu.Unlock()
	return string(res.TargetID), nil
}

// waitTab waits until the tab with this target id is attached and ready.
func (m *Manager) waitTab(ctx context.Context, id string) (*page.Tab, error) {
	for {
		m.mu.Lock()
		t := m.tabs[id]
		m.mu.Unlock()
		if t != nil {
			select {
			case <-t.Main().Ready():
				return t, t.Main().Failed()
			case <-ctx.Done():
				return nil, failure.New(failure.Timeout, "tab %s did not become ready", id)
			}
		}
		select {
		case <-ctx.Done():
			return nil, failure.New(failure.Timeout, "tab %s did not attach", id)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func (m *Manager) dropTab(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.tabs[id]
	if t == nil {
		return
	}
	delete(m.tabs, id)
	for n, ri := range m.state.Refs {
		if ri.Tab == id {
			delete(m.state.Refs, n)
		}
	}
	for sid, tg := range m.targets {
		if tg.Tab() == t {
			delete(m.targets, sid)
		}
	}
	if m.current == id {
		m.current = ""
	}
}

// TabInfo describes a tab for `tab list`.
type TabInfo struct {
	ID      string `json:"id"`
	URL     string `json:"url"`
	Title   string `json:"title"`
	Current bool   `json:"current"`
}

// capBytes cuts s to at most n bytes at a character boundary, marking the cut.
func capBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Tabs lists the open tabs in the order they were seen.
func (m *Manager) Tabs(ctx context.Context) ([]TabInfo, error) {
	if err := m.Ensure(ctx); err != nil {
		return nil, err
	}
	res, err := cdp.Call(ctx, m.conn.Browser(), cdptarget.GetTargets, cdptarget.GetTargetsParams{})
	if err != nil {
		return nil, failure.New(failure.BrowserUnavailable, "list tabs: %v", err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []TabInfo
	for _, ti := range res.TargetInfos {
		if ti.Type != "page" || !m.ownLocked(ti) || m.closing[string(ti.TargetID)] {
			continue
		}
		id := string(ti.TargetID)
		out = append(out, TabInfo{ID: id, URL: capBytes(ti.URL, MaxListURL), Title: capBytes(ti.Title, MaxListTitle), Current: id == m.current})
	}
	// The browser's order changes as tabs are used; tab list numbers
	// tabs for tab switch N, so they keep the order tact first saw them
	// in (tabs it has not attached to yet come last).
	seen := func(id string) int {
		if i := slices.Index(m.order, id); i >= 0 {
			return i
		}
		return len(m.order)
	}
	slices.SortStableFunc(out, func(a, b TabInfo) int { return seen(a.ID) - seen(b.ID) })
	return out, nil
}

// NewTab opens a tab (about:blank or url) and makes it current.
func (m *Manager) NewTab(ctx context.Context) (*page.Tab, error) {
	if err := m.Ensure(ctx); err != nil {
		return nil, err
	}
	id, err := m.createTarget(ctx, "about:blank")
	if err != nil {
		return nil, err
	}
	return m.Adopt(ctx, id)
}

// Switch makes the tab with this id (or unique id prefix) current.
func (m *Manager) Switch(ctx context.Context, id string) (*page.Tab, error) {
	tid, err := m.FindTab(ctx, id)
	if err != nil {
		return nil, err
	}
	t, err := m.waitTab(ctx, tid)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.current = t.ID()
	m.mu.Unlock()
	_ = cdp.Run(ctx, m.conn.Browser(), cdptarget.ActivateTarget, cdptarget.ActivateTargetParams{TargetID: cdptarget.ID(t.ID())})
	m.save()
	return t, nil
}

// FindTab returns the one tab whose id is id or starts with it (4+
// characters, as tab list prints 8).
func (m *Manager) FindTab(ctx context.Context, id string) (string, error) {
	if err := m.Ensure(ctx); err != nil {
		return "", err
	}
	m.mu.Lock()
	var found []string
	for tid := range m.tabs {
		if tid == id || (len(id) >= 4 && strings.HasPrefix(strings.ToLower(tid), strings.ToLower(id))) {
			found = append(found, tid)
		}
	}
	m.mu.Unlock()
	if len(found) == 0 && id != "" {
		// A part of the tab's URL, as the browser reports it: how one
		// adopts a tab of an attached browser (tab switch github.com/issues).
		tabs, err := m.Tabs(ctx)
		if err != nil {
			return "", err
		}
		for _, t := range tabs {
			if strings.Contains(t.URL, id) {
				found = append(found, t.ID)
			}
		}
	}
	if len(found) != 1 {
		if len(found) == 0 {
			return "", failure.New(failure.NotFound, "no tab %q (see tact tab list)", id)
		}
		return "", failure.New(failure.Ambiguous, "tab %q matches %d tabs (see tact tab list)", id, len(found))
	}
	return found[0], nil
}

// CloseTab closes a tab (the current one when id is empty); another open
// tab becomes current.
func (m *Manager) CloseTab(ctx context.Context, id string) error {
	if err := m.Ensure(ctx); err != nil {
		return err
	}
	if id == "" {
		t, err := m.Current(ctx)
		if err != nil {
			return err
		}
		id = t.ID()
	}
	// Before closing: the target's destroyed event may drop it first.
	m.mu.Lock()
	wasCurrent := m.current == id
	m.mu.Unlock()
	if err := cdp.Run(ctx, m.conn.Browser(), cdptarget.CloseTarget, cdptarget.CloseTargetParams{TargetID: cdptarget.ID(id)}); err != nil {
		return failure.New(failure.NotFound, "close tab %s: %v", id, err)
	}
	m.dropTab(id)
	m.mu.Lock()
	if m.closing == nil {
		m.closing = map[string]bool{}
	}
	m.closing[id] = true
	m.mu.Unlock()
	if wasCurrent && len(m.allTabs()) > 0 {
		// Fall back now, so tab list marks the next tab current and its
		// page is visible to the next command's clicks.
		_, _ = m.Current(ctx)
	}
	m.save()
	return nil
}

// Adopt makes a tab opened by the current one (target=_blank,
// window.open) current, and returns it.
func (m *Manager) Adopt(ctx context.Context, id string) (*page.Tab, error) {
	t, err := m.waitTab(ctx, id)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.current = id
	m.mu.Unlock()
	m.save()
	return t, nil
}

func (m *Manager) allTabs() []*page.Tab {
	m.mu.Lock()
	defer m.mu.Unlock()
	tabs := make([]*page.Tab, 0, len(m.tabs))
	for _, t := range m.tabs {
		tabs = append(tabs, t)
	}
	return tabs
}
