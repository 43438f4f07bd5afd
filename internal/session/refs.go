package session

import (
	"github.com/tact-browser/tact/internal/page"
)

// NextRef reserves ref numbering: the daemon passes the counter into each
// frame's walk and records what came back.
func (m *Manager) NextRef() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state.NextRef
}

// RecordRefs notes where new refs live; it reports whether anything
// changed (a re-snap of an unchanged document changes nothing and need not
// be written to disk).
func (m *Manager) RecordRefs(tabID, hostID, frameID string, refs []int, next int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	changed := false
	for _, r := range refs {
		if _, ok := m.state.Refs[r]; !ok {
			m.state.Refs[r] = page.RefInfo{Tab: tabID, Frame: frameID, Host: hostID}
			changed = true
		}
	}
	if next > m.state.NextRef {
		m.state.NextRef = next
		changed = true
	}
	if changed {
		m.refsGen++
	}
	return changed
}

// ForgetRefs drops the refs of a tab whose main document is gone (it
// navigated or closed): they can only be stale now, which ResolveRef
// reports for any issued number it no longer knows. This keeps the map,
// and the state file written after each snap, to the live documents.
func (m *Manager) ForgetRefs(tabID string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for n, ri := range m.state.Refs {
		if ri.Tab == tabID {
			delete(m.state.Refs, n)
			m.refsGen++
		}
	}
}

// RefInfo says where ref n lives; next is the first unissued number.
func (m *Manager) RefInfo(n int) (page.RefInfo, bool, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ri, ok := m.state.Refs[n]
	return ri, ok, m.state.NextRef
}

// RefsOf lists where a tab's refs live.
func (m *Manager) RefsOf(tabID string) []page.RefInfo {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []page.RefInfo
	for _, ri := range m.state.Refs {
		if ri.Tab == tabID {
			out = append(out, ri)
		}
	}
	return out
}
