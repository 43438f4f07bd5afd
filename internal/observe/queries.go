package observe

import "time"

// The rules of what holds a page, as queries on the log: each wait asks
// them with the time it reads its clock at.

// Requests says which requests in flight a query counts.
type Requests int

const (
	// Holding: what keeps a page from being usable or settled: the main
	// document's navigation, requests to the page's site younger than
	// the long-poll cutoff (a long-poll or stream never ends) and, after
	// an action, the page's fetches to other sites it started since
	// (what it asked a third-party API for).
	Holding Requests = iota
	// Busy: every request younger than the cutoff (wait --idle, a
	// locator's "page at rest").
	Busy
	// Text: what could still change the page's text (read's note): a
	// document, or the page's own site's fetches and scripts younger
	// than the cutoff; not images, styles, nor other sites' scripts.
	Text
	// All: every request in flight.
	All
)

// InFlight counts the requests in flight at now that rule counts;
// longPoll is the cutoff, since the action's start for Holding (zero:
// no other site's fetch holds).
func (l *Log) InFlight(now time.Time, rule Requests, longPoll time.Duration, since time.Time) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, r := range l.inflight {
		if l.counts(r, now, rule, longPoll, since) {
			n++
		}
	}
	return n
}

func (l *Log) counts(r Event, now time.Time, rule Requests, longPoll time.Duration, since time.Time) bool {
	young := now.Sub(r.At) < longPoll
	switch rule {
	case Holding:
		switch {
		case r.Req == MainDocument:
			return true
		case !young:
			return false
		case l.sameSite(r.Host, l.host):
			return true
		}
		return r.Req == Scripted && !since.IsZero() && r.At.After(since)
	case Busy:
		return young
	case Text:
		switch r.Req {
		case MainDocument, FrameDocument:
			return true
		case Scripted, Script:
			return young && l.sameSite(r.Host, l.host)
		}
		return false
	}
	return true
}

// sameSiteFrame: the frame's document is of the page's site (or not known
// yet, or about:blank/srcdoc, which are); l.mu held.
func (l *Log) sameSiteFrame(f *frame) bool {
	return f.host == "" || l.sameSite(f.host, l.host)
}

// FramesLoading counts the child frames loading now.
func (l *Log) FramesLoading() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, f := range l.frames {
		if !f.loading.IsZero() {
			n++
		}
	}
	return n
}

// FramesBuilding reports a same-site child frame loading (for less than
// grace: one that never finishes holds no longer than a page's own load),
// or one that started or stopped loading less than quiet ago (apps that
// nest frames add each child a moment after its parent loaded).
func (l *Log) FramesBuilding(now time.Time, quiet, grace time.Duration) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.frameLast) < quiet {
		return true
	}
	for _, f := range l.frames {
		if !f.loading.IsZero() && l.sameSiteFrame(f) && now.Sub(f.loading) < grace {
			return true
		}
	}
	return false
}

// PopupsPending counts windows the page opened since m whose tab has not
// attached yet.
func (l *Log) PopupsPending(m Mark) int {
	d := l.Doc()
	return max(0, (d.Popups-m.Doc.Popups)-(d.Attached-m.Doc.Attached))
}

// DownloadsActive counts downloads started since m still in progress.
func (l *Log) DownloadsActive(m Mark) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, seq := range l.downloads {
		if seq >= m.Seq {
			n++
		}
	}
	return n
}

// Usable reports whether the document that fired DOMContentLoaded after
// base is usable at now: its load event came, or its own site's requests
// are done, or grace passed since DOMContentLoaded (one subresource that
// never finishes must not make a readable page unreadable).
func (l *Log) Usable(now time.Time, base Doc, grace, longPoll time.Duration) bool {
	d := l.Doc()
	if d.Loads > base.Loads && !d.Loading {
		return true
	}
	if d.Stops > base.Stops && !d.Loading && d.Loads == base.Loads {
		return true // stopped without a load: a navigation that became a download
	}
	if d.DOMReadies > base.DOMReadies && d.DOMReady {
		return now.Sub(d.DOMReadyAt) >= grace || l.InFlight(now, Holding, longPoll, time.Time{}) == 0
	}
	return false
}

// HasFrame reports whether the log has seen child frame id of its tab.
func (l *Log) HasFrame(id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.frames[id]
	return ok
}
