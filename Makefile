# Woodshed: `make run` sets up, builds and runs the live metronome (starting a private JACK
# server if none runs); `make test` sets up and
# runs every test. Other targets: bench, rtcheck, clean.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
RELEASE := .build/release/woodshed

# The version is VERSION, with +g<commit> from git unless the commit is tagged vVERSION; PREFIX
# is where the binary looks for its data folder when it is not beside it (docs/install.md).
VERSION := 0.1.0
PREFIX ?= /usr/local
RTSAN_LIB := $(firstword $(wildcard /opt/swift/usr/lib/clang/*/lib/linux/libclang_rt.rtsan-x86_64.a))

.PHONY: run test build bench rtcheck setup setup-test setup-bench clean

run: setup build
	@scripts/run-live.sh $(RELEASE)

# Three phases: the CPU-heavy audio-processing suites (Media, Stretch) first, then the rest, so
# they never starve the live JACK tests of CPU (on 2 cores they caused xruns and missed onsets).
# The player's live suites run last, one at a time: next to the other live suites they starved
# each other of CPU and of JACK server slots (xruns, time limits). So does the suite that times
# quitting to the second (JackQuitTests).
HEAVY := MediaTests|StretchTests
PLAYER_LIVE := PlayLiveTests|ShadowLiveTests|NoiseLiveTests|PlaylistPlayTests|PlayTmuxTests|ScopeTmuxTests|JackQuitTests
test: setup-test build
	swift build --build-tests
	WOODSHED_BIN=$(CURDIR)/$(RELEASE) scripts/test-phase.sh heavy --filter '$(HEAVY)'
	WOODSHED_BIN=$(CURDIR)/$(RELEASE) scripts/test-phase.sh main --skip '$(HEAVY)|$(PLAYER_LIVE)'
	WOODSHED_BIN=$(CURDIR)/$(RELEASE) scripts/test-phase.sh player-live --no-parallel --filter '$(PLAYER_LIVE)'

# The release build also checks @_noLocks/@_noAllocation on the render path.
build:
	@scripts/build-info.sh $(VERSION) $(PREFIX)
	swift build -c release --product woodshed

setup:
	@scripts/setup.sh run

setup-test:
	@scripts/setup.sh test

setup-bench:
	@scripts/setup.sh bench

bench: setup-bench build
	scripts/bench.sh

# RealtimeSanitizer: every render-path call runs inside __rtsan_realtime_enter/exit; any
# malloc, free, lock or syscall there aborts with a stack trace.
rtcheck: setup-test
	@scripts/build-info.sh $(VERSION) $(PREFIX)
	swift build -c release --product woodshed --scratch-path .build-rtsan \
	  -Xswiftc -DWOODSHED_RTSAN -Xcc -DWOODSHED_RTSAN \
	  -Xlinker $(RTSAN_LIB) -Xlinker -lstdc++
	scripts/rtcheck.sh .build-rtsan/release/woodshed

clean:
	rm -rf .build .build-rtsan out
