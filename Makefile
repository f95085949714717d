# Woodshed: `make run` sets up, builds and runs the live metronome (starting a private JACK
# server if none runs); `make test` sets up and
# runs every test. Other targets: install, uninstall, man, completions, bench, bench-compare,
# rtcheck, tsan, soak, fuzz, clean.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
RELEASE := .build/release/woodshed

# `make install PREFIX=/usr/local DESTDIR=/tmp/stage`: the binary, its data folder (built-in
# presets, noise presets, MIDI maps), a man page per command and bash/zsh/fish completions.
# The version is VERSION, with +g<commit> from git unless the commit is tagged vVERSION.
VERSION := 0.1.0
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/woodshed
MANDIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
MAN_PAGES := .build/man
COMPLETIONS := .build/completions
RTSAN_LIB := $(firstword $(wildcard /opt/swift/usr/lib/clang/*/lib/linux/libclang_rt.rtsan-x86_64.a))

.PHONY: run test build bench bench-compare rtcheck tsan soak fuzz setup setup-test setup-bench clean install install-files uninstall man completions

run: setup build
	@scripts/run-live.sh $(RELEASE)

# Three phases: the CPU-heavy audio-processing suites (Media, Stretch, Coach) and the kill -9
# torture first, then the rest, so they never starve the live JACK tests of CPU (on 2 cores they
# caused xruns and missed onsets; the torture, which waits on 201 processes in turn, held one of
# the test runner's two threads for 140 s and a JACK MIDI test ran out of time).
# The player's live suites run last, one at a time: next to the other live suites they starved
# each other of CPU and of JACK server slots (xruns, time limits). So does the suite that times
# quitting to the second (JackQuitTests), and the RtMidi-over-JACK suite (JackMIDIInputTests):
# it checks that RtMidi printed nothing while opening, and fd 2 is the whole process's, so under
# parallel tests it caught the test runner's own progress lines. The main phase also replays the fuzz corpora
# (FuzzReplayTests: every input under Tests/Fuzz/Corpus through its parser once; `make fuzz` grows them).
# A run starts with no .build/test-retries.log, so the retries it lists are this run's own.
HEAVY := MediaTests|StretchTests|CoachTests|StoreTortureTests
PLAYER_LIVE := PlayLiveTests|PipeWireLiveTests|AlsaJackPCMLiveTests|ShadowLiveTests|NoiseLiveTests|PlaylistPlayTests|PlayTmuxTests|ScopeTmuxTests|JackQuitTests|AlarmLiveTests|ClockTmuxTests|NoiseUntilTests|JackMIDIInputTests
test: setup-test build man completions
	@rm -f .build/test-retries.log
	swift build --build-tests
	WOODSHED_BIN=$(CURDIR)/$(RELEASE) scripts/test-phase.sh heavy --filter '$(HEAVY)'
	WOODSHED_BIN=$(CURDIR)/$(RELEASE) scripts/test-phase.sh main --skip '$(HEAVY)|$(PLAYER_LIVE)'
	WOODSHED_BIN=$(CURDIR)/$(RELEASE) scripts/test-phase.sh player-live --no-parallel --filter '$(PLAYER_LIVE)'

# The release build also checks @_noLocks/@_noAllocation on the render path. The Swift runtime and
# Foundation are linked into the binary (--static-swift-stdlib): no libswiftCore, libFoundation or
# ICU to load and relocate at every start (about 5 ms and 6.5 MiB less per command, docs/benchmarks.md),
# and an installed woodshed needs nothing from the Swift toolchain.
build:
	@scripts/build-info.sh $(VERSION) $(PREFIX)
	swift build -c release --product woodshed --static-swift-stdlib

# A man page per command (woodshed.1, woodshed-play.1, ...), from the built binary.
man: build
	scripts/man-pages.sh $(RELEASE) $(MAN_PAGES)

completions: build
	@mkdir -p $(COMPLETIONS)
	$(RELEASE) --generate-completion-script bash > $(COMPLETIONS)/woodshed.bash
	$(RELEASE) --generate-completion-script zsh > $(COMPLETIONS)/_woodshed
	$(RELEASE) --generate-completion-script fish > $(COMPLETIONS)/woodshed.fish

install: build man completions
	@$(MAKE) --no-print-directory install-files

# What is built, copied under $(DESTDIR)$(PREFIX) (make install's last step; builds nothing).
install-files:
	install -D -m 755 $(RELEASE) $(DESTDIR)$(BINDIR)/woodshed
	install -d $(DESTDIR)$(DATADIR)/presets $(DESTDIR)$(DATADIR)/noise $(DESTDIR)$(DATADIR)/sounds $(DESTDIR)$(DATADIR)/midi $(DESTDIR)$(MANDIR)
	install -m 644 share/woodshed/presets/*.json $(DESTDIR)$(DATADIR)/presets
	install -m 644 share/woodshed/noise/*.json $(DESTDIR)$(DATADIR)/noise
	install -m 644 share/woodshed/sounds/*.json $(DESTDIR)$(DATADIR)/sounds
	install -m 644 share/woodshed/midi/*.json $(DESTDIR)$(DATADIR)/midi
	install -m 644 $(MAN_PAGES)/*.1 $(DESTDIR)$(MANDIR)
	install -D -m 644 $(COMPLETIONS)/woodshed.bash $(DESTDIR)$(BASHDIR)/woodshed
	install -D -m 644 $(COMPLETIONS)/_woodshed $(DESTDIR)$(ZSHDIR)/_woodshed
	install -D -m 644 $(COMPLETIONS)/woodshed.fish $(DESTDIR)$(FISHDIR)/woodshed.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/woodshed $(DESTDIR)$(MANDIR)/woodshed.1 $(DESTDIR)$(MANDIR)/woodshed-*.1
	rm -f $(DESTDIR)$(BASHDIR)/woodshed $(DESTDIR)$(ZSHDIR)/_woodshed $(DESTDIR)$(FISHDIR)/woodshed.fish
	rm -rf $(DESTDIR)$(DATADIR)

setup:
	@scripts/setup.sh run

setup-test:
	@scripts/setup.sh test

setup-bench:
	@scripts/setup.sh bench

bench: setup-bench build
	scripts/bench.sh

# make bench-compare [BASELINE=REV]: make bench's key figures for REV's release build (built once
# in a throw-away git worktree, kept in .build-baseline/) and this tree's, 5 runs each interleaved;
# prints the medians and writes the section "Against REV" of docs/benchmarks.md.
BASELINE ?= d8a1f4d
bench-compare: setup-bench build
	scripts/bench.sh --against $(BASELINE)

# RealtimeSanitizer: every render-path call runs inside __rtsan_realtime_enter/exit; any
# malloc, free, lock or syscall there aborts with a stack trace.
RTSAN_BUILD := swift build -c release --product woodshed --scratch-path .build-rtsan \
	  -Xswiftc -DWOODSHED_RTSAN -Xcc -DWOODSHED_RTSAN -Xlinker $(RTSAN_LIB) -Xlinker -lstdc++
rtcheck: setup-test
	@scripts/build-info.sh $(VERSION) $(PREFIX)
	$(RTSAN_BUILD)
	scripts/rtcheck.sh .build-rtsan/release/woodshed

# ThreadSanitizer: the ring stress tests, the control loop's, the workers', the player session's and the coach's tests on a
# --sanitize=thread build of the tests (.build-tsan: a whole second build, so not part of
# `make test`; the rings' item counts are divided by 8 there, -DWOODSHED_TSAN); any report fails.
# Then the negative control (a planted race, WOODSHED_TSAN_NEGATIVE=1), which TSan must report.
TSAN_FILTER := RealtimeKitTests|ControlLoopTests|WorkerThreadTests|RecorderTests|PlayerSessionTests|LiveCoachTests|ListeningLoopTests
tsan: setup-test
	swift build --build-tests --sanitize=thread --scratch-path .build-tsan -Xswiftc -DWOODSHED_TSAN
	TSAN_FILTER='$(TSAN_FILTER)' scripts/tsan.sh

# make soak [SOAK_SECONDS=600]: 10 minutes of click with a 5,000 events/s MIDI flood and a player
# looping 2-second sections at changing speeds, on the RealtimeSanitizer build, through three JACK
# server restarts and two buffer-size changes; onsets exact, RSS and CPU flat (docs/proof.md).
# Not part of `make test`.
SOAK_SECONDS ?= 600
soak: setup-test
	@scripts/build-info.sh $(VERSION) $(PREFIX)
	$(RTSAN_BUILD)
	SOAK_SECONDS=$(SOAK_SECONDS) scripts/soak.sh .build-rtsan/release/woodshed

# libFuzzer (swiftc -sanitize=fuzzer,address) on every parser, FUZZ_SECONDS each (docs/fuzzing.md);
# `make fuzz FUZZ_TARGETS="srt osc" FUZZ_SECONDS=60` fuzzes only those. Not part of `make test`.
FUZZ_SECONDS ?= 300
FUZZ_TARGETS ?=
fuzz: setup
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh run $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-rtsan .build-tsan .build-fuzz out
