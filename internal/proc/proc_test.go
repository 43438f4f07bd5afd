package proc

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// These run on every OS (procfs or Windows process queries).

func TestSelf(t *testing.T) {
	self := Self()
	if self.PID != os.Getpid() || self.Start == 0 || !self.Alive() {
		t.Fatalf("Self() = %+v, alive %v", self, self.Alive())
	}
	if !slices.Contains(self.Args(), os.Args[len(os.Args)-1]) {
		t.Errorf("Args() = %q, want to contain %q", self.Args(), os.Args[len(os.Args)-1])
	}
	other := self
	other.Start++
	if other.Alive() {
		t.Error("a process with this pid but another start time is alive")
	}
}

func TestLockHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "daemon.lock")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, held := Holder(path); held {
		t.Fatal("a fresh lock file is held")
	}
	if err := TryLock(f); err != nil {
		t.Fatal(err)
	}
	if err := Self().Record(f); err != nil {
		t.Fatal(err)
	}
	other, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if TryLock(other) == nil {
		t.Fatal("the lock was taken twice")
	}
	if id, held := Holder(path); !held || id != Self() {
		t.Fatalf("Holder = %+v, %v; want %+v, true", id, held, Self())
	}
	f.Close()
	if _, held := Holder(path); held {
		t.Error("the lock is held after its file was closed")
	}
	if err := TryLock(other); err != nil {
		t.Errorf("the lock cannot be taken after it was released: %v", err)
	}
}
