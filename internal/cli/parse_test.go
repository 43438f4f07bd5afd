package cli

import (
	"reflect"
	"testing"
	"time"
)

func TestParseTimeout(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]time.Duration{"30s": 30 * time.Second, "500ms": 500 * time.Millisecond, "2": 2 * time.Second, "1.5": 1500 * time.Millisecond} {
		if got, err := ParseTimeout(in); err != nil || got != want {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "soon", "-1", "0", "-5s", "Inf", "NaN", "1e10", "25h"} {
		if _, err := ParseTimeout(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestSplitArgs(t *testing.T) {
	t.Parallel()
	got := SplitArgs(`--a "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"  '--b c' d`)
	want := []string{"--a", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--b c", "d"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q", got)
	}
}
