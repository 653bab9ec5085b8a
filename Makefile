# The two commands of the README: `make demo` and `make test`. Each first runs scripts/deps.sh,
# which installs only what is missing, so they work on a fresh machine and cost nothing after.
SWIFT ?= swift

.PHONY: demo test deps deps-test lint format build release clean

demo: deps
	$(SWIFT) run wallgen build

test: deps-test lint
	$(SWIFT) test

deps:
	@scripts/deps.sh build

deps-test:
	@scripts/deps.sh test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

lint:
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks Package.swift

format:
	$(SWIFT) format -i -r Sources Tests Benchmarks Package.swift

clean:
	rm -rf .build _site .wallgen _archive _site.urls.tsv
