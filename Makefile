# tact — see README.md
GO ?= go
# Where `make build` puts tact and tact-daemon (the session daemon tact
# starts from its own directory).
BINDIR ?= .
# The commit `tact --version` shows (see scripts/commit.sh).
LDFLAGS ?= -X main.commit=$(shell ./scripts/commit.sh)

.PHONY: build install test bench fuzz vet lint corpus cross snapshot clean

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BINDIR)/ ./cmd/tact ./cmd/tact-daemon

install:
	$(GO) install -ldflags "$(LDFLAGS)" ./cmd/tact ./cmd/tact-daemon

# The test command named in the README; CI runs it via .ci/run. A failed
# browser test is run once more on its own and named FLAKY in the log
# (scripts/gotest.sh).
test: vet
	GO=$(GO) ./scripts/gotest.sh -count=1 -timeout 15m

vet:
	@# tee -a: /dev/stderr opened by a plain tee truncates a log file that
	@# both streams go to (.ci/run > log 2>&1 lost its first phases).
	@test -z "$$(gofmt -l . | tee -a /dev/stderr)" || (echo "gofmt needed" && exit 1)
	$(GO) vet ./...

# staticcheck from the Go module proxy (not needed by `make test`).
lint: vet
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

# Cross-compile the release platforms (go build only; nothing runs).
PLATFORMS ?= linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
cross:
	@set -e; for p in $(PLATFORMS); do \
		echo "build $$p"; \
		GOOS=$${p%/*} GOARCH=$${p#*/} CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/tact && \
		GOOS=$${p%/*} GOARCH=$${p#*/} CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/tact-daemon; \
	done

# A local release build into dist/: archives and checksums.txt as a release
# has them, nothing published. GoReleaser is a Go tool pinned in a module of
# its own (tools/goreleaser), so tact's go.mod stays lean; its first build
# downloads it through the module proxy.
GORELEASER := $(CURDIR)/bin/goreleaser
$(GORELEASER): tools/goreleaser/go.mod tools/goreleaser/go.sum
	$(GO) -C tools/goreleaser build -o $(GORELEASER) github.com/goreleaser/goreleaser/v2
snapshot: $(GORELEASER)
	$(GORELEASER) check
	$(GORELEASER) release --snapshot --clean

# Speed and size targets live here, never in tests. tools/bench measures a
# call's fixed cost (init, --version, warm snap); BENCH_BASE=REV adds that
# revision, run in alternation, with the ratios (e.g. BENCH_BASE=main).
# BENCH_PEER=path/to/agent-browser compares a warm snap with its
# `snapshot -i`, call by call, on a small page and on the saved pages of
# BENCH_CORPUS (every 5th; empty: the small page only).
BENCH_BASE ?=
BENCH_RUNS ?= 30
BENCH_PEER ?=
BENCH_CORPUS ?= ../shared/corpus/readability/pages
bench:
	$(GO) build -ldflags "$(LDFLAGS)" -o bench.bin/ ./cmd/tact ./cmd/tact-daemon
	$(GO) run ./tools/bench -n $(BENCH_RUNS) $(if $(BENCH_BASE),-base $(BENCH_BASE)) bench.bin | tee bench.out
	$(if $(BENCH_PEER),$(GO) run ./tools/bench -n $(BENCH_RUNS) -peer $(BENCH_PEER) $(if $(wildcard $(BENCH_CORPUS)),-corpus $(BENCH_CORPUS)) bench.bin | tee -a bench.out)
	$(GO) test -run '^$$' -bench . -benchtime 20x ./internal/cli/ ./internal/snapshot/ | tee -a bench.out

# Fuzz each parser/renderer for a bounded time (not part of CI). Seed
# corpora live in each package's testdata/fuzz.
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./internal/locator/
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./internal/workflow/
	$(GO) test -run '^$$' -fuzz FuzzText -fuzztime $(FUZZTIME) ./internal/render/

# Quality sweep over ../shared/corpus (skipped when absent).
corpus:
	TACT_CORPUS=1 $(GO) test -count=1 -run Corpus -v -timeout 30m ./internal/read/ ./internal/snapshot/ ./internal/cli/

clean:
	rm -f tact tact-daemon tact.exe tact-daemon.exe bench.out
	rm -rf bench.bin
	rm -rf dist
