package commands

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tact-browser/tact/internal/schema"
	"github.com/tact-browser/tact/internal/workflow"
)

// WorkflowSchema is the JSON Schema of a workflow file (`tact schema
// workflow`), built from the same command structs as the CLI, so a step's
// args are exactly the command's parameters as `tact schema COMMAND`
// describes them, less the elements it acts on (target, to).
func WorkflowSchema() (*schema.Obj, error) {
	var names []string
	for _, e := range All() {
		if recordable[e.Name] || e.Name == "snap" {
			names = append(names, e.Name)
		}
	}
	sort.Strings(names)
	var cases []any
	for _, n := range names {
		c, _ := stepTypeOf(n)
		target, drop := targetFields(c)
		omit := map[string]bool{}
		var req []string
		for _, f := range []*targetField{target, drop} {
			if f != nil && f.required && !f.point {
				omit[f.prop] = true
			}
		}
		if target != nil && target.required && !target.point {
			req = append(req, "target")
		}
		if drop != nil && drop.required {
			req = append(req, "to")
		}
		args, err := schema.Input(c, schema.InputOptions{Omit: omit})
		if err != nil {
			return nil, err
		}
		if target != nil && target.point {
			// click: its target is a step's target, or a point in args
			// (the anyOf below), so args do not require it.
			if req, ok := args.Get("required"); ok {
				if list, ok := req.([]string); ok {
					var keep []string
					for _, r := range list {
						if r != target.prop {
							keep = append(keep, r)
						}
					}
					if len(keep) == 0 {
						args.Delete("required")
					} else {
						args.Set("required", keep)
					}
				}
			}
		}
		args.Set("description", fmt.Sprintf("%s's arguments and flags, named as in tact schema %s; only those that differ from their defaults", n, n))
		then := schema.O("properties", schema.O("args", args))
		if len(req) > 0 {
			then.Set("required", req)
		}
		if drop == nil {
			then.Set("not", schema.O("required", []string{"to"}))
		}
		if target != nil && target.point && target.required {
			// click: an element (target), or a point in its args.
			then.Set("anyOf", []any{
				schema.O("required", []string{"target"}),
				schema.O("required", []string{"args"}, "properties", schema.O("args", schema.O("required", []string{target.prop}))),
			})
		}
		cases = append(cases, schema.O(
			"if", schema.O("properties", schema.O("command", schema.O("const", n)), "required", []string{"command"}),
			"then", then))
	}
	target := schema.O(
		"type", "object",
		"description", "An element, durably: verified locators best first (a match counts when it is unique and agrees with the fingerprint) and the frame path.",
		"properties", schema.O(
			"locators", schema.O("type", "array", "minItems", 1, "items", schema.O("type", "string"),
				"description", "css=…, role=button[name=\"…\"], label=…, testid=…, text=… (never an @eN ref: refs die with the page)"),
			"fingerprint", schema.O("type", "object", "description", "What the element was; every part optional.",
				"properties", schema.O(
					"role", schema.O("type", "string"),
					"name", schema.O("type", "string", "description", "Accessible name (case and spacing aside)."),
					"tag", schema.O("type", "string"),
					"heading", schema.O("type", "string", "description", "The nearest heading before it."),
					"form", schema.O("type", "string", "description", "The form it is in: #id, name=…, action=… or form."),
					"row", schema.O("type", "string", "description", "The list or table row (record) it is in: key=… or the row's first cell or text; a row of another record never matches.")),
				"additionalProperties", false),
			"frame", schema.O("type", "array", "items", schema.O("type", "string"), "description", "Path of frames the element is in.")),
		"required", []string{"locators"},
		"additionalProperties", false)
	step := schema.O(
		"type", "object",
		"properties", schema.O(
			"command", schema.O("enum", names, "description", "The tact command, as typed (\"tab new\")."),
			"args", schema.O("type", "object"),
			"target", schema.O("$ref", "#/$defs/target", "description", "The element the command acts on."),
			"to", schema.O("$ref", "#/$defs/target", "description", "drag: the element to drop on."),
			"start", schema.O("type", "boolean", "description", "open only: the page the recording started on; replay opens it only when the current tab is elsewhere."),
			"at_ms", schema.O("type", "integer", "minimum", 0, "description", "When the step ran, ms after the recording started (replay --speed keeps the pauses).")),
		"required", []string{"command"},
		"additionalProperties", false,
		"allOf", cases)
	name := schema.O("type", "string", "pattern", "^[A-Za-z_][A-Za-z0-9_]*$")
	return schema.O(
		"$schema", schema.Draft,
		"title", "tact workflow",
		"description", "A recorded (or hand-written) workflow: tact replay NAME runs its steps in order. ${NAME} in any string is a variable (--var NAME=…, TACT_VAR_NAME, else its default).",
		"type", "object",
		"properties", schema.O(
			"version", schema.O("const", workflow.Version, "description", "The file format (version 1 files, with Go field \"params\", still replay)."),
			"name", schema.O("type", "string"),
			"created_at", schema.O("type", "string", "format", "date-time"),
			"secrets", schema.O("type", "array", "items", name, "description", "Variables that stand for secrets: replay needs them, they have no default."),
			"defaults", schema.O("type", "object", "propertyNames", name, "additionalProperties", schema.O("type", "string"), "description", "Default values of variables."),
			"steps", schema.O("type", "array", "items", schema.O("$ref", "#/$defs/step"))),
		"required", []string{"version", "steps"},
		"additionalProperties", false,
		"$defs", schema.O("step", step, "target", target)), nil
}

// schemaProblems validates a current-format workflow file against
// WorkflowSchema, one problem per wrong field, by step.
func schemaProblems(b []byte) ([]workflow.Problem, error) {
	s, err := WorkflowSchema()
	if err != nil {
		return nil, err
	}
	v, err := schema.NewValidator(s)
	if err != nil {
		return nil, err
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return []workflow.Problem{{Message: "not JSON: " + err.Error()}}, nil
	}
	probs, err := v.Problems(doc)
	if err != nil {
		return nil, err
	}
	var out []workflow.Problem
	for _, sp := range probs {
		p := placeOf(sp.Path)
		if p.Message == "command" {
			continue // Lint names the unknown command, without the list
		}
		if p.Message != "" {
			p.Message += ": "
		}
		out = append(out, workflow.Problem{Step: p.Step, Message: p.Message + sp.Message})
	}
	return out, nil
}

// placeOf turns an instance location into the step it is in and the
// field: steps/2/args/max_tokens is step 3, args.max_tokens.
func placeOf(loc []string) workflow.Problem {
	if len(loc) >= 2 && loc[0] == "steps" {
		if n, err := strconv.Atoi(loc[1]); err == nil {
			return workflow.Problem{Step: n + 1, Message: strings.Join(loc[2:], ".")}
		}
	}
	return workflow.Problem{Message: strings.Join(loc, ".")}
}

// Help for workflow lint.
func (c *WorkflowLint) Help() string {
	return `A workflow file is checked against tact schema workflow (each wrong field
is named with its step), then for what would make it unsafe or
unreplayable: @eN refs (they die with the page), a password or --secret
value in clear (it must be a ${NAME} placeholder), a step without the
target it needs. Version 1 files (steps with Go field "params") are read
too; replay --update writes them in the current format.

Examples:
  tact workflow lint login
  tact workflow lint ./flows/checkout.json
  tact schema workflow      # the format, as JSON Schema`
}
