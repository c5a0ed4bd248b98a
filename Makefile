# ContactSheet: the two commands a new machine needs are `make demo` and `make test`.
SWIFT ?= swift
BIN_RELEASE := .build/release/contactsheet

.PHONY: deps build release demo test lint format bench clean

## Install the Debian packages the build, tests and demo need (quick when present).
deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product contactsheet

## Render the sample photos into out/demo.pdf and out/demo.png.
DEMO_OPTIONS := --columns 3 --title "ContactSheet sample photos" --header "{title}" \
	--footer "Page {page} of {pages}" --caption '<b>{stem}</b>\n{width}×{height} · {filesize}'

demo: release
	@mkdir -p out
	$(BIN_RELEASE) render Fixtures/photos -o out/demo.pdf $(DEMO_OPTIONS)
	$(BIN_RELEASE) render Fixtures/photos -o out/demo.png $(DEMO_OPTIONS)

## Lint, build, then run the whole test suite.
test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Package.swift

## Benchmarks against the peers (installs them first); see benchmarks/README.md.
bench: release
	benchmarks/run-all

clean:
	rm -rf .build out
