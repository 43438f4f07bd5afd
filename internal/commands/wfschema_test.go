package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tact-browser/tact/internal/workflow"
)

// A hand-written workflow as the documentation shows it validates; each
// wrong field is named with its step.
func TestWorkflowSchemaValidates(t *testing.T) {
	good := `{"version": 2, "name": "prices", "steps": [
  {"command": "open", "args": {"url": "https://shop.example/item/1"}},
  {"command": "fill", "target": {"locators": ["label=Search"]}, "args": {"value": "${QUERY}", "no_snap": true}},
  {"command": "click", "target": {"locators": ["role=button[name=\"Go\"]", "css=#go"], "fingerprint": {"role": "button", "name": "Go"}}},
  {"command": "wait", "args": {"condition": "navigation"}},
  {"command": "drag", "target": {"locators": ["text=Card"]}, "to": {"locators": ["css=#done"]}},
  {"command": "scroll", "args": {"where": "down", "amount": 300}},
  {"command": "read", "args": {"focus": ".price", "as": "price"}},
  {"command": "tab new", "args": {"url": "https://shop.example/item/2"}}
]}`
	probs, err := schemaProblems([]byte(good))
	if err != nil || len(probs) != 0 {
		t.Fatalf("the documented example: %v %v", probs, err)
	}
	bad := `{"version": 2, "steps": [
  {"command": "open", "args": {"url": "https://example.com"}},
  {"command": "fill", "args": {"value": "ada", "no_snap": "yes"}, "target": {"locators": ["label=Username"]}},
  {"command": "click", "args": {"no_snapp": true}, "target": {"locators": ["text=Sign in"]}},
  {"command": "read", "args": {"max_tokens": "x"}},
  {"command": "click"},
  {"command": "teleport"},
  {"command": "drag", "target": {"locators": ["css=#a"]}, "to": "css=#b"},
  {"command": "open", "args": {"url": "x"}, "targte": {}},
  {"command": "open", "params": {"URL": "x"}}
]}`
	probs, err = schemaProblems([]byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range probs {
		got = append(got, p.String())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{
		"step 2: args.no_snap: got string, want boolean",
		"step 3: args: additional properties 'no_snapp' not allowed",
		"step 4: args.max_tokens: got string, want integer",
		"step 5: missing property 'target'",
		"step 7: to: got string, want object",
		"step 8: additional properties 'targte' not allowed",
		"step 9: additional properties 'params' not allowed",
	} {
		if !strings.Contains(joined, want) {
			t.Errorf("lacks %q:\n%s", want, joined)
		}
	}
	if strings.Contains(joined, "step 1:") || strings.Contains(joined, "step 6:") {
		t.Errorf("step 1 is fine; step 6's unknown command is Lint's to name:\n%s", joined)
	}
}

// A version 1 step (Go field names, every default) becomes what was
// typed; the args go back to the same command.
func TestUpgradeStep(t *testing.T) {
	s := workflow.Step{Command: "fill", Target: &workflow.Target{Locators: []string{"label=User"}},
		Params: json.RawMessage(`{"Target": "", "Value": ["ada"], "Secret": false, "SecretEnv": "", "SecretStdin": false, "As": "", "NoSnap": true, "Diff": false, "DryRun": false, "MaxTokens": 5000, "Focus": "", "Locators": false}`)}
	if err := upgradeStep(&s); err != nil {
		t.Fatal(err)
	}
	if string(s.Args) != `{"value":"ada","no_snap":true}` || s.Params != nil {
		t.Errorf("args %s params %s", s.Args, s.Params)
	}
	cmd, err := stepCommand(&s, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := cmd.(*Fill)
	if f.GetValue() != "ada" || !f.NoSnap || f.MaxTokens != 5000 {
		t.Errorf("decoded %+v", f)
	}
	bad := workflow.Step{Command: "snap", Params: json.RawMessage(`{"Bogus": 1}`)}
	if err := upgradeStep(&bad); err == nil || !strings.Contains(err.Error(), "bad params for snap") {
		t.Errorf("unknown field: %v", err)
	}
	// snap URL is recorded as the navigation it is.
	name, nav, ok := stepOf("snap", &Snap{URL: "https://x.example", MaxTokens: 5000})
	args, _ := encodeArgs(name, nav)
	if !ok || name != "open" || string(args) != `{"url":"https://x.example"}` {
		t.Errorf("snap URL: %s %s %v", name, args, ok)
	}
	if _, _, ok := stepOf("read", &Read{}); !ok {
		t.Error("a read with no URL and no name is an output too")
	}
	if _, _, ok := stepOf("snap", &Snap{}); ok {
		t.Error("a snap of the current page is exploration")
	}
}
