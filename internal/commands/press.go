package commands

import (
	"context"

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

// hold is press --down or --up: one key or chord goes down and stays
// held, or comes up. Input, not an action: sent and not waited on (a
// game reads the keys on its own frames).
func (c *Press) hold(ctx context.Context, env *Env, keys []string) (*Output, error) {
	switch {
	case c.Down && c.Up:
		return nil, failure.New(failure.Usage, "press --down or --up, not both (a whole press is press %s)", c.Key)
	case len(keys) > 1 || c.Repeat > 1:
		return nil, failure.New(failure.Usage, "press --down and --up take one key or chord, not %q (--repeat %d)", c.Key, c.Repeat)
	}
	verb, done := "press down", "holding "
	if c.Up {
		verb, done = "let go of", "let go of "
	}
	return act(ctx, env, c.ActOpts, c.Target, action{verb: verb + " " + c.Key + " on", instant: true}, func(t *page.Tab, el *page.Element) ([]string, error) {
		if el != nil {
			if err := el.Focus(ctx); err != nil {
				return nil, err
			}
		}
		if err := t.KeyHold(ctx, keys[0], c.Down); err != nil {
			return nil, err
		}
		return []string{done + keys[0]}, nil
	})
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
