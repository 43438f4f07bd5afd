package commands

import (
	"context"
	"fmt"
)

// dryRun reports what an action would do once its target (targeted: el
// is one) passed the checks a real run makes first; it touches nothing.
func dryRun[E Element[E]](ctx context.Context, target string, a actionOn[E], el E, targeted bool) (*Output, error) {
	what := "the page"
	if targeted {
		tag, name := el.Describe(ctx)
		what = fmt.Sprintf("%s [%s] %q", target, tag, name)
		if a.clicks {
			if _, _, err := el.ClickPoint(ctx, true); err != nil {
				return nil, err
			}
		}
		if a.dryCheck != nil {
			if err := a.dryCheck(ctx, el); err != nil {
				return nil, err
			}
		}
	}
	msg := fmt.Sprintf("dry run: would %s %s", a.verb, what)
	return &Output{Text: msg + "\n", Data: dryRunData{DryRun: true, Action: a.verb, Target: target}}, nil
}

// dryRunNav reports the navigation a dry run would make, making none.
func dryRunNav(action, what, u string) (*Output, error) {
	return &Output{Text: "dry run: would " + what + "\n", Data: dryRunData{DryRun: true, Action: action, Target: u}}, nil
}
