module github.com/tact-browser/tact

go 1.26.8

require (
	github.com/coder/websocket v1.8.15
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875
)

require github.com/alecthomas/kong v1.17.0 // indirect
