// Command serve serves a directory on 127.0.0.1 until it is killed, and
// prints its base URL (http://127.0.0.1:PORT) on stdout: .ci/run serves the
// release snapshot to install.sh and a test page to the installed tact.
//
//	go run ./tools/serve DIR
package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"time"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: serve DIR")
		os.Exit(2)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
	fmt.Printf("http://%s\n", l.Addr())
	srv := &http.Server{Handler: http.FileServer(http.Dir(os.Args[1])), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintln(os.Stderr, "serve:", srv.Serve(l))
	os.Exit(1)
}
