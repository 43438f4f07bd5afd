package commands

import (
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/page"
)

// pressUsage is the order press takes, for its error messages.
const pressUsage = "press KEY [TARGET], e.g. tact press Enter @e3"

// order puts press's words in place whichever way they were given: a ref
// or a locator is never a key, so `press @e3 Enter` is `press Enter @e3`.
// It returns the parsed keys, or an error that shows the order.
func (c *Press) order() ([]string, error) {
	if isTarget(c.Key) {
		if c.Target == "" || isTarget(c.Target) {
			return nil, failure.New(failure.Usage, "%q is a target, not a key: %s", c.Key, pressUsage)
		}
		c.Key, c.Target = c.Target, c.Key
	}
	keys, err := page.ParseKeys(c.Key)
	if err != nil {
		fe := failure.From(err)
		return nil, failure.New(fe.Code, "%s (%s)", fe.Message, pressUsage)
	}
	return keys, nil
}

// isTarget reports whether s reads as a ref or a locator and not as a
// key sequence.
func isTarget(s string) bool {
	if _, err := page.ParseKeys(s); err == nil {
		return false
	}
	_, err := locator.Parse(s)
	return err == nil
}
