# tact — see README.md
GO ?= go
BIN ?= tact

.PHONY: build install test bench fuzz vet lint corpus clean

build:
	$(GO) build -o $(BIN) ./cmd/tact

install:
	$(GO) install ./cmd/tact

# The test command named in the README; CI runs it via .ci/run.
test: vet
	$(GO) test -count=1 -timeout 15m ./...

vet:
	@test -z "$$(gofmt -l . | tee /dev/stderr)" || (echo "gofmt needed" && exit 1)
	$(GO) vet ./...

# Speed and size targets live here, never in tests.
bench:
	$(GO) test -run '^$$' -bench . -benchtime 20x ./internal/cli/ ./internal/snapshot/ | tee bench.out

# Quality sweep over ../shared/corpus (skipped when absent).
corpus:
	TACT_CORPUS=1 $(GO) test -count=1 -run Corpus -v -timeout 30m ./internal/read/ ./internal/snapshot/ ./internal/cli/

clean:
	rm -f $(BIN) bench.out
