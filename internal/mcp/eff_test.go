package mcp_test

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Every tool's hints are right: read-only for those that only look,
// destructiveHint false for those that only add or move, and the
// protocol's defaults (destructive) for the rest.
func TestToolAnnotations(t *testing.T) {
	cs := connect(t, "mcp-ann")
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	readOnly := map[string]bool{"snap": true, "read": true, "locate": true, "wait": true, "console": true, "network": true}
	additive := map[string]bool{"type": true, "hover": true, "scroll": true, "screenshot": true}
	for _, tl := range res.Tools {
		a := tl.Annotations
		switch {
		case readOnly[tl.Name]:
			if a == nil || !a.ReadOnlyHint {
				t.Errorf("%s only reads but has no readOnlyHint", tl.Name)
			}
		case additive[tl.Name]:
			if a == nil || a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint {
				t.Errorf("%s: want destructiveHint false, got %+v", tl.Name, a)
			}
		default:
			// Destructive: no hint, or hints that say so.
			if a != nil && (a.ReadOnlyHint || (a.DestructiveHint != nil && !*a.DestructiveHint)) {
				t.Errorf("%s may destroy but its hints say otherwise: %+v", tl.Name, a)
			}
		}
	}
}

// A tool's schema does not list additionalProperties (it would be paid on
// every tool), and the server refuses an unknown argument all the same,
// naming the known ones.
func TestUnknownArgumentRefused(t *testing.T) {
	cs := connect(t, "mcp-unknown")
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "click", Arguments: map[string]any{"target": "@e1", "targt": "x"}})
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			text += tc.Text
		}
	}
	if !res.IsError || !strings.Contains(text, `unknown argument "targt"`) {
		t.Errorf("click with an unknown argument: error %v, %q", res.IsError, text)
	}
}
