package session

import "slices"

// LaunchArgs are the extra browser flags this session's daemon launches
// its browser with (--browser-arg and TACT_CHROME_ARGS when it started).
func (m *Manager) LaunchArgs() []string { return slices.Clone(m.opts.Browser.Args) }
