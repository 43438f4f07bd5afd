package mcp_test

import "testing"

// The read tool's exact argument gives a field's value as it is: the
// blank line, the edge spaces and the trailing newline survive.
func TestReadToolExact(t *testing.T) {
	t.Parallel()
	needBrowser(t, "mcp-exact")
	cs := connect(t, "mcp-exact")
	out, res := call(t, cs, "open", map[string]any{"url": srvURL + "/read_exact.html", "no_snap": true})
	mustOK(t, "open", out, res)
	out, res = call(t, cs, "read", map[string]any{"focus": "#answer", "exact": true})
	mustOK(t, "read", out, res)
	if want := "Dear Sir,\n\n  yours truly  \n"; out != want {
		t.Errorf("read exact = %q, want %q", out, want)
	}
}
