# commsplan: `make run` starts the app on the embedded SQLite default;
# `make demo` does the same with a sample plan loaded; `make test` runs the
# format check, go vet, the linters (staticcheck, Redocly CLI on
# docs/openapi.yaml), the UI's lint (ESLint, with the folder rules), build
# and unit tests, the Go tests (race detector on, PostgreSQL included when a
# server answers at 127.0.0.1:5432) and the browser tests, in that order.
GO      ?= go
BIN     := bin/commsplan
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
HAS_UI  := $(wildcard webui/package.json)
GOFILES  = $(shell find . -name '*.go' -not -path './webui/node_modules/*')
# Flags for `make run` and `make demo`, e.g. make run ARGS="--addr :9090".
ARGS    ?=
# goreleaser is pinned: later versions need a newer Go than ours.
# GORELEASER may name a binary of that version built already (.ci/run
# builds one in the background while the tests run).
GORELEASER_PKG := github.com/goreleaser/goreleaser/v2@v2.15.1
GORELEASER ?= $(GO) run $(GORELEASER_PKG)
# staticcheck is pinned likewise; its default checks, findings fixed in the
# code (a //lint:ignore with its reason where a finding is wrong).
STATICCHECK := $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Redocly CLI (pinned in tools/openapi-lint/package.json) lints the API
# description; telemetry and update checks off, so it calls no host.
OPENAPI_LINT := tools/openapi-lint
# The PostgreSQL the tests use when COMMSPLAN_TEST_POSTGRES_DSN is unset.
LOCAL_PG_DSN := postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable

.PHONY: run demo build install ui test fmt-check vet lint lint-go lint-openapi test-go test-ui test-ui-unit test-e2e bench docs release-check goreleaser-bin release-snapshot clean soak crash bench-http bench-ui bench-delivery crash-delivery fuzz

run: build
	./$(BIN) serve $(ARGS)

# The demo plan (themes, questions, content, communications) in ./data, then
# the server. Seeding is idempotent, so running it again adds nothing.
demo: build
	./$(BIN) seed --demo
	./$(BIN) serve $(ARGS)

build: ui
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/commsplan

# Installs commsplan into $GOBIN (default $(go env GOPATH)/bin).
install: ui
	CGO_ENABLED=0 $(GO) install -trimpath -ldflags '$(LDFLAGS)' ./cmd/commsplan

ifneq ($(HAS_UI),)
# The install stamp lives outside node_modules, which `npm ci` deletes.
UI_INSTALLED := webui/.npm-installed
# The built app is rebuilt only when a source of it changed. Vite writes
# dist/app (the committed placeholder dist/index.html is not an input).
UI_SOURCES := $(shell find webui/src webui/public -type f 2>/dev/null) \
	$(wildcard webui/index.html webui/*.config.* webui/tsconfig*.json webui/scripts/*) webui/package.json
UI_BUILT := webui/dist/app/index.html

$(UI_INSTALLED): webui/package.json webui/package-lock.json
	cd webui && npm ci --no-audit --no-fund
	touch $@

$(UI_BUILT): $(UI_INSTALLED) $(UI_SOURCES)
	cd webui && npm run build
	touch $@

ui: $(UI_BUILT)
else
ui:
	@echo "webui has no package.json yet: embedding the placeholder page"
endif

# Cheapest first, so a failure shows early: format, vet, linters, the UI's
# lint, build and unit tests (about 3 minutes), then the Go race tests and
# the browser tests (about 10 minutes each).
test: fmt-check vet lint test-ui-unit test-go test-e2e

fmt-check:
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

lint: lint-go lint-openapi

lint-go:
	$(STATICCHECK) ./...

# The install stamp lives outside node_modules, which `npm ci` deletes.
$(OPENAPI_LINT)/.npm-installed: $(OPENAPI_LINT)/package.json $(OPENAPI_LINT)/package-lock.json
	cd $(OPENAPI_LINT) && npm ci --no-audit --no-fund
	touch $@

# docs/openapi.yaml at 0 errors and 0 warnings (tools/openapi-lint/redocly.yaml).
lint-openapi: $(OPENAPI_LINT)/.npm-installed
	cd $(OPENAPI_LINT) && REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_NOTIFICATIONS=true \
		./node_modules/.bin/redocly lint --config redocly.yaml --max-problems 200 ../../docs/openapi.yaml

# Uses the PostgreSQL of COMMSPLAN_TEST_POSTGRES_DSN, else a local server at
# 127.0.0.1:5432 if one answers; with neither, the PostgreSQL tests are
# skipped and a loud line says so.
test-go:
	@dsn="$$COMMSPLAN_TEST_POSTGRES_DSN"; \
	if [ -z "$$dsn" ] && { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null || \
		bash -c 'exec 3<>/dev/tcp/127.0.0.1/5432' 2>/dev/null || nc -z 127.0.0.1 5432 2>/dev/null; }; then \
		dsn='$(LOCAL_PG_DSN)'; echo "PostgreSQL tests: using the local server, $$dsn"; fi; \
	COMMSPLAN_TEST_POSTGRES_DSN="$$dsn" $(GO) test -race -timeout 30m ./... || exit 1; \
	if [ -z "$$dsn" ]; then \
		echo ""; \
		echo "!!! PostgreSQL tests were SKIPPED: no server answers at 127.0.0.1:5432 and COMMSPLAN_TEST_POSTGRES_DSN is unset."; \
		echo "!!! To run them: start PostgreSQL there (user postgres, trust), or run"; \
		echo "!!!   COMMSPLAN_TEST_POSTGRES_DSN='postgres://USER:PASSWORD@HOST:5432/postgres?sslmode=disable' make test"; \
	fi

test-ui: test-ui-unit test-e2e

ifneq ($(HAS_UI),)
test-ui-unit: ui
	cd webui && npm run lint
	cd webui && npm test

test-e2e: build
	cd webui && COMMSPLAN_BIN=$(CURDIR)/$(BIN) npm run e2e
else
test-ui-unit test-e2e:
	@echo "webui has no package.json yet: no UI tests"
endif

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Sends 5,000 recipients to an in-process SMTP sink on SQLite and on
# PostgreSQL (COMMSPLAN_TEST_POSTGRES_DSN), rate limit off; figures in
# docs/performance.md. Not part of make test.
bench-delivery:
	COMMSPLAN_BENCH_DELIVERY=1 $(GO) test -run TestBenchDelivery -v -count=1 -timeout 30m ./pkg/delivery/

# Kills serve (SIGKILL) mid-way through a 2,000-recipient send on SQLite,
# restarts it and counts duplicates (docs/delivery.md).
crash-delivery:
	COMMSPLAN_CRASH_DELIVERY=1 $(GO) test -run TestCrashMidSend -v -count=1 -timeout 15m ./pkg/delivery/

# Regenerates docs/cli/ (a test fails when it is out of date).
docs:
	rm -rf docs/cli
	$(GO) run ./cmd/commsplan docs --dir docs/cli

release-check:
	$(GORELEASER) check

# Builds the pinned goreleaser into GORELEASER_BIN_DIR (for .ci/run, which
# passes it to release-check as GORELEASER).
GORELEASER_BIN_DIR ?= bin/tools
goreleaser-bin:
	GOBIN=$(abspath $(GORELEASER_BIN_DIR)) $(GO) install $(GORELEASER_PKG)

# A local release build of every platform into dist/, nothing published.
release-snapshot:
	$(GORELEASER) release --snapshot --clean

# Reliability and speed runs against a real server (docs/reliability.md,
# docs/performance.md). PostgreSQL comes from COMMSPLAN_TEST_POSTGRES_DSN
# (default postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable).
SOAK_FLAGS  ?= -clients 200 -duration 60s -backend both
CRASH_FLAGS ?= -kills 5 -backend both
# BENCH_FLAGS="-scale" measures the five-year dataset's range, filter and search queries instead.
BENCH_FLAGS ?= -conns 50 -duration 10s -backend sqlite
FUZZTIME    ?= 20s

soak:
	$(GO) run ./tools/loadtest -mode soak $(SOAK_FLAGS)

crash:
	$(GO) run ./tools/loadtest -mode crash $(CRASH_FLAGS)

bench-http:
	$(GO) run ./tools/benchhttp $(BENCH_FLAGS)

# Lighthouse desktop (pinned in tools/bench-ui/package.json), signed in, on
# every screen with the demo data and with `seed --demo --scale`, against
# Debian's Chromium; then, at scale, the Schedule's interaction timings
# (playwright-core, same Chromium: month navigation time and gzip bytes, the
# switch to the List view, scrolling its columns: long tasks, rows in the
# DOM; median and p95 of --reps N). Prints the tables, writes
# docs/bench-ui.json. Not part of `make test`. E.g. BENCH_UI_FLAGS="--datasets
# scale --screens /schedule --runs 3", or "--timings-only --reps 5" (a few minutes).
BENCH_UI := tools/bench-ui
BENCH_UI_FLAGS ?=

$(BENCH_UI)/.npm-installed: $(BENCH_UI)/package.json $(BENCH_UI)/package-lock.json
	cd $(BENCH_UI) && npm ci --no-audit --no-fund
	touch $@

bench-ui: build $(BENCH_UI)/.npm-installed
	cd $(BENCH_UI) && node bench.mjs --bin ../../$(BIN) --json ../../docs/bench-ui.json $(BENCH_UI_FLAGS)

fuzz:
	FUZZTIME=$(FUZZTIME) GO=$(GO) ./tools/fuzz.sh

clean:
	rm -rf bin dist webui/dist/app
