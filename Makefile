# Chronicler. `make run` plays on one machine; `make test` is what CI runs.
SHELL := /bin/bash
GO ?= go
ADDR ?= 127.0.0.1:8080
DATA ?= ./data
FUNCTIONS := $(notdir $(wildcard functions/*))
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.7.0
CDK := npx --yes aws-cdk@2.1148.1

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test deps lint bench build synth deploy clean web web-test screenshots

## run: build and start the local server (SQLite under $(DATA), offline narrator)
run:
	@echo "Building the local server (the first build compiles every dependency and can take several minutes; later ones take seconds)..."
	@$(GO) build -o build/local/chronicler ./infra/local
	@echo "Starting Chronicler on http://$(ADDR) with its data under $(DATA) (Ctrl-C stops it)."
	./build/local/chronicler -addr $(ADDR) -data $(DATA)

## test: formatting, vet, staticcheck, the web client's checks, then every test with the race detector
test: deps lint web-test
	$(GO) test -race -count=1 -timeout 20m $$($(GO) list ./... | grep -v '/infra/stack$$')
	@# jsii's runtime (inside the CDK library) races with itself when it shuts
	@# down, so the synth test runs without the race detector.
	$(GO) test -count=1 -timeout 10m ./infra/stack/

## deps: what the tests need beyond Go: Chromium (browser tests), Node.js and npm (web client, CDK synth)
deps:
	@command -v chromium >/dev/null && command -v node >/dev/null && command -v npm >/dev/null || { \
	  echo "installing chromium, nodejs and npm from Debian"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium nodejs $$(command -v npm >/dev/null || echo npm) >/dev/null; }

# The web client's build tools, exactly as package-lock.json pins them.
web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

## web: rebuild the client (web/src -> web/static, which is committed)
web: deps web/node_modules/.package-lock.json
	cd web && node build.mjs

## web-test: type-check the client, run its unit tests, and check that the
## committed bundle is exactly what web/src builds
web-test: deps web/node_modules/.package-lock.json
	cd web && node_modules/.bin/tsc --noEmit -p . && node build.mjs --test && node build.mjs --check

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

## screenshots: the client's main screens, as the browser test plays them, into docs/screenshots
screenshots: deps
	mkdir -p docs/screenshots
	SCREENSHOTS=$(CURDIR)/docs/screenshots $(GO) test -count=1 -run 'TestBrowser' ./infra/local/

## bench: turn latency on the local server (and in the browser), a long absence's paged sync, throughput with many tables, a reaction round, healthy tables' turns/s beside a socket that never reads, commit cost on both stores, a solo and a fight turn's DynamoDB write and read units, the narrator's context and recall, model cost of a session
bench:
	$(GO) test -run '^$$' -bench . -skip '^Benchmark(Load|FightSlowModel|SyncLongAbsence|FortySecondNarration)$$' -benchtime 200x ./infra/local/ | tee bench.txt
	@# A sync of 50,000 events missed (a long absence) paged through on one
	@# socket: the replies, the largest in messages, a reply's time.
	$(GO) test -run '^$$' -bench '^BenchmarkSyncLongAbsence$$' -benchtime 1x ./infra/local/ | tee -a bench.txt
	@# A fight of 40 participants against a model that takes about 5 s a
	@# narration: the fight flows' step invocations and the longest of them.
	$(GO) test -run '^$$' -bench '^BenchmarkFightSlowModel$$' -benchtime 1x -timeout 30m ./infra/local/ | tee -a bench.txt
	@# A model that takes about 40 s to narrate a turn, against API
	@# Gateway's 29 s emulated: the narration's time, and the integration
	@# errors the players were answered (none: the table's flow narrates).
	$(GO) test -run '^$$' -bench '^BenchmarkFortySecondNarration$$' -benchtime 1x ./infra/local/ | tee -a bench.txt
	@# Committed turns/s and commit latency with 1, 10 and 100 tables of 4
	@# players playing at once (b.N is the turns of all tables together), as
	@# fast as they can and, for 100 tables, paced at 100 and 200 turns/s;
	@# beside a sync round trip probed on the same server in the same run.
	$(GO) test -run '^$$' -bench '^BenchmarkLoad$$' -benchtime 2000x -timeout 30m ./infra/local/ | tee -a bench.txt
	$(GO) test -run '^$$' -bench CommitTurn -benchtime 200x ./shared/sqlite/ | tee -a bench.txt
	@# The DynamoDB-compatible test server copies its whole table on every
	@# transaction, so few commits at 100,000 items already say enough.
	$(GO) test -run '^$$' -bench CommitTurn -benchtime 10x -timeout 30m ./shared/dynamo/ | tee -a bench.txt
	@# What a solo turn and a fight's turns (the player's attack, the
	@# monsters' turns that follow) cost in DynamoDB's units, narrated in 3
	@# and in 10 sentences, through the game service and the DynamoDB store:
	@# write and read request units, transactions and their items, standard
	@# writes; with the sentences appended, each a transaction (as before
	@# Append), and the turn handed to a narration flow.
	$(GO) test -run '^$$' -bench TurnCapacity -benchtime 20x ./shared/dynamo/ | tee -a bench.txt
	@# The narrator's input at turns 10, 100 and 1,000 of a scripted campaign
	@# beside the whole history, and recall of 50 planted facts in each of two
	@# scripted campaigns against a sliding window and a rolling summary alone
	@# of the same budget, with the tokens spent.
	$(GO) test -run '^(TestRecallVsBaselines|TestContextTokensStayNearTarget)$$' -bench ContextTokens -count 1 -v ./shared/memory/ | grep -v '^=== RUN' | tee -a bench.txt
	$(GO) test -run '^$$' -bench . -benchmem ./shared/dice/ ./shared/rules/ ./shared/rules/encounter/ ./shared/intent/ ./shared/rules/spell/ | tee -a bench.txt
	@# The free-text parser on the corpus of player sentences (and the
	@# held-out set when present): shares read right, wrong and unread by kind.
	$(GO) test -run '^TestCorpus$$' -v -count=1 ./shared/intent/ | tee -a bench.txt
	$(GO) test -run '^$$' -bench Sweep -benchtime 1x ./shared/game/ | tee -a bench.txt
	@# Model cost of a 40-turn solo session and a 160-turn four-player one,
	@# played through the real turn pipeline and the Bedrock adapter against
	@# the model stand-in, priced from the request bodies at the list prices
	@# with Anthropic's prompt caching simulated, with and without the cache,
	@# beside what the game recorded; one row per prompt layout.
	$(GO) test -run '^$$' -bench '^BenchmarkSessionCost$$' -benchtime 1x -v -count=1 ./shared/game/ | tee -a bench.txt
	@# The low tier's calls and their price over a scripted evening on the
	@# model stand-in (20 player actions, a goblin fight), each turn's
	@# facts read after it (before) and at folds with the summary (after).
	$(GO) test -run '^TestFoldsCutTheLowTiersCalls$$' -v -count=1 ./shared/game/ | tee -a bench.txt

## build: each Lambda as build/<name>/bootstrap for linux/arm64
build:
	@for f in $(FUNCTIONS); do \
	  echo "build $$f"; \
	  GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -tags lambda.norpc -trimpath -ldflags '-s -w' \
	    -o build/$$f/bootstrap ./functions/$$f || exit 1; \
	done

## synth: the CloudFormation template, offline
synth: build
	$(CDK) synth --quiet $(CONTEXT)

## deploy: to the account and region of the current AWS credentials
deploy: build
	$(CDK) deploy --require-approval broadening $(CONTEXT)

clean:
	rm -rf build cdk.out bench.txt
