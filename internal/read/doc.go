// Package read finds the main content of a page that internal/pagetext's
// serializer wrote out (go-trafilatura, with Readability and DOM Distiller
// as its fallbacks), converts it to markdown in pagetext's layout and names
// what it left out. Its libraries cost every process that links them
// milliseconds of initialisation, so only the daemon (cmd/tact-daemon)
// does: the CLI reaches Extract through the daemon.
package read
