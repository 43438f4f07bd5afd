package workflow

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// Checker validates a step's command and args against the command
// registry (kept outside this package so it stays free of the browser).
type Checker func(s *Step) (needsTarget bool, err error)

var bareRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|[^\w$])@?e\d+$|@e\d+\b`) })

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
	if w.Version != Version && w.Version != LegacyVersion {
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
		needsTarget, err := check(&s)
		if err != nil {
			out = append(out, Problem{n, err.Error()})
		}
		if refs := findRefs(s.Args); len(refs) > 0 {
			out = append(out, Problem{n, fmt.Sprintf("temporary ref %s in args; use a stable locator", refs[0])})
		} else if refs := findRefs(s.Params); len(refs) > 0 {
			out = append(out, Problem{n, fmt.Sprintf("temporary ref %s in params; use a stable locator", refs[0])})
		}
		if needsTarget && (s.Target == nil || len(s.Target.Locators) == 0) {
			out = append(out, Problem{n, s.Command + " needs a target with at least one locator"})
		}
		for _, t := range []*Target{s.Target, s.To} {
			if t == nil {
				continue
			}
			for _, l := range t.Locators {
				if bareRef().MatchString(strings.TrimSpace(l)) {
					out = append(out, Problem{n, fmt.Sprintf("temporary ref %q as a locator; refs die with the page", l)})
				}
			}
		}
		if s.Target != nil && (s.Target.Fingerprint.Role == "input:password" || secretFlag(s.Args) || strings.Contains(string(s.Params), `"Secret":true`)) {
			if v := valueOf(s); v != "" && !isPlaceholder(v) {
				out = append(out, Problem{n, "plain-text secret: a password value must be a ${NAME} placeholder"})
			}
		}
	}
	return out
}

// secretFlag reports whether a step's args say "secret": true.
func secretFlag(args json.RawMessage) bool {
	var a struct {
		Secret bool `json:"secret"`
	}
	_ = json.Unmarshal(args, &a)
	return a.Secret
}

func isPlaceholder(v string) bool { return varRE().MatchString(v) && varRE().FindString(v) == v }

// valueOf returns the text a fill or type step types: args "value" or
// "text" (a string, or words joined), or a version 1 step's Value/Text.
func valueOf(s Step) string {
	var words []string
	var a map[string]json.RawMessage
	_ = json.Unmarshal(s.Args, &a)
	for _, k := range []string{"value", "text"} {
		var one string
		var many []string
		if json.Unmarshal(a[k], &one) == nil {
			words = append(words, one)
		} else if json.Unmarshal(a[k], &many) == nil {
			words = append(words, many...)
		}
	}
	var p struct {
		Value []string `json:"Value"`
		Text  []string `json:"Text"`
	}
	_ = json.Unmarshal(s.Params, &p)
	words = append(append(words, p.Value...), p.Text...)
	return strings.Join(words, " ")
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
