package commands

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/workflow"
)

func jsonLine(v any) string {
	b, _ := json.Marshal(v)
	return string(b) + "\n"
}

// replayHead is replay's first line: the workflow, its file and scope,
// and for a project's, whether its content is trusted and which of the
// user's own workflows it shadows.
func replayHead(w *workflow.Workflow, loc workflow.Location, b []byte, dir string) (string, bool) {
	head := fmt.Sprintf("replay %s: %s (%s scope", w.Name, loc.Path, loc.Scope)
	trusted := true
	if workflow.NeedsTrust(loc) {
		st := workflow.TrustOf(loc.Path, trustBytes(b, reachOf(w, dir)))
		trusted = st == workflow.Trusted
		head += ", " + st.String()
	}
	head += ")"
	if own := workflow.Shadowed(loc); own != "" {
		head += fmt.Sprintf("; your own %s (%s) is not the one run: tact replay %s runs it", w.Name, own, own)
	}
	return head, trusted
}

// untrustedOutput refuses a project's workflow that is not trusted: it
// lists what the workflow can do beyond the page and the command that
// trusts it.
func untrustedOutput(w *workflow.Workflow, loc workflow.Location, head string, b []byte, dir string) (*Output, error) {
	reach := reachOf(w, dir)
	var sb strings.Builder
	sb.WriteString(head + "\n" + reachLines(reach))
	var short []string
	for _, r := range reach {
		if r.Kind != "variable" {
			short = append(short, r.String())
		}
	}
	cmd := "tact workflow trust " + shellQuote(loc.Path)
	sb.WriteString("not run: a project's workflow runs once you trust it: " + cmd + "\n")
	what := "it only drives the browser"
	if len(short) > 0 {
		what = "beyond the page: " + strings.Join(short, "; ")
		if r := []rune(what); len(r) > 300 {
			what = string(r[:300]) + "…"
		}
	}
	state := workflow.TrustOf(loc.Path, trustBytes(b, reach))
	msg := fmt.Sprintf("workflow %s (%s) is a project's and %s, so it did not run; %s", w.Name, loc.Path, state, what)
	return &Output{Text: sb.String(), Data: untrustedData{Workflow: w.Name, Path: loc.Path, Scope: loc.Scope, Trusted: false, Reach: reach, Trust: cmd}},
		failure.New(failure.Untrusted, "%s", msg).WithHint("read it (tact record show " + shellQuote(loc.Path) + "), then trust it: " + cmd)
}

// untrustedData is replay's -o json when it refuses an untrusted workflow.
type untrustedData struct {
	Workflow string  `json:"workflow"`
	Path     string  `json:"path"`
	Scope    string  `json:"scope"`
	Trusted  bool    `json:"trusted"` // false
	Reach    []Reach `json:"reach"`   // what it can do beyond the page
	Trust    string  `json:"trust"`   // the command that trusts it
}

// trustFile trusts a project's workflow as it now is on disk.
func trustFile(w *workflow.Workflow, loc workflow.Location) error {
	b, err := os.ReadFile(loc.Path)
	if err != nil {
		return err
	}
	return workflow.Trust(loc.Path, trustBytes(b, reachOf(w, filepath.Dir(loc.Path))))
}

// shellQuote quotes s for a shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:@,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
