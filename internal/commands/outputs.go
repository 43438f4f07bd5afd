package commands

import (
	"reflect"

	"github.com/tact-browser/tact/internal/page"
	"github.com/tact-browser/tact/internal/pagetext"
	"github.com/tact-browser/tact/internal/schema"
	"github.com/tact-browser/tact/internal/session"
	"github.com/tact-browser/tact/internal/snapshot"
	"github.com/tact-browser/tact/internal/workflow"
)

// The shapes of each command's -o json output, declared on the command
// (alternatives in order). Commands that embed ActOpts and declare none
// print actionData or, with --dry-run, dryRunData.

func shapes(vs ...any) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		if o, ok := v.(*schema.Obj); ok {
			out[i] = o
			continue
		}
		out[i] = reflect.TypeOf(v)
	}
	return out
}

func (*Snap) outputs() []any     { return shapes(snapshot.Page{}, RawSnap{}) } // --raw: RawSnap
func (*Snapshot) outputs() []any { return shapes(snapshot.Page{}, RawSnap{}) }
func (*Read) outputs() []any     { return shapes(pagetext.Result{}) }
func (*Close) outputs() []any    { return shapes(closedData{}) }
func (*TabClose) outputs() []any { return shapes(closedData{}) }
func (*Eval) outputs() []any {
	return shapes(schema.O("description", "the value: strings as they are, anything else as JSON"))
}
func (*Locate) outputs() []any        { return shapes(page.LocInfo{}) }
func (*SessionSave) outputs() []any   { return shapes(sessionSaved{}) }
func (*SessionList) outputs() []any   { return shapes([]sessionItem{}) }
func (*SessionDelete) outputs() []any { return shapes(sessionDeleted{}) }
func (*Batch) outputs() []any         { return shapes(batchData{}) }
func (*Screenshot) outputs() []any    { return shapes(shotData{}) }
func (*Pdf) outputs() []any           { return shapes(pdfData{}) }
func (*CookiesList) outputs() []any   { return shapes(cookiesData{}) }
func (*Console) outputs() []any       { return shapes(consoleData{}) }
func (*Network) outputs() []any       { return shapes(networkData{}) }
func (*CookiesGet) outputs() []any    { return shapes(cookiesData{}) }
func (*CookiesSet) outputs() []any    { return shapes(cookieSetData{}) }
func (*CookiesClear) outputs() []any  { return shapes(cookiesCleared{}) }
func (*Wait) outputs() []any          { return shapes(waitData{}) }
func (*TabList) outputs() []any       { return shapes([]session.TabInfo{}) }
func (*DialogAccept) outputs() []any  { return shapes(page.Dialog{}) }
func (*DialogDismiss) outputs() []any { return shapes(page.Dialog{}) }
func (*BrowserLaunch) outputs() []any { return shapes(statusData{}) }
func (*BrowserStatus) outputs() []any { return shapes(statusData{}, NotRunning{}) }
func (*BrowserStop) outputs() []any   { return shapes(stopData{}, NotRunning{}) }
func (*WorkflowVars) outputs() []any  { return shapes([]workflow.Variable{}) }
func (*RecordUndo) outputs() []any    { return shapes(undoData{}) }
func (*Replay) outputs() []any        { return shapes(replayData{}, untrustedData{}) }
func (*WorkflowTrust) outputs() []any { return shapes(trustedData{}) }
