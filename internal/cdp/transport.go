package cdp

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// transport carries whole protocol messages; Conn does not care whether
// they travel over a websocket or a pipe.
type transport interface {
	read() ([]byte, error)
	write(msg []byte) error // callers serialise writes
	close() error
}

type wsTransport struct{ ws *websocket.Conn }

func (w wsTransport) read() ([]byte, error) {
	_, data, err := w.ws.Read(context.Background())
	return data, err
}

func (w wsTransport) write(msg []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
	defer cancel()
	return w.ws.Write(ctx, websocket.MessageText, msg)
}

func (w wsTransport) close() error { return w.ws.Close(websocket.StatusNormalClosure, "") }

// pipeTransport is Chrome's --remote-debugging-pipe: the browser reads
// messages on its fd 3 and writes on its fd 4, each ended by a NUL byte.
type pipeTransport struct {
	r    *bufio.Reader
	rf   *os.File // browser → us
	wf   *os.File // us → browser
	once sync.Once
}

// OverPipe makes a connection from the two pipe ends of a browser started
// with --remote-debugging-pipe: r is what the browser writes on its fd 4,
// w what it reads on its fd 3. Closing the Conn closes both.
func OverPipe(r, w *os.File) *Conn {
	return newConn(&pipeTransport{r: bufio.NewReaderSize(r, 1<<16), rf: r, wf: w})
}

func (p *pipeTransport) read() ([]byte, error) {
	var msg []byte
	for {
		chunk, err := p.r.ReadSlice(0)
		if len(msg)+len(chunk) > ReadLimit {
			return nil, fmt.Errorf("cdp: message over %d bytes", ReadLimit)
		}
		msg = append(msg, chunk...)
		if err == nil {
			return bytes.TrimSuffix(msg, []byte{0}), nil
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return nil, err
		}
	}
}

func (p *pipeTransport) write(msg []byte) error {
	// os.Pipe files are non-blocking underneath, so a deadline works: a
	// browser that stops reading cannot hang the daemon.
	_ = p.wf.SetWriteDeadline(time.Now().Add(writeTimeout))
	buf := make([]byte, 0, len(msg)+1)
	buf = append(append(buf, msg...), 0)
	_, err := p.wf.Write(buf)
	return err
}

func (p *pipeTransport) close() error {
	var err error
	p.once.Do(func() {
		err = p.wf.Close()
		if e := p.rf.Close(); err == nil {
			err = e
		}
	})
	return err
}
