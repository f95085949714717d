// swift-tools-version:6.0
// Woodshed: a MIDI-aware live metronome and rehearsal player (GPL-3.0-or-later).
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

/// How the woodshed executable is linked (docs/benchmarks.md, "the causes, counted"): by lld,
/// with the functions its start-up runs placed first and together (Sources/woodshed/startup.order,
/// written by scripts/bench/startup_order.py), and, where the C library reads them (glibc 2.36
/// and later), with its relative relocations packed (`.relr.dyn`: 3 kB where `.rela.dyn` held
/// 256 kB more, which the loader reads and applies at every start).
let executableLinking: [String] = {
    let order = Context.packageDirectory + "/Sources/woodshed/startup.order"
    var flags = ["-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(order)", "-Xlinker", "--no-warn-symbol-ordering"]
    #if canImport(Glibc)
    var name = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    _ = confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count)
    let version = String(cString: name).split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    if version.count >= 2, (version[0], version[1]) >= (2, 36) { flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] }
    #endif
    return flags
}()

let package = Package(
    name: "woodshed",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "woodshed", targets: ["woodshed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // C libraries from Debian, as system-library targets (Sources/CLibraries: a module map and a shim header each).
        .systemLibrary(name: "CSndFile", path: "Sources/CLibraries/CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CMpg123", path: "Sources/CLibraries/CMpg123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
        // What every loader below shares: a library loaded with dlopen on first use, each call forwarded to it.
        .target(name: "CLazyLibrary", path: "Sources/CLibraries/CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // libvorbisfile's header (libvorbis-dev) for the types; the library itself is loaded with dlopen on the first Ogg Vorbis file.
        .target(name: "CVorbisFile", dependencies: ["CLazyLibrary"], path: "Sources/CLibraries/CVorbisFile"),
        // libopusfile (libopusfile-dev) loaded with dlopen on the first Opus file; its header (under libopus's folder) in opusfile.c only.
        .target(name: "COpusFile", dependencies: ["CLazyLibrary"], path: "Sources/CLibraries/COpusFile",
                cSettings: [.unsafeFlags(["-I/usr/include/opus"])]),
        // FFmpeg's headers for the types; the libraries themselves are loaded with dlopen on the first M4A.
        .target(name: "CFFmpeg", path: "Sources/CLibraries/CFFmpeg", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CSampleRate", path: "Sources/CLibraries/CSampleRate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
        .systemLibrary(name: "CJack", path: "Sources/CLibraries/CJack", pkgConfig: "jack", providers: [.apt(["libjack-jackd2-dev"])]),
        .systemLibrary(name: "CAlsa", path: "Sources/CLibraries/CAlsa", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CRtMidi", path: "Sources/CLibraries/CRtMidi", pkgConfig: "rtmidi", providers: [.apt(["librtmidi-dev"])]),
        .systemLibrary(name: "CRubberBand", path: "Sources/CLibraries/CRubberBand", pkgConfig: "rubberband", providers: [.apt(["librubberband-dev"])]),
        // sd-bus's header (libsystemd-dev) for the types; libsystemd itself is loaded with dlopen on the first MPRIS object.
        .target(name: "CSystemd", dependencies: ["CLazyLibrary"], path: "Sources/CLibraries/CSystemd"),
        // liblo's header (liblo-dev) for the types; the library itself is loaded with dlopen on the first OSC message.
        .target(name: "CLo", dependencies: ["CLazyLibrary"], path: "Sources/CLibraries/CLo"),
        // libaubio's header (libaubio-dev) for the types; the library itself is loaded with dlopen by the first onset detector.
        .target(name: "CAubio", dependencies: ["CLazyLibrary"], path: "Sources/CLibraries/CAubio"),
        .target(name: "CRealtimeSanitizer", path: "Sources/CLibraries/CRealtimeSanitizer"),
        // The version and install prefix, written by the Makefile at build time (scripts/build-info.sh).
        .target(name: "CBuildInfo", path: "Sources/CLibraries/CBuildInfo"),

        // Pure, testable time: tempo, meter, patterns, tempo maps, click scheduling.
        .target(name: "WoodshedCore"),
        // MIDI messages, the action table and the compiled map (render-side pedal state).
        .target(name: "MIDI"),
        // Lock-free pieces shared by the render thread and the control thread.
        .target(name: "RealtimeKit"),
        // A worker thread's life (start, wake, stop; waits in poll(2) on a wake pipe): the player's, the coach's and the takes' workers.
        .target(name: "Workers", dependencies: ["RealtimeKit"]),
        // The renderer and its voices: render thread only.
        .target(name: "RenderGraph", dependencies: ["WoodshedCore", "RealtimeKit", "MIDI"]),
        // Click sounds: synthesized, or loaded from WAV/FLAC and resampled; the sound catalog (control thread).
        .target(name: "Sounds", dependencies: ["RenderGraph", "Media", "Persistence", "CSndFile", "CSampleRate"]),
        // Audio files: probing, reading and seeking, each format with its own decoder (libsndfile, libmpg123,
        // libvorbisfile, libopusfile, FFmpeg's libavformat/libavcodec), and splitting on silence (worker threads).
        .target(name: "Media", dependencies: ["CSndFile", "CMpg123", "CVorbisFile", "COpusFile", "CFFmpeg"]),
        // Speed with pitch kept, transpose and rate conversion (Rubber Band, libsamplerate): worker threads.
        .target(name: "Stretch", dependencies: ["CRubberBand", "CSampleRate"]),
        // The rehearsal player's program: sections, repeat plans, and the worker that renders them ahead.
        .target(name: "Player", dependencies: ["WoodshedCore", "RealtimeKit", "Workers", "RenderGraph", "Media", "Stretch", "CRealtimeSanitizer"]),
        // Files, one folder per topic: the store (atomic writes, backups), presets and klick maps, MIDI maps
        // and setlists, practice files, imports (subtitles, labels), playlists, the practice log; the data folder.
        .target(name: "Persistence", dependencies: ["WoodshedCore", "MIDI", "CBuildInfo"]),
        // Alarms: when they ring on the wall clock (weekdays, once, daylight-saving changes), ringing,
        // snoozing and stopping, the sounds they play (logic driven by the caller's clock), and the
        // logind sleep inhibitor (sd-bus).
        .target(name: "Alarms", dependencies: ["Persistence", "RenderGraph", "Sounds", "CSystemd"]),
        // Listening to what is played: onsets (libaubio, refined to the attack's first sample), the click grid
        // they are measured against, and the report (analysis thread, never the render thread).
        .target(name: "Coach", dependencies: ["WoodshedCore", "CAubio"]),
        // Offline backend: runs the render graph in a loop into a sound file.
        .target(name: "OfflineBackend", dependencies: ["RenderGraph", "Persistence", "CSndFile", "CRealtimeSanitizer"]),
        // Your takes: the input capture's ring written as 24-bit FLAC files, one per turn, kept per section (worker thread).
        .target(name: "Takes", dependencies: ["RealtimeKit", "Workers", "RenderGraph", "OfflineBackend", "Persistence"]),
        // Live backend: a JACK client around the render graph (process callback, transport, reconnect).
        .target(name: "JackBackend", dependencies: ["RenderGraph", "RealtimeKit", "WoodshedCore", "CJack", "CRealtimeSanitizer"]),
        // Live backend without JACK: an ALSA PCM write loop on a thread of its own around the render graph.
        .target(name: "AlsaBackend", dependencies: ["RenderGraph", "CAlsa", "CRealtimeSanitizer"]),
        // MIDI input from ALSA sequencer ports through RtMidi (devices not bridged into JACK).
        .target(name: "MIDIInput", dependencies: ["CRtMidi", "RealtimeKit", "MIDI"]),
        // Full-screen terminal display and key input (ANSI escape codes, no curses).
        .target(name: "TerminalUI"),
        // The control thread: live state, keyboard actions, commands to the renderer.
        // The engine: the one control loop and its clocks, quit signals, autosave and the running fade;
        // the one vocabulary `Action`, the `SessionState` every surface reads, and the `Surface` protocol.
        .target(name: "Engine", dependencies: ["Workers", "WoodshedCore", "RenderGraph"]),
        .target(name: "Control", dependencies: ["Engine", "WoodshedCore", "RenderGraph", "RealtimeKit", "Persistence", "Sounds", "MIDI"]),
        // Remote control: OSC (klick's namespace and Woodshed's) on Woodshed's own UDP socket, and the
        // Unix sockets of `woodshed ctl` (liblo only encodes and decodes messages). Control thread.
        .target(name: "Remote", dependencies: ["CLo", "Engine", "Control", "MIDI", "WoodshedCore"]),
        // The desktop's media controls: the MPRIS object on the session bus (sd-bus), its calls as actions.
        .target(name: "MPRIS", dependencies: ["Engine", "CSystemd"]),
        // The one control loop (timers, keys, MIDI wake-ups, quit) and the live modes' controllers on it.
        .target(name: "App", dependencies: [
            "Engine", "WoodshedCore", "RenderGraph", "Persistence", "JackBackend", "AlsaBackend", "TerminalUI", "Control", "MIDI", "MIDIInput",
            "Media", "Player", "Remote", "Alarms", "Takes", "Coach", "Workers",
        ]),
        // What the commands do, apart from parsing: the play set-up, the offline renders, progress lines.
        .target(name: "Jobs", dependencies: [
            "App", "Engine", "WoodshedCore", "RenderGraph", "Sounds", "Persistence", "OfflineBackend", "Media", "Stretch", "Player", "MIDI",
            "MIDIInput", "MPRIS", "Control", "JackBackend", "AlsaBackend", "Remote", "Alarms", "Takes", "Coach",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Shell completion candidates: presets, sounds, playlists, the sections of a file, MIDI maps, files.
        .target(name: "Completions", dependencies: ["Persistence", "RenderGraph", "Sounds"]),
        // The command line: argument parsing and option groups; each command calls one entry point of Jobs or App.
        .target(name: "WoodshedCLI", dependencies: [
            "Jobs", "App", "WoodshedCore", "RenderGraph", "Sounds", "Persistence", "OfflineBackend", "Completions",
            "JackBackend", "TerminalUI", "Control", "MIDI", "MIDIInput", "Media", "Stretch", "Player", "Remote", "Alarms",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "woodshed", dependencies: ["WoodshedCLI"], exclude: ["startup.order"],
                          linkerSettings: [.unsafeFlags(executableLinking)]),

        // Shared by the test targets: onset detection, private JACK servers, test sound files.
        .target(name: "WoodshedTestSupport", dependencies: ["CSndFile"], path: "Tests/Support"),
        .testTarget(name: "WoodshedCoreTests", dependencies: ["WoodshedCore", "Persistence"]),
        // The lock-free rings under a producer and a consumer thread each (also run by `make tsan`).
        .testTarget(name: "RealtimeKitTests", dependencies: ["RealtimeKit", "RenderGraph"]),
        .testTarget(name: "WorkersTests", dependencies: ["Workers"]),
        .testTarget(name: "RenderGraphTests", dependencies: ["RenderGraph", "RealtimeKit", "WoodshedCore", "WoodshedTestSupport"]),
        .testTarget(name: "SoundsTests", dependencies: ["Sounds", "RenderGraph", "Persistence", "WoodshedCore", "CSndFile", "WoodshedTestSupport"]),
        .testTarget(name: "CoachTests", dependencies: ["Coach", "WoodshedCore", "WoodshedTestSupport"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "WoodshedCore"]),
        .testTarget(name: "MIDITests", dependencies: ["MIDI"]),
        .testTarget(name: "AlarmsTests", dependencies: ["Alarms", "Persistence", "RenderGraph", "WoodshedTestSupport"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "CSndFile", "WoodshedTestSupport"]),
        .testTarget(name: "StretchTests", dependencies: ["Stretch", "WoodshedTestSupport"]),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "OfflineBackend", "Media", "Stretch", "RenderGraph", "RealtimeKit", "WoodshedCore", "CSndFile", "WoodshedTestSupport"]),
        .testTarget(name: "MIDIInputTests", dependencies: ["MIDIInput", "MIDI", "WoodshedTestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "ControlTests", dependencies: ["Engine", "Control", "MIDI", "RenderGraph", "WoodshedCore", "WoodshedTestSupport"]),
        .testTarget(name: "RemoteTests", dependencies: ["Engine", "Remote", "Control", "MIDI"]),
        .testTarget(name: "AppTests", dependencies: ["Engine", "App", "JackBackend", "Control", "RenderGraph", "TerminalUI", "WoodshedCore", "Persistence", "Player", "Remote", "Alarms", "Workers"]),
        .testTarget(name: "JackBackendTests", dependencies: ["JackBackend", "RenderGraph", "WoodshedCore", "WoodshedTestSupport"]),
        .testTarget(name: "JobsTests", dependencies: ["Jobs", "Coach", "Control", "Media", "MIDI", "OfflineBackend", "Persistence", "Player", "RenderGraph", "Remote", "Sounds", "WoodshedCore", "WoodshedTestSupport"]),
        .testTarget(name: "OfflineBackendTests", dependencies: ["OfflineBackend", "Persistence", "CSndFile"]),
        .testTarget(name: "TakesTests", dependencies: ["Takes", "RealtimeKit", "RenderGraph", "OfflineBackend", "CSndFile"]),
        .testTarget(name: "CompletionsTests", dependencies: ["Completions", "Persistence", "WoodshedCore"]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS", "Engine"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CSndFile", "WoodshedTestSupport"]),
        // The kill -9 torture: a tool that saves into every store in a tight loop, killed at random moments by the test.
        // A surface defined in a test target alone (Engine's `Surface`), run in a real `woodshed click`.
        .executableTarget(name: "pipe-surface", dependencies: ["Engine", "WoodshedCLI"], path: "Tests/Tools/PipeSurface"),
        .testTarget(name: "SurfacePluginTests", dependencies: ["WoodshedTestSupport"]),
        .executableTarget(name: "store-torture", dependencies: ["Persistence", "Control", "MIDI"], path: "Tests/Tools/StoreTorture"),
        .testTarget(name: "StoreTortureTests", dependencies: ["Persistence", "Control", "MIDI", "WoodshedTestSupport"]),
        // The fuzz targets' entry points (Tests/Fuzz/Targets), replayed over their corpora (docs/fuzzing.md).
        .testTarget(name: "FuzzReplayTests", dependencies: ["Engine", "Persistence", "Remote", "Control", "Media", "RenderGraph", "WoodshedCore"],
                    path: "Tests/Fuzz", exclude: ["Corpus", "lsan.supp"]),
    ]
)

// Release builds put every function of Woodshed's own code in a section of its own, so that the
// linker can place the start-up's functions together (executableLinking) and leave out those
// nothing calls (SwiftPM's --gc-sections).
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
    target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-ffunction-sections"], .when(configuration: .release))]
}
