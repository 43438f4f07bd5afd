package commands

import (
	"context"
	"io"
	"strings"

	"github.com/tact-browser/tact/internal/failure"
	"github.com/tact-browser/tact/internal/page"
)

// SecretSource is how fill and type take a secret without putting it in
// argv (where other local users can read it through /proc): from an
// environment variable or stdin of the CLI process. The CLI reads it and
// sends it to the daemon over the 0600 socket as the command's value.
type SecretSource struct {
	Secret      bool   `help:"A secret: masked in snaps, never recorded in plain text (password fields always are)."`
	SecretEnv   string `name:"secret-env" help:"Take the value from this environment variable of the tact process, not argv (implies --secret)." placeholder:"NAME"`
	SecretStdin bool   `name:"secret-stdin" help:"Take the value from stdin, not argv; one trailing newline is dropped (implies --secret)."`
}

// SecretEnvName is the environment variable a --secret-env value comes
// from, "" when none: the daemon the command may start must not inherit
// it (its environment is readable in /proc for as long as it runs).
func (s *SecretSource) SecretEnvName() string { return s.SecretEnv }

// read returns the secret when one of the sources is set; it clears the
// source so what goes on is a plain --secret value.
func (s *SecretSource) read(environ []string, stdin io.Reader, inline []string) (string, bool, error) {
	if s.SecretEnv == "" && !s.SecretStdin {
		return "", false, nil
	}
	if s.SecretEnv != "" && s.SecretStdin {
		return "", false, failure.New(failure.Usage, "give either --secret-env or --secret-stdin, not both")
	}
	if len(inline) > 0 {
		return "", false, failure.New(failure.Usage, "a value on the command line and --secret-env/--secret-stdin: give only one")
	}
	var v string
	if s.SecretEnv != "" {
		found := false
		for _, kv := range environ {
			if k, val, ok := strings.Cut(kv, "="); ok && k == s.SecretEnv {
				v, found = val, true
			}
		}
		if !found {
			return "", false, failure.New(failure.Usage, "--secret-env %s: no such environment variable", s.SecretEnv)
		}
	} else {
		b, err := io.ReadAll(io.LimitReader(stdin, 1<<20))
		if err != nil {
			return "", false, failure.New(failure.IO, "read stdin: %v", err)
		}
		v = strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
	}
	s.SecretEnv, s.SecretStdin, s.Secret = "", false, true
	return v, true, nil
}

// check refuses a source that reached the daemon unread (a replayed or
// MCP step): only the CLI process has that environment and stdin.
func (s *SecretSource) check() error {
	if s.SecretEnv != "" || s.SecretStdin {
		return failure.New(failure.Usage, "--secret-env and --secret-stdin are read by the tact command line only")
	}
	return nil
}

// Prepare reads a --secret-env/--secret-stdin value in the CLI process.
func (c *Fill) Prepare(_ string, environ []string, stdin io.Reader) error {
	v, ok, err := c.SecretSource.read(environ, stdin, c.Value)
	if ok {
		c.Value = []string{v}
	}
	return err
}

// Prepare reads a --secret-env/--secret-stdin value in the CLI process.
func (c *Type) Prepare(_ string, environ []string, stdin io.Reader) error {
	v, ok, err := c.SecretSource.read(environ, stdin, c.Text)
	if ok {
		c.Text = []string{v}
	}
	return err
}

// claimSecret decides, before the page sees the value, whether a fill or
// type is a secret: --secret, or a field that is secret by its own
// account (dom.secretField: a password by type or autocomplete). A page
// can turn a password field into a text field on focus, so asking only
// after typing is too late. The value is remembered at once, so the
// action's own output (the page's echo, the diff's value) is scrubbed.
func claimSecret(ctx context.Context, env *Env, el *page.Element, v string, given bool) (bool, error) {
	secret, err := el.ClaimSecret(ctx, given)
	if err != nil {
		return false, err
	}
	if secret {
		env.Browser.Secrets().Add(v)
	}
	return secret, nil
}
