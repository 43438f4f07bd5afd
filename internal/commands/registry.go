package commands

import (
	"reflect"
	"strings"
	"sync"

	"github.com/tact-browser/tact/internal/schema"
)

// Root lists every command tact has. Its tags drive the CLI (kong), and
// the same tree is walked to build the daemon's dispatch table, the JSON
// Schemas and the MCP tools, so they cannot drift apart.
type Root struct {
	Snap       Snap        `cmd:"" help:"Page structure: sections, summaries and actionable elements (@eN refs)."`
	Snapshot   Snapshot    `cmd:"" hidden:"" help:"Alias of snap (agent-browser's name)."`
	Read       Read        `cmd:"" help:"The page's main content as markdown (else all its visible text), in pieces."`
	Locate     Locate      `cmd:"" help:"What a target resolves to: ref, role, name and durable locators."`
	Open       Open        `cmd:"" aliases:"goto" help:"Open a URL in the current tab; prints the fresh snap."`
	Click      Click       `cmd:"" help:"Click an element; prints what happened and what changed on the page (the whole page after a navigation)."`
	Dblclick   Dblclick    `cmd:"" help:"Double-click an element."`
	Hover      Hover       `cmd:"" help:"Move the mouse over an element (waits for the submenu it announces)."`
	Drag       Drag        `cmd:"" help:"Drag an element onto another, to X,Y or by --by DX,DY; says when nothing moved."`
	Mouse      MouseCmd    `cmd:"" help:"Mouse at points: move, down, up (the button stays held between calls)."`
	Fill       Fill        `cmd:"" help:"Replace a field's value (works with React/Vue inputs)."`
	Type       Type        `cmd:"" help:"Type text with real key events."`
	Press      Press       `cmd:"" help:"Press a key or chord (Enter, Tab, Control+a)."`
	Select     Select      `cmd:"" help:"Choose options of a select, listbox or combobox."`
	Check      Check       `cmd:"" help:"Tick a checkbox/radio/switch (idempotent)."`
	Uncheck    Uncheck     `cmd:"" help:"Untick a checkbox/switch (idempotent)."`
	Upload     Upload      `cmd:"" help:"Set the files of a file input."`
	Scroll     Scroll      `cmd:"" help:"Scroll the page (up/down/left/right) or bring a target into view."`
	Back       Back        `cmd:"" help:"Go back in history."`
	Forward    Forward     `cmd:"" help:"Go forward in history."`
	Reload     Reload      `cmd:"" help:"Reload the page."`
	Close      Close       `cmd:"" help:"Close the current tab."`
	Eval       Eval        `cmd:"" help:"Evaluate JavaScript in the page (promises awaited)."`
	Screenshot Screenshot  `cmd:"" help:"Save a PNG (or JPEG) of the page and print its path."`
	Pdf        Pdf         `cmd:"" help:"Print the page to a PDF file and print its path."`
	Console    Console     `cmd:"" help:"The page's console messages and uncaught exceptions."`
	Network    Network     `cmd:"" help:"The page's requests: method, status, type, size, time, URL."`
	Wait       Wait        `cmd:"" help:"Wait for navigation, CSS, text=…, N ms, a URL, network idle or load."`
	Batch      Batch       `cmd:"" help:"Run several commands in one call (arguments or stdin lines); then what changed (the whole page after a navigation)."`
	Tab        TabCmd      `cmd:"" help:"List, open, switch or close tabs."`
	Dialog     DialogCmd   `cmd:"" help:"Accept or dismiss a dialog left open (--dialog leave)."`
	Session    SessionCmd  `cmd:"" help:"Save, load, list or delete browser sessions (cookies, storage, URL)."`
	Cookies    CookiesCmd  `cmd:"" help:"List, get, set or clear the browser's cookies (values only with --values)."`
	Record     RecordCmd   `cmd:"" help:"Record this session's commands as a replayable workflow."`
	Replay     Replay      `cmd:"" help:"Replay a workflow with no model in the loop; heals moved elements."`
	Workflow   WorkflowCmd `cmd:"" help:"Workflow file tools (lint)."`
	Browser    BrowserCmd  `cmd:"" help:"Launch, stop or inspect the session's browser."`
	Schema     Schema      `cmd:"" help:"Print JSON Schemas of the commands and the exit codes."`
	Mcp        Mcp         `cmd:"" help:"Serve the commands as MCP tools over stdio."`
	Init       Init        `cmd:"" help:"Write the tact guide where this project's agents read it (AGENTS.md/CLAUDE.md, Claude skill)."`
}

// BrowserCmd groups the browser lifecycle commands.
type BrowserCmd struct {
	Launch BrowserLaunch `cmd:"" help:"Start the session's browser (any command auto-starts a headless one)."`
	Stop   BrowserStop   `cmd:"" help:"Stop the session's daemon and the browser it launched (never one attached with --cdp)."`
	Status BrowserStatus `cmd:"" help:"Show whether the session's browser runs, and where."`
}

// Entry is one runnable command of the tree.
type Entry struct {
	Name string // space-separated path, e.g. "browser launch"
	Help string
	Type reflect.Type
}

var (
	regOnce sync.Once
	reg     map[string]Entry
	regList []Entry
)

func registry() {
	regOnce.Do(func() {
		reg = map[string]Entry{}
		walk(reflect.TypeOf(Root{}), "")
	})
}

func walk(t reflect.Type, prefix string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if _, ok := f.Tag.Lookup("cmd"); !ok {
			continue
		}
		name := f.Tag.Get("name")
		if name == "" {
			name = schema.Kebab(f.Name)
		}
		full := strings.TrimSpace(prefix + " " + name)
		if reflect.PointerTo(f.Type).Implements(commandType) {
			e := Entry{Name: full, Help: f.Tag.Get("help"), Type: f.Type}
			reg[full] = e
			regList = append(regList, e)
			continue
		}
		walk(f.Type, full)
	}
}

var commandType = reflect.TypeOf((*Command)(nil)).Elem()

// New returns a zero value of the named command, ready to decode params into.
func New(name string) (Command, bool) {
	registry()
	e, ok := reg[name]
	if !ok {
		return nil, false
	}
	return reflect.New(e.Type).Interface().(Command), true
}

// All lists every command in declaration order.
func All() []Entry {
	registry()
	return append([]Entry(nil), regList...)
}

// NameOf returns the registry name of a command value.
func NameOf(c Command) string {
	registry()
	t := reflect.TypeOf(c)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for _, e := range regList {
		if e.Type == t {
			return e.Name
		}
	}
	return ""
}
