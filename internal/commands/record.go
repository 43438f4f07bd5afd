package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/locator"
	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/secrets"
	"github.com/tact-browser/tact/internal/workflow"
)

// Recorder appends the commands of a session to the workflow being
// recorded. Its state is mirrored to disk so a restarted daemon keeps
// recording.
type Recorder struct {
	path string

	mu  sync.Mutex
	cur *recording
}

type recording struct {
	Workflow workflow.Workflow `json:"workflow"`
	Cwd      string            `json:"cwd"`
	Started  time.Time         `json:"started"`
	// Force: record start --force may replace a workflow of the name.
	Force bool `json:"force,omitempty"`
}

// NewRecorder loads any recording in progress from path.
func NewRecorder(path string) *Recorder {
	r := &Recorder{path: path}
	if b, err := os.ReadFile(path); err == nil {
		var cur recording
		if json.Unmarshal(b, &cur) == nil {
			r.cur = &cur
		}
	}
	return r
}

func (r *Recorder) persist() error {
	if r.cur == nil {
		err := os.Remove(r.path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	b, err := json.Marshal(r.cur)
	if err != nil {
		return err
	}
	return datadir.WriteFile(r.path, b, 0o600)
}

// Active reports the name being recorded, if any.
func (r *Recorder) Active() (string, bool) {
	if r == nil {
		return "", false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return "", false
	}
	return r.cur.Workflow.Name, true
}

// recordable lists the commands a workflow keeps: what changes the page,
// and what reads it as an output (read --as, eval, screenshot).
// Exploration (snap, read, locate without a URL), lifecycle, storage and
// meta commands are not steps; see stepOf for snap and read.
var recordable = map[string]bool{
	"read": true, "open": true, "click": true, "dblclick": true, "drag": true,
	"hover": true, "fill": true, "type": true, "press": true, "select": true, "check": true,
	"uncheck": true, "upload": true, "scroll": true, "back": true, "forward": true, "reload": true,
	"close": true, "eval": true, "wait": true, "tab new": true, "tab close": true,
	"dialog accept": true, "dialog dismiss": true, "screenshot": true,
	"mouse move": true, "mouse down": true, "mouse up": true,
}

// replayable is what a replay runs: the recordable commands, and snap
// steps of workflows recorded before snaps stopped being recorded.
func replayable(name string) bool { return recordable[name] || name == "snap" || name == "snapshot" }

// stepOf is the step a command makes while recording, if any: a snap of
// a URL is a navigation (open URL); every read is an output (read URL
// reads that page again on replay); a snap of the current page is
// exploration.
func stepOf(name string, cmd Command) (string, Command, bool) {
	switch c := cmd.(type) {
	case *Snap:
		if c.URL == "" {
			return "", nil, false
		}
		return "open", withArgs("open", map[string]any{"url": c.URL}), true
	case *Snapshot:
		return stepOf("snap", &c.Snap)
	}
	return name, cmd, recordable[name]
}

// Capture runs before a command while recording: it turns the command's
// targets into durable locators and a fingerprint (refs die with the
// page) and replaces secret values with placeholders. The returned func
// appends the step once the command succeeded.
func (r *Recorder) Capture(ctx context.Context, env *Env, name string, cmd Command) (func(ok bool), error) {
	if _, on := r.Active(); !on {
		return func(bool) {}, nil
	}
	if a, ok := cmd.(actionCmd); ok && a.actOpts().DryRun {
		return func(bool) {}, nil
	}
	name, stepCmd, ok := stepOf(name, cmd)
	if !ok {
		return func(bool) {}, nil
	}
	step := workflow.Step{Command: name}
	// The step keeps a copy: without the live targets, secrets masked.
	cp, _ := New(name)
	b, _ := json.Marshal(stepCmd)
	_ = json.Unmarshal(b, cp)
	if tc, ok := stepCmd.(Targeted); ok && tc.GetTarget() != "" {
		tgt, password, err := captureTarget(ctx, env, tc.GetTarget())
		if err != nil {
			return nil, err
		}
		step.Target = tgt
		cp.(Targeted).SetTarget("")
		if vc, ok := cp.(Valued); ok {
			if err := r.recordValue(stepCmd.(Valued), vc, password || vc.IsSecret(), tgt.Fingerprint.Name); err != nil {
				return nil, err
			}
		}
	}
	if dc, ok := stepCmd.(dropTargeted); ok && dc.GetDrop() != "" {
		to, _, err := captureTarget(ctx, env, dc.GetDrop())
		if err != nil {
			return nil, err
		}
		step.To = to
		cp.(dropTargeted).SetDrop("")
	}
	var note string
	if rd, ok := cp.(*Read); ok {
		var err error
		if note, err = r.nameRead(ctx, env, rd); err != nil {
			return nil, err
		}
	}
	args, err := encodeArgs(name, cp)
	if err != nil {
		return nil, err
	}
	step.Args = args
	return func(ok bool) {
		if !ok {
			return
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.cur == nil {
			return
		}
		step.AtMS = time.Since(r.cur.Started).Milliseconds()
		// A secret the page copied into a name or URL the step keeps
		// (typed just now, so known only after the command ran).
		scrubJSON(env.Browser.Secrets(), &step)
		r.cur.Workflow.Steps = append(r.cur.Workflow.Steps, step)
		_ = r.persist()
		if note != "" && env.Partial != nil {
			env.Partial("", fmt.Sprintf("recorded step %d: %s\n", len(r.cur.Workflow.Steps), note))
		}
	}, nil
}

// nameRead makes a recorded read an output: a --focus given as a ref is
// stored as the element's locator (refs die with the page), and a read
// with no --as gets a name from its page and focus, unique within the
// recording. It returns the line that tells the user the name.
func (r *Recorder) nameRead(ctx context.Context, env *Env, rd *Read) (string, error) {
	focusName := rd.Focus
	if _, isRef := locator.ParseRef(strings.TrimSpace(rd.Focus)); isRef {
		tgt, _, err := captureTarget(ctx, env, strings.TrimSpace(rd.Focus))
		if err != nil {
			return "", err
		}
		rd.Focus = tgt.Locators[0]
		if tgt.Fingerprint.Name != "" {
			focusName = tgt.Fingerprint.Name
		}
	}
	if rd.As != "" {
		return "read as " + rd.As, nil
	}
	u := rd.URL
	if u == "" {
		u = currentURL(ctx, env)
	}
	r.mu.Lock()
	var taken []string
	if r.cur != nil {
		for _, s := range r.cur.Workflow.Steps {
			taken = append(taken, stepOutputName(&s))
		}
	}
	r.mu.Unlock()
	rd.As = workflow.OutputName(u, focusName, taken)
	return "read as " + rd.As + " (an output of the replay; --as NAME names it)", nil
}

// stepOutputName is the --as name a step's args give its output, or "".
func stepOutputName(s *workflow.Step) string {
	var a struct {
		As string `json:"as"`
	}
	_ = json.Unmarshal(s.Args, &a)
	return a.As
}

// captureTarget describes the element a live target names, durably.
func captureTarget(ctx context.Context, env *Env, target string) (*workflow.Target, bool, error) {
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, false, err
	}
	el, err := t.Resolve(ctx, target)
	if err != nil {
		return nil, false, err
	}
	defer el.Release(ctx)
	return describeTarget(ctx, t, el)
}

// scrubJSON masks the session's secrets in v by way of its JSON (v keeps
// its value when the masked JSON no longer decodes).
func scrubJSON[T any](s *secrets.Set, v *T) {
	if s.Empty() {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	if c := s.ScrubBytes(b); string(c) != string(b) {
		var out T
		if json.Unmarshal(c, &out) == nil {
			*v = out
		}
	}
}

// recordValue decides what a recorded fill or type stores (in the copy
// cp of the live command): a secret as a ${NAME} placeholder, a value
// named with --as NAME as ${NAME} with the value as its default. A ${NAME}
// typed while recording stands for that variable: the page gets its
// default (never the literal text), the step keeps the placeholder.
func (r *Recorder) recordValue(live, cp Valued, secret bool, field string) error {
	var as string
	if nv, ok := cp.(namedValue); ok {
		as = nv.varName()
		nv.clearVarName()
	}
	if as != "" && !workflow.ValidName(as) {
		return failure.New(failure.Usage, "--as %q: a variable name is letters, digits and _, not starting with a digit", as)
	}
	value := live.GetValue()
	if strings.Contains(value, "${") {
		r.mu.Lock()
		var defaults map[string]string
		if r.cur != nil {
			defaults = r.cur.Workflow.Defaults
		}
		expanded, err := workflow.Expand(value, defaults)
		r.mu.Unlock()
		if err != nil {
			return failure.New(failure.Usage, "%q names a workflow variable with no value yet: while recording, type the value and name it (tact %s TARGET VALUE --as NAME)", value, "fill").
				WithHint("the page would otherwise get the literal text")
		}
		live.SetValue(expanded)
		if as == "" {
			return nil // the step keeps the placeholders
		}
		value = expanded
	}
	switch {
	case secret:
		name := as
		if name == "" {
			name = r.secretName(field)
		} else {
			r.addSecret(name)
		}
		cp.SetValue("${" + name + "}")
	case as != "":
		cp.SetValue("${" + as + "}")
		r.mu.Lock()
		if r.cur != nil {
			if r.cur.Workflow.Defaults == nil {
				r.cur.Workflow.Defaults = map[string]string{}
			}
			r.cur.Workflow.Defaults[as] = value
		}
		r.mu.Unlock()
	}
	return nil
}

// addSecret lists a placeholder as a secret of the recording.
func (r *Recorder) addSecret(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur != nil && !slices.Contains(r.cur.Workflow.Secrets, name) {
		r.cur.Workflow.Secrets = append(r.cur.Workflow.Secrets, name)
	}
}

var nonWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^A-Z0-9]+`) })

// secretName derives a placeholder name from the field's name (Password →
// PASSWORD), unique within the recording.
func (r *Recorder) secretName(field string) string {
	base := strings.Trim(nonWord().ReplaceAllString(strings.ToUpper(field), "_"), "_")
	if base == "" || base[0] >= '0' && base[0] <= '9' {
		base = "SECRET" + base
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	name := base
	for i := 2; r.cur != nil && slices.Contains(r.cur.Workflow.Secrets, name); i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	if r.cur != nil {
		r.cur.Workflow.Secrets = append(r.cur.Workflow.Secrets, name)
	}
	return name
}

// surroundingsJS reads where the element sits, for the fingerprint: the
// nearest heading before it (refind.js), its form, and the identity of
// the list or table row it is in (a key attribute, else the row's first
// cell, or first text, that is not the element's own), so a replay never
// takes one record's button for another's.
const surroundingsJS = `function () {
  const fold = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const el = this;
  const f = el.form || el.closest('form');
  let form = '';
  if (f) {
    const a = (k) => f.getAttribute(k);
    form = a('id') ? '#' + a('id') : a('name') ? 'name=' + a('name') : a('action') ? 'action=' + a('action') : 'form';
  }
  let row = '';
  const r = el.closest('tr, li, [role=row], [role=listitem], [role=option], [role=article], article');
  if (r) {
    const key = r.getAttribute('data-id') || r.getAttribute('data-key') || r.getAttribute('data-row-key') || r.getAttribute('data-record-id');
    if (key) row = 'key=' + key;
    else {
      if (r.matches('tr, [role=row]')) {
        for (const c of r.children) {
          if (c.contains(el)) continue;
          const t = fold(c.textContent);
          if (t) { row = t; break; }
        }
      }
      if (!row) {
        const w = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
        for (let n = w.nextNode(); n; n = w.nextNode()) {
          if (el.contains(n) || (n.parentElement && n.parentElement.closest('script, style'))) continue;
          const t = fold(n.data);
          if (t) { row = t; break; }
        }
      }
    }
  }
  return {heading: __tact.headingOf(el) || '', form, row: row.slice(0, 60),
    password: __tact.secretField(el)};
}`

// describeTarget returns the durable description of an element and
// whether it is a password field. Locators by an id or test id that looks
// generated (a framework's, a hash, a render counter) are left out: they
// would not find the element on the next render.
func describeTarget(ctx context.Context, t *page.Tab, el *page.Element) (*workflow.Target, bool, error) {
	li, err := t.Locators(ctx, el)
	if err != nil {
		return nil, false, err
	}
	fp, password := fingerprintOf(ctx, li, el)
	tgt := &workflow.Target{Fingerprint: fp, Frame: li.Frame}
	var generated []string
	for _, l := range li.Locators {
		if workflow.GeneratedLocator(l.Locator) {
			generated = append(generated, l.Locator)
			continue
		}
		tgt.Locators = append(tgt.Locators, l.Locator)
	}
	if len(tgt.Locators) == 0 {
		tgt.Locators = generated // better than none; lint and heal know them
	}
	if len(tgt.Locators) == 0 {
		return nil, false, failure.New(failure.NotFound, "no durable locator identifies this element; it cannot be recorded")
	}
	return tgt, password, nil
}

// fingerprintOf reads role, name and tag the way the locator generator
// sees them, and the element's surroundings (surroundingsJS).
func fingerprintOf(ctx context.Context, li *page.LocInfo, el *page.Element) (workflow.Fingerprint, bool) {
	var sur struct {
		Heading, Form, Row string
		Password           bool
	}
	_ = el.Call(ctx, surroundingsJS, &sur)
	return workflow.Fingerprint{Role: li.Role, Name: li.Name, Tag: li.Tag, Heading: sur.Heading, Form: sur.Form, Row: sur.Row}, sur.Password
}

// navigates reports whether a step opens a page in the current tab.
func navigates(s *workflow.Step) bool {
	var a struct {
		URL string `json:"url"`
	}
	_ = json.Unmarshal(s.Args, &a)
	return a.URL != "" && (s.Command == "open" || s.Command == "read")
}

// Undo drops the last recorded step and returns it with the number it had.
func (r *Recorder) Undo() (workflow.Step, int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return workflow.Step{}, 0, failure.New(failure.Usage, "not recording (tact record start <name>)")
	}
	steps := r.cur.Workflow.Steps
	if len(steps) == 0 {
		return workflow.Step{}, 0, failure.New(failure.Usage, "recording %s has no step to undo", r.cur.Workflow.Name)
	}
	last := steps[len(steps)-1]
	r.cur.Workflow.Steps = steps[:len(steps)-1]
	if err := r.persist(); err != nil {
		return last, len(steps), failure.New(failure.IO, "undo: %v", err)
	}
	return last, len(steps), nil
}

// Start begins recording name. A recording started on a page (startURL)
// begins with it, so that its replay opens it when the browser is
// elsewhere.
func (r *Recorder) Start(name, cwd, startURL string, force bool) error {
	if err := datadir.CheckName("workflow", name); err != nil {
		return failure.New(failure.Usage, "%v", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur != nil {
		return failure.New(failure.Usage, "already recording %q; run tact record stop first", r.cur.Workflow.Name)
	}
	if !force {
		if err := refuseOverwrite(cwd, name, "start"); err != nil {
			return err
		}
	}
	r.cur = &recording{Workflow: workflow.Workflow{Version: workflow.Version, Name: name, CreatedAt: time.Now().UTC(), Steps: []workflow.Step{}}, Cwd: cwd, Started: time.Now(), Force: force}
	if startURL != "" {
		b, _ := json.Marshal(map[string]string{"url": startURL})
		r.cur.Workflow.Steps = append(r.cur.Workflow.Steps, workflow.Step{Command: "open", Args: b, Start: true})
	}
	if err := r.persist(); err != nil {
		r.cur = nil
		return failure.New(failure.IO, "start recording: %v", err)
	}
	return nil
}

// relativePaths stores the steps' file paths that lie inside dir (the
// workflow's folder) relative to it, so the workflow and its files move
// together and replay takes them from the folder; others stay absolute
// (and trust lists them).
func relativePaths(w *workflow.Workflow, dir string) {
	for i := range w.Steps {
		s := &w.Steps[i]
		cmd, err := stepCommand(s, nil)
		if err != nil {
			continue
		}
		pa, ok := cmd.(pathArgs)
		if !ok {
			continue
		}
		changed := false
		for _, p := range pa.paths() {
			if filepath.IsAbs(*p) && within(dir, *p) {
				if rel, err := filepath.Rel(dir, *p); err == nil {
					*p, changed = rel, true
				}
			}
		}
		if !changed {
			continue
		}
		if args, err := encodeArgs(s.Command, cmd); err == nil {
			s.Args = args
		}
	}
}

// refuseOverwrite is the error for a workflow name that is taken where a
// recording would save it (nil when it is free): a recording never
// replaces one silently, from the CLI or from an agent over MCP.
func refuseOverwrite(cwd, name, verb string) error {
	loc, err := workflow.SavePath(cwd, name)
	if err != nil || !workflow.Exists(loc.Path) {
		return nil
	}
	return failure.New(failure.Usage, "workflow %s already exists (%s, %s scope); record %s refuses to replace it", name, loc.Path, loc.Scope, verb).
		WithHint("pick another name, or pass --force to replace it")
}

// Stop ends the recording and writes the workflow file. A workflow of
// the name that appeared since record start is not replaced unless
// force (or record start --force); the recording then goes on.
func (r *Recorder) Stop(force bool) (*workflow.Workflow, workflow.Location, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return nil, workflow.Location{}, failure.New(failure.Usage, "not recording (tact record start <name>)")
	}
	if !force && !r.cur.Force {
		if err := refuseOverwrite(r.cur.Cwd, r.cur.Workflow.Name, "stop"); err != nil {
			return nil, workflow.Location{}, err
		}
	}
	w := r.cur.Workflow
	// A recording that went to a page first does not need the one it
	// started on.
	if len(w.Steps) > 1 && w.Steps[0].Start && navigates(&w.Steps[1]) {
		w.Steps = w.Steps[1:]
	}
	if err := upgrade(&w); err != nil { // begun by an older tact
		return nil, workflow.Location{}, failure.New(failure.Internal, "%v", err)
	}
	loc, err := workflow.SaveLocation(r.cur.Cwd, w.Name)
	if err != nil {
		return nil, loc, failure.New(failure.IO, "%v", err)
	}
	relativePaths(&w, filepath.Dir(loc.Path))
	if err := workflow.Save(loc.Path, &w); err != nil {
		return nil, loc, failure.New(failure.IO, "save workflow %s: %v", w.Name, err)
	}
	r.cur = nil
	_ = r.persist()
	return &w, loc, nil
}
