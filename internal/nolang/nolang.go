// Package whatlanggo stands in for github.com/RadhiFadlillah/whatlanggo,
// which go-trafilatura links to guess a page's language. tact never reads
// that guess (read asks for no target language and prints no language),
// but the real module builds its trigram tables in a package init that
// ran in every tact process, and the guess cost a pass over every
// article's text. go.mod replaces the module with this one, which only
// has the API trafilatura compiles against and knows no language.
package whatlanggo

// Lang is a language; this package knows none.
type Lang int

// DetectLang finds no language.
func DetectLang(string) Lang { return 0 }

// Iso6391 is empty for an unknown language, so trafilatura records none.
func (Lang) Iso6391() string { return "" }
