package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tact-browser/tact/internal/proc"
)

// markerVar is set in the environment of a test package's process, so
// every daemon and browser it starts inherits it (Chromium's helpers do
// not, but they end with their browser), and what is left running at the
// end can be found.
const markerVar = "TACT_TEST_RUN"

// mark gives this test process a marker no other run shares.
func mark() string {
	token := strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	os.Setenv(markerVar, token)
	return token
}

// marked lists the processes, other than this one, that carry the marker.
func marked(token string) map[proc.ID]string {
	want := []byte(markerVar + "=" + token + "\x00")
	out := map[proc.ID]string{}
	envs, _ := filepath.Glob("/proc/[0-9]*/environ")
	for _, f := range envs {
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		if err != nil || pid == os.Getpid() {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil || !strings.Contains(string(b), string(want)) {
			continue
		}
		id, err := proc.Of(pid)
		if err != nil {
			continue // exited (maybe waiting to be reaped)
		}
		out[id] = strings.Join(id.Args(), " ")
	}
	return out
}

// checkLeaks fails when a daemon or browser the tests started outlives
// them: after a bounded wait for processes that are ending anyway, it
// names and kills what is left.
func checkLeaks(token string) error {
	var left map[proc.ID]string
	for end := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if left = marked(token); len(left) == 0 {
			return nil
		}
		if time.Now().After(end) {
			break
		}
	}
	var sb strings.Builder
	for id, args := range left {
		fmt.Fprintf(&sb, "\n  pid %d: %.200s", id.PID, args)
		_ = id.Signal(syscall.SIGKILL)
	}
	return fmt.Errorf("browsertest: %d process(es) started by the tests are still running (killed now):%s", len(left), sb.String())
}
