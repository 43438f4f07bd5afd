package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
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
func marked(token string) map[int]string {
	want := []byte(markerVar + "=" + token + "\x00")
	out := map[int]string{}
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
		st, _ := os.ReadFile(filepath.Join(filepath.Dir(f), "stat"))
		if i := strings.LastIndexByte(string(st), ')'); i >= 0 && strings.HasPrefix(strings.TrimSpace(string(st[i+1:])), "Z") {
			continue // exited, waiting to be reaped
		}
		args, _ := os.ReadFile(filepath.Join(filepath.Dir(f), "cmdline"))
		out[pid] = strings.TrimSpace(strings.ReplaceAll(string(args), "\x00", " "))
	}
	return out
}

// checkLeaks fails when a daemon or browser the tests started outlives
// them: after a bounded wait for processes that are ending anyway, it
// names and kills what is left.
func checkLeaks(token string) error {
	var left map[int]string
	for end := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if left = marked(token); len(left) == 0 {
			return nil
		}
		if time.Now().After(end) {
			break
		}
	}
	var sb strings.Builder
	for pid, args := range left {
		fmt.Fprintf(&sb, "\n  pid %d: %.200s", pid, args)
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	return fmt.Errorf("browsertest: %d process(es) started by the tests are still running (killed now):%s", len(left), sb.String())
}
