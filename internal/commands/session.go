package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tact-browser/tact/internal/datadir"
	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/session"
)

// SessionCmd saves and restores browser state (cookies, storage, URL).
type SessionCmd struct {
	Save   SessionSave   `cmd:"" help:"Save all cookies, the visited origins' storage and the current URL."`
	Load   SessionLoad   `cmd:"" help:"Restore a saved session (storage before the page's scripts run) and open its URL."`
	List   SessionList   `cmd:"" help:"List saved sessions."`
	Delete SessionDelete `cmd:"" help:"Delete a saved session."`
}

// sessionFile is the on-disk form; it holds cookies, so it is written
// atomically with mode 0600.
type sessionFile struct {
	Version int       `json:"version"`
	SavedAt time.Time `json:"saved_at"`
	session.State
}

func sessionPath(name string) (string, error) {
	if err := datadir.CheckName("session", name); err != nil {
		return "", failure.New(failure.Usage, "%v", err)
	}
	dir, err := datadir.Dir("sessions")
	if err != nil {
		return "", failure.New(failure.IO, "%v", err)
	}
	return filepath.Join(dir, name+".json"), nil
}

// SessionSave saves state.
type SessionSave struct {
	Name string `arg:"" help:"Name to save under."`
}

// Run saves.
func (c *SessionSave) Run(ctx context.Context, env *Env) (*Output, error) {
	path, err := sessionPath(c.Name)
	if err != nil {
		return nil, err
	}
	st, err := env.Browser.SaveState(ctx)
	if err != nil {
		return nil, err
	}
	// The page it reopens: a page may have copied a secret into its URL.
	// (Cookies and storage are kept as the site set them: they are what
	// the file is for, and it is 0600.)
	st.URL = env.Browser.Secrets().Scrub(st.URL)
	b, err := json.MarshalIndent(sessionFile{Version: 1, SavedAt: time.Now().UTC(), State: *st}, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := datadir.WriteFile(path, b, 0o600); err != nil {
		return nil, failure.New(failure.IO, "save session %s: %v", c.Name, err)
	}
	msg := fmt.Sprintf("saved %s: %d cookies, %d origins with storage, at %s", c.Name, len(st.Cookies), len(st.Origins), st.URL)
	return &Output{Text: msg + "\n", Data: sessionSaved{Name: c.Name, Path: path, Cookies: len(st.Cookies), Origins: len(st.Origins), URL: st.URL}}, nil
}

// SessionLoad restores state.
type SessionLoad struct {
	Name string `arg:"" help:"Saved session to restore."`
	ActOpts
}

// Run loads.
func (c *SessionLoad) Run(ctx context.Context, env *Env) (*Output, error) {
	path, err := sessionPath(c.Name)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, failure.New(failure.NotFound, "no saved session %q (see tact session list)", c.Name)
	} else if err != nil {
		return nil, failure.New(failure.IO, "read session %s: %v", c.Name, err)
	}
	var f sessionFile
	if err := json.Unmarshal(b, &f); err != nil || f.Version != 1 {
		return nil, failure.New(failure.IO, "session file %s is corrupt or of an unknown version", path)
	}
	if c.DryRun {
		return dryRunNav("session load", fmt.Sprintf("load %s: %d cookies, %d origins", c.Name, len(f.Cookies), len(f.Origins)), path)
	}
	if err := env.Browser.LoadState(ctx, &f.State); err != nil {
		return nil, err
	}
	t, err := env.Browser.Current(ctx)
	if err != nil {
		return nil, err
	}
	t.Settle(ctx, settleQuiet, settleCap)
	return actionOutput(ctx, t, c.ActOpts, []string{fmt.Sprintf("loaded %s: %d cookies, %d origins", c.Name, len(f.Cookies), len(f.Origins))})
}

// SessionList lists saved sessions.
type SessionList struct{}

// Run lists.
func (c *SessionList) Run(ctx context.Context, env *Env) (*Output, error) {
	dir, err := datadir.Dir("sessions")
	if err != nil {
		return nil, failure.New(failure.IO, "%v", err)
	}
	entries, _ := os.ReadDir(dir)
	items := []sessionItem{}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || strings.HasPrefix(name, ".") {
			continue
		}
		it := sessionItem{Name: name}
		if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
			var f sessionFile
			if json.Unmarshal(b, &f) == nil {
				it.SavedAt, it.URL = f.SavedAt, f.URL
			}
		}
		items = append(items, it)
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Name < items[j].Name })
	var sb strings.Builder
	for _, it := range items {
		fmt.Fprintf(&sb, "%s\t%s\t%s\n", it.Name, it.SavedAt.Format(time.RFC3339), it.URL)
	}
	if len(items) == 0 {
		sb.WriteString("no saved sessions\n")
	}
	return &Output{Text: sb.String(), Data: items}, nil
}

// SessionDelete deletes a saved session.
type SessionDelete struct {
	Name string `arg:"" help:"Saved session to delete."`
}

// Run deletes.
func (c *SessionDelete) Run(ctx context.Context, env *Env) (*Output, error) {
	path, err := sessionPath(c.Name)
	if err != nil {
		return nil, err
	}
	if err := os.Remove(path); errors.Is(err, fs.ErrNotExist) {
		return nil, failure.New(failure.NotFound, "no saved session %q", c.Name)
	} else if err != nil {
		return nil, failure.New(failure.IO, "delete %s: %v", c.Name, err)
	}
	return &Output{Text: "deleted " + c.Name + "\n", Data: sessionDeleted{Deleted: c.Name}}, nil
}

// Output shapes of the session commands.
type (
	sessionSaved struct {
		Name    string `json:"name"`
		Path    string `json:"path"`
		Cookies int    `json:"cookies"`
		Origins int    `json:"origins"`
		URL     string `json:"url"`
	}
	sessionItem struct {
		Name    string    `json:"name"`
		SavedAt time.Time `json:"saved_at"`
		URL     string    `json:"url"`
	}
	sessionDeleted struct {
		Deleted string `json:"deleted"`
	}
)
