package tab

import (
	"bytes"
	"context"
	"crypto/sha1"
	_ "embed"
	"encoding/hex"
	"strings"
	"sync"
)

//go:embed base.js
var baseJS string

//go:embed refind.js
var refindJS string

// library is the in-page code for tact's isolated world, stamped with a
// version so a document holding an older copy gets the new one.
func (m *Manager) library() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.libOnce()
}

var (
	libMu    sync.Mutex
	libCache = map[string][2]string{}
)

func (m *Manager) libOnce() string {
	libMu.Lock()
	defer libMu.Unlock()
	if c, ok := libCache[m.opts.Library]; ok {
		return c[0]
	}
	sum := sha1.Sum([]byte(baseJS + refindJS + m.opts.Library))
	v := hex.EncodeToString(sum[:6])
	src := strings.Replace(baseJS, "%VERSION%", v, 1) + "\n" + refindJS + "\n" + m.opts.Library
	libCache[m.opts.Library] = [2]string{src, v}
	return src
}

func (m *Manager) libVersion() string {
	m.libOnce()
	libMu.Lock()
	defer libMu.Unlock()
	return libCache[m.opts.Library][1]
}

// callLib calls the in-page library function __tact.<name>(element,
// ...args) and decodes its result into out. A document that lost (or
// never ran) the current library gets it installed first.
func (e *Element) callLib(ctx context.Context, name string, out any, args ...any) error {
	fn := "function (...a) { const T = globalThis.__tact; return T && T.v === " + jsString(e.tab.m.libVersion()) +
		" ? T." + name + "(this, ...a) : {__tactMissing: true}; }"
	for attempt := 0; ; attempt++ {
		var raw rawJSON
		if err := e.Call(ctx, fn, &raw, args...); err != nil {
			return err
		}
		if !bytes.HasPrefix(raw, []byte(`{"__tactMissing"`)) || attempt > 0 {
			if out == nil || len(raw) == 0 {
				return nil
			}
			return jsonUnmarshal(raw, out)
		}
		if err := e.tab.evalIn(ctx, e.tg, e.frameID, "0", nil); err != nil {
			return err
		}
	}
}
