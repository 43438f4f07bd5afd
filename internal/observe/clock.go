package observe

import (
	"sync"
	"time"
)

// Clock is the one clock every wait reads: the real one in the daemon, a
// fake one in tests, so a recorded log replays without a browser and
// without sleeping.
type Clock interface {
	Now() time.Time
	// After is a channel that receives once d has passed.
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Real is the wall clock.
var Real Clock = realClock{}

// Fake is a clock that moves only when told. Every After fires at once by
// moving the clock forward by d (a wait that nothing wakes early ends at
// its own timer, as in real time), so the engine runs over a recorded log
// in one goroutine.
type Fake struct {
	mu   sync.Mutex
	now  time.Time
	then func(now time.Time)
}

// NewFake is a fake clock at t.
func NewFake(t time.Time) *Fake { return &Fake{now: t} }

// Then sets what runs after every move of the clock (a recording that
// appends the events due by then).
func (f *Fake) Then(fn func(now time.Time)) {
	f.mu.Lock()
	f.then = fn
	f.mu.Unlock()
}

// Now is the fake time.
func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// Advance moves the clock forward.
func (f *Fake) Advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	now, then := f.now, f.then
	f.mu.Unlock()
	if then != nil {
		then(now)
	}
}

// After fires at once after moving the clock forward by d (at least a
// nanosecond, so a loop always makes progress).
func (f *Fake) After(d time.Duration) <-chan time.Time {
	f.Advance(max(d, time.Nanosecond))
	ch := make(chan time.Time, 1)
	ch <- f.Now()
	return ch
}
