# commsplan: `make run` starts the app on the embedded SQLite default;
# `make test` runs the format check, go vet, the Go tests (race detector on)
# and, once webui/ has a package.json, the UI unit and browser tests.
GO      ?= go
BIN     := bin/commsplan
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
HAS_UI  := $(wildcard webui/package.json)
GOFILES  = $(shell find . -name '*.go' -not -path './webui/node_modules/*')

.PHONY: run build ui test fmt-check vet test-go test-ui bench clean

run: build
	./$(BIN) serve

build: ui
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/commsplan

ifneq ($(HAS_UI),)
webui/node_modules/.installed: webui/package.json webui/package-lock.json
	cd webui && npm ci --no-audit --no-fund
	touch $@

ui: webui/node_modules/.installed
	cd webui && npm run build
else
ui:
	@echo "webui has no package.json yet: embedding the placeholder page"
endif

test: fmt-check vet test-go test-ui

fmt-check:
	@out=$$(gofmt -l $(GOFILES)); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

test-go:
	$(GO) test -race ./...

ifneq ($(HAS_UI),)
test-ui: build
	cd webui && npm test
	cd webui && COMMSPLAN_BIN=$(CURDIR)/$(BIN) npm run e2e
else
test-ui:
	@echo "webui has no package.json yet: no UI tests"
endif

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin dist webui/dist/app
