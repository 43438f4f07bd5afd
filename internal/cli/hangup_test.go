package cli_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/client"
	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/rpc"
)

// A client that hangs up mid-command (interrupted, or past its own
// --timeout) cancels that command in the daemon: the next call runs at
// once instead of queueing behind a wait nobody reads. Without the
// cancellation the next call would time out behind the ten-minute wait.
func TestHungUpClientCancelsCommand(t *testing.T) {
	t.Parallel()
	s := "hangup"
	mustOK(t, tact(t, s, "snap", page("hello.html")))
	defer tact(t, s, "browser", "stop")
	dir := t.TempDir()
	wf := filepath.Join(dir, "hang.json")
	steps := `{"version":1,"name":"hang","steps":[{"command":"snap"},{"command":"wait","params":{"Condition":"600000"}}]}`
	if err := os.WriteFile(wf, []byte(steps), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := client.New(s, cli.Version, client.Spawn{})
	if err != nil {
		t.Fatal(err)
	}
	// Hang up once step 1 is reported: the daemon is then in the wait.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.OnPartial = func(out, _ string) {
		if strings.Contains(out, `"step":1`) {
			cancel()
		}
	}
	params, _ := json.Marshal(&commands.Replay{Workflow: wf})
	g := rpc.Globals{Session: s, Output: "ndjson", Timeout: 10 * time.Minute, Cwd: dir}
	if _, err := c.Do(ctx, rpc.Request{Command: "replay", Params: params, Globals: g}, false); err == nil || ctx.Err() == nil {
		t.Fatalf("replay was not interrupted by the hang-up: %v", err)
	}
	r := tact(t, s, "--timeout", "20s", "snap")
	mustOK(t, r)
	if !strings.Contains(r.out, "Hello page") {
		t.Errorf("snap after the hang-up:\n%s", r.out)
	}
}
