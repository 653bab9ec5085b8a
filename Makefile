# The two commands of the README: `make demo` and `make test`. Each first runs scripts/deps.sh,
# which installs only what is missing, so they work on a fresh machine and cost nothing after.
SWIFT ?= swift

.PHONY: demo test test-fast deps deps-test lint format build release clean fuzz fuzz-smoke

# The demo export holds one corrupt JPEG on purpose; the build reports it as its one error,
# and this line says so (DemoNoteTests keeps it true).
DEMO_NOTE = demo: the 1 error above is on purpose: Examples/demo-export holds one corrupt JPEG (WallImage Ko0EdjWWE6) to show the placeholder a photo that cannot be decoded gets

demo: deps
	$(SWIFT) run wallgen build
	@echo "$(DEMO_NOTE)"

test: deps-test lint
	$(SWIFT) test

# The fast tier (Sources/WallKitTestSupport/TestTier.swift): parsers, the renderer, the rules,
# HTTP parsing and the codecs, in one process that starts no other; under a minute once built.
# Suites of the full tier show as skipped, with the reason.
test-fast: deps
	WALLGEN_TEST_TIER=fast $(SWIFT) test

deps:
	@scripts/deps.sh build

deps-test:
	@scripts/deps.sh test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

lint:
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks Fuzz Package.swift

format:
	$(SWIFT) format -i -r Sources Tests Benchmarks Fuzz Package.swift

# Fuzzing (docs/fuzzing.md): a short fixed run of every harness (CI), or a long run of one,
# e.g. `make fuzz TARGET=image TIME=1200`.
fuzz-smoke: deps-test
	scripts/fuzz.sh all 2000

TARGET ?= all
TIME ?= 1200
fuzz: deps-test
	scripts/fuzz.sh $(TARGET) -max_total_time=$(TIME)

clean:
	rm -rf .build .build-fuzz _site .wallgen _archive _site.urls.tsv
