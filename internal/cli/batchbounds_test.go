package cli_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tact-browser/tact/internal/cli"
	"github.com/tact-browser/tact/internal/client"
	"github.com/tact-browser/tact/internal/commands"
	"github.com/tact-browser/tact/internal/rpc"
)

// A batch longer than the cap is refused before anything runs.
func TestBatchCapCLI(t *testing.T) {
	t.Parallel()
	steps := make([]string, 5000)
	for i := range steps {
		steps[i] = "snap"
	}
	r := tact(t, "batch-cap", append([]string{"batch"}, steps...)...)
	if r.code != 2 || !strings.Contains(r.err, "more than 1000 steps") {
		t.Errorf("5,000 steps: exit %d %q", r.code, r.err)
	}
}

// A caller that hangs up mid-batch stops it, and so does browser stop:
// the session answers the next command at once instead of after the
// batch's remaining steps.
func TestBatchStops(t *testing.T) {
	t.Parallel()
	s := "batch-stops"
	var hits atomic.Int64
	beacon := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer beacon.Close()
	mustOK(t, tact(t, s, "open", page("hello.html")))
	// 500 steps of a beacon and a 300 ms wait: minutes, unless stopped.
	var steps []string
	for range 250 {
		steps = append(steps, `eval "new Image().src='`+beacon.URL+`/hit?'+Math.random(); 1"`, "wait 300")
	}
	c, err := client.New(s, cli.Version, client.Spawn{})
	if err != nil {
		t.Fatal(err)
	}
	start := func() (context.CancelFunc, chan error) {
		params, _ := json.Marshal(&commands.Batch{Steps: steps, NoSnap: true})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			resp, err := c.Do(ctx, rpc.Request{Command: "batch", Params: params, Globals: rpc.Globals{Session: s, Output: "text", Timeout: 5 * time.Minute}}, false)
			if err == nil && resp.Error != nil {
				err = resp.Error
			}
			if err == nil {
				err = errors.New("the batch finished")
			}
			done <- err
		}()
		before := hits.Load()
		eventually(t, "the batch runs", func() bool { return hits.Load() >= before+2 })
		return cancel, done
	}

	cancel, done := start()
	cancel() // the caller hangs up
	<-done
	if r := tact(t, s, "--timeout", "10s", "eval", "1+1"); r.code != 0 || strings.TrimSpace(r.out) != "2" {
		t.Fatalf("after a hang-up mid-batch: exit %d %q %q", r.code, r.out, r.err)
	}

	cancel, done = start()
	defer cancel()
	mustOK(t, tact(t, s, "--timeout", "10s", "browser", "stop"))
	if err := <-done; !strings.Contains(err.Error(), "session is stopping") {
		t.Errorf("batch under browser stop: %v", err)
	}
}
