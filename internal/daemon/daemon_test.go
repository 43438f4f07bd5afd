package daemon

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"
)

// A command's context ends when its client closes the connection, and
// not while the client only waits for the answer.
func TestCancelOnHangup(t *testing.T) {
	client, server := net.Pipe()
	defer server.Close()
	ctx, cancel := cancelOnHangup(context.Background(), server)
	defer cancel()
	if ctx.Err() != nil {
		t.Fatal("cancelled before the client hung up")
	}
	// Stray bytes from a client are no hang-up.
	if _, err := client.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatal("cancelled by a byte the client sent")
	}
	client.Close()
	done(t, ctx, "the client hung up")
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("ctx.Err() = %v", ctx.Err())
	}
}

// The daemon's own lifetime bounds every command.
func TestCancelOnHangupFollowsOwner(t *testing.T) {
	client, server := net.Pipe()
	defer client.Close()
	defer server.Close()
	owner, stop := context.WithCancel(context.Background())
	ctx, cancel := cancelOnHangup(owner, server)
	defer cancel()
	stop()
	done(t, ctx, "the daemon's context ended")
}

// done waits for ctx to end, failing the test (not hanging the suite to
// its timeout) if it has not within a minute.
func done(t *testing.T, ctx context.Context, after string) {
	t.Helper()
	select {
	case <-ctx.Done():
	case <-time.After(time.Minute):
		t.Fatalf("the command's context did not end after %s", after)
	}
}
