# ContactSheet: the two commands a new machine needs are `make demo` and `make test`.
SWIFT ?= swift
SHELL := /bin/bash
BIN_RELEASE := .build/release/contactsheet

.PHONY: deps oracles build release demo test lint format bench clean fuzz fuzz-smoke sanitize deb test-deb

## Install the Debian packages the build, tests and demo need (quick when present).
deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product contactsheet

## The Debian package: dist/contactsheet_VERSION_ARCH.deb (static Swift runtime, man pages,
## completions), checked by lintian; test-deb installs it here, uses it and removes it (root).
deb: deps
	@scripts/make-deb

test-deb: deps
	@scripts/test-deb

## Render the sample photos into out/demo.pdf and out/demo.png.
DEMO_OPTIONS := --columns 3 --title "ContactSheet sample photos" --header "{title}" \
	--footer "Page {page} of {pages}" --caption '<b>{stem}</b>\n{width}×{height} · {filesize}'

demo: release
	@mkdir -p out
	$(BIN_RELEASE) render Fixtures/photos -o out/demo.pdf $(DEMO_OPTIONS)
	$(BIN_RELEASE) render Fixtures/photos -o out/demo.png $(DEMO_OPTIONS)

## Lint, build, then run the whole test suite. Tests are built optimised: pixel loops are
## unbearably slow unoptimised, and the package itself carries no unsafe flags to force it.
## The reference implementations some tests compare against (PyPI, into .build/oracles).
oracles:
	@scripts/install-oracles

test: deps lint oracles
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing
	$(SWIFT) test -c release --skip-build -Xswiftc -enable-testing
	$(MAKE) fuzz-smoke

## Fuzzing: every harness for FUZZ_SECONDS each (libFuzzer with AddressSanitizer), corpora
## growing in .build/fuzz-corpus, seeds from Fuzz/corpus, crashes written to .build/fuzz-crashes.
## Leaks inside C libraries that are not ours are listed in Fuzz/lsan-suppressions.txt.
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES := headers jpeg png webp tiff heif raw video xmp json yaml csv style template html compare part results
FUZZ_BIN := .build/fuzz/release/contactsheet-fuzz
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld \
	-Xcc -fsanitize=fuzzer-no-link,address

fuzz: deps
	$(SWIFT) build -c release --product contactsheet-fuzz --scratch-path .build/fuzz $(FUZZ_FLAGS)
	@mkdir -p .build/fuzz-crashes
	@for h in $(FUZZ_HARNESSES); do \
	  mkdir -p .build/fuzz-corpus/$$h; \
	  echo "== fuzz $$h ($(FUZZ_SECONDS) s)"; \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan-suppressions.txt:fast_unwind_on_malloc=0 CONTACTSHEET_FUZZ=$$h $(FUZZ_BIN) .build/fuzz-corpus/$$h Fuzz/corpus/$$h -max_total_time=$(FUZZ_SECONDS) \
	    -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=10 -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix=.build/fuzz-crashes/$$h- 2>&1 | grep -E "^(#|==|stat::|INFO: (seed|-max)|SUMMARY)|ERROR|Done" \
	    | grep -vE "^#[0-9]+\s+(NEW|REDUCE|pulse)" ; \
	  test $${PIPESTATUS[0]} -eq 0 || exit 1; \
	done

## Replays every seed through its harness in a plain build: quick, and part of `make test`.
fuzz-smoke:
	$(SWIFT) build -c release --product contactsheet-fuzz -Xswiftc -enable-testing
	@for h in $(FUZZ_HARNESSES); do .build/release/contactsheet-fuzz $$h Fuzz/corpus/$$h || exit 1; done

## The whole suite under AddressSanitizer, then under UndefinedBehaviorSanitizer (debug builds,
## each in its own build folder). The test of LibRaw's own leak runs apart, with the slow unwinder
## its suppression needs (libjpeg has no frame pointers), which would make the whole suite crawl.
## swiftc has no -sanitize=undefined (Swift traps on overflow and out-of-bounds access itself),
## so UBSan instruments the C targets (the libpng, libtiff and exempi shims), in trap mode:
## undefined behaviour stops the test with SIGILL, no runtime needed.
sanitize: deps
	$(SWIFT) build --build-tests --scratch-path .build/asan -Xswiftc -sanitize=address -Xcc -fsanitize=address
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0 $(SWIFT) test --skip-build --scratch-path .build/asan --skip lossyDNGCorruptTiles
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0:fast_unwind_on_malloc=0 $(SWIFT) test --skip-build --scratch-path .build/asan --filter lossyDNGCorruptTiles
	$(SWIFT) build --build-tests --scratch-path .build/ubsan -Xcc -fsanitize=undefined -Xcc -fsanitize-trap=undefined
	$(SWIFT) test --skip-build --scratch-path .build/ubsan

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Fuzz benchmarks Package.swift

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Fuzz benchmarks Package.swift

## Benchmarks against the peers (installs them first); see benchmarks/README.md.
bench: release
	benchmarks/run-all

clean:
	rm -rf .build out
