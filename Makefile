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

## Lint, build, then run the whole test suite. Tests are built optimised: pixel loops are
## unbearably slow unoptimised, and the package itself carries no unsafe flags to force it.
test: deps lint
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing
	$(SWIFT) test -c release --skip-build -Xswiftc -enable-testing

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Package.swift

## Benchmarks against the peers (installs them first); see benchmarks/README.md.
bench: release
	benchmarks/run-all

clean:
	rm -rf .build out
