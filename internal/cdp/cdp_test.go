package cdp_test

import (
	"os"
	"testing"

	"github.com/tact-browser/tact/internal/browsertest"
)

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }

func TestEvalRoundTrip(t *testing.T) {
	t.Parallel()
	tab := browsertest.NewTab(t)
	tab.Navigate(t, "/hello.html")
	var got string
	tab.Eval(t, "document.querySelector('h1').textContent", &got)
	if got != "Hello" {
		t.Fatalf("h1 = %q, want Hello", got)
	}
	if err := tab.EvalErr("(() => { throw new Error('boom') })()", nil); err == nil {
		t.Fatal("exception not reported")
	}
}
