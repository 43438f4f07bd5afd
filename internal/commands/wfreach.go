package commands

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tact-browser/tact/internal/workflow"
)

// Reach is one thing a workflow can do beyond the page it drives: read
// or write a file, run JavaScript, open a site, take a variable. Trust
// shows them before a project's workflow first runs, and lint lists them.
type Reach struct {
	Step    int    `json:"step,omitempty"` // 0: the workflow as a whole
	Kind    string `json:"kind"`           // reads-file, writes-file, eval, site, variable
	What    string `json:"what"`
	Outside bool   `json:"outside,omitempty"` // a path outside the workflow's folder
}

func (r Reach) String() string {
	var s string
	switch r.Kind {
	case "reads-file":
		s = "uploads the file " + r.What
	case "writes-file":
		s = "writes the file " + r.What
	case "eval":
		s = "runs JavaScript in the page: " + r.What
	case "site":
		s = "opens " + r.What
	case "variable":
		s = "takes the variable " + r.What
	default:
		s = r.Kind + " " + r.What
	}
	if r.Outside {
		s += " (outside the workflow's folder)"
	}
	if r.Step > 0 {
		s = fmt.Sprintf("step %d %s", r.Step, s)
	}
	return s
}

// reachLines is the list of reach as trust, replay and lint print it.
func reachLines(reach []Reach) string {
	if len(reach) == 0 {
		return "beyond the page: nothing\n"
	}
	var sb strings.Builder
	sb.WriteString("beyond the page, it:\n")
	for _, r := range reach {
		sb.WriteString("  " + r.String() + "\n")
	}
	return sb.String()
}

// reachOf lists what w can do beyond the page; relative paths are taken
// from dir, the workflow file's folder, as replay takes them. A path
// through a link is shown with where the link leads.
func reachOf(w *workflow.Workflow, dir string) []Reach {
	var out []Reach
	var sites []string
	for i := range w.Steps {
		s := &w.Steps[i]
		n := i + 1
		cmd, err := stepCommand(s, nil)
		if err != nil {
			continue
		}
		if pa, ok := cmd.(pathArgs); ok {
			kind := "writes-file"
			if _, up := cmd.(*Upload); up {
				kind = "reads-file"
			}
			for _, p := range pa.paths() {
				if *p == "" {
					continue
				}
				what, outside := pathReach(dir, *p)
				out = append(out, Reach{Step: n, Kind: kind, What: what, Outside: outside})
			}
		}
		if e, ok := cmd.(*Eval); ok {
			expr := strings.Join(strings.Fields(strings.Join(e.Expr, " ")), " ")
			if r := []rune(expr); len(r) > 100 {
				expr = string(r[:100]) + "…"
			}
			out = append(out, Reach{Step: n, Kind: "eval", What: expr})
		}
		if u := urlOf(cmd); u != "" {
			site := u
			if pu, err := url.Parse(u); err == nil && pu.Host != "" && !strings.Contains(pu.Host, "${") {
				site = pu.Scheme + "://" + pu.Host
			}
			if !slices.Contains(sites, site) {
				sites = append(sites, site)
				out = append(out, Reach{Step: n, Kind: "site", What: site})
			}
		}
	}
	for _, v := range w.Variables() {
		what := v.Name
		if v.Secret {
			what += " (a secret)"
		}
		out = append(out, Reach{Kind: "variable", What: what})
	}
	return out
}

// urlOf is the address a navigating command opens, "" for none.
func urlOf(cmd Command) string {
	switch c := cmd.(type) {
	case *Open:
		return c.URL
	case *Read:
		return c.URL
	case *TabNew:
		return c.URL
	case *Snap:
		return c.URL
	}
	return ""
}

// pathReach says how a step's path reads in the trust list and whether
// it leaves the workflow's folder: an absolute path, one that climbs out
// with .., a variable (anything), or a link to elsewhere.
func pathReach(dir, p string) (string, bool) {
	if strings.Contains(p, "${") {
		return p + " (a variable decides where)", true
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(dir, p)
	}
	abs = filepath.Clean(abs)
	what := p
	if abs != p {
		what = p + " (" + abs + ")"
	}
	real := abs
	if r, err := filepath.EvalSymlinks(abs); err == nil && r != abs {
		real = r
		what += " → " + r
	}
	realDir := dir
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		realDir = r
	}
	return what, filepath.IsAbs(p) || !within(dir, abs) || !within(realDir, real)
}

// within reports whether path is dir or inside it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// trustBytes is what trust is given to: the file's content and what it
// reaches as it stands (a link retargeted after trust changes the
// latter, so it needs trusting again).
func trustBytes(content []byte, reach []Reach) []byte {
	b := append([]byte(nil), content...)
	for _, r := range reach {
		b = append(b, "\n"+r.String()...)
	}
	return b
}
