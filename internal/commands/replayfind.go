package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/workflow"
)

// updateTarget puts the locator that agreed first and takes a renamed
// element's new name.
func updateTarget(t *workflow.Target, p pick) []string {
	var changes []string
	if t == nil {
		return nil
	}
	if l := t.Locators; p.index > 0 {
		changes = append(changes, fmt.Sprintf("%s first (was %s)", l[p.index], l[0]))
		l[0], l[p.index] = l[p.index], l[0]
	}
	if p.newName != nil && t.Fingerprint.Name != *p.newName {
		changes = append(changes, fmt.Sprintf("recorded name %q → %q", t.Fingerprint.Name, *p.newName))
		t.Fingerprint.Name = *p.newName
	}
	return changes
}

// healNote is the stderr line for a healed step.
func healNote(n int, step *workflow.Step, ran stepRun) string {
	if ran.heal != "" {
		return fmt.Sprintf("healed step %d: %s", n, ran.heal)
	}
	t, p := step.Target, ran.pick
	if p.index == 0 && step.To != nil {
		t, p = step.To, ran.to // the drop target healed
	}
	return fmt.Sprintf("healed step %d: found by %s (locator %d of %d)", n, t.Locators[p.index], p.index+1, len(t.Locators))
}

// find waits for the page to settle and picks the locator of a target.
func (c *Replay) find(ctx context.Context, env *Env, tgt *workflow.Target, vars map[string]string) (pick, error) {
	if len(tgt.Locators) == 0 {
		return pick{}, failure.New(failure.Usage, "a target with no locators")
	}
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return pick{}, err
	}
	t.Settle(ctx, actQuiet, settleCap)
	return pickLocator(ctx, t, tgt, vars, c.Strict)
}

// sameURL reports whether a tab at have is at the page want names (the
// fragment and a missing scheme aside).
func sameURL(have, want string) bool {
	norm := func(u string) string {
		u, _, _ = strings.Cut(u, "#")
		if i := strings.Index(u, "://"); i >= 0 {
			u = u[i+3:]
		}
		return strings.TrimSuffix(u, "/")
	}
	return have != "" && norm(have) == norm(want)
}

// Heal waits: a step's target may belong to a page that is still
// rendering, so its locators are looked up in rounds, a short look each,
// until one finds the element or targetWait has passed. A page that is
// already there heals at once (before, the first locator alone waited
// out all of targetWait before any fallback was tried).
const (
	targetWait = 5 * time.Second
	lookWait   = 250 * time.Millisecond
)

// pick is the locator a replay uses for a step's target and why.
type pick struct {
	index   int     // the locator that found the element
	heal    string  // a rename healed: `name "Sign in" → "Log in"`
	newName *string // the element's name now, after a rename
}

// candidate is an element one locator found uniquely, with the recorded
// role and tag, that does not agree with the fingerprint as recorded.
type candidate struct {
	index int
	el    *page.Element
	fp    workflow.Fingerprint
}

// pickLocator looks for the step's target (see targetWait). A match
// counts when it is unique and agrees with the fingerprint; the first
// locator in the recorded order that has one wins. When none does, a
// renamed element still heals if a locator by identity (a stable id, a
// test id, a form field's name) found one element with the recorded role
// and tag in the recorded place: the same nearest heading, form and row.
// An element of another row (record) never heals. --strict refuses any
// healing.
func pickLocator(ctx context.Context, t *page.Tab, tgt *workflow.Target, vars map[string]string, strict bool) (pick, error) {
	deadline := time.Now().Add(targetWait)
	var r round
	_, _ = t.Until(ctx, targetWait, 100*time.Millisecond, func() (bool, error) {
		r = lookRound(ctx, t, tgt, vars, strict, deadline)
		return r.done || !time.Now().Before(deadline), nil
	})
	return r.pick, r.err
}

// round is one look at all of a target's locators.
type round struct {
	pick pick
	err  error
	// done: the result stands (an agreeing match, a rename healed, bad
	// input, every locator matching something that does not agree); else
	// a locator matched nothing yet and a later round may find it.
	done bool
}

func lookRound(ctx context.Context, t *page.Tab, tgt *workflow.Target, vars map[string]string, strict bool, deadline time.Time) round {
	var (
		reasons   []string
		cands     []candidate
		ambiguous bool
		missing   bool  // a locator matched nothing: the page may still be rendering it
		missed    []int // the locators that did
	)
	defer func() {
		for _, c := range cands {
			c.el.Release(ctx)
		}
	}()
	rec := tgt.Fingerprint
	for i, raw := range tgt.Locators {
		l, err := workflow.Expand(raw, vars)
		if err != nil {
			return round{err: failure.New(failure.Usage, "%v", err), done: true}
		}
		lctx, cancel := context.WithTimeout(ctx, lookWait)
		el, err := t.Resolve(lctx, l)
		cancel()
		if err != nil {
			if uerr := t.Usable(); uerr != nil {
				// A dialog or a crash holds the tab: no later round
				// changes that.
				return round{err: uerr, done: true}
			}
			code := failure.From(err).Code
			ambiguous = ambiguous || code == failure.Ambiguous
			if code == failure.NotFound || code == failure.Timeout {
				missing = true
				missed = append(missed, i)
			}
			reasons = append(reasons, fmt.Sprintf("%s: %s", l, code))
			if ctx.Err() != nil {
				break
			}
			continue
		}
		fp, lerr := foundFingerprint(ctx, t, el)
		if lerr == nil && rec.Agrees(fp) {
			el.Release(ctx)
			if j, ok := firstAfterAll(ctx, t, tgt, vars, missed, deadline); ok {
				i, l = j, tgt.Locators[j]
			}
			if i > 0 && strict {
				return round{err: failure.New(failure.NotFound, "--strict: %s no longer finds the element; %s does (a replay without --strict heals it)", tgt.Locators[0], l), done: true}
			}
			return round{pick: pick{index: i}, done: true}
		}
		reasons = append(reasons, fmt.Sprintf("%s: found %s %q, recorded %s %q", l, fp.Role, fp.Name, rec.Role, rec.Name))
		if lerr != nil || fp.Role != rec.Role || fp.Tag != rec.Tag {
			el.Release(ctx)
			continue
		}
		cands = append(cands, candidate{index: i, el: el, fp: fp})
	}
	c, ok, why := renamed(ctx, tgt, cands)
	if why != "" {
		reasons = append(reasons, why)
	}
	if ok {
		// Not a rename if a locator that missed finds the recorded
		// element on a second look.
		if j, ok := firstAfterAll(ctx, t, tgt, vars, missed, deadline); ok {
			if j > 0 && strict {
				return round{err: failure.New(failure.NotFound, "--strict: %s no longer finds the element; %s does (a replay without --strict heals it)", tgt.Locators[0], tgt.Locators[j]), done: true}
			}
			return round{pick: pick{index: j}, done: true}
		}
		heal := fmt.Sprintf("name %q → %q (found by %s)", rec.Name, c.fp.Name, tgt.Locators[c.index])
		if strict {
			return round{err: failure.New(failure.NotFound, "--strict: the element was renamed (%s); refusing to heal", heal), done: true}
		}
		name := c.fp.Name
		return round{pick: pick{index: c.index, heal: heal, newName: &name}, done: true}
	}
	code := failure.NotFound
	if ambiguous {
		code = failure.Ambiguous
	}
	return round{err: failure.New(code, "no locator found an element that agrees with the recording (%s %q): %s",
		rec.Role, rec.Name, strings.Join(reasons, "; ")), done: !missing}
}

// firstAfterAll looks again for the earlier locators that missed once a
// later one found the element: the element may have rendered between the
// looks, or a busy machine kept the page from answering within lookWait.
// Either way that is no heal. It returns the first that finds an element
// agreeing with the recording. A page that answers "nothing" again costs
// one more lookWait per locator; one that still does not answer is given
// until deadline.
func firstAfterAll(ctx context.Context, t *page.Tab, tgt *workflow.Target, vars map[string]string, missed []int, deadline time.Time) (int, bool) {
	for _, i := range missed {
		l, err := workflow.Expand(tgt.Locators[i], vars)
		if err != nil {
			continue
		}
		var el *page.Element
		for _, until := range []time.Time{time.Now().Add(lookWait), deadline} {
			lctx, cancel := context.WithDeadline(ctx, until)
			el, err = t.Resolve(lctx, l)
			cancel()
			if err == nil || !errors.Is(err, page.ErrUnanswered) {
				break
			}
		}
		if err != nil {
			continue
		}
		fp, lerr := foundFingerprint(ctx, t, el)
		el.Release(ctx)
		if lerr == nil && tgt.Fingerprint.Agrees(fp) {
			return i, true
		}
	}
	return 0, false
}

// foundFingerprint is what a recording would store of el, to compare
// with what it stored.
func foundFingerprint(ctx context.Context, t *page.Tab, el *page.Element) (workflow.Fingerprint, error) {
	li, err := t.Locators(ctx, el)
	if err != nil {
		return workflow.Fingerprint{}, err
	}
	fp, _ := fingerprintOf(ctx, li, el)
	return fp, nil
}

// renamed returns the candidate that heals a rename: found by an
// identity locator, in the recorded place, and no other identity locator
// found another element. why says what kept one from healing.
func renamed(ctx context.Context, tgt *workflow.Target, cands []candidate) (candidate, bool, string) {
	rec := tgt.Fingerprint
	var pick *candidate
	for i := range cands {
		c := &cands[i]
		l := tgt.Locators[c.index]
		if !workflow.IdentityLocator(l) {
			continue
		}
		if !rec.SamePlace(c.fp) {
			return candidate{}, false, fmt.Sprintf("%s: not healed: it is elsewhere now (heading %q, form %q, row %q; recorded %q, %q, %q)",
				l, c.fp.Heading, c.fp.Form, c.fp.Row, rec.Heading, rec.Form, rec.Row)
		}
		if pick != nil && !pick.el.SameNode(ctx, c.el) {
			return candidate{}, false, fmt.Sprintf("not healed: %s and %s find different elements", tgt.Locators[pick.index], l)
		}
		if pick == nil {
			pick = c
		}
	}
	if pick == nil {
		return candidate{}, false, ""
	}
	return *pick, true, ""
}
