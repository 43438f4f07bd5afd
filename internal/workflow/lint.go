package workflow

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Checker validates a step's command and params against the command
// registry (kept outside this package so it stays free of the browser).
type Checker func(command string, params json.RawMessage) (needsTarget bool, err error)

var bareRef = regexp.MustCompile(`(^|[^\w$])@?e\d+$|@e\d+\b`)

// Problem is one lint finding.
type Problem struct {
	Step    int    `json:"step"` // 1-based; 0 for the whole file
	Message string `json:"message"`
}

func (p Problem) String() string {
	if p.Step == 0 {
		return p.Message
	}
	return fmt.Sprintf("step %d: %s", p.Step, p.Message)
}

// Lint reports what would make a workflow unsafe or unreplayable:
// unknown or malformed steps, temporary @eN refs instead of locators, and
// plain-text values in password fields.
func Lint(w *Workflow, check Checker) []Problem {
	var out []Problem
	if w.Version != Version {
		out = append(out, Problem{0, fmt.Sprintf("version %d is not supported", w.Version)})
	}
	if len(w.Steps) == 0 {
		out = append(out, Problem{0, "no steps"})
	}
	for i, s := range w.Steps {
		n := i + 1
		if strings.TrimSpace(s.Command) == "" {
			out = append(out, Problem{n, "missing command"})
			continue
		}
		needsTarget, err := check(s.Command, s.Params)
		if err != nil {
			out = append(out, Problem{n, err.Error()})
		}
		if refs := findRefs(s.Params); len(refs) > 0 {
			out = append(out, Problem{n, fmt.Sprintf("temporary ref %s in params; use a stable locator", refs[0])})
		}
		if needsTarget && (s.Target == nil || len(s.Target.Locators) == 0) {
			out = append(out, Problem{n, s.Command + " needs a target with at least one locator"})
		}
		if s.Target != nil {
			for _, l := range s.Target.Locators {
				if bareRef.MatchString(strings.TrimSpace(l)) {
					out = append(out, Problem{n, fmt.Sprintf("temporary ref %q as a locator; refs die with the page", l)})
				}
			}
			if s.Target.Fingerprint.Role == "input:password" || strings.Contains(string(s.Params), `"secret":true`) {
				if v := valueOf(s.Params); v != "" && !isPlaceholder(v) {
					out = append(out, Problem{n, "plain-text secret: a password value must be a ${NAME} placeholder"})
				}
			}
		}
	}
	return out
}

func isPlaceholder(v string) bool { return varRE.MatchString(v) && varRE.FindString(v) == v }

// valueOf returns the typed text of fill/type params.
func valueOf(params json.RawMessage) string {
	var p struct {
		Value []string `json:"Value"`
		Text  []string `json:"Text"`
	}
	_ = json.Unmarshal(params, &p)
	return strings.Join(append(p.Value, p.Text...), " ")
}

func findRefs(params json.RawMessage) []string {
	var v any
	if json.Unmarshal(params, &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(x any) {
		switch t := x.(type) {
		case string:
			if m := regexp.MustCompile(`@e\d+\b`).FindString(t); m != "" {
				out = append(out, m)
			}
		case []any:
			for _, y := range t {
				walk(y)
			}
		case map[string]any:
			for _, y := range t {
				walk(y)
			}
		}
	}
	walk(v)
	return out
}
