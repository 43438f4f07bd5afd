// Package htmldate stands in for github.com/markusmobius/go-htmldate, which
// go-trafilatura links for publication dates. tact never asks for a date
// (read calls trafilatura with HtmlDateMode Disabled), but the real module
// links go-dateparser, whose package init builds locale tables in every
// process that links it: ~220 ms and 78 MB on each tact call. go.mod
// replaces the module with this one, which only has the API trafilatura
// compiles against and finds no date.
package htmldate

import (
	"time"

	"golang.org/x/net/html"
)

// Options mirrors the fields go-trafilatura sets.
type Options struct {
	ExtractTime         bool
	UseOriginalDate     bool
	SkipExtensiveSearch bool
	URL                 string
	MinDate, MaxDate    time.Time
}

// Result mirrors the fields go-trafilatura reads.
type Result struct {
	DateTime    time.Time
	HasTime     bool
	HasTimezone bool
	SrcString   string
}

// IsZero reports that no date was found.
func (r Result) IsZero() bool { return r.DateTime.IsZero() }

// FromDocument finds no date.
func FromDocument(*html.Node, Options) (Result, error) { return Result{}, nil }
